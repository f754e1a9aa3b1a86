/**
 * The security centre's rules (issue 15, spec 001 §3 "Security centre"): from the facts of one
 * account (its users and its policies) to the score, the recommendations and the insights, in the
 * shapes of the client SDK (`@frontegg/rest-api` 3.1.18, security-center/interfaces.d.ts). One
 * function for the reference server and the demo backend, over the facts core/domain/security-center.ts
 * reads from either's tables, so both answer the same. The formula and the thresholds are written down in docs/admin-portal.md.
 */

export const SEVERITIES = ['SEVERE', 'WARNING', 'INFO'] as const;
type Severity = (typeof SEVERITIES)[number];
/** Spec 001 §3 "Categories: MFA, SESSIONS, PASSWORD, INACTIVITY, IP, DOMAIN, SSO". */
export const SECURITY_CATEGORIES = [
  'MFA',
  'SESSIONS',
  'PASSWORD',
  'INACTIVITY',
  'IP',
  'DOMAIN',
  'SSO',
  // Ours (docs/contract.md "Audit streams"): an audit stream that keeps failing.
  'AUDIT',
] as const;
export type SecurityCategory = (typeof SECURITY_CATEGORIES)[number];
/** Spec 001 §3 "Recommendation codes". */
export const RECOMMENDATION_CODES = [
  'FORCE_MFA',
  'BREACHED_PASSWORDS_EXIST',
  'ENABLE_USER_LOCKOUT',
  'STRENGTHEN_USER_LOCKOUT',
  'ENABLE_PASSWORD_HISTORY',
  'STRENGTHEN_PASSWORD_HISTORY',
  'ENABLE_FORCE_RELOGIN',
  'SET_FORCE_RELOGIN',
  'ENABLE_SESSION_CONCURRENCY',
  'SET_SESSION_CONCURRENCY',
  'ENABLE_IDLE_SESSION',
  'SET_IDLE_SESSION',
  'ENABLE_IP_RESTRICTIONS',
  'CHANGE_IP_TO_ALLOWLIST',
  'ENABLE_DOMAIN_RESTRICTIONS',
  'CHANGE_DOMAIN_TO_ALLOWLIST',
  'CONFIGURE_SSO',
  // Ours: an audit stream has failed to deliver for longer than its alert threshold.
  'AUDIT_STREAM_FAILING',
] as const;
type RecommendationCode = (typeof RECOMMENDATION_CODES)[number];
/** Spec 001 §3 "Insight codes". */
export const INSIGHT_CODES = [
  'MFA_FORCED',
  'PARTIALLY_FORCED_MFA',
  'PARTIAL_MFA_USAGE',
  'FULL_MFA_USAGE',
  'BREACHED_PASSWORD_USERS_EXIST',
  'IMPROVE_LOCKOUT_POLICY',
  'IMPROVE_PASSWORD_HISTORY_POLICY',
  'NO_SESSION_SETTINGS',
  'PARTIAL_SESSION_SETTINGS',
  'FULL_SESSION_SETTINGS',
  'NO_IP_RESTRICTIONS',
  'IP_ALLOWLIST',
  'IP_DENYLIST',
  'NO_DOMAIN_RESTRICTIONS',
  'DOMAIN_ALLOWLIST',
  'DOMAIN_DENYLIST',
  'FULL_PASSWORD_SETTINGS',
] as const;
export type InsightCode = (typeof INSIGHT_CODES)[number];
/** Spec 001 §3 "Action keys". */
type RecommendationActionKey =
  | 'SEND_RESET_BREACHED_PASSWORD_EMAIL'
  | 'ADJUST_FORCE_RELOGIN'
  | 'ADJUST_MAX_CONCURRENT_SESSIONS'
  | 'ADJUST_IDLE_TIMEOUT';

