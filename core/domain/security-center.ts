/**
 * The security centre of one account (issue 15, spec 001 §3 "Security centre"), over ports: the
 * facts (its members, its policies in force, its restrictions, whether it signs in with SSO)
 * assessed by the contract's rules (core/contract/securityCenter.ts `assessSecurity`), and the
 * breached-password campaign. The policies are the security page's repositories (both backends,
 * `securityCentrePortsOver`); the server reads the other facts with SQL
 * (server/storage/security-center.ts), demo mode from its sample data (core/demo/securityCenter.ts). The policies are read with the rules of
 * core/domain/security-policies.ts, so their defaults are written once.
 */
import { tooManyError } from '../contract/errors';
import { assessSecurity, type SecurityCentre } from '../contract/securityCenter';
import { sendAllowed, takeSlot, type AttemptCounters } from './attempts';
import { answer, type AreaHandlers } from './handlers';
import { domainConfig, ipConfig, policyInForce, type SecurityPolicyPorts } from './security-policies';
import { securityPolicyRepositories } from './security-policy-storage';
import type { RowClock, Tables } from './tables';

/** What the centre counts among an account's members. */
export interface MemberFacts {
  totalUsers: number;
  /** With a second factor (a passkey alone is not one). */
  mfaEnrolledUsers: number;
  breachedPasswordUsers: number;
  /** Signed in, but not for INACTIVE_THRESHOLD_SECONDS (core/contract/securityCenter.ts isInactiveMember). */
  inactiveUsers: number;
  neverSignedInUsers: number;
}

export interface SecurityCentrePorts {
  policies: Omit<SecurityPolicyPorts, 'emit'>;
  members: {
    facts(tenantId: string): Promise<MemberFacts>;
    /** The members whose password a sign-in found on the breach list. */
    breached(tenantId: string): Promise<Array<{ id: string; email: string }>>;
  };
  /** Whether the account has an enabled SSO connection. */
  ssoConfigured(tenantId: string): Promise<boolean>;
  /** The account's audit streams whose failures raised the alert (server/domain/audit-stream-delivery.ts). */
  failingAuditStreams(tenantId: string): Promise<Array<{ id: string; name: string; failingSince: string }>>;
  /** Sends the member a password-reset link. */
  sendPasswordReset(member: { id: string; email: string }): Promise<void>;
  /** The attempt counters (core/domain/attempts.ts): the campaigns' and the sending limits'. */
  counters: AttemptCounters;
}

/**
 * The centre's ports: the policies' repositories over `tables` (the security page's), and what each
 * backend reads its own way (its members, SSO connections, audit streams) or does (the mail).
 */
export const securityCentrePortsOver = (
  tables: Tables,
  clock: RowClock,
  extras: Omit<SecurityCentrePorts, 'policies'>,
): SecurityCentrePorts => ({ policies: securityPolicyRepositories(tables, clock), ...extras });

/** Breached-password reset campaigns one account may start in one window (both backends). */
const CAMPAIGNS_PER_ACCOUNT = 3;

/** Score, recommendations and insights of `tenantId`, from its members and policies now. */
async function securityCentreOf(ports: SecurityCentrePorts, tenantId: string): Promise<SecurityCentre> {
  const p = ports.policies;
  const [members, mfa, lockout, passwordHistory, sessions, ip, ips, domains, listed, ssoConfigured, failing] =
    await Promise.all([
      ports.members.facts(tenantId),
      policyInForce(p, 'mfa', tenantId),
      policyInForce(p, 'lockout', tenantId),
      policyInForce(p, 'password-history', tenantId),
      policyInForce(p, 'sessions', tenantId),
      ipConfig(p, tenantId),
      p.ipRestrictions.page(tenantId, { offset: 0, limit: 1, strategy: null }),
      domainConfig(p, tenantId),
      p.emailDomains.list(tenantId),
      ports.ssoConfigured(tenantId),
      ports.failingAuditStreams(tenantId),
    ]);
  const centre = assessSecurity({
    ...members,
    enforceMFAType: mfa.enforceMFAType,
    lockout,
    passwordHistory,
    sessions,
    ip: { isActive: ip.isActive, strategy: ip.strategy, count: ips.total },
    domains: { active: domains.active, listType: domains.listType, count: listed.length },
    ssoConfigured,
  });
  // The audit streams' alert: first, and no change to the score.
  if (failing.length)
    centre.recommendations.unshift({
      code: 'AUDIT_STREAM_FAILING',
      severity: 'SEVERE',
      category: 'AUDIT',
      metadata: { auditStreams: failing },
    });
  return centre;
}

/** GET /security-center/resources/recommendations/v1. */
async function recommendations(ports: SecurityCentrePorts, tenantId: string) {
  const centre = await securityCentreOf(ports, tenantId);
  return { scoring: { score: centre.score }, recommendations: { items: centre.recommendations } };
}

/** GET /security-center/resources/insights/v1. */
async function insights(ports: SecurityCentrePorts, tenantId: string) {
  return { insights: { items: (await securityCentreOf(ports, tenantId)).insights } };
}

/**
 * The breached-password campaign: a reset link to every member whose password is breached, one
 * after the other; what was sent, and who was skipped.
 */
async function sendBreachedPasswordResets(
  ports: SecurityCentrePorts,
  tenantId: string,
): Promise<{ sent: number; skipped: number }> {
  const result = { sent: 0, skipped: 0 };
  for (const member of await ports.members.breached(tenantId)) {
    // The link counts against the address's sending limit, as a forgotten-password request's does: a
    // member who already got that many in the window is skipped, so campaigns cannot flood an inbox.
    if (!(await sendAllowed(ports.counters, member.email))) result.skipped += 1;
    else {
      await ports.sendPasswordReset(member);
      result.sent += 1;
    }
  }
  return result;
}

/**
 * The centre's routes (core/contract/routes/restrictions.ts, account.ts), written once for the
 * server and demo mode (core/domain/handlers.ts); each reads the caller's active account.
 */
export const SECURITY_CENTRE_HANDLERS: AreaHandlers<SecurityCentrePorts> = {
  getSecurityCenterRecommendations: async (p, { tenantId }) => answer(await recommendations(p, tenantId)),
  getSecurityCenterInsights: async (p, { tenantId }) => answer(await insights(p, tenantId)),
  postUsersPasswordsBreachedResetBulk: async (p, { tenantId }) => {
    // A campaign sends an email per member: CAMPAIGNS_PER_ACCOUNT in the sign-in limits' window, so an
    // administrator's repeated clicks (or a script) cannot turn the server into a mailer.
    const campaign = { key: `campaign:breached:${tenantId}`, limit: CAMPAIGNS_PER_ACCOUNT };
    const refusedFor = await takeSlot(p.counters, campaign);
    if (refusedFor !== null) throw tooManyError('TOO_MANY_CAMPAIGNS', refusedFor);
    return answer(await sendBreachedPasswordResets(p, tenantId));
  },
};
