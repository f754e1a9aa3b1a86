/**
 * Demo mode's answers to the client SDK's legacy single-connection SSO calls, like the reference
 * server (server/domain/sso-legacy.ts): a view of the account's oldest SAML connection (and oldest
 * OIDC one for getOidcConfiguration), made of calls to the demo's multi-SSO answers
 * (core/demo/ssoConfig.ts), so both read and change the same sample connections with the same
 * permissions, rules and messages as the SSO page. Bodies are checked before this runs, with the
 * server's schemas (core/contract/requests-sso-legacy.ts). The SAML entity of GET /metadata is
 * `demoSamlMetadata`.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { legacySamlMetadata, legacySamlView, type LegacyConnection } from '../contract/ssoLegacy';
import { hasPermission } from '../portal/pages';
import type { DemoDatabase, DemoUser } from './data';
import { handleDemoSsoConfig } from './ssoConfig';

type Json = Record<string, unknown>;
type Connection = LegacyConnection;

const READ = 'fe.secure.read.samlConfiguration';
const WRITE = 'fe.secure.write.samlConfiguration';
/** Fields of the client's type the server answers itself: accepted and ignored. */
const IGNORED = ['domain', 'acsUrl', 'spEntityId', 'isSamlActive', 'oidcClientId', 'oidcSecret'];
const MULTI = '/team/resources/sso/v1/configurations';
const SAML = '/team/resources/sso/v1/saml/configurations';
const VALIDATE = '/team/resources/sso/v1/saml/validations/domain';
const GROUPS = '/team/resources/sso/v2/saml/configurations/groups';
const OIDC = '/team/resources/sso/v1/oidc/configurations';
const PATHS =
  /^\/team\/resources\/sso\/(v1\/saml\/(configurations(\/vendor-config|\/metadata|\/roles\/default)?|validations\/domain)|v2\/saml\/configurations\/groups(\/[^/]+)?|v1\/oidc\/configurations)$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const isDemoSsoLegacyPath = (path: string) => PATHS.test(path);

const view = (c: Connection | undefined) => legacySamlView(c);

type Multi = (method: string, rest: string, body?: Json) => Answer;

/** The account's connections, oldest first (the SSO page's list). */
function connections(db: DemoDatabase, user: DemoUser, now: () => number, random: () => string) {
  const listed = handleDemoSsoConfig(db, user, [READ], { method: 'GET', path: MULTI, body: {} }, now, random);
  return listed!.body as Connection[];
}

/** The SAML entity of GET /metadata (the server's LegacySso.samlMetadata). */
export function demoSamlMetadata(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  now: () => number,
  random: () => string,
): Answer {
  if (!hasPermission(held, READ))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.secure.read.samlConfiguration' });
  const c = connections(db, user, now, random).find((x) => x.type !== 'oidc');
  return ok(legacySamlMetadata(c, 'demo-vendor'));
}

