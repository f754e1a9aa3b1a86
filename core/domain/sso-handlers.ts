/**
 * The SSO configuration routes (core/contract/routes/sso.ts), written once for the server and demo
 * mode (core/domain/handlers.ts) and registered once for both as an area (back-office-areas.ts):
 * - SSO connections configured by tenant administrators (issue 16; spec 001 §3 "SSO multi", §5, §6),
 *   on the client SDK's multi-SSO calls (`@frontegg/rest-api` auth: getSSOConfigurations,
 *   createSSOConfiguration, ...): GET, POST /team/resources/sso/v1/configurations; PATCH, DELETE
 *   /{id}; POST /configurations/metadata and /metadata-url (create from the IdP's metadata); PUT
 *   /{id}/metadata and /{id}/metadata-url (replace the IdP's details from it); POST /{id}/domains,
 *   DELETE /{id}/domains/{domainId}, PUT /{id}/domains/{domainId}/validate (DNS TXT); GET, PUT
 *   /{id}/roles (default roles of just-in-time users); GET, POST /{id}/groups; PATCH, DELETE
 *   /{id}/groups/{groupId} (IdP groups mapped to roles).
 * - The client SDK's legacy single-connection calls (`@frontegg/rest-api` 3.1.18 auth), a view of
 *   those connections (sso-legacy.ts says which connection, docs/sso.md why): GET, POST
 *   /team/resources/sso/v1/saml/configurations; GET …/vendor-config; PUT …/metadata; PUT
 *   …/v1/saml/validations/domain (the DNS TXT lookup); GET, POST …/roles/default; GET, POST
 *   …/v2/saml/configurations/groups; PATCH, DELETE …/groups/{id}; GET …/v1/oidc/configurations.
 * Reading needs fe.secure.read.samlConfiguration, changing fe.secure.write.samlConfiguration (the
 * legacy calls' permissions, checks, audit records and messages are the multi-SSO calls'). Request
 * schemas: core/contract/requests-sso.ts, requests-sso-legacy.ts. The use cases are
 * sso-connections.ts and sso-legacy.ts over the repository (sso-repository.ts, docs/sso.md) and
 * what each backend has alone (the platform's `sso`: DNS, fetching and reading metadata, sealing
 * secrets on the server; samples in demo mode). A route that gives roles (default roles, group
 * mappings) checks first that they are assignable roles of the account (ROLES_UNKNOWN, 400), then
 * that the caller holds every permission they grant (GRANT_NOT_HELD, 403, core/domain/grants.ts),
 * before the connection is looked up.
 */
import { assertHoldsAll } from './grants';
import { answer, type AreaHandler, type AreaHandlers, type HandlerCall } from './handlers';
import type { SsoConfigInput, SsoConnections } from './sso-connections';
import { LegacySso, type LegacySamlInput } from './sso-legacy';
import { roleGrantsOver } from './role-store';
import type { Platform, PortsFor } from './platform';
import { ssoConnections } from './sso-repository';
import type { Tables } from './tables';
import { TENANTS } from './tenant-tables';

interface SsoHandlerPorts {
  /** The connections' use cases over the backend's tables and services. */
  sso(): Promise<SsoConnections>;
  /** The vendor an account belongs to (the legacy SAML metadata names it). */
  vendorOf(tenantId: string): Promise<string>;
  /** The caller's permissions (those of their active account, as their access token holds them). */
  held: readonly string[];
  /** The permission keys these roles of the account grant (ids that are not its roles grant nothing). */
  grantedBy(tenantId: string, roleIds: string[]): Promise<Iterable<string>>;
}

/** The SSO connections' use cases over a backend's platform (its tables, clock and `sso`). */
const connectionsOn = async (platform: Platform) =>
  ssoConnections(platform.tables, platform.clock, await platform.sso());

/**
 * The SSO routes' ports for one caller: the connections' use cases, the account's vendor and what
 * its roles grant read from the tables, and what the caller holds.
 */
