/**
 * The security centre of one account (issue 15): the facts read from the database, assessed by the
 * contract's rules (core/contract/securityCenter.ts, shared with the demo backend), and the
 * breached-password campaign (a reset email to every member whose password a sign-in found on the
 * breach list, domain/breached-passwords.ts).
 */
import {
  assessSecurity,
  INACTIVE_THRESHOLD_SECONDS,
  type SecurityCentre,
} from '../../core/contract/securityCenter';
import { accountLink, resetPasswordEmail } from '../delivery/messages';
import { alertedStreams } from '../storage/audit-streams';
import type { Database } from '../storage/database';
import { sendQuietly, type FlowContext } from './account-flows';
import { countSend, isTooManyError } from './attempts';
import { domainConfig } from './email-domain-restrictions';
import { ipConfig } from './ip-restrictions';
import { issueOneTimeToken } from './one-time-tokens';
import { tenantMfaPolicy, tenantPolicy } from './security-policies';

/** A second factor (passkeys are a first factor), as the users list counts it (team-users.ts). */
const HAS_SECOND_FACTOR = 'EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey)';

/** Score, recommendations and insights of `tenantId`, from its members and policies now. */
export async function securityCentreOf(db: Database, tenantId: string): Promise<SecurityCentre> {
  const counts = (
    await db.query<{ total: number; enrolled: number; breached: number; inactive: number; never: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE ${HAS_SECOND_FACTOR})::int AS enrolled,
              count(*) FILTER (WHERE u.breached_password_at IS NOT NULL)::int AS breached,
              count(*) FILTER (WHERE u.last_login < now() - make_interval(secs => $2))::int AS inactive,
              count(*) FILTER (WHERE u.last_login IS NULL)::int AS never
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.tenant_id = $1`,
      [tenantId, INACTIVE_THRESHOLD_SECONDS],
    )
  ).rows[0]!;
  const listed = (
    await db.query<{ ips: number; domains: number; sso: boolean }>(
      `SELECT (SELECT count(*) FROM ip_restrictions WHERE tenant_id = $1)::int AS ips,
              (SELECT count(*) FROM email_domain_restrictions WHERE tenant_id = $1)::int AS domains,
              (EXISTS (SELECT 1 FROM sso_configurations WHERE tenant_id = $1 AND active)
               OR EXISTS (SELECT 1 FROM saml_configurations WHERE tenant_id = $1 AND active)) AS sso`,
      [tenantId],
    )
  ).rows[0]!;
  const [mfa, lockout, history, sessions, ip, domains] = await Promise.all([
    tenantMfaPolicy(db, tenantId),
    tenantPolicy(db, 'lockout', tenantId),
    tenantPolicy(db, 'password-history', tenantId),
    tenantPolicy(db, 'sessions', tenantId),
    ipConfig(db, tenantId),
    domainConfig(db, tenantId),
  ]);
  const centre = assessSecurity({
    totalUsers: counts.total,
    mfaEnrolledUsers: counts.enrolled,
    breachedPasswordUsers: counts.breached,
    // core/contract/securityCenter.ts isInactiveMember: never signed in is not inactive.
    inactiveUsers: counts.inactive,
    neverSignedInUsers: counts.never,
    enforceMFAType: mfa.enforceMFAType,
    lockout,
    passwordHistory: history,
    sessions,
    ip: { ...ip, count: listed.ips },
    domains: { active: domains.active, listType: domains.listType, count: listed.domains },
    ssoConfigured: listed.sso,
  });
  // The audit streams' alert (domain/audit-stream-delivery.ts): first, and no change to the score.
  const failing = await alertedStreams(db, tenantId);
  if (failing.length)
    centre.recommendations.unshift({
      code: 'AUDIT_STREAM_FAILING',
      severity: 'SEVERE',
      category: 'AUDIT',
      metadata: { auditStreams: failing },
    });
  return centre;
}

/** What a campaign did: reset emails sent, and members skipped (their inbox's sending limit). */
interface CampaignResult {
  sent: number;
  skipped: number;
}

/**
 * Sends a password-reset link to every member of `tenantId` whose password is breached, through
 * the mail path of the forgotten-password flow (the same link, `/account/reset-password`). Each
 * email counts against its address's sending limit (attempts.ts `countSend`): a member who already
 * got MAX_SENDS_PER_EMAIL links in the window is skipped, so repeated campaigns cannot flood an
 * inbox. Resetting the password clears the verdict (users.ts `updatePasswordHash`).
 */
export async function sendBreachedPasswordResets(
  ctx: FlowContext,
  tenantId: string,
  log: (message: string) => void,
): Promise<CampaignResult> {
  const { rows } = await ctx.db.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND u.breached_password_at IS NOT NULL
      ORDER BY u.id`,
    [tenantId],
  );
  const result: CampaignResult = { sent: 0, skipped: 0 };
  for (const user of rows) {
    try {
      await countSend(ctx.db, user.email);
    } catch (error) {
      if (!isTooManyError(error)) throw error;
      result.skipped += 1;
      continue;
    }
    const token = await issueOneTimeToken(ctx.db, {
      purpose: 'resetPassword',
      userId: user.id,
      kind: 'link',
    });
    const link = accountLink(ctx.options.appUrl, '/account/reset-password', { userId: user.id, token });
    await sendQuietly(() => ctx.delivery.sendEmail(resetPasswordEmail(user.email, link)), log);
    result.sent += 1;
  }
  return result;
}
