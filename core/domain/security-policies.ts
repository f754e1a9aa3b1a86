/**
 * The security page's policies and restrictions (issue 15, spec 001 §3, §4 and §5): the rules,
 * written once over storage ports. The reference server runs them over PostgreSQL
 * (server/storage/security-policies.ts) and demo mode over the page's storage (both through
 * core/domain/security-policy-storage.ts); test/contract/security-policies.contract.test.ts drives both
 * through HTTP and core/domain/security-policies.test.ts drives both repositories directly.
 *
 * - Policies (MFA, lockout, password history, sessions): an account's own, else the vendor's default,
 *   else the built-in default below. Saving merges the changes over the policy in force, so a
 *   partial body keeps the rest, and tells the account's webhooks (`securityPolicy.changed`).
 * - IP restrictions: allow and block lists of addresses and CIDR ranges, and the account's config.
 *   While the config is active its strategy decides: ALLOW lets in only the addresses of active
 *   ALLOW entries, BLOCK refuses those of active BLOCK entries; with no client address known, the
 *   account is closed.
 * - Email-domain restrictions: allow or block lists of domains (a listed domain covers its
 *   subdomains) and the account's config; while active they decide who may join the account.
 *
 * Where the server enforces them (sign-in, refresh, every authenticated call, invitations):
 * server/domain/security-policies.ts and docs/admin-portal.md.
 */
import type { EnforceMfaType, IpConfig, IpRestriction, IpStrategy } from '../api/securityPolicies';
import { ipMatches, parseIpOrRange } from './ip-addresses';
import { contractError } from '../contract/errors';
import { userLockedRow, type AuditRow } from './audit';

export interface LockoutSettings {
  enabled: boolean;
  maxAttempts: number;
}
export interface PasswordHistorySettings {
  enabled: boolean;
  historySize: number;
}
interface Timeout {
  isActive: boolean;
  timeout: number;
}
export interface SessionSettings {
  sessionTimeoutConfiguration: Timeout;
  sessionIdleTimeoutConfiguration: Timeout;
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
}
export interface PolicySettings {
  mfa: { enforceMFAType: EnforceMfaType };
  lockout: LockoutSettings;
  'password-history': PasswordHistorySettings;
  sessions: SessionSettings;
}
export type PolicyKind = keyof PolicySettings;

/**
 * Built-in defaults: nothing enforced. The numbers are what the page offers when an administrator
 * turns a policy on (spec 001 §9 demo defaults: idle 3600 s, absolute 7,776,000 s, 10 sessions).
 */
export const POLICY_DEFAULTS: PolicySettings = {
  mfa: { enforceMFAType: 'DontForce' },
  lockout: { enabled: false, maxAttempts: 5 },
  'password-history': { enabled: false, historySize: 1 },
  sessions: {
    sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
    sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
    sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
  },
};

/**
 * Where the lockout policy's count and locks are kept: the server's statements (the count is one
 * UPDATE ... RETURNING, so racing failures all count), the demo's stored user.
 */
export interface LockoutPorts<U> {
  /**
   * The user's active account and the lockout policy in force there. For no user (an unknown
   * email) the same reads run against none: a refused sign-in costs both kinds of email the same.
   */
  policyOf(user: U | null): Promise<{ tenantId: string | null; policy: LockoutSettings }>;
  /** Counts one more failed sign-in in a row and answers the count (no user: the same write, no row). */
  countFailure(user: U | null): Promise<number>;
  /** Locks the user; false when they were locked already. */
  lock(user: U): Promise<boolean>;
  /** Files the lock's audit row in that account. */
  record(user: U, tenantId: string | null, row: AuditRow): Promise<void>;
}

/**
 * The lockout rule: counts a failed password sign-in; `maxAttempts` failures in a row lock the user
 * when the lockout policy in force (their active account's) is on, and the lock is filed as
 * 'User locked'. Answers whether this failure locked them.
 */
export async function recordFailedSignIn<U extends { id: string }>(
  p: LockoutPorts<U>,
  user: U | null,
): Promise<boolean> {
  const { tenantId, policy } = await p.policyOf(user);
  const failures = await p.countFailure(user);
  if (!user || !policy.enabled || failures < policy.maxAttempts) return false;
  if (!(await p.lock(user))) return false;
  await p.record(user, tenantId, userLockedRow(user.id, failures, policy.maxAttempts));
  return true;
}

/**
 * Every sign-in method ends by opening a session: a user the lockout policy locked opens none, an
 * administrator's impersonation excepted (403 ACCOUNT_LOCKED).
 */
