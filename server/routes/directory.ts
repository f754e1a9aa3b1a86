/**
 * Directory provisioning configurations (issue 16), on the client SDK's paths (`@frontegg/rest-api`
 * 3.1.18 `directory`; spec 001 §7 "Directory (SCIM): GET, POST, PATCH /{id}, DELETE /{id}, GET temp
 * /{id}/Users/count"):
 * - GET    /directory/resources/v1/configurations/scim2          the account's configurations
 * - POST   /directory/resources/v1/configurations/scim2          create; the answer carries `token`, once
 * - PATCH  /directory/resources/v1/configurations/scim2/:id      `syncToUserManagement`
 * - DELETE /directory/resources/v1/configurations/scim2/:id      the token stops working at once
 * - GET    /directory/resources/scim/temp/:id/Users/count       `{ count }` of members it manages
 * Reading needs fe.secure.read.provisioningConfiguration, creating and changing
 * fe.secure.write.provisioningConfiguration, deleting fe.secure.delete.provisioningConfiguration
 * (the permission catalogue's companions of spec 001 §6's read string). The handlers are
 * core/domain/directory-handlers.ts (shared with demo mode); the SCIM endpoints the token opens:
 * routes/scim.ts.
 */
import type { FastifyInstance } from 'fastify';
import { DIRECTORY_HANDLERS } from '../../core/domain/directory-handlers';
import type { AppContext } from '../context';
import { directoryPorts } from '../domain/directory';
import { registerHandlers } from '../http/handlers';

export async function directoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, DIRECTORY_HANDLERS, () => directoryPorts(ctx.db));
}
