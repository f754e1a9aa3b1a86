/**
 * The client SDK's legacy single-connection SSO calls (`@frontegg/rest-api` 3.1.18 auth), served
 * as a view of the tenant's SSO connections (core/domain/sso-legacy.ts, shared with demo mode, says which connection, docs/sso.md
 * "The legacy single-connection calls" why):
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
 * core/contract/requests-sso-legacy.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { LegacySamlInput } from '../../core/domain/sso-legacy';
import { legacySsoOf, ssoWriterGranting } from '../http/sso-configurations';
import { accountOf } from '../http/route-table';

const V1 = '/team/resources/sso/v1';
const SAML = `${V1}/saml/configurations`;
const GROUPS = '/team/resources/sso/v2/saml/configurations/groups';

type GroupId = { Params: { id: string } };

export async function ssoLegacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const legacy = await legacySsoOf(ctx);

  app.get(SAML, async (request) => legacy.get(accountOf(request)));
  app.post<{ Body: LegacySamlInput & { domain?: string } }>(SAML, async (request) =>
    legacy.update(accountOf(request), request.body),
  );
  app.get(`${SAML}/vendor-config`, async (request) => legacy.vendorConfiguration(accountOf(request)));
  app.put<{ Body: { metadata: string } }>(`${SAML}/metadata`, async (request) =>
    legacy.updateMetadata(accountOf(request), request.body.metadata),
  );
  app.put(`${V1}/saml/validations/domain`, async (request) => legacy.validateDomain(accountOf(request)));

  // Default roles and group mappings
  app.get(`${SAML}/roles/default`, async (request) => legacy.defaultRoles(accountOf(request)));
  app.post<{ Body: { roleIds: string[] } }>(`${SAML}/roles/default`, async (request) => {
    const tenantId = await ssoWriterGranting(ctx, request, request.body.roleIds);
    return legacy.setDefaultRoles(tenantId, request.body.roleIds);
  });
  app.get(GROUPS, async (request) => legacy.groups(accountOf(request)));
  app.post<{ Body: { group: string; roleIds?: string[] } }>(GROUPS, async (request, reply) => {
    const tenantId = await ssoWriterGranting(ctx, request, request.body.roleIds);
    return reply
      .code(201)
      .send(await legacy.addGroup(tenantId, request.body.group, request.body.roleIds ?? []));
  });
  app.patch<GroupId & { Body: { group?: string; roleIds?: string[] } }>(`${GROUPS}/:id`, async (request) => {
    const tenantId = await ssoWriterGranting(ctx, request, request.body.roleIds);
    return legacy.updateGroup(tenantId, request.params.id, request.body);
  });
  app.delete<GroupId>(`${GROUPS}/:id`, async (request) => {
    await legacy.removeGroup(accountOf(request), request.params.id);
    return {};
  });

  app.get(`${V1}/oidc/configurations`, async (request) => legacy.oidc(accountOf(request)));
}