/** The client's BaseRecommendationMetadata. */
export interface SecurityMetadata {
  totalUsers?: number;
  mfa?: { enrolledUsersCount?: number };
  /** `neverSignedInUsersCount` is ours (docs/contract.md): members not counted as stale. */
  inactivity?: { staleUsersCount?: number; neverSignedInUsersCount?: number };
  password?: {
    breachedPasswordUsersCount?: number;
    historyRecommendations?: number;
    userLockoutRecommendation?: number;
  };
  sessions?: {
    configuredSessionSettings?: number;
    forceReloginRecommendation?: number;
    concurrencyRecommendation?: number;
    idleTimeoutRecommendation?: number;
  };
  restrictions?: { ipsCount?: number; domainsCount?: number };
  /** Ours: the failing audit streams (AUDIT_STREAM_FAILING). */
  auditStreams?: Array<{ id: string; name: string; failingSince: string }>;
}

export interface Recommendation {
  code: RecommendationCode;
  severity: Severity;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
  /** Spec 001 §3 "action keys": what the portal offers to act on it (absent when nothing). */
  actions?: Array<{ key: RecommendationActionKey }>;
}
export interface Insight {
  code: InsightCode;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
}
/** GET /security-center/resources/recommendations/v1 (the client's GetRecommendationsResponse). */
export interface RecommendationsAnswer {
  scoring: { score: number };
  recommendations: { items: Recommendation[] };
}
/** GET /security-center/resources/insights/v1 (the client's GetInsightsResponse). */
export interface InsightsAnswer {
  insights: { items: Insight[] };
}

/**
 * Spec 001 §9: "inactive users threshold 7776000 s (90 days)". An inactive member signed in before,
 * but not within it; one who never signed in is their own finding (`neverSignedIn`), not inactive
 * (core/domain/security-center.ts counts both, core/domain/team-users.ts lists them).
 */
export const INACTIVE_THRESHOLD_SECONDS = 7776000;
/** Spec 001 §9: "Security-centre tables page size 10, offset 0". */
export const SECURITY_CENTER_PAGE_SIZE = 10;

/**
 * What the centre recommends once a policy is on (choice; the spec gives no numbers): the lockout
 * default the security page offers (5 attempts), a history of 5 passwords, and spec 001 §9's
 * session numbers (idle 3600 s, 10 concurrent sessions, re-login within 7776000 s).
 */
const RECOMMENDED = {
  lockoutMaxAttempts: 5,
  historySize: 5,
  idleTimeoutSeconds: 3600,
  maxSessions: 10,
  reloginSeconds: 7776000,
} as const;

/** Points a recommendation takes off the score of 100, by severity (docs/admin-portal.md). */
const SEVERITY_PENALTY: Record<Severity, number> = { SEVERE: 15, WARNING: 6, INFO: 2 };
/** At most this many points for inactive users, in proportion to the share of the account's users. */
const INACTIVITY_PENALTY = 10;

interface Timeout {
  isActive: boolean;
  timeout: number;
}

/** The facts of one account the centre is computed from. */
interface SecurityFacts {
  totalUsers: number;
  /** Users with a second factor (a passkey alone is not one). */
  mfaEnrolledUsers: number;
  breachedPasswordUsers: number;
  /** Users who signed in before, but not for INACTIVE_THRESHOLD_SECONDS. */
  inactiveUsers: number;
  /** Users who never signed in: not inactive, and not part of the score. */
  neverSignedInUsers: number;
  enforceMFAType: string;
  lockout: { enabled: boolean; maxAttempts: number };
  passwordHistory: { enabled: boolean; historySize: number };
  sessions: {
    sessionTimeoutConfiguration: Timeout;
    sessionIdleTimeoutConfiguration: Timeout;
    sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
  };
  ip: { isActive: boolean; strategy: 'ALLOW' | 'BLOCK'; count: number };
  domains: { active: boolean; listType: 'ALLOW' | 'BLOCK'; count: number };
  ssoConfigured: boolean;
}

export interface SecurityCentre {
  score: number;
  recommendations: Recommendation[];
  insights: Insight[];
}