export const ssoAreaPorts: PortsFor<SsoHandlerPorts> = (platform, caller) => ({
  sso: () => connectionsOn(platform),
  vendorOf: (tenantId) => vendorOfAccount(platform.tables, tenantId),
  held: caller.permissions,
  grantedBy: async (tenantId, roleIds) => (await roleGrantsOver(platform.tables, tenantId, roleIds)).keys,
});

/** The legacy single-connection use cases over a backend's platform (GET /metadata's SAML entity reads them). */
export const legacySsoOn = async (platform: Platform) =>
  new LegacySso(await connectionsOn(platform), (tenantId) => vendorOfAccount(platform.tables, tenantId));

/** The vendor an account belongs to ('' for none). */
const vendorOfAccount = async (tables: Tables, tenantId: string) =>
  (await tables.of(TENANTS).row({ id: tenantId }))?.vendorId ?? '';

type Handler = AreaHandler<SsoHandlerPorts>;
type Body = Record<string, unknown>;

/** The roles a call gives, checked: assignable in the account (400), granting only what the caller holds (403). */
async function mayGive(p: SsoHandlerPorts, tenantId: string, roleIds: unknown): Promise<void> {
  const ids = await (await p.sso()).checkRoleIds(tenantId, (roleIds as string[] | undefined) ?? []);
  if (ids.length) assertHoldsAll(p.held, await p.grantedBy(tenantId, ids));
}

/** A handler of the multi-SSO calls: `run`'s result answered with `status`, after the roles it gives are checked. */
const multi =
  (run: (sso: SsoConnections, call: HandlerCall, body: Body) => Promise<unknown>, status = 200): Handler =>
  async (p, call) => {
    if ('roleIds' in call.body) await mayGive(p, call.tenantId, call.body.roleIds);
    return answer(await run(await p.sso(), call, call.body), status);
  };

/** A handler of the legacy calls, the same way over LegacySso. */
const legacy =
  (
    run: (legacySso: LegacySso, tenantId: string, body: Body, id: string) => Promise<unknown>,
    status = 200,
  ): Handler =>
  async (p, call) => {
    if ('roleIds' in call.body) await mayGive(p, call.tenantId, call.body.roleIds);
    const legacySso = new LegacySso(await p.sso(), (tenantId) => p.vendorOf(tenantId));
    return answer(await run(legacySso, call.tenantId, call.body, call.params.id!), status);
  };

const done = async (work: Promise<void>) => (await work, {});
const roleIdsOf = (body: Body) => (body.roleIds as string[] | undefined) ?? [];