export function refuseLockedSession(locked: boolean, impersonated: boolean): void {
  if (locked && !impersonated) throw contractError('ACCOUNT_LOCKED');
}

type Stamp = Date | string;

/** A policy row as a repository keeps it. */
export interface StoredPolicy<K extends PolicyKind> {
  id: string;
  settings: Partial<PolicySettings[K]>;
  createdAt: Stamp;
  updatedAt: Stamp;
}

/** A policy as the client reads it: its fields, its id and times. */
export type PolicyDto<K extends PolicyKind> = PolicySettings[K] & {
  id: string;
  createdAt: Stamp;
  updatedAt: Stamp;
};

export interface PolicyRepository {
  /** The vendor's default of `kind`, stored with `settings` on first use (so its id is stable). */
  vendor<K extends PolicyKind>(kind: K, settings: PolicySettings[K]): Promise<StoredPolicy<K>>;
  /** The account's own policy of `kind`, or null when it never saved one. */
  ofAccount<K extends PolicyKind>(kind: K, tenantId: string): Promise<StoredPolicy<K> | null>;
  /** Creates or replaces the account's own policy of `kind`. */
  saveForAccount<K extends PolicyKind>(
    kind: K,
    tenantId: string,
    settings: PolicySettings[K],
  ): Promise<StoredPolicy<K>>;
}

export interface IpRestrictionRepository {
  config(tenantId: string): Promise<IpConfig | null>;
  saveConfig(tenantId: string, config: IpConfig): Promise<void>;
  /** One page of the account's entries, newest first, of one strategy or all. */
  page(
    tenantId: string,
    query: { offset: number; limit: number; strategy: IpStrategy | null },
  ): Promise<{ items: IpRestriction[]; total: number }>;
  /** Adds entries; an entry of the same address and strategy is updated instead. */
  upsert(tenantId: string, entries: IpEntry[]): Promise<void>;
  remove(tenantId: string, id: string): Promise<boolean>;
  /** The addresses and ranges of the account's active entries of `strategy`. */
  activeIps(tenantId: string, strategy: IpStrategy): Promise<string[]>;
}
export interface IpEntry {
  ip: string;
  strategy: IpStrategy;
  isActive: boolean;
  description: string | null;
}

export type DomainListType = 'ALLOW' | 'BLOCK';
export interface DomainConfig {
  active: boolean;
  listType: DomainListType;
  blockPublicDomains: boolean;
}
export interface DomainRestriction {
  id: string;
  domain: string;
  type: DomainListType;
}
export interface DomainRestrictionRepository {
  config(tenantId: string): Promise<DomainConfig | null>;
  saveConfig(tenantId: string, config: DomainConfig): Promise<void>;
  list(tenantId: string): Promise<DomainRestriction[]>;
  /** Adds `domain` to the `type` list; the existing entry when it is there already. */
  add(tenantId: string, domain: string, type: DomainListType): Promise<DomainRestriction>;
  remove(tenantId: string, id: string): Promise<boolean>;
}

/** What the rules need of the world around them. */
export interface SecurityPolicyPorts {
  policies: PolicyRepository;
  ipRestrictions: IpRestrictionRepository;
  emailDomains: DomainRestrictionRepository;
  /** Tells the account's webhooks (the server's outbox; demo mode sends nothing). */
  emit(tenantId: string, type: 'securityPolicy.changed', data: Record<string, unknown>): Promise<void>;
}

// ------------------------------------------------------------------------------------ policies

