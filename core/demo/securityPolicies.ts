/**
 * Demo mode's security policies, answering like the reference server
 * (server/routes/security-policies.ts): the same paths, permissions (403 with the same message),
 * limits (POLICY_LIMITS, shared with the server's schemas) and answers, kept per account in the
 * page's storage. Demo mode stores and returns them; it has one browser session and sample users,
 * so it does not enforce them (the server does: server/domain/security-policies.ts).
 */
import {
  type IpConfig,
  type IpRestriction,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordHistoryPolicy,
  type SessionPolicy,
} from '../api/securityPolicies';
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

const BASE = '/identity/resources/configurations/v1';
const SESSIONS = '/identity/resources/configurations/sessions/v1';
const VENDOR_CREATED = '2024-01-01T00:00:00.000Z';

/** The built-in defaults, as the server's (nothing enforced; spec 001 §9 demo numbers). */
const DEFAULTS = {
  mfa: { enforceMFAType: 'DontForce' },
  lockout: { enabled: false, maxAttempts: 5 },
  'password-history': { enabled: false, historySize: 1 },
} as const;
const DEFAULT_SESSIONS: SessionPolicy = {
  sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
  sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
  sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
};
type Kind = keyof typeof DEFAULTS;
type Stored = (MfaPolicy | LockoutPolicy | PasswordHistoryPolicy) & { id: string };

export interface DemoSecurityPolicies {
  domainConfig?: { active: boolean; listType: 'ALLOW' | 'BLOCK'; blockPublicDomains: boolean };
  domains?: Array<{ id: string; domain: string; type: 'ALLOW' | 'BLOCK' }>;
  policies?: Partial<Record<Kind, Stored>>;
  sessions?: SessionPolicy;
  ipConfig?: IpConfig;
  ips?: IpRestriction[];
}

const vendorPolicy = (kind: Kind) => ({
  ...DEFAULTS[kind],
  id: `vendor-${kind}-policy`,
  createdAt: VENDOR_CREATED,
  updatedAt: VENDOR_CREATED,
});

// Bodies and queries passed the contract's schemas (core/contract/requests-security.ts).

const IP_PATH = `${BASE}/restrictions/ip`;
/** An IPv4 or IPv6 address with an optional prefix (the server parses with node:net; the demo checks the shape). */
const IP_OR_RANGE =
  /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?|[0-9a-f]*:[0-9a-f:]*(\/(12[0-8]|1[01]\d|\d?\d))?)$/i;

