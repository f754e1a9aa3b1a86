/**
 * Account activation (spec 000 §4 "Activation", §7: GET /activate/strategy, POST /activate,
 * POST /activate/reset). A user who signed up while the vendor requires activation gets a link;
 * following it proves the email address, sets a password when the account has none yet, and
 * signs the user in.
 */
import { activationAddress } from '../../core/domain/account-links';
import { activationEmail } from '../delivery/messages';
import { contractError } from '../../core/contract/errors';
import type { ClientInfo, SignedIn } from './auth';
import { countSend } from './attempts';
import { sendQuietly, type FlowContext } from './account-flows';
import { consumeLink, findLiveLink, issueOneTimeToken } from './one-time-tokens';
import { acceptInvitationAtActivation, invitationActivationStrategy } from './invitations';
import { newPasswordProblem } from './password-rules';
import { findUserByEmail, findUserById, updatePasswordHash, type UserRow } from './users';
import { localeOfRecipient } from '../storage/locales';

/** Emails a fresh activation link to `user` (older links stop working). */
export async function sendActivationEmail(
  ctx: FlowContext,
  user: Pick<UserRow, 'id' | 'email'>,
  log: (message: string) => void,
): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, { purpose: 'activation', userId: user.id, kind: 'link' });
  const link = activationAddress(ctx.options.appUrl, user.id, token);
  await sendQuietly(
    async () =>
      ctx.delivery.sendEmail(activationEmail(user.email, link, await localeOfRecipient(ctx.db, user.id))),
    log,
  );
}

/**
 * Whether activating needs a password (the account has none). The link is an activation link, or
 * the invitation link of a new invitee (never signed in): the client SDK's activation page takes
 * both. Throws 400 for a link that is not live.
 */
export async function activationStrategy(
  ctx: FlowContext,
  userId: string,
  token: string,
): Promise<{ shouldSetPassword: boolean }> {
  const user = await findUserById(ctx.db, userId);
  const live = user && !user.verified ? await findLiveLink(ctx.db, 'activation', token, user.id) : null;
  if (user && live) return { shouldSetPassword: !user.password_hash };
  const invited = await invitationActivationStrategy(ctx, userId, token);
  if (!invited) throw contractError('ACTIVATION_LINK_INVALID');
  return invited;
}

/**
 * Activates the account and signs the user in. The password (when one must be set) is checked
 * before the link is used, so a rejected password does not cost the user their link.
 */
export async function activateAccount(
  ctx: FlowContext,
  input: { userId: string; token: string; password?: string | null | undefined },
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await findUserById(ctx.db, input.userId);
  if (!user || user.verified) throw contractError('ACTIVATION_LINK_INVALID');
  // A new invitee's invitation link: accepting it (with the password when there is none) is the
  // activation; then the invitee is signed in, into the account that invited them.
  if (
    !(await findLiveLink(ctx.db, 'activation', input.token, user.id)) &&
    (await invitationActivationStrategy(ctx, user.id, input.token))
  ) {
    await acceptInvitationAtActivation(ctx, input);
    const joined = await findUserById(ctx.db, user.id);
    if (!joined) throw contractError('ACTIVATION_LINK_INVALID');
    return ctx.auth.startSession(joined, client);
  }
  let passwordHash: string | null = null;
  if (!user.password_hash) {
    if (!input.password) throw contractError('PASSWORD_REQUIRED');
    const problem = await newPasswordProblem(ctx.db, input.password);
    if (problem) throw problem;
    passwordHash = await ctx.hasher.hash(input.password);
  }
  const used = await consumeLink(ctx.db, 'activation', input.token, user.id);
  if (!used) throw contractError('ACTIVATION_LINK_INVALID');
  await ctx.db.transaction(async (tx) => {
    if (passwordHash) await updatePasswordHash(tx, user.id, passwordHash);
    await tx.query('UPDATE users SET verified = true, updated_at = now() WHERE id = $1', [user.id]);
  });
  return ctx.auth.startSession({ ...user, verified: true }, client);
}

/**
 * Sends a new activation link when the address has an account that is not active yet. Answers
 * nothing either way; every request counts against the email's sending limit (`countSend`).
 */
export async function resendActivation(
  ctx: FlowContext,
  email: string,
  log: (message: string) => void,
): Promise<void> {
  await countSend(ctx.db, email);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.verified) await sendActivationEmail(ctx, user, log);
}
