/**
 * Demo mode's answers to the client SDK's legacy single-connection SSO calls, like the reference
 * server (server/domain/sso-legacy.ts): a view of the account's oldest SAML connection (and oldest
 * OIDC one for getOidcConfiguration), made of the demo's multi-SSO operations
 * (core/demo/ssoConfig.ts `demoSsoAccount`), so both read and change the same sample connections
 * with the same rules and messages as the SSO page. The route table finds the route and checks its
 * permission (core/demo/dispatch.ts); bodies are checked before this runs, with the server's
 * schemas (core/contract/requests-sso-legacy.ts). The SAML entity of GET /metadata is
 * `demoSamlMetadata`.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { legacySamlMetadata, legacySamlView, type LegacyConnection } from '../contract/ssoLegacy';
import { parseDomain } from '../domain/security-policies';
import { legacySamlChanges } from '../domain/sso-config';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoOidcRedirect, demoSsoAccount, demoSsoDto, type DemoSsoConnection } from './ssoConfig';

type Json = Record<string, unknown>;
type Tools = { now: () => number; random: () => string };
type Account = ReturnType<typeof demoSsoAccount>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer;

/** Fields of the client's type the server answers itself: accepted and ignored. */
const IGNORED = ['domain', 'acsUrl', 'spEntityId', 'isSamlActive', 'oidcClientId', 'oidcSecret'];

/** The legacy SAML configuration's connection: the account's oldest SAML one. */
const samlOf = (a: Account) => a.connection(a.list().find((c) => c.type !== 'oidc')?.id);
/** A stored connection as the legacy answers read it (its type is one the schemas let in). */
const legacyOf = (c: DemoSsoConnection | undefined) => (c && demoSsoDto(c)) as LegacyConnection | undefined;
const view = (c: DemoSsoConnection | undefined) => legacySamlView(legacyOf(c));
const failed = (answer: Answer) => answer.status >= 300;

/** The SAML entity of GET /metadata (the server's LegacySso.samlMetadata; its permission checked there too). */
export function demoSamlMetadata(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  now: () => number,
  random: () => string,
): Answer {
  if (!holdsPermission(held, 'fe.secure.read.samlConfiguration'))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.secure.read.samlConfiguration' });
  const a = demoSsoAccount(db, user, { now, random });
  return ok(legacySamlMetadata(legacyOf(samlOf(a)), 'demo-vendor'));
}

/** The legacy routes (core/contract/routes/sso.ts), by descriptor name. */
export function demoSsoLegacyRoutes(tools: Tools): DemoRoutes<SignedIn> {
  const legacy =
    (run: (a: Account, saml: DemoSsoConnection | undefined, request: DemoRequest) => Answer): SignedIn =>
    (db, user, request) => {
      const a = demoSsoAccount(db, user, tools);
      return run(a, samlOf(a), request);
    };
  /** The SAML connection, created (disabled) when there is none. */
  const samlOrNew = (a: Account, saml: DemoSsoConnection | undefined): DemoSsoConnection | Answer => {
    if (saml) return saml;
    const created = a.create({ type: 'saml' });
    return failed(created) ? created : a.connection((created.body as DemoSsoConnection).id)!;
  };
  const isConnection = (x: DemoSsoConnection | Answer): x is DemoSsoConnection => 'id' in x;
  return {
    getTeamSsoSamlConfigurations: legacy((_a, saml) => ok(view(saml))),
    postTeamSsoSamlConfigurations: legacy((a, saml, { body }) => updateSaml(a, saml, body)),
    getTeamSsoSamlConfigurationsVendorConfig: legacy((_a, saml) => {
      if (!saml) return fail('SSO_ACS_NOT_FOUND');
      const { acsUrl, spEntityId } = demoSsoDto(saml);
      return ok({ acsUrl, spEntityId });
    }),
    putTeamSsoSamlConfigurationsMetadata: legacy((a, saml, { body }) => {
      const xml = { xml: String(body.metadata) };
      const saved = saml ? a.replaceMetadata(saml, xml) : a.createFromMetadata(xml);
      if (failed(saved)) return saved;
      return ok(view(a.connection((saved.body as DemoSsoConnection).id)), true);
    }),
    putTeamSsoSamlValidationsDomain: legacy((a, saml) => {
      if (!saml) return fail('SSO_CONFIGURATION_NOT_FOUND');
      const domain = saml.domains[0];
      if (!domain) return fail('SSO_DOMAIN_NOT_FOUND');
      const validated = a.validateDomain(saml, domain);
      return failed(validated) ? validated : ok(view(saml), true);
    }),
    getTeamSsoSamlConfigurationsRolesDefault: legacy((_a, saml) => ok(saml?.roleIds ?? [])),
    postTeamSsoSamlConfigurationsRolesDefault: legacy((a, saml, { body }) => {
      const set = saml ? a.setRoles(saml, body.roleIds) : a.create({ type: 'saml', roleIds: body.roleIds });
      return failed(set) ? set : ok((set.body as { roleIds: string[] }).roleIds, true);
    }),
    getTeamSsoSamlConfigurationsGroups: legacy((_a, saml) => ok(saml?.groups ?? [])),
    postTeamSsoSamlConfigurationsGroups: legacy((a, saml, { body }) => {
      const c = samlOrNew(a, saml);
      if (!isConnection(c)) return c;
      const added = a.addGroup(c, body);
      return { ...added, save: added.save || !saml };
    }),
    patchTeamSsoSamlConfigurationsGroupsById: legacy((a, saml, { params, body }) => {
      const group = saml?.groups.find((g) => g.id === params.id);
      return group ? a.updateGroup(group, body) : fail('SSO_GROUP_NOT_FOUND');
    }),
    deleteTeamSsoSamlConfigurationsGroupsById: legacy((a, saml, { params }) => {
      const group = saml?.groups.find((g) => g.id === params.id);
      return saml && group ? a.removeGroup(saml, group) : fail('SSO_GROUP_NOT_FOUND');
    }),
    getTeamSsoOidcConfigurations: legacy((a) => {
      const oidc = a.list().find((c) => c.type === 'oidc');
      return ok({ active: oidc?.enabled ?? false, redirectUri: oidc?.acsUrl || demoOidcRedirect() });
    }),
  };
}

/**
 * updateSamlConfiguration: the fields sent, by the multi-SSO rules; another `domain` replaces the
 * connection's domains and, when it had one, resets its SSO address, certificate and signing.
 */
function updateSaml(a: Account, saml: DemoSsoConnection | undefined, body: Json): Answer {
  const sent = body.domain;
  const fields: Json = { ...body };
  for (const key of IGNORED) delete fields[key];
  const domain = typeof sent === 'string' ? parseDomain(sent) : undefined;
  if (domain === null) return fail('DOMAIN_INVALID', { value: String(sent).slice(0, 64) });
  const previous = saml?.domains[0]?.domain;
  const changes = legacySamlChanges(fields, domain, previous);
  const saved = saml ? a.update(saml, changes) : a.create({ type: 'saml', ...changes });
  if (failed(saved)) return saved;
  const c = a.connection((saved.body as DemoSsoConnection).id)!;
  if (domain !== undefined && domain !== previous) {
    for (const d of [...c.domains]) a.removeDomain(c, d);
    const added = a.addDomain(c, domain);
    if (failed(added)) return { ...added, save: true };
  }
  return ok(view(c), true);
}
