/**
 * The server's ports of the password flows (core/domain/password-flows.ts: forgot password, reset
 * password, a signed-in user's change): the users and one-time links in the database, argon2id
 * (the hasher), the email and address limits, SMTP, the captcha policy and the webhook events.
 */
import type { FlowUser, PasswordFlowPorts } from '../../core/domain/password-flows';
import { resetPasswordEmail } from '../delivery/messages';
import { storeNewPassword } from '../storage/passwords';
import { localeOfRecipient } from '../storage/locales';
import { signInLimitsOf } from './attempts';
import { verifyCaptcha } from './captcha';
import { emitEvent } from './connectivity';
import { newPasswordProblem } from './password-rules';
import { serverSecrets } from './one-time-tokens';
import { sendQuietly, type FlowContext } from './account-flows';
import { passwordReuseProblem } from './security-policies';
import { updatePasswordHash } from './users';
import { findUserByEmail, findUserById, type UserRow } from '../storage/users';

/** What the ports know of one request: the client's address, the caller's session, the request's log. */
interface FlowRequest {
  ip: string;
  session: { id: string | null; impersonated: boolean };
  log: (message: string) => void;
}

/** The ports for one request. */
export function passwordFlowPorts(ctx: FlowContext, request: FlowRequest): PasswordFlowPorts {
  // The rows read for this request: the flows see a user's id, email and account; the hash stays here.
  const rows = new Map<string, UserRow>();
  const flowUser = (row: UserRow | null): FlowUser | null => {
    if (!row) return null;
    rows.set(row.id, row);
    return { id: row.id, email: row.email, activeTenantId: row.activeTenantId };
  };
  return {
    ...signInLimitsOf(ctx.db, request.ip),
    verifyCaptcha: (token, email) =>
      verifyCaptcha(ctx, { token: typeof token === 'string' ? token : null, email, ip: request.ip }),
    userByEmail: async (email) => flowUser(await findUserByEmail(ctx.db, email)),
    userById: async (id) => flowUser(await findUserById(ctx.db, id)),
    appUrl: () => ctx.options.appUrl,
    secrets: serverSecrets(ctx.db),
    sendResetEmail: (user, link) =>
      sendQuietly(
        async () =>
          ctx.delivery.sendEmail(
            resetPasswordEmail(user.email, link, await localeOfRecipient(ctx.db, user.id)),
          ),
        request.log,
      ),
    newPasswordProblem: (password) => newPasswordProblem(ctx.db, password),
    reuseProblem: (user, password) => passwordReuseProblem(ctx.db, ctx.hasher, rows.get(user.id)!, password),
    passwordMatches: (user, password) => ctx.hasher.verify(password, rows.get(user.id)?.passwordHash ?? null),
    async savePassword(userId, password, change) {
      const passwordHash = await ctx.hasher.hash(password);
      await ctx.db.transaction(async (tx) => {
        await updatePasswordHash(tx, userId, passwordHash);
        await storeNewPassword(tx, userId, change);
      });
    },
    emit: (tenantId, type, data) => emitEvent(ctx, tenantId, type, data),
    session: () => request.session,
  };
}
