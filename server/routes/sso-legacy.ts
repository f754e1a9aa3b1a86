/**
 * The client SDK's legacy single-connection SSO calls (`@frontegg/rest-api` 3.1.18 auth), served
 * as a view of the tenant's SSO connections (core/domain/sso-legacy.ts, shared with demo mode, says
 * which connection, docs/sso.md "The legacy single-connection calls" why):
 * - GET, POST /team/resources/sso/v1/saml/configurations (getSamlConfiguration, updateSamlConfiguration)
 * - GET …/v1/saml/configurations/vendor-config (getSamlVendorConfiguration)
 * - PUT …/v1/saml/configurations/metadata (updateSamlVendorMetadata)
 * - PUT …/v1/saml/validations/domain (validateSamlDomain: the DNS TXT lookup)
 * - GET, POST …/v1/saml/configurations/roles/default (getSamlRoles, updateSamlRoles)
 * - GET, POST …/v2/saml/configurations/groups; PATCH, DELETE …/groups/{id} (the group calls)
 * - GET …/v1/oidc/configurations (getOidcConfiguration)
 * The permissions, checks, audit records and messages are the multi-SSO calls' (routes/sso-config.ts):
 * reading needs fe.secure.read.samlConfiguration, changing fe.secure.write.samlConfiguration, and
 * roles are given only by a caller who holds every permission they grant. Request schemas:
 * core/contract/requests-sso-legacy.ts; the handlers: core/domain/sso-handlers.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SSO_LEGACY_HANDLERS } from '../../core/domain/sso-handlers';
import { registerHandlers } from '../http/handlers';
import { ssoConfigurationsOf, ssoRequestPorts } from '../http/sso-configurations';

export async function ssoLegacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, SSO_LEGACY_HANDLERS, ssoRequestPorts(ctx, await ssoConfigurationsOf(ctx)));
}
