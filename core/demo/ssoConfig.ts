/**
 * Demo mode's SSO connections (issue 16): the shared handlers (core/domain/sso-handlers.ts) and use
 * cases (core/domain/sso-connections.ts), the server's own, over a repository kept per account in
 * the page's storage, so the routes answer with the server's answers and refusals.
 *
 * What demo mode cannot do, and does instead (docs/sso.md):
 * - no DNS: a domain validates at once, unless it begins with `unverified.` (then the server's
 *   "TXT record not found" answer, so the page's failure can be seen);
 * - no outbound fetch: a metadata URL gives sample metadata (core/demo/ssoMetadata.ts); uploaded
 *   metadata XML is read with patterns instead of an XML parser;
 * - no SAML signing key (signRequest is refused, as on a server without one), no stored OIDC secret;
 * - no sign-in through these connections (the demo has no identity provider).
 */
import {
  SsoConnections,
  type SsoChanges,
  type SsoConnectionRecord,
  type SsoConnectionRepository,
  type SsoServices,
} from '../domain/sso-connections';
import { SSO_CONFIG_HANDLERS, SSO_LEGACY_HANDLERS, type SsoHandlerPorts } from '../domain/sso-handlers';
import { LegacySso } from '../domain/sso-legacy';
import { DEMO_VENDOR_ID, type DemoDatabase, type DemoUser } from './data';
import { given, insert, isoNow, remove, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';
import { readDemoMetadata, SAMPLE_CERTIFICATE, sampleDemoMetadata } from './ssoMetadata';
import { demoPermissionsOf, demoRoles, grantedBy, visibleRoles } from './teamAdmin';

const DEMO_SP = 'https://auth.demo.example/frontegg/identity/resources/auth/v1/sso/saml';

const SAMPLE_TENANT = 'demo-tenant';

/** The account's connections; the sample account starts with one (spec 001 §1: demo mode fills demo data). */
export function demoSsoConnections(db: DemoDatabase, tenantId: string, now: () => number) {
  db.ssoConnections ??= { [SAMPLE_TENANT]: [sampleConnection(now)] };
  return (db.ssoConnections[tenantId] ??= []);
}
/** A connection as created: disabled, without IdP details, domains or groups. */
const newConnection = (
  id: string,
  { protocol, type, verification, roleKeys }: Parameters<SsoConnectionRepository['insert']>[1],
  at: string,
): SsoConnectionRecord => ({
  id,
  key: `t-${id}`,
  protocol,
  enabled: false,
  type,
  generatedVerification: verification,
  ssoEndpoint: '',
  publicCertificate: '',
  signRequest: false,
  idpEntityId: '',
  metadataUrl: '',
  oidcClientId: '',
  hasOidcSecret: false,
  domains: [],
  roleIds: roleKeys,
  groups: [],
  createdAt: at,
  updatedAt: at,
});
const sampleConnection = (now: () => number): SsoConnectionRecord => ({
  ...newConnection(
    'demo-sso-okta',
    {
      protocol: 'saml',
      type: 'okta',
      verification: 'auth-elements-sso=demo-okta-verification',
      roleKeys: [],
    },
    new Date(now() - 30 * 86_400_000).toISOString(),
  ),
  enabled: true,
  ssoEndpoint: 'https://acme.okta.example/app/sso/saml',
  publicCertificate: SAMPLE_CERTIFICATE,
  idpEntityId: 'http://www.okta.example/exk-demo',
  domains: [
    { id: 'demo-sso-domain-1', domain: 'acme-sso.demo.example', validated: true },
    { id: 'demo-sso-domain-2', domain: 'unverified.acme-sso.demo.example', validated: false },
  ],
});

const recordOf = (db: DemoDatabase, c: SsoConnectionRecord): SsoConnectionRecord => ({
  ...structuredClone(c),
  // Default roles that are still roles (the server reads them through its roles table).
  roleIds: demoRoles(db).flatMap((r) => (c.roleIds.includes(r.id) ? [r.id] : [])),
});

/** A change to a stored connection (the fields the use cases send for its protocol). */
function applyChanges(c: SsoConnectionRecord, changes: SsoChanges, stamp: string): void {
  const { roleKeys, certificates, sealedSecret, idpEntityId, metadataUrl, ...same } = changes;
  Object.assign(c, given(same));
  if (roleKeys !== undefined) c.roleIds = roleKeys;
  if (certificates !== undefined) c.publicCertificate = certificates[0] ?? '';
  if (idpEntityId !== undefined) c.idpEntityId = idpEntityId ?? '';
  if (metadataUrl !== undefined) c.metadataUrl = metadataUrl ?? '';
  if (sealedSecret !== undefined) c.hasOidcSecret = true;
  c.updatedAt = stamp;
}

/** The connections' repository over the demo's storage (role keys are the demo's role ids). */
export function demoSsoRepository(db: DemoDatabase, { now, random }: DemoClock): SsoConnectionRepository {
  const mine = (tenantId: string) => demoSsoConnections(db, tenantId, now);
  const all = () => Object.values(db.ssoConnections ?? {}).flat();
  const live = (c: { id: string }) => all().find(withId(c.id))!;
  const groupOf = (groupId: string) => {
    const owner = all().find((c) => c.groups.some(withId(groupId)))!;
    return { owner, group: owner.groups.find(withId(groupId))! };
  };
  return {
    list: async (tenantId) => mine(tenantId).map((c) => recordOf(db, c)),
    async find(tenantId, id) {
      const found = mine(tenantId).find(withId(id));
      return found && recordOf(db, found);
    },
    rolesOfIds: async (tenantId, ids) =>
      visibleRoles(db, tenantId).flatMap((r) => (ids.includes(r.id) ? [{ id: r.id, key: r.id }] : [])),
    insert: async (tenantId, fields) =>
      insert(mine(tenantId), newConnection(random(), fields, isoNow(now))).id,
    async update(tenantId, id, _protocol, changes) {
      const c = mine(tenantId).find(withId(id));
      if (c && Object.keys(changes).length) applyChanges(c, changes, isoNow(now));
    },
    remove: async (tenantId, c) => void remove(mine(tenantId), withId(c.id)),
    // Undefined for a domain the connection has (the server's unique index).
    addDomain: async (_tenantId, c, domain) =>
      live(c).domains.some((d) => d.domain === domain)
        ? undefined
        : { ...insert(live(c).domains, { id: random(), domain, validated: false }) },
    removeDomain: async (c, domainId) => void remove(live(c).domains, withId(domainId)),
    async markValidated(c, domain) {
      const taken = all().some(
        (o) => o.id !== c.id && o.domains.some((d) => d.domain === domain.domain && d.validated),
      );
      if (taken) return false;
      live(c).domains.find(withId(domain.id))!.validated = true;
      return true;
    },
    addGroup: async (_tenantId, c, group, roleIds) => ({
      ...insert(live(c).groups, { id: random(), group, roleIds }),
    }),
    updateGroup: async (groupId, group, roleIds) => ({
      ...Object.assign(groupOf(groupId).group, { group, roleIds }),
    }),
    removeGroup: async (groupId) => void remove(groupOf(groupId).owner.groups, withId(groupId)),
  };
}

/** What demo mode does instead of the server's DNS, fetch, secrets and signing key. */
const demoSsoServices = (random: () => string): SsoServices => ({
  readMetadata: readDemoMetadata,
  fetchMetadata: async (url) => sampleDemoMetadata(url),
  verifyTxt: async (domain) => (domain.startsWith('unverified.') ? 'missing' : 'found'),
  newVerification: () => `${random()}${random()}`,
  sealSecret: () => 'kept by the identity provider only',
  canSignRequests: false,
  samlBase: (key) => `${DEMO_SP}/${key}`,
  // The kit's OIDC callback, which OIDC connections register at their provider.
  oidcRedirect: `${globalThis.location?.origin ?? 'https://app.demo.example'}/account/oidc/callback`,
});

/** The SSO routes' ports (core/domain/sso-handlers.ts) over the demo's storage, for one caller. */
const demoSsoPorts = (db: DemoDatabase, user: DemoUser, tools: DemoClock): SsoHandlerPorts => ({
  sso: new SsoConnections(demoSsoRepository(db, tools), demoSsoServices(tools.random)),
  vendorOf: async () => DEMO_VENDOR_ID,
  held: async () => demoPermissionsOf(db, user),
  grantedBy: async (tenantId, ids) => grantedBy(db, tenantId, ids),
});

/**
 * The SAML entity of GET /metadata (the server's LegacySso.samlMetadata). Only SSO readers ask for
 * it: the route's `byQuery` access, which the dispatch checks as the server's route table does.
 */
export function demoSamlMetadata(db: DemoDatabase, user: DemoUser, tools: DemoClock): Promise<unknown> {
  const { sso, vendorOf } = demoSsoPorts(db, user, tools);
  return new LegacySso(sso, vendorOf).samlMetadata(user.tenantId);
}

/**
 * The SSO routes (core/contract/routes/sso.ts), by descriptor name: the multi-SSO ones and the
 * client SDK's legacy single-connection calls (core/domain/sso-legacy.ts), which read and change
 * the same connections with the same rules and messages.
 */
export const demoSsoConfigRoutes = (tools: DemoClock) =>
  demoHandlers({ ...SSO_CONFIG_HANDLERS, ...SSO_LEGACY_HANDLERS }, (db, user) =>
    demoSsoPorts(db, user, tools),
  );