/** The score, recommendations and insights of one account (docs/admin-portal.md "Security centre"). */
export function assessSecurity(f: SecurityFacts): SecurityCentre {
  const recommendations: Recommendation[] = [];
  const insights: Insight[] = [];
  const recommend = (
    code: RecommendationCode,
    severity: Severity,
    category: SecurityCategory,
    metadata?: SecurityMetadata,
    action?: RecommendationActionKey,
  ) =>
    recommendations.push({
      code,
      severity,
      category,
      ...(metadata ? { metadata } : {}),
      ...(action ? { actions: [{ key: action }] } : {}),
    });
  const insight = (code: InsightCode, category: SecurityCategory, metadata?: SecurityMetadata) =>
    insights.push({ code, category, ...(metadata ? { metadata } : {}) });

  // MFA: the policy, then how many use a second factor.
  const usage = {
    totalUsers: f.totalUsers,
    mfa: { enrolledUsersCount: f.mfaEnrolledUsers },
    inactivity: { staleUsersCount: f.inactiveUsers, neverSignedInUsersCount: f.neverSignedInUsers },
  };
  if (f.enforceMFAType === 'Force') insight('MFA_FORCED', 'MFA', usage);
  else if (f.enforceMFAType === 'ForceExceptSAML') {
    insight('PARTIALLY_FORCED_MFA', 'MFA', usage);
    recommend('FORCE_MFA', 'WARNING', 'MFA', usage);
  } else recommend('FORCE_MFA', 'SEVERE', 'MFA', usage);
  const everyoneEnrolled = f.totalUsers > 0 && f.mfaEnrolledUsers >= f.totalUsers;
  insight(everyoneEnrolled ? 'FULL_MFA_USAGE' : 'PARTIAL_MFA_USAGE', 'MFA', usage);

  // Passwords: breached ones, lockout, history.
  const breached = { password: { breachedPasswordUsersCount: f.breachedPasswordUsers } };
  if (f.breachedPasswordUsers > 0) {
    recommend(
      'BREACHED_PASSWORDS_EXIST',
      'SEVERE',
      'PASSWORD',
      breached,
      'SEND_RESET_BREACHED_PASSWORD_EMAIL',
    );
    insight('BREACHED_PASSWORD_USERS_EXIST', 'PASSWORD', breached);
  }
  const lockoutGood = f.lockout.enabled && f.lockout.maxAttempts <= RECOMMENDED.lockoutMaxAttempts;
  const lockoutAdvice = { password: { userLockoutRecommendation: RECOMMENDED.lockoutMaxAttempts } };
  if (!f.lockout.enabled) recommend('ENABLE_USER_LOCKOUT', 'WARNING', 'PASSWORD', lockoutAdvice);
  else if (!lockoutGood) recommend('STRENGTHEN_USER_LOCKOUT', 'INFO', 'PASSWORD', lockoutAdvice);
  if (!lockoutGood) insight('IMPROVE_LOCKOUT_POLICY', 'PASSWORD', lockoutAdvice);
  const historyGood = f.passwordHistory.enabled && f.passwordHistory.historySize >= RECOMMENDED.historySize;
  const historyAdvice = { password: { historyRecommendations: RECOMMENDED.historySize } };
  if (!f.passwordHistory.enabled) recommend('ENABLE_PASSWORD_HISTORY', 'WARNING', 'PASSWORD', historyAdvice);
  else if (!historyGood) recommend('STRENGTHEN_PASSWORD_HISTORY', 'INFO', 'PASSWORD', historyAdvice);
  if (!historyGood) insight('IMPROVE_PASSWORD_HISTORY_POLICY', 'PASSWORD', historyAdvice);
  if (lockoutGood && historyGood && f.breachedPasswordUsers === 0)
    insight('FULL_PASSWORD_SETTINGS', 'PASSWORD');

  // Sessions: forced re-login, concurrency, idle timeout.
  const s = f.sessions;
  const relogin = s.sessionTimeoutConfiguration;
  const concurrent = s.sessionConcurrentConfiguration;
  const idle = s.sessionIdleTimeoutConfiguration;
  // Each setting: off is its ENABLE_ code, looser than recommended its SET_ code (INFO).
  const sessionRules = [
    [
      'FORCE_RELOGIN',
      relogin.isActive,
      relogin.timeout > RECOMMENDED.reloginSeconds,
      'WARNING',
      { forceReloginRecommendation: RECOMMENDED.reloginSeconds },
      'ADJUST_FORCE_RELOGIN',
    ],
    [
      'SESSION_CONCURRENCY',
      concurrent.isActive,
      concurrent.maxSessions > RECOMMENDED.maxSessions,
      'INFO',
      { concurrencyRecommendation: RECOMMENDED.maxSessions },
      'ADJUST_MAX_CONCURRENT_SESSIONS',
    ],
    [
      'IDLE_SESSION',
      idle.isActive,
      idle.timeout > RECOMMENDED.idleTimeoutSeconds,
      'WARNING',
      { idleTimeoutRecommendation: RECOMMENDED.idleTimeoutSeconds },
      'ADJUST_IDLE_TIMEOUT',
    ],
  ] as const;
  for (const [name, on, looser, offSeverity, advice, action] of sessionRules) {
    if (!on) recommend(`ENABLE_${name}`, offSeverity, 'SESSIONS', { sessions: advice }, action);
    else if (looser) recommend(`SET_${name}`, 'INFO', 'SESSIONS', { sessions: advice }, action);
  }
  const configured = [relogin.isActive, concurrent.isActive, idle.isActive].filter(Boolean).length;
  insight(
    configured === 0
      ? 'NO_SESSION_SETTINGS'
      : configured === 3
        ? 'FULL_SESSION_SETTINGS'
        : 'PARTIAL_SESSION_SETTINGS',
    'SESSIONS',
    { sessions: { configuredSessionSettings: configured } },
  );

  // IP and email-domain restrictions: an allow list is the stronger choice.
  const ips = { restrictions: { ipsCount: f.ip.count } };
  if (!f.ip.isActive) {
    recommend('ENABLE_IP_RESTRICTIONS', 'INFO', 'IP', ips);
    insight('NO_IP_RESTRICTIONS', 'IP', ips);
  } else if (f.ip.strategy === 'BLOCK') {
    recommend('CHANGE_IP_TO_ALLOWLIST', 'INFO', 'IP', ips);
    insight('IP_DENYLIST', 'IP', ips);
  } else insight('IP_ALLOWLIST', 'IP', ips);
  const domains = { restrictions: { domainsCount: f.domains.count } };
  if (!f.domains.active) {
    recommend('ENABLE_DOMAIN_RESTRICTIONS', 'INFO', 'DOMAIN', domains);
    insight('NO_DOMAIN_RESTRICTIONS', 'DOMAIN', domains);
  } else if (f.domains.listType === 'BLOCK') {
    recommend('CHANGE_DOMAIN_TO_ALLOWLIST', 'INFO', 'DOMAIN', domains);
    insight('DOMAIN_DENYLIST', 'DOMAIN', domains);
  } else insight('DOMAIN_ALLOWLIST', 'DOMAIN', domains);

  if (!f.ssoConfigured) recommend('CONFIGURE_SSO', 'INFO', 'SSO');

  const penalty =
    recommendations.reduce((sum, r) => sum + SEVERITY_PENALTY[r.severity], 0) +
    (f.totalUsers > 0 ? Math.round((INACTIVITY_PENALTY * f.inactiveUsers) / f.totalUsers) : 0);
  const order: Record<Severity, number> = { SEVERE: 0, WARNING: 1, INFO: 2 };
  recommendations.sort((a, b) => order[a.severity] - order[b.severity]);
  return { score: Math.max(0, Math.min(100, 100 - penalty)), recommendations, insights };
}
