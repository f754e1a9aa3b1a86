/**
 * The security centre of one account (issue 15, spec 001 §3 "Security centre"), over ports: the
 * facts (its members, its policies in force, its restrictions, whether it signs in with SSO, its
 * failing audit streams) assessed by the contract's rules (core/contract/securityCenter.ts
 * `assessSecurity`), and the breached-password campaign. Every fact is read over the tables port,
 * once for both backends; the policies with the rules of core/domain/security-policies.ts, so their
 * defaults are written once. The campaign's mail is the forgotten-password flow's (demo mode's
 * outbox), counted toward the account's limit.
 *
 * On the client SDK's paths (`@frontegg/rest-api` 3.1.18 `securityCenter` and
 * `users.sendResetBreachedPasswordEmails`; spec 001 §7 "Security centre: GET recommendations; GET
 * insights; ... bulk breached-password reset emails"):
 * - GET /security-center/resources/recommendations/v1: `{ scoring: { score }, recommendations: { items } }`;
 * - GET /security-center/resources/insights/v1: `{ insights: { items } }`;
 *   both computed on each call from the caller's active account, and both need
 *   fe.secure.read.securityPolicy (choice: spec 001 §6 names no permission of its own, and the
 *   centre reports on the account's security policies).
 * - POST /identity/resources/users/v1/passwords/breached/reset/bulk: a reset email to every member
 *   whose password is breached; fe.secure.write.users (it acts on members); 3 campaigns an account
 *   per 15 minutes (429 beyond); answers `{ sent, skipped }` (the client reads nothing).
 * The tables of the page are users v3 with the presets BREACHED_PASSWORDS, MFA_UNENROLLED and
 * INACTIVE (core/domain/team-users.ts). The flag `security-center-admin-portal` gates the
 * portal's page (core/portal/pages.ts), not these calls: the data is the account's own, read with
 * its permission.
 */
import { tooManyError } from '../contract/errors';
import { quietly, secretsOn } from './account-flow-ports';
import { resetPasswordAddress } from './account-links';
import { assessSecurity, INACTIVE_THRESHOLD_SECONDS, type SecurityCentre } from '../contract/securityCenter';
import { sendAllowed, takeSlot, type AttemptCounters } from './attempts';
import { auditStreamsTable } from './audit-streams';
import { answer, type AreaHandlers } from './handlers';
import { MEMBERSHIPS } from './membership-tables';
import { MFA_DEVICES } from './mfa-store';
import type { PortsFor } from './platform';
import { domainConfig, ipConfig, policyInForce, type SecurityPolicyPorts } from './security-policies';
import { securityPolicyRepositories } from './security-policy-storage';
import { OIDC_CONNECTIONS, SAML_CONNECTIONS } from './sso-repository';
import { before, inRows, not, stamp, type RowClock, type Tables, type Where } from './tables';
import { USERS, type UserRow } from './user-tables';

/** What the centre counts among an account's members. */
interface MemberFacts {
  totalUsers: number;
  /** With a second factor (a passkey alone is not one). */
  mfaEnrolledUsers: number;
  breachedPasswordUsers: number;
  /**
   * Signed in, but not for INACTIVE_THRESHOLD_SECONDS (spec 001 §9's inactive member). One who never
   * signed in (invited, provisioned by SCIM, created minutes ago) is not inactive: they are their own
   * finding (`neverSignedInUsers`).
   */
  inactiveUsers: number;
  neverSignedInUsers: number;
}

interface SecurityCentrePorts {
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
 * The centre's counts among the account's members (their memberships, invitees too), one count
 * each; a second factor is an MFA device other than a passkey (passkeys are a first factor), as
 * the users list counts it.
 */
function memberFacts(tables: Tables, { now }: RowClock): SecurityCentrePorts['members'] {
  const members = (tenantId: string, users: Where<UserRow>) =>
    tables.of(MEMBERSHIPS).count({ where: { tenantId, userId: inRows(USERS, 'id', users) } });
  return {
    async facts(tenantId) {
      const inactiveBefore = stamp(now() - INACTIVE_THRESHOLD_SECONDS * 1000);
      const [totalUsers, mfaEnrolledUsers, breachedPasswordUsers, inactiveUsers, neverSignedInUsers] =
        await Promise.all([
          tables.of(MEMBERSHIPS).count({ where: { tenantId } }),
          tables
            .of(MEMBERSHIPS)
            .count({ where: { tenantId, userId: inRows(MFA_DEVICES, 'userId', { passkey: false }) } }),
          members(tenantId, { breachedPasswordAt: not(null) }),
          members(tenantId, { lastLogin: before(inactiveBefore) }),
          members(tenantId, { lastLogin: null }),
        ]);
      return { totalUsers, mfaEnrolledUsers, breachedPasswordUsers, inactiveUsers, neverSignedInUsers };
    },
    breached: async (tenantId) =>
      (
        await tables.of(USERS).rows({
          where: { id: inRows(MEMBERSHIPS, 'userId', { tenantId }), breachedPasswordAt: not(null) },
          orderBy: [{ by: 'id' }],
        })
      ).map(({ id, email }) => ({ id, email })),
  };
}

/** Whether the account has an enabled SSO connection, SAML or OpenID Connect. */
async function ssoConfigured(tables: Tables, tenantId: string): Promise<boolean> {
  const [saml, oidc] = await Promise.all([
    tables.of(SAML_CONNECTIONS).count({ where: { tenantId, active: true }, limit: 1 }),
    tables.of(OIDC_CONNECTIONS).count({ where: { tenantId, active: true }, limit: 1 }),
  ]);
  return saml + oidc > 0;
}

/** The account's streams whose failures raised the alert (demo mode delivers nothing: none fails). */
const failingAuditStreams = async (tables: Tables, tenantId: string) =>
  (
    await tables.of(auditStreamsTable).rows({
      where: { tenantId, alertedAt: not(null), failingSince: not(null) },
      orderBy: [{ by: 'name' }, { by: 'id' }],
    })
  ).map((r) => ({ id: r.id, name: r.name, failingSince: r.failingSince! }));

/**
 * The centre's ports on a backend: the facts over its tables (the policies' repositories are the
 * security page's); the attempt counters are the platform's. A reset link
 * goes through the mail path of the forgotten-password flow; the rule counts it against its
 * address's sending limit first. Resetting the password clears the verdict.
 */
export const securityCentreAreaPorts: PortsFor<SecurityCentrePorts> = (platform) => ({
  policies: securityPolicyRepositories(platform.tables, platform.clock),
  members: memberFacts(platform.tables, platform.clock),
  ssoConfigured: (tenantId) => ssoConfigured(platform.tables, tenantId),
  failingAuditStreams: (tenantId) => failingAuditStreams(platform.tables, tenantId),
  async sendPasswordReset({ id: userId, email }) {
    const token = await secretsOn(platform).issue({ purpose: 'resetPassword', userId, kind: 'link' });
    const link = resetPasswordAddress(platform.appUrl(), userId, token);
    // A failed delivery is logged, not answered (no request here: the process's error output).
    const log = (message: string) => console.error(`security centre: ${message}`);
    await quietly(() => platform.sendEmail({ userId, email }, 'resetPassword', { link }), log);
  },
  counters: platform.attempts,
});

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
