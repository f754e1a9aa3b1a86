/**
 * Forgot password and reset password (spec 000 §7: POST /passwords/reset, /passwords/reset/verify).
 */
import { resetPasswordAddress } from '../../core/domain/account-links';
import { resetPasswordEmail } from '../delivery/messages';
import { assertNotLocked, attemptKeys, clearFailures, countSend, recordFailure } from './attempts';
import { contractError } from '../../core/contract/errors';
import { newPasswordProblem } from './password-rules';
import { consumeLink, issueOneTimeToken } from './one-time-tokens';
import { sendQuietly, type FlowContext } from './account-flows';
import { passwordReuseProblem } from './security-policies';
import { findUserByEmail, findUserById, updatePasswordHash } from './users';
import { emitEvent } from './connectivity';
import { localeOfRecipient } from '../storage/locales';

/**
 * Emails a reset link when the address has an account. The caller answers 200 either way, so the
 * endpoint does not tell who has an account. Every request counts against the email's sending
 * limit (`countSend`, known or not), so nobody can flood an inbox with reset links: 429 beyond it.
 */
export async function requestPasswordReset(
  ctx: FlowContext,
  email: string,
  log: (message: string) => void,
): Promise<void> {
  await countSend(ctx.db, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = await issueOneTimeToken(ctx.db, { purpose: 'resetPassword', userId: user.id, kind: 'link' });
  const link = resetPasswordAddress(ctx.options.appUrl, user.id, token);
  await sendQuietly(
    async () =>
      ctx.delivery.sendEmail(resetPasswordEmail(user.email, link, await localeOfRecipient(ctx.db, user.id))),
    log,
  );
}

/**
 * Sets a new password with a reset link. The policy is checked before the link is used, so a
 * too-short password does not cost the user their link. Every session of the user is revoked:
 * whoever knew the old password is signed out. Following the link proves the email address.
 */
export async function resetPassword(
  ctx: FlowContext,
  input: { userId: string; token: string; password: string },
): Promise<void> {
  const policyError = await newPasswordProblem(ctx.db, input.password);
  if (policyError) throw policyError;
  const user = await findUserById(ctx.db, input.userId);
  if (!user) throw contractError('RESET_LINK_INVALID');
  // The password-history policy, before the link is used: a refused password keeps the link.
  const reused = await passwordReuseProblem(ctx.db, ctx.hasher, user, input.password);
  if (reused) throw reused;
  const passwordHash = await ctx.hasher.hash(input.password);
  const used = await consumeLink(ctx.db, 'resetPassword', input.token, user.id);
  if (!used) throw contractError('RESET_LINK_INVALID');
  await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await tx.query('UPDATE users SET verified = true WHERE id = $1', [user.id]);
    await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'password reset' WHERE user_id = $1 AND revoked_at IS NULL`,
      [user.id],
    );
  });
  await emitEvent(ctx, user.active_tenant_id, 'user.passwordReset', { userId: user.id, email: user.email });
}

/**
 * A signed-in user changes their password (POST /users/v1/passwords/change `{ password, newPassword }`).
 * The current password is checked like a sign-in (a wrong one counts against the email's and the
 * IP's failure limit, and a locked account is refused with 429), then the policy and the breach
 * list. Every other session of the user is revoked (whoever knew the old password is signed out);
 * the session that asked stays signed in. An account without a password (social or SSO only) has
 * no current password to give: 400 like a wrong one.
 */
export async function changePassword(
  ctx: FlowContext,
  input: { userId: string; sessionId: string; password: string; newPassword: string; ip: string },
): Promise<void> {
  const user = await findUserById(ctx.db, input.userId);
  if (!user) throw contractError('UNAUTHORIZED');
  const keys = attemptKeys(user.email, input.ip);
  await assertNotLocked(ctx.db, keys);
  if (!(await ctx.hasher.verify(input.password, user.password_hash ?? null))) {
    await recordFailure(ctx.db, keys);
    throw contractError('PASSWORD_CURRENT_WRONG');
  }
  await clearFailures(ctx.db, user.email);
  if (input.password === input.newPassword) throw contractError('PASSWORD_UNCHANGED');
  const policyError =
    (await newPasswordProblem(ctx.db, input.newPassword)) ??
    (await passwordReuseProblem(ctx.db, ctx.hasher, user, input.newPassword));
  if (policyError) throw policyError;
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'password changed'
        WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
      [user.id, input.sessionId],
    );
  });
  await emitEvent(ctx, user.active_tenant_id, 'user.passwordChanged', { userId: user.id, email: user.email });
}
