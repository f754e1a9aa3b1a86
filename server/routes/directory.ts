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
 * (the permission catalogue's companions of spec 001 §6's read string). The SCIM endpoints the
 * token opens: routes/scim.ts.
 */
import type { FastifyInstance } from 'fastify';
import { DIRECTORY_CONFIGURATIONS, DIRECTORY_TEMP, type ScimSource } from '../../core/api/directory';
import type { AppContext } from '../context';
import {
  countScimUsers,
  createScimConfiguration,
  deleteScimConfiguration,
  listScimConfigurations,
  updateScimConfiguration,
} from '../domain/directory';
import { contractError } from '../../core/contract/errors';
import { idParams } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';

export async function directoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Request schemas: core/contract/requests-directory.ts (the demo backend validates with the same).
  app.get(DIRECTORY_CONFIGURATIONS, async (request) => listScimConfigurations(ctx.db, accountOf(request)));

  // A token that opens the account's directory is made for a person signed in (not an API token).
  app.post<{ Body: { source: ScimSource; connectionName?: string; syncToUserManagement?: boolean } }>(
    DIRECTORY_CONFIGURATIONS,
    async (request, reply) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      reply.code(201);
      return createScimConfiguration(ctx.db, tenantId, request.body, claims.sub);
    },
  );

  app.patch<{ Params: { id: string }; Body: { syncToUserManagement?: boolean } }>(
    `${DIRECTORY_CONFIGURATIONS}/:id`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      if (!(await updateScimConfiguration(ctx.db, tenantId, request.params.id, request.body ?? {})))
        throw contractError('SCIM_CONFIGURATION_NOT_FOUND');
      return {};
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${DIRECTORY_CONFIGURATIONS}/:id`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      if (!(await deleteScimConfiguration(ctx.db, tenantId, request.params.id)))
        throw contractError('SCIM_CONFIGURATION_NOT_FOUND');
      return {};
    },
  );

  app.get<{ Params: { id: string } }>(
    `${DIRECTORY_TEMP}/:id/Users/count`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const tenantId = accountOf(request);
      const count = await countScimUsers(ctx.db, tenantId, request.params.id);
      if (count === null) throw contractError('SCIM_CONFIGURATION_NOT_FOUND');
      return { count };
    },
  );
}