function toDto<K extends PolicyKind>(kind: K, stored: StoredPolicy<K>): PolicyDto<K> {
  return {
    ...POLICY_DEFAULTS[kind],
    ...stored.settings,
    id: stored.id,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

/** The settings of a policy, without its id and times. */
function settingsOf<K extends PolicyKind>(kind: K, dto: PolicyDto<K>): PolicySettings[K] {
  const fields = Object.keys(POLICY_DEFAULTS[kind]) as Array<keyof PolicySettings[K]>;
  return Object.fromEntries(fields.map((field) => [field, dto[field]])) as unknown as PolicySettings[K];
}

/** The vendor's default of `kind`. */
export async function vendorPolicy<K extends PolicyKind>(
  ports: Pick<SecurityPolicyPorts, 'policies'>,
  kind: K,
): Promise<PolicyDto<K>> {
  return toDto(kind, await ports.policies.vendor(kind, POLICY_DEFAULTS[kind]));
}

/** The policy `tenantId` works under: its own, else the vendor's. */
export async function policyInForce<K extends PolicyKind>(
  ports: Pick<SecurityPolicyPorts, 'policies'>,
  kind: K,
  tenantId: string | null,
): Promise<PolicyDto<K>> {
  const own = tenantId ? await ports.policies.ofAccount(kind, tenantId) : null;
  return own ? toDto(kind, own) : vendorPolicy(ports, kind);
}

/**
 * Saves the account's own policy of `kind` (spec 001 §5: the client POSTs a policy without an id
 * and PATCHes one with an id; both land here, and the account is the caller's, whatever id the body
 * echoes). `changes` is merged over the policy in force; a field sent as undefined keeps its value.
 */
export async function savePolicy<K extends PolicyKind>(
  ports: SecurityPolicyPorts,
  kind: K,
  tenantId: string,
  changes: Partial<PolicySettings[K]>,
): Promise<PolicyDto<K>> {
  const current = settingsOf(kind, await policyInForce(ports, kind, tenantId));
  const given = Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => value !== undefined && field in current),
  );
  const settings = { ...current, ...given } as PolicySettings[K];
  const saved = await ports.policies.saveForAccount(kind, tenantId, settings);
  // The MFA change says what is now enforced (a receiver may act on members without a factor).
  const detail = 'enforceMFAType' in settings ? { enforceMFAType: settings.enforceMFAType } : {};
  await ports.emit(tenantId, 'securityPolicy.changed', { policy: kind, ...detail });
  return toDto(kind, saved);
}

/** The session policy as the client reads it (ISessionConfigurations: its three parts only). */
export async function sessionPolicy(
  ports: Pick<SecurityPolicyPorts, 'policies'>,
  tenantId: string,
): Promise<SessionSettings> {
  return settingsOf('sessions', await policyInForce(ports, 'sessions', tenantId));
}

// ----------------------------------------------------------------------------- IP restrictions

const IP_CONFIG_DEFAULT: IpConfig = { isActive: false, strategy: 'ALLOW' };

export async function ipConfig(ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>, tenantId: string) {
  return (await ports.ipRestrictions.config(tenantId)) ?? IP_CONFIG_DEFAULT;
}

export async function saveIpConfig(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string,
  changes: Partial<IpConfig>,
): Promise<IpConfig> {
  const current = await ipConfig(ports, tenantId);
  const next: IpConfig = {
    isActive: changes.isActive ?? current.isActive,
    strategy: changes.strategy ?? current.strategy,
  };
  await ports.ipRestrictions.saveConfig(tenantId, next);
  return next;
}

/**
 * One page of the account's entries (the contract's list query: `_offset` is a page index,
 * `_limit` its size, `_filter` a strategy, ALLOW when not given and all when empty).
 */
export async function listIpRestrictions(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string,
  query: { _offset?: string; _limit?: string; _filter?: string },
) {
  const limit = Number(query._limit ?? 10);
  const strategy = (query._filter ?? 'ALLOW') || null;
  const { items, total } = await ports.ipRestrictions.page(tenantId, {
    offset: Number(query._offset ?? 0) * limit,
    limit,
    strategy: strategy as IpStrategy | null,
  });
  return { items, _metadata: { totalItems: total, totalPages: Math.ceil(total / limit) } };
}

type GivenIp = { ip: string; strategy?: IpStrategy; isActive?: boolean; description?: string | null };

/** Adds entries, after refusing (400) the first address that is not an IP address or CIDR range. */
export async function addIpRestrictions(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string,
  given: GivenIp[],
): Promise<void> {
  const entries = given.map((entry): IpEntry => {
    const ip = parseIpOrRange(entry.ip);
    if (!ip) throw contractError('IP_INVALID', { value: entry.ip.slice(0, 64) });
    return {
      ip,
      strategy: entry.strategy ?? 'ALLOW',
      isActive: entry.isActive ?? true,
      description: entry.description?.trim() || null,
    };
  });
  await ports.ipRestrictions.upsert(tenantId, entries);
}

export async function removeIpRestriction(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string,
  id: string,
): Promise<void> {
  if (!(await ports.ipRestrictions.remove(tenantId, id))) throw contractError('IP_RESTRICTION_NOT_FOUND');
}

/** Whether `ip` matches an active entry of `strategy` (the page's "is my address on the list"). */
export async function ipListed(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string,
  ip: string | undefined,
  strategy: IpStrategy,
): Promise<boolean> {
  return !!ip && ipMatches(await ports.ipRestrictions.activeIps(tenantId, strategy), ip);
}

