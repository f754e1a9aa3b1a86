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
 * core/contract/requests-sso.ts. The use cases: core/domain/sso-connections.ts (shared with demo
 * mode); what is stored and how: storage/sso-connections.ts, docs/sso.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { SsoConfigInput } from '../../core/domain/sso-connections';
import { ssoConfigurationsOf, ssoWriterGranting } from '../http/sso-configurations';
import { accountOf } from '../http/route-table';

const BASE = '/team/resources/sso/v1/configurations';

type Id = { Params: { id: string } };
type DomainId = { Params: { id: string; domainId: string } };
type GroupId = { Params: { id: string; groupId: string } };

export async function ssoConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const configs = await ssoConfigurationsOf(ctx);

  const writerGranting = (request: FastifyRequest, roleIds?: readonly string[]) =>
    ssoWriterGranting(ctx, request, roleIds);

  app.get(BASE, async (request) => configs.list(accountOf(request)));
  app.post<{ Body: SsoConfigInput }>(BASE, async (request, reply) => {
    const tenantId = await writerGranting(request, request.body.roleIds);
    return reply.code(201).send(await configs.create(tenantId, request.body));
  });
  app.patch<Id & { Body: SsoConfigInput }>(`${BASE}/:id`, async (request) => {
    const tenantId = await writerGranting(request, request.body.roleIds);
    return configs.update(tenantId, request.params.id, request.body);
  });
  app.delete<Id>(`${BASE}/:id`, async (request) => {
    await configs.remove(accountOf(request), request.params.id);
    return {};
  });

  // By metadata (XML, or the address it is published at)
  app.post<{ Body: { metadata: string } }>(`${BASE}/metadata`, async (request, reply) => {
    const tenantId = accountOf(request);
    const idp = configs.fromMetadata(request.body.metadata);
    return reply.code(201).send(await configs.create(tenantId, { type: 'saml' }, { idp }));
  });
  app.put<Id & { Body: { metadata: string } }>(`${BASE}/:id/metadata`, async (request) => {
    const tenantId = accountOf(request);
    const idp = configs.fromMetadata(request.body.metadata);
    return configs.update(tenantId, request.params.id, {}, { idp });
  });
  app.post<{ Body: { url: string } }>(`${BASE}/metadata-url`, async (request, reply) => {
    const tenantId = accountOf(request);
    const metadata = await configs.fromMetadataUrl(request.body.url);
    return reply.code(201).send(await configs.create(tenantId, { type: 'saml' }, metadata));
  });
  app.put<Id & { Body: { url: string } }>(`${BASE}/:id/metadata-url`, async (request) => {
    const tenantId = accountOf(request);
    const metadata = await configs.fromMetadataUrl(request.body.url);
    return configs.update(tenantId, request.params.id, {}, metadata);
  });

  // Domains
  app.post<Id & { Body: { domain: string } }>(`${BASE}/:id/domains`, async (request, reply) => {
    const tenantId = accountOf(request);
    return reply.code(201).send(await configs.addDomain(tenantId, request.params.id, request.body.domain));
  });
  app.delete<DomainId>(`${BASE}/:id/domains/:domainId`, async (request) => {
    await configs.removeDomain(accountOf(request), request.params.id, request.params.domainId);
    return {};
  });
  app.put<DomainId>(`${BASE}/:id/domains/:domainId/validate`, async (request) =>
    configs.validateDomain(accountOf(request), request.params.id, request.params.domainId),
  );

  // Default roles and group mappings
  app.get<Id>(`${BASE}/:id/roles`, async (request) =>
    configs.defaultRoles(accountOf(request), request.params.id),
  );
  app.put<Id & { Body: { roleIds: string[] } }>(`${BASE}/:id/roles`, async (request) => {
    const tenantId = await writerGranting(request, request.body.roleIds);
    return configs.setDefaultRoles(tenantId, request.params.id, request.body.roleIds);
  });
  app.get<Id>(`${BASE}/:id/groups`, async (request) => {
    return configs.groups(accountOf(request), request.params.id);
  });
  app.post<Id & { Body: { group: string; roleIds?: string[] } }>(
    `${BASE}/:id/groups`,
    async (request, reply) => {
      const tenantId = await writerGranting(request, request.body.roleIds);
      return reply
        .code(201)
        .send(
          await configs.addGroup(tenantId, request.params.id, request.body.group, request.body.roleIds ?? []),
        );
    },
  );
  app.patch<GroupId & { Body: { group?: string; roleIds?: string[] } }>(
    `${BASE}/:id/groups/:groupId`,
    async (request) => {
      const tenantId = await writerGranting(request, request.body.roleIds);
      return configs.updateGroup(tenantId, request.params.id, request.params.groupId, request.body);
    },
  );
  app.delete<GroupId>(`${BASE}/:id/groups/:groupId`, async (request) => {
    await configs.removeGroup(accountOf(request), request.params.id, request.params.groupId);
    return {};
  });
}