export function handleDemoSsoLegacy(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json },
  now: () => number,
  random: () => string,
): Answer | null {
  const method = request.method.toUpperCase();
  const body = request.body;
  let changed = false;
  const multi: Multi = (m, rest, b = {}) => {
    const answer =
      handleDemoSsoConfig(db, user, held, { method: m, path: `${MULTI}${rest}`, body: b }, now, random) ??
      fail('NOT_FOUND');
    changed ||= Boolean(answer.save);
    return answer;
  };
  const done = (answer: Answer): Answer => ({ ...answer, save: changed || answer.save });
  const needed = method === 'GET' ? READ : WRITE;
  if (!hasPermission(held, needed)) return fail('PERMISSION_REQUIRED', { permission: needed });
  const all = connections(db, user, now, random);
  const saml = all.find((c) => c.type !== 'oidc');
  const failed = (answer: Answer) => answer.status >= 300;
  /** The SAML connection, created (disabled) when there is none. */
  const samlOrNew = (fields: Json = {}): Connection | Answer => {
    if (saml) return saml;
    const created = multi('POST', '', { type: 'saml', ...fields });
    return failed(created) ? created : (created.body as Connection);
  };
  const get = (id: string) => connections(db, user, now, random).find((c) => c.id === id);

  if (method === 'GET') {
    if (request.path === SAML) return ok(view(saml));
    if (request.path === `${SAML}/vendor-config`)
      return saml ? ok({ acsUrl: saml.acsUrl, spEntityId: saml.spEntityId }) : fail('SSO_ACS_NOT_FOUND');
    if (request.path === `${SAML}/roles/default`) return ok(saml?.roleIds ?? []);
    if (request.path === GROUPS) return saml ? multi('GET', `/${saml.id}/groups`) : ok([]);
    if (request.path === OIDC) {
      const oidc = all.find((c) => c.type === 'oidc');
      const redirect = `${typeof location === 'undefined' ? 'https://app.demo.example' : location.origin}/account/oidc/callback`;
      return ok({ active: oidc?.enabled ?? false, redirectUri: oidc?.acsUrl || redirect });
    }
    return null;
  }
  if (method === 'POST' && request.path === SAML) {
    const sent = body.domain;
    const fields: Json = { ...body };
    for (const key of IGNORED) delete fields[key];
    const domain = typeof sent === 'string' ? sent.trim().toLowerCase().replace(/\.$/, '') : undefined;
    if (domain !== undefined && !DOMAIN.test(domain))
      return fail('DOMAIN_INVALID', { value: String(sent).slice(0, 64) });
    const previous = saml?.domains[0]?.domain;
    if (domain !== undefined && previous !== undefined && domain !== previous)
      Object.assign(fields, { ssoEndpoint: '', publicCertificate: '', signRequest: false });
    const saved = saml
      ? multi('PATCH', `/${saml.id}`, fields)
      : multi('POST', '', { type: 'saml', ...fields });
    if (failed(saved)) return saved;
    const c = saved.body as Connection;
    if (domain !== undefined && domain !== previous) {
      for (const d of c.domains) multi('DELETE', `/${c.id}/domains/${d.id}`);
      const added = multi('POST', `/${c.id}/domains`, { domain });
      if (failed(added)) return done(added);
    }
    return done(ok(view(get(c.id)), true));
  }
  if (method === 'PUT' && request.path === `${SAML}/metadata`) {
    const saved = saml
      ? multi('PUT', `/${saml.id}/metadata`, { metadata: body.metadata })
      : multi('POST', '/metadata', { metadata: body.metadata });
    return failed(saved) ? saved : done(ok(view(saved.body as Connection), true));
  }
  if (method === 'PUT' && request.path === VALIDATE) {
    if (!saml) return fail('SSO_CONFIGURATION_NOT_FOUND');
    const domain = saml.domains[0];
    if (!domain) return fail('SSO_DOMAIN_NOT_FOUND');
    const validated = multi('PUT', `/${saml.id}/domains/${domain.id}/validate`);
    return failed(validated) ? validated : done(ok(view(get(saml.id)), true));
  }
  if (method === 'POST' && request.path === `${SAML}/roles/default`) {
    const c = samlOrNew();
    if (!('id' in c)) return c;
    const set = multi('PUT', `/${c.id}/roles`, { roleIds: body.roleIds });
    return failed(set) ? done(set) : done(ok((set.body as { roleIds: string[] }).roleIds, true));
  }
  if (request.path === GROUPS && method === 'POST') {
    const c = samlOrNew();
    if (!('id' in c)) return c;
    return done(multi('POST', `/${c.id}/groups`, body));
  }
  const groupId = request.path.startsWith(`${GROUPS}/`) ? request.path.slice(GROUPS.length + 1) : null;
  if (groupId && (method === 'PATCH' || method === 'DELETE')) {
    if (!saml) return fail('SSO_GROUP_NOT_FOUND');
    return done(multi(method, `/${saml.id}/groups/${groupId}`, body));
  }
  return null;
}
