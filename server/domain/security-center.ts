/**
 * The security centre on the server (issue 15): the rules are core/domain/security-center.ts (the
 * demo runs them too), over the facts of server/storage/security-center.ts and the policies'
 * repositories (core/domain/security-policy-storage.ts). Here: the campaign's mail (a reset email to every member whose
 * password a sign-in found on the breach list, domain/breached-passwords.ts).
 */
import { securityCentrePortsOver, type SecurityCentrePorts } from '../../core/domain/security-center';
import { resetPasswordAddress } from '../../core/domain/account-links';
import { resetPasswordEmail } from '../delivery/messages';
import { alertedStreams } from '../storage/audit-streams';
import { securityCentreFacts } from '../storage/security-center';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { sendQuietly, type FlowContext } from './account-flows';
import { attemptCounters } from '../storage/attempts';
import { issueOneTimeToken } from './one-time-tokens';
import { localeOfRecipient } from '../storage/locales';

/**
 * The centre's ports. A reset link goes through the mail path of the forgotten-password flow (the
 * same link, `/account/reset-password`); the rule counts it against its address's sending limit
 * first (core/domain/security-center.ts). Resetting the password clears the verdict
 * (users.ts `updatePasswordHash`).
 */
export function securityCentrePorts(ctx: FlowContext, log: (message: string) => void): SecurityCentrePorts {
  return securityCentrePortsOver(sqlTables(ctx.db), SERVER_ROW_CLOCK, {
    ...securityCentreFacts(ctx.db),
    failingAuditStreams: (tenantId) => alertedStreams(ctx.db, tenantId),
    counters: attemptCounters(ctx.db),
    async sendPasswordReset(user) {
      const token = await issueOneTimeToken(ctx.db, {
        purpose: 'resetPassword',
        userId: user.id,
        kind: 'link',
      });
      const link = resetPasswordAddress(ctx.options.appUrl, user.id, token);
      await sendQuietly(
        async () =>
          ctx.delivery.sendEmail(
            resetPasswordEmail(user.email, link, await localeOfRecipient(ctx.db, user.id)),
          ),
        log,
      );
    },
  });
}
