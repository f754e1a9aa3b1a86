/**
 * The security centre's campaign mail on the server (the rules, core/domain/security-center.ts,
 * are run by both backends over the platform): a reset email to a member whose password a sign-in
 * found on the breach list (domain/breached-passwords.ts).
 */
import { resetPasswordAddress } from '../../core/domain/account-links';
import { resetPasswordEmail } from '../delivery/messages';
import { sendQuietly, type FlowContext } from './account-flows';
import { issueOneTimeToken } from './one-time-tokens';
import { localeOfRecipient } from '../storage/locales';

/**
 * Mails `user` a reset link through the mail path of the forgotten-password flow (the same link,
 * `/account/reset-password`); a failed delivery is logged, not answered. Resetting the password
 * clears the verdict (users.ts `updatePasswordHash`).
 */
export async function sendBreachedPasswordReset(
  ctx: FlowContext,
  user: { id: string; email: string },
  log: (message: string) => void,
): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, { purpose: 'resetPassword', userId: user.id, kind: 'link' });
  const link = resetPasswordAddress(ctx.options.appUrl, user.id, token);
  await sendQuietly(
    async () =>
      ctx.delivery.sendEmail(resetPasswordEmail(user.email, link, await localeOfRecipient(ctx.db, user.id))),
    log,
  );
}