/**
 * Whether `ip` may reach an account under its IP config, given the addresses and ranges of the
 * config's strategy's active entries (see the header). The server's session guard reads both in the
 * query that reads the session (server/domain/security-policies.ts `enforceSessionPolicy`).
 */
export function ipPermits(config: IpConfig, entries: readonly string[], ip: string | undefined): boolean {
  if (!config.isActive) return true;
  if (!ip) return false;
  const listed = ipMatches(entries, ip);
  return config.strategy === 'ALLOW' ? listed : !listed;
}

/** Whether `ip` may reach `tenantId` under its IP restrictions. */
export async function ipAllowed(
  ports: Pick<SecurityPolicyPorts, 'ipRestrictions'>,
  tenantId: string | null,
  ip: string | undefined,
): Promise<boolean> {
  if (!tenantId) return true;
  const config = await ipConfig(ports, tenantId);
  if (!config.isActive) return true;
  return ipPermits(config, await ports.ipRestrictions.activeIps(tenantId, config.strategy), ip);
}

// ---------------------------------------------------------------------- email-domain restrictions

const DOMAIN_CONFIG_DEFAULT: DomainConfig = { active: false, listType: 'ALLOW', blockPublicDomains: false };
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain name as stored: lower case, no trailing dot; null when it is not one. */
export function parseDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN_NAME.test(domain) ? domain : null;
}

export async function domainConfig(ports: Pick<SecurityPolicyPorts, 'emailDomains'>, tenantId: string) {
  return (await ports.emailDomains.config(tenantId)) ?? DOMAIN_CONFIG_DEFAULT;
}

export async function saveDomainConfig(
  ports: Pick<SecurityPolicyPorts, 'emailDomains'>,
  tenantId: string,
  changes: { active: boolean; blockPublicDomains?: boolean; type?: DomainListType },
): Promise<DomainConfig> {
  const current = await domainConfig(ports, tenantId);
  const next: DomainConfig = {
    active: changes.active,
    listType: changes.type ?? current.listType,
    blockPublicDomains: changes.blockPublicDomains ?? current.blockPublicDomains,
  };
  await ports.emailDomains.saveConfig(tenantId, next);
  return next;
}

/** The account's listed domains, by domain then list. */
export async function listDomainRestrictions(
  ports: Pick<SecurityPolicyPorts, 'emailDomains'>,
  tenantId: string,
): Promise<DomainRestriction[]> {
  const listed = await ports.emailDomains.list(tenantId);
  return [...listed].sort(
    (a, b) => a.domain.localeCompare(b.domain, 'en') || a.type.localeCompare(b.type, 'en'),
  );
}

export async function addDomainRestriction(
  ports: Pick<SecurityPolicyPorts, 'emailDomains'>,
  tenantId: string,
  given: { domain: string; type: DomainListType },
): Promise<DomainRestriction> {
  const domain = parseDomain(given.domain);
  if (!domain) throw contractError('DOMAIN_INVALID', { value: given.domain.slice(0, 64) });
  return ports.emailDomains.add(tenantId, domain, given.type);
}

export async function removeDomainRestriction(
  ports: Pick<SecurityPolicyPorts, 'emailDomains'>,
  tenantId: string,
  id: string,
): Promise<void> {
  if (!(await ports.emailDomains.remove(tenantId, id))) throw contractError('DOMAIN_RESTRICTION_NOT_FOUND');
}

/** Whether `domain` is `listed` or a subdomain of it. */
const covers = (listed: string, domain: string) => domain === listed || domain.endsWith(`.${listed}`);

/**
 * Whether `email` may join `tenantId` under its email-domain restrictions; `isPublicDomain` says
 * whether a domain is a public email provider's (gmail.com, outlook.com …).
 */
export async function emailDomainAllowed(
  ports: Pick<SecurityPolicyPorts, 'emailDomains'>,
  tenantId: string,
  email: string,
  isPublicDomain: (domain: string) => boolean,
): Promise<boolean> {
  const config = await domainConfig(ports, tenantId);
  if (!config.active) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (config.blockPublicDomains && isPublicDomain(domain)) return false;
  const listed = (await ports.emailDomains.list(tenantId)).filter((r) => r.type === config.listType);
  const onList = listed.some((r) => covers(r.domain, domain));
  return config.listType === 'ALLOW' ? onList : !onList;
}
