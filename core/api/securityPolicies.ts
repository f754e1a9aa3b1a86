/**
 * The security page's policies (spec 001 §3 "Global security policy", "Lockout policy",
 * "Password-history policy", "MFA policy", "Session settings"; §5 "Policy save (MFA, lockout,
 * password history): PATCH if the object has an id, else POST"), on the client SDK's paths. Built
 * on the portal's client by the lazily loaded security page, so no other screen carries it.
 */
import type { HttpClient } from './http';

const CONFIGURATIONS_V1 = '/identity/resources/configurations/v1';
const SESSION_CONFIGURATIONS_V1 = '/identity/resources/configurations/sessions/v1';
const EMAIL_DOMAINS = '/identity/resources/configurations/restrictions/v1/email-domain';

/**
 * What each policy number may be, one table for the server's schemas, the demo backend and the
 * page: seconds for the timeouts (idle: a minute to 30 days; forced re-login: an hour to a year).
 */
export const POLICY_LIMITS = {
  maxAttempts: { min: 1, max: 50 },
  historySize: { min: 1, max: 10 },
  idleTimeoutSeconds: { min: 60, max: 2_592_000 },
  reloginSeconds: { min: 3600, max: 31_536_000 },
  maxSessions: { min: 1, max: 100 },
} as const;

/** Spec 001 §3 "enforceMFAType (e.g. DontForce)"; the client's EnforceMFAType. */
export const ENFORCE_MFA_TYPES = ['DontForce', 'Force', 'ForceExceptSAML'] as const;
export type EnforceMfaType = (typeof ENFORCE_MFA_TYPES)[number];

interface Saved {
  /** Present once saved (the account's own policy or the vendor's default it inherits). */
  id?: string;
  createdAt?: string;
  updatedAt?: string;
}
export interface MfaPolicy extends Saved {
  enforceMFAType: EnforceMfaType;
}
export interface LockoutPolicy extends Saved {
  enabled: boolean;
  maxAttempts: number;
}
export interface PasswordHistoryPolicy extends Saved {
  enabled: boolean;
  historySize: number;
}
interface Timeout {
  isActive: boolean;
  /** Seconds. */
  timeout: number;
}
/** Spec 001 §3 "Session settings: concurrent sessions (isActive, maxSessions); idle timeout; absolute timeout". */
export interface SessionPolicy {
  sessionTimeoutConfiguration: Timeout;
  sessionIdleTimeoutConfiguration: Timeout;
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
}

const IP_RESTRICTIONS = `${CONFIGURATIONS_V1}/restrictions/ip`;
export type IpStrategy = 'ALLOW' | 'BLOCK';
/** Spec 001 §3 "IP restriction: id, ip, isActive, strategy (ALLOW or BLOCK), description, createdAt, updatedAt". */
export interface IpRestriction {
  id: string;
  ip: string;
  strategy: IpStrategy;
  isActive: boolean;
  description?: string;
  createdAt: string;
  updatedAt: string;
}
/** Spec 001 §3 "Global IP config: isActive, strategy". */
export interface IpConfig {
  isActive: boolean;
  strategy: IpStrategy;
}
/** Spec 001 §9 "IP restrictions: page size 4 in the portal list". */
export const IP_PAGE_SIZE = 4;

/** PATCH when the policy has an id, else POST (spec 001 §5); the id is sent back as read. */
function save<T extends Saved>(http: HttpClient, path: string, policy: T): Promise<T> {
  const { createdAt: _created, updatedAt: _updated, ...body } = policy;
  return policy.id ? http.patch<T>(path, body) : http.post<T>(path, body);
}

/** Who may join the account by email domain (the client's DomainRestrictionConfig). */
export interface EmailDomainConfig {
  active: boolean;
  listType: IpStrategy;
  blockPublicDomains: boolean;
}
export interface EmailDomainRestriction {
  id: string;
  domain: string;
  type: IpStrategy;
}

/** Whether `value` looks like a domain name (the server parses it for real). */
export const looksLikeDomain = (value: string) =>
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i.test(value.trim());

export function createSecurityPoliciesApi(http: HttpClient) {
  return {
    mfa: () => http.get<MfaPolicy>(`${CONFIGURATIONS_V1}/mfa-policy`),
    saveMfa: (policy: MfaPolicy) => save(http, `${CONFIGURATIONS_V1}/mfa-policy`, policy),
    lockout: () => http.get<LockoutPolicy>(`${CONFIGURATIONS_V1}/lockout-policy`),
    saveLockout: (policy: LockoutPolicy) => save(http, `${CONFIGURATIONS_V1}/lockout-policy`, policy),
    passwordHistory: () => http.get<PasswordHistoryPolicy>(`${CONFIGURATIONS_V1}/password-history-policy`),
    savePasswordHistory: (policy: PasswordHistoryPolicy) =>
      save(http, `${CONFIGURATIONS_V1}/password-history-policy`, policy),
    sessions: () => http.get<SessionPolicy>(SESSION_CONFIGURATIONS_V1),
    saveSessions: (policy: Partial<SessionPolicy>) => http.post<unknown>(SESSION_CONFIGURATIONS_V1, policy),
    /** One page of a list (`page` is the page index the server's _offset takes). */
    ipRestrictions: (query: { page: number; pageSize: number; strategy: IpStrategy }) =>
      http.get<{ items: IpRestriction[]; _metadata: { totalItems: number; totalPages: number } }>(
        IP_RESTRICTIONS,
        { query: { _offset: String(query.page), _limit: String(query.pageSize), _filter: query.strategy } },
      ),
    ipConfig: () => http.get<IpConfig>(`${IP_RESTRICTIONS}/config`),
    saveIpConfig: (config: IpConfig) => http.post<IpConfig>(`${IP_RESTRICTIONS}/config`, config),
    addIp: (entry: { ip: string; strategy: IpStrategy; description?: string }) =>
      http.post<unknown>(IP_RESTRICTIONS, { ...entry, isActive: true }),
    deleteIp: (id: string) => http.delete<unknown>(`${IP_RESTRICTIONS}/${encodeURIComponent(id)}`),
    /** Whether the caller's own address may reach the account under the config in force. */
    verifyIp: () => http.post<{ valid: boolean }>(`${IP_RESTRICTIONS}/verify`),
    /** Whether the caller's own address is on the allow list. */
    verifyIpAllowed: () => http.post<{ valid: boolean }>(`${IP_RESTRICTIONS}/verify/allow`),
    /** The caller's address as the server sees it (metadata.getCurrentUserIpMetadata). */
    myIp: () => http.get<{ ip: string | null }>('/metadata/ipme'),
    domainConfig: () => http.get<EmailDomainConfig>(`${EMAIL_DOMAINS}/config`),
    saveDomainConfig: (config: EmailDomainConfig) =>
      http.post<EmailDomainConfig>(`${EMAIL_DOMAINS}/config`, {
        active: config.active,
        type: config.listType,
        blockPublicDomains: config.blockPublicDomains,
      }),
    domains: () => http.get<{ items: EmailDomainRestriction[] }>(EMAIL_DOMAINS),
    addDomain: (domain: string, type: IpStrategy) =>
      http.post<EmailDomainRestriction>(EMAIL_DOMAINS, { domain, type }),
    deleteDomain: (id: string) => http.delete<unknown>(`${EMAIL_DOMAINS}/${encodeURIComponent(id)}`),
  };
}