/** The IP restriction paths (server/routes/security-policies.ts); demo mode knows no client address. */
function handleIp(
  mine: DemoSecurityPolicies,
  method: string,
  rest: string,
  body: Json,
  query: Record<string, string>,
  checks: { read: () => Answer | null; write: () => Answer | null; stamp: string; id: () => string },
): Answer | null {
  const config = mine.ipConfig ?? { isActive: false, strategy: 'ALLOW' };
  const entries = (mine.ips ??= []);
  if (method === 'GET' && rest === '') {
    const limit = Number(query._limit ?? 10);
    const page = Number(query._offset ?? 0);
    const strategy = query._filter ?? 'ALLOW';
    const listed = entries.filter((e) => !strategy || e.strategy === strategy);
    return (
      checks.read() ??
      ok({
        items: listed.slice(page * limit, page * limit + limit),
        _metadata: { totalItems: listed.length, totalPages: Math.ceil(listed.length / limit) },
      })
    );
  }
  if (method === 'GET' && rest === '/config') return checks.read() ?? ok(config);
  if (method === 'POST' && rest === '/config') {
    const problem = checks.write();
    if (problem) return problem;
    mine.ipConfig = { ...config, ...(body as Partial<IpConfig>) };
    return ok(mine.ipConfig, true);
  }
  if (method === 'POST' && (rest === '' || rest === '/bulk')) {
    const given = rest === '' ? [body] : (body.ips as Json[]);
    const problem =
      checks.write() ??
      ((bad) => (bad ? fail('IP_INVALID', { value: String(bad.ip).slice(0, 64) }) : null))(
        given.find((e) => !IP_OR_RANGE.test(String(e.ip).trim())),
      );
    if (problem) return problem;
    for (const e of given) {
      const ip = String(e.ip).trim().toLowerCase();
      const strategy = (e.strategy as IpRestriction['strategy'] | undefined) ?? 'ALLOW';
      const existing = entries.find((x) => x.ip === ip && x.strategy === strategy);
      const fields = {
        isActive: (e.isActive as boolean | undefined) ?? true,
        ...(typeof e.description === 'string' && e.description.trim()
          ? { description: e.description.trim() }
          : {}),
        updatedAt: checks.stamp,
      };
      if (existing) Object.assign(existing, fields);
      else entries.unshift({ id: checks.id(), ip, strategy, createdAt: checks.stamp, ...fields });
    }
    return { status: 201, body: {}, save: true };
  }
  const deleted = /^\/([^/]+)$/.exec(rest);
  if (method === 'DELETE' && deleted) {
    const problem = checks.write();
    if (problem) return problem;
    const index = entries.findIndex((e) => e.id === decodeURIComponent(deleted[1]!));
    if (index < 0) return fail('IP_RESTRICTION_NOT_FOUND');
    entries.splice(index, 1);
    return ok({}, true);
  }
  // Demo mode has no client address: like the server without one, refused while a config is on.
  if (method === 'POST' && rest === '/verify') return checks.read() ?? ok({ valid: !config.isActive });
  if (method === 'POST' && rest === '/verify/allow') return checks.read() ?? ok({ valid: false });
  return null;
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

const DOMAIN_PATH = '/identity/resources/configurations/restrictions/v1/email-domain';
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The email-domain restriction paths (server/routes/security-policies.ts); demo mode stores them. */
function handleDomains(
  mine: DemoSecurityPolicies,
  method: string,
  rest: string,
  body: Json,
  checks: { read: () => Answer | null; write: () => Answer | null; id: () => string },
): Answer | null {
  const config = mine.domainConfig ?? {
    active: false,
    listType: 'ALLOW' as const,
    blockPublicDomains: false,
  };
  const domains = (mine.domains ??= []);
  if (method === 'GET' && rest === '') return checks.read() ?? ok({ items: domains });
  if (method === 'GET' && rest === '/config') return checks.read() ?? ok(config);
  if (method === 'POST' && rest === '/config') {
    const problem = checks.write();
    if (problem) return problem;
    mine.domainConfig = {
      active: body.active as boolean,
      listType: (body.type as 'ALLOW' | 'BLOCK' | undefined) ?? config.listType,
      blockPublicDomains: (body.blockPublicDomains as boolean | undefined) ?? config.blockPublicDomains,
    };
    return ok(mine.domainConfig, true);
  }
  if (method === 'POST' && rest === '') {
    const problem = checks.write();
    if (problem) return problem;
    const domain = String(body.domain).trim().toLowerCase().replace(/\.$/, '');
    if (!DOMAIN_NAME.test(domain)) return fail('DOMAIN_INVALID', { value: String(body.domain).slice(0, 64) });
    const type = body.type as 'ALLOW' | 'BLOCK';
    const existing = domains.find((d) => d.domain === domain && d.type === type);
    const saved = existing ?? { id: checks.id(), domain, type };
    if (!existing) domains.push(saved);
    return { status: 201, body: saved, save: true };
  }
  const deleted = /^\/([^/]+)$/.exec(rest);
  if (method === 'DELETE' && deleted) {
    const problem = checks.write();
    if (problem) return problem;
    const index = domains.findIndex((d) => d.id === decodeURIComponent(deleted[1]!));
    if (index < 0) return fail('DOMAIN_RESTRICTION_NOT_FOUND');
    domains.splice(index, 1);
    return ok({}, true);
  }
  return null;
}

const PATHS: Record<string, Kind> = {
  'mfa-policy': 'mfa',
  'lockout-policy': 'lockout',
  'password-history-policy': 'password-history',
};

/** Answers the security-policy paths for a signed-in `user` holding `held`; null for other paths. */
export function handleDemoSecurityPolicies(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json; query?: Record<string, string> },
  now: () => number,
): Answer | null {
  const { method, path, body } = request;
  const needs = (permission: string) =>
    holdsPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const read = () => needs('fe.secure.read.securityPolicy');
  const write = () => needs('fe.secure.write.securityPolicy');
  db.securityPolicies ??= {};
  const mine = (db.securityPolicies[user.tenantId] ??= {});

  if (path === SESSIONS) {
    if (method === 'GET') return read() ?? ok(mine.sessions ?? DEFAULT_SESSIONS);
    if (method !== 'POST') return null;
    const problem = write();
    if (problem) return problem;
    mine.sessions = { ...(mine.sessions ?? DEFAULT_SESSIONS), ...(body as Partial<SessionPolicy>) };
    return { status: 201, body: {}, save: true };
  }
  if (path === BASE && method === 'GET')
    return (
      read() ??
      ok({
        ...GLOBAL_POLICY,
        enforceMFAType: DEFAULTS.mfa.enforceMFAType,
        createdAt: VENDOR_CREATED,
        updatedAt: VENDOR_CREATED,
      })
    );
  if (path === DOMAIN_PATH || path.startsWith(`${DOMAIN_PATH}/`))
    return handleDomains(mine, method, path.slice(DOMAIN_PATH.length), body, {
      read,
      write,
      id: () => `domain-${now().toString(36)}-${(mine.domains?.length ?? 0).toString(36)}`,
    });
  if (path === IP_PATH || path.startsWith(`${IP_PATH}/`)) {
    let sequence = 0;
    return handleIp(mine, method, path.slice(IP_PATH.length), body, request.query ?? {}, {
      read,
      write,
      stamp: new Date(now()).toISOString(),
      id: () => `ip-${now().toString(36)}-${(sequence += 1)}-${(mine.ips?.length ?? 0).toString(36)}`,
    });
  }
  if (!path.startsWith(`${BASE}/`)) return null;
  const [name, vendor, ...rest] = path.slice(BASE.length + 1).split('/');
  const kind = PATHS[name ?? ''];
  if (!kind || rest.length || (vendor !== undefined && vendor !== 'vendor')) return null;
  if (method === 'GET')
    return read() ?? ok(vendor ? vendorPolicy(kind) : (mine.policies?.[kind] ?? vendorPolicy(kind)));
  if (vendor || (method !== 'POST' && method !== 'PATCH')) return null;
  const problem = write();
  if (problem) return problem;
  const stamp = new Date(now()).toISOString();
  const existing = mine.policies?.[kind];
  const { id: _sent, ...fields } = body;
  const saved = {
    ...(existing ?? vendorPolicy(kind)),
    ...fields,
    id: existing?.id ?? `${kind}-policy-${user.tenantId}`,
    createdAt: existing?.createdAt ?? stamp,
    updatedAt: stamp,
  } as Stored;
  mine.policies = { ...mine.policies, [kind]: saved };
  return ok(saved, true);
}
