/**
 * SSO connections configured by tenant administrators (issue 16), on the client SDK's multi-SSO
 * calls (`@frontegg/rest-api` auth: getSSOConfigurations, createSSOConfiguration, ...):
 * - GET, POST /team/resources/sso/v1/configurations; PATCH, DELETE /{id}
 * - POST /configurations/metadata and /metadata-url (create from the IdP's metadata); PUT
 *   /{id}/metadata and /{id}/metadata-url (replace the IdP's details from it)
 * - POST /{id}/domains, DELETE /{id}/domains/{domainId}, PUT /{id}/domains/{domainId}/validate (DNS TXT)
 * - GET, PUT /{id}/roles (default roles of just-in-time users)
 * - GET, POST /{id}/groups; PATCH, DELETE /{id}/groups/{groupId} (IdP groups mapped to roles)
 * Reading needs fe.secure.read.samlConfiguration, changing fe.secure.write.samlConfiguration;
 * roles are given only by a caller who holds every permission they grant. Request schemas:
 * core/contract/requests-sso.ts. The handlers are core/domain/sso-handlers.ts and the use cases
 * core/domain/sso-connections.ts (both shared with demo mode); what is stored and how:
 * core/domain/sso-repository.ts, docs/sso.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SSO_CONFIG_HANDLERS } from '../../core/domain/sso-handlers';
import { registerHandlers } from '../http/handlers';
import { ssoConfigurationsOf, ssoRequestPorts } from '../http/sso-configurations';

export async function ssoConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, SSO_CONFIG_HANDLERS, ssoRequestPorts(ctx, await ssoConfigurationsOf(ctx)));
}
