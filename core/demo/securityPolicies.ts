/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts (the server's own)
 * over repositories kept per account in the page's storage. Demo mode has one browser session and
 * sample users, so it stores the policies but does not enforce them at sign-in (the server does:
 * server/domain/security-policies.ts); it knows no client address, which the rules read as "no
 * address": refused while an IP config is active, as on the server.
 */
import type {
  IpConfig,
  IpRestriction,
  LockoutPolicy,
  MfaPolicy,
  PasswordHistoryPolicy,
  SessionPolicy,
} from '../api/securityPolicies';
import { fail, ok, type Answer } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import {
  addDomainRestriction,
  addIpRestrictions,
  domainConfig,
  ipAllowed,
  ipConfig,
  ipListed,
  listDomainRestrictions,
  listIpRestrictions,
  policyInForce,
  removeDomainRestriction,
  removeIpRestriction,
  saveDomainConfig,
  saveIpConfig,
  savePolicy,
  sessionPolicy,
  vendorPolicy,
  type DomainConfig,
  type DomainRestriction,
  type PolicyKind,
  type PolicySettings,
  type SecurityPolicyPorts,
  type StoredPolicy,
} from '../domain/security-policies';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

const BASE = '/identity/resources/configurations/v1';
const SESSIONS = '/identity/resources/configurations/sessions/v1';
const IP_PATH = `${BASE}/restrictions/ip`;
const DOMAIN_PATH = '/identity/resources/configurations/restrictions/v1/email-domain';
const VENDOR_CREATED = '2024-01-01T00:00:00.000Z';

type Stored = (MfaPolicy | LockoutPolicy | PasswordHistoryPolicy) & { id: string };

/** An account's security settings as the demo stores them (the shape predates the shared rules). */
export interface DemoSecurityPolicies {
  domainConfig?: DomainConfig;
  domains?: DomainRestriction[];
  policies?: Partial<Record<Exclude<PolicyKind, 'sessions'>, Stored>>;
  sessions?: SessionPolicy;
  ipConfig?: IpConfig;
  ips?: IpRestriction[];
}

/** The vendor's global policy as demo mode has it (the server's answer, GET configurations/v1). */
const GLOBAL_POLICY = {
  id: 'demo-vendor',
  allowOverrideEnforcePasswordHistory: true,
  allowOverridePasswordComplexity: false,
  allowOverridePasswordExpiration: false,
  allowSignups: true,
  apiTokensEnabled: true,
  cookieSameSite: 'LAX',
  defaultRefreshTokenExpiration: 2_592_000,
  defaultTokenExpiration: 86_400,
  publicKey: '',
};

/** The rules' ports over one account's stored settings (`id` names new rows; `stamp` is now). */
export function demoSecurityPolicyPorts(
  mine: DemoSecurityPolicies,
  tenantId: string,
  stamp: string,
  id: (prefix: string) => string,
): SecurityPolicyPorts {
  const fieldsOf = (policy: Stored) => {
    const { id: _id, createdAt: _created, updatedAt: _updated, ...settings } = policy;
    return settings;
  };
  return {
    policies: {
      async vendor(kind, settings) {
        return {
          id: `vendor-${kind}-policy`,
          settings,
          createdAt: VENDOR_CREATED,
          updatedAt: VENDOR_CREATED,
        };
      },
      async ofAccount<K extends PolicyKind>(kind: K) {
        if (kind === 'sessions')
          return mine.sessions
            ? ({
                id: `sessions-policy-${tenantId}`,
                settings: mine.sessions,
                createdAt: stamp,
                updatedAt: stamp,
              } as unknown as StoredPolicy<K>)
            : null;
        const own = mine.policies?.[kind as Exclude<PolicyKind, 'sessions'>];
        if (!own) return null;
        return {
          id: own.id,
          settings: fieldsOf(own),
          createdAt: own.createdAt ?? stamp,
          updatedAt: own.updatedAt ?? stamp,
        } as unknown as StoredPolicy<K>;
      },
      async saveForAccount<K extends PolicyKind>(kind: K, _tenantId: string, settings: PolicySettings[K]) {
        if (kind === 'sessions') {
          mine.sessions = settings as SessionPolicy;
          return { id: `sessions-policy-${tenantId}`, settings, createdAt: stamp, updatedAt: stamp };
        }
        const key = kind as Exclude<PolicyKind, 'sessions'>;
        const existing = mine.policies?.[key];
        const saved = {
          ...settings,
          id: existing?.id ?? `${kind}-policy-${tenantId}`,
          createdAt: existing?.createdAt ?? stamp,
          updatedAt: stamp,
        } as Stored;
        mine.policies = { ...mine.policies, [key]: saved };
        return { id: saved.id, settings, createdAt: saved.createdAt!, updatedAt: stamp };
      },
    },
    ipRestrictions: {
      async config() {
        return mine.ipConfig ?? null;
      },
      async saveConfig(_tenantId, config) {
        mine.ipConfig = config;
      },
      async page(_tenantId, { offset, limit, strategy }) {
        const listed = (mine.ips ?? []).filter((entry) => !strategy || entry.strategy === strategy);
        return { items: listed.slice(offset, offset + limit), total: listed.length };
      },
      async upsert(_tenantId, entries) {
        const stored = (mine.ips ??= []);
        for (const entry of entries) {
          const fields = {
            isActive: entry.isActive,
            ...(entry.description ? { description: entry.description } : {}),
            updatedAt: stamp,
          };
          const existing = stored.find((e) => e.ip === entry.ip && e.strategy === entry.strategy);
          if (existing) {
            delete existing.description;
            Object.assign(existing, fields);
          } else
            stored.unshift({
              id: id('ip'),
              ip: entry.ip,
              strategy: entry.strategy,
              createdAt: stamp,
              ...fields,
            });
        }
      },
      async remove(_tenantId, given) {
        const index = (mine.ips ?? []).findIndex((entry) => entry.id === given);
        if (index >= 0) mine.ips!.splice(index, 1);
        return index >= 0;
      },
      async activeIps(_tenantId, strategy) {
        return (mine.ips ?? []).filter((e) => e.isActive && e.strategy === strategy).map((e) => e.ip);
      },
    },
    emailDomains: {
      async config() {
        return mine.domainConfig ?? null;
      },
      async saveConfig(_tenantId, config) {
        mine.domainConfig = config;
      },
      async list() {
        return mine.domains ?? [];
      },
      async add(_tenantId, domain, type) {
        const domains = (mine.domains ??= []);
        const existing = domains.find((d) => d.domain === domain && d.type === type);
        if (existing) return existing;
        const saved = { id: id('domain'), domain, type };
        domains.push(saved);
        return saved;
      },
      async remove(_tenantId, given) {
        const index = (mine.domains ?? []).findIndex((d) => d.id === given);
        if (index >= 0) mine.domains!.splice(index, 1);
        return index >= 0;
      },
    },
    // Demo mode sends no webhooks.
    emit: async () => {},
  };
}

const POLICY_PATHS: Record<string, Exclude<PolicyKind, 'sessions'>> = {
  'mfa-policy': 'mfa',
  'lockout-policy': 'lockout',
  'password-history-policy': 'password-history',
};

type Request = { method: string; path: string; body: Json; query: Record<string, string> };
type Route = (ports: SecurityPolicyPorts, tenantId: string, request: Request) => Promise<Answer>;

/** The answers by `METHOD path-after-its-base`, each after its permission check. */
function routeOf(method: string, path: string): { write: boolean; run: Route } | null {
  const read = (run: Route) => ({ write: false, run });
  const write = (run: Route) => ({ write: true, run });
  const decoded = (rest: string) => decodeURIComponent(rest.slice(1));
  if (path === SESSIONS && method === 'GET') return read(async (p, t) => ok(await sessionPolicy(p, t)));
  if (path === SESSIONS && method === 'POST')
    return write(async (p, t, r) => {
      await savePolicy(p, 'sessions', t, r.body);
      return ok({}, true, 201);
    });
  if (path === BASE && method === 'GET')
    return read(async (p) => {
      const mfa = await vendorPolicy(p, 'mfa');
      return ok({
        ...GLOBAL_POLICY,
        enforceMFAType: mfa.enforceMFAType,
        createdAt: mfa.createdAt,
        updatedAt: mfa.updatedAt,
      });
    });
  if (path.startsWith(DOMAIN_PATH)) {
    const rest = path.slice(DOMAIN_PATH.length);
    if (rest === '' && method === 'GET')
      return read(async (p, t) => ok({ items: await listDomainRestrictions(p, t) }));
    if (rest === '/config' && method === 'GET') return read(async (p, t) => ok(await domainConfig(p, t)));
    if (rest === '/config' && method === 'POST')
      return write(async (p, t, r) => ok(await saveDomainConfig(p, t, r.body as never), true));
    if (rest === '' && method === 'POST')
      return write(async (p, t, r) => ok(await addDomainRestriction(p, t, r.body as never), true, 201));
    if (/^\/[^/]+$/.test(rest) && method === 'DELETE')
      return write(async (p, t) => (await removeDomainRestriction(p, t, decoded(rest)), ok({}, true)));
    return null;
  }
  if (path.startsWith(IP_PATH)) {
    const rest = path.slice(IP_PATH.length);
    if (rest === '' && method === 'GET')
      return read(async (p, t, r) => ok(await listIpRestrictions(p, t, r.query)));
    if (rest === '/config' && method === 'GET') return read(async (p, t) => ok(await ipConfig(p, t)));
    if (rest === '/config' && method === 'POST')
      return write(async (p, t, r) => ok(await saveIpConfig(p, t, r.body as never), true));
    if ((rest === '' || rest === '/bulk') && method === 'POST')
      return write(async (p, t, r) => {
        await addIpRestrictions(p, t, (rest === '' ? [r.body] : r.body.ips) as never);
        return ok({}, true, 201);
      });
    if (/^\/[^/]+$/.test(rest) && method === 'DELETE' && rest !== '/verify')
      return write(async (p, t) => (await removeIpRestriction(p, t, decoded(rest)), ok({}, true)));
    if (rest === '/verify' && method === 'POST')
      return read(async (p, t) => ok({ valid: await ipAllowed(p, t, undefined) }));
    if (rest === '/verify/allow' && method === 'POST')
      return read(async (p, t) => ok({ valid: await ipListed(p, t, undefined, 'ALLOW') }));
    return null;
  }
  if (!path.startsWith(`${BASE}/`)) return null;
  const [name, vendor, ...more] = path.slice(BASE.length + 1).split('/');
  const kind = POLICY_PATHS[name ?? ''];
  if (!kind || more.length || (vendor !== undefined && vendor !== 'vendor')) return null;
  if (method === 'GET')
    return read(async (p, t) => ok(vendor ? await vendorPolicy(p, kind) : await policyInForce(p, kind, t)));
  if (vendor || (method !== 'POST' && method !== 'PATCH')) return null;
  return write(async (p, t, r) => ok(await savePolicy(p, kind, t, r.body as never), true));
}

/** Answers the security-policy paths for a signed-in `user` holding `held`; null for other paths. */
export async function handleDemoSecurityPolicies(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: Request,
  clock: { now: () => number; random: () => string },
): Promise<Answer | null> {
  const route = routeOf(request.method, request.path);
  if (!route) return null;
  const permission = route.write ? 'fe.secure.write.securityPolicy' : 'fe.secure.read.securityPolicy';
  if (!holdsPermission(held, permission)) return fail('PERMISSION_REQUIRED', { permission });
  db.securityPolicies ??= {};
  const mine = (db.securityPolicies[user.tenantId] ??= {});
  const id = (prefix: string) => `${prefix}-${clock.random()}`;
  const ports = demoSecurityPolicyPorts(mine, user.tenantId, new Date(clock.now()).toISOString(), id);
  return route.run(ports, user.tenantId, request);
}