/** The multi-SSO calls: connections, by metadata, domains, default roles and group mappings. */
export const SSO_CONFIG_HANDLERS: AreaHandlers<SsoHandlerPorts> = {
  getTeamSsoConfigurations: multi((sso, { tenantId }) => sso.list(tenantId)),
  postTeamSsoConfigurations: multi(
    (sso, { tenantId }, body) => sso.create(tenantId, body as SsoConfigInput),
    201,
  ),
  patchTeamSsoConfigurationsById: multi((sso, { tenantId, params }, body) =>
    sso.update(tenantId, params.id!, body as SsoConfigInput),
  ),
  deleteTeamSsoConfigurationsById: multi((sso, { tenantId, params }) =>
    done(sso.remove(tenantId, params.id!)),
  ),
  postTeamSsoConfigurationsMetadata: multi(
    (sso, { tenantId }, body) =>
      sso.create(tenantId, { type: 'saml' }, { idp: sso.fromMetadata(String(body.metadata)) }),
    201,
  ),
  putTeamSsoConfigurationsByIdMetadata: multi((sso, { tenantId, params }, body) =>
    sso.update(tenantId, params.id!, {}, { idp: sso.fromMetadata(String(body.metadata)) }),
  ),
  postTeamSsoConfigurationsMetadataUrl: multi(
    async (sso, { tenantId }, body) =>
      sso.create(tenantId, { type: 'saml' }, await sso.fromMetadataUrl(String(body.url))),
    201,
  ),
  putTeamSsoConfigurationsByIdMetadataUrl: multi(async (sso, { tenantId, params }, body) =>
    sso.update(tenantId, params.id!, {}, await sso.fromMetadataUrl(String(body.url))),
  ),
  postTeamSsoConfigurationsByIdDomains: multi(
    (sso, { tenantId, params }, body) => sso.addDomain(tenantId, params.id!, String(body.domain)),
    201,
  ),
  deleteTeamSsoConfigurationsByIdDomainsByDomainId: multi((sso, { tenantId, params }) =>
    done(sso.removeDomain(tenantId, params.id!, params.domainId!)),
  ),
  putTeamSsoConfigurationsByIdDomainsByDomainIdValidate: multi((sso, { tenantId, params }) =>
    sso.validateDomain(tenantId, params.id!, params.domainId!),
  ),
  getTeamSsoConfigurationsByIdRoles: multi((sso, { tenantId, params }) =>
    sso.defaultRoles(tenantId, params.id!),
  ),
  putTeamSsoConfigurationsByIdRoles: multi((sso, { tenantId, params }, body) =>
    sso.setDefaultRoles(tenantId, params.id!, roleIdsOf(body)),
  ),
  getTeamSsoConfigurationsByIdGroups: multi((sso, { tenantId, params }) => sso.groups(tenantId, params.id!)),
  postTeamSsoConfigurationsByIdGroups: multi(
    (sso, { tenantId, params }, body) =>
      sso.addGroup(tenantId, params.id!, String(body.group), roleIdsOf(body)),
    201,
  ),
  patchTeamSsoConfigurationsByIdGroupsByGroupId: multi((sso, { tenantId, params }, body) =>
    sso.updateGroup(tenantId, params.id!, params.groupId!, body),
  ),
  deleteTeamSsoConfigurationsByIdGroupsByGroupId: multi((sso, { tenantId, params }) =>
    done(sso.removeGroup(tenantId, params.id!, params.groupId!)),
  ),
};

/** The legacy single-connection calls (a view of the oldest SAML connection, docs/sso.md). */
export const SSO_LEGACY_HANDLERS: AreaHandlers<SsoHandlerPorts> = {
  getTeamSsoSamlConfigurations: legacy((l, t) => l.get(t)),
  postTeamSsoSamlConfigurations: legacy((l, t, body) => l.update(t, body as LegacySamlInput)),
  getTeamSsoSamlConfigurationsVendorConfig: legacy((l, t) => l.vendorConfiguration(t)),
  putTeamSsoSamlConfigurationsMetadata: legacy((l, t, body) => l.updateMetadata(t, String(body.metadata))),
  putTeamSsoSamlValidationsDomain: legacy((l, t) => l.validateDomain(t)),
  getTeamSsoSamlConfigurationsRolesDefault: legacy((l, t) => l.defaultRoles(t)),
  postTeamSsoSamlConfigurationsRolesDefault: legacy((l, t, body) => l.setDefaultRoles(t, roleIdsOf(body))),
  getTeamSsoSamlConfigurationsGroups: legacy((l, t) => l.groups(t)),
  postTeamSsoSamlConfigurationsGroups: legacy(
    (l, t, body) => l.addGroup(t, String(body.group), roleIdsOf(body)),
    201,
  ),
  patchTeamSsoSamlConfigurationsGroupsById: legacy((l, t, body, id) => l.updateGroup(t, id, body)),
  deleteTeamSsoSamlConfigurationsGroupsById: legacy((l, t, _body, id) => done(l.removeGroup(t, id))),
  getTeamSsoOidcConfigurations: legacy((l, t) => l.oidc(t)),
};
