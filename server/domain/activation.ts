/**
 * The server's ports of account activation (the handlers: core/domain/activation-handlers.ts, the
 * same in demo mode): the users and one-time activation links in the database, argon2id, the email
 * in the recipient's language (SMTP or the outbox), the invitations' acceptance, and the session
 * the activation opens (its refresh cookie is set by the route, server/routes/activation.ts).
 */
import {
  sendActivation,
  type ActivationPorts,
  type ActivationUser,
} from '../../core/domain/activation-handlers';
import { activationEmail } from '../delivery/messages';
import { markActivated } from '../storage/activation';
import { localeOfRecipient } from '../storage/locales';
import { countSend } from './attempts';
import { sendQuietly, type FlowContext } from './account-flows';
import { acceptancePorts } from './invitations';
import { serverSecrets } from './one-time-tokens';
import { newPasswordProblem } from './password-rules';
import { updatePasswordHash } from './users';
import { findUserByEmail, findUserById, type UserRow } from '../storage/users';

/** What the ports know of one request: its log, its origin check, and how it signs a user in. */
interface ActivationRequest {
  log: (message: string) => void;
  checkOrigin(): void;
  startSession(user: UserRow): Promise<unknown>;
}

const activationUser = (row: UserRow | null): ActivationUser | null =>
  row && { id: row.id, email: row.email, verified: row.verified, hasPassword: !!row.passwordHash };

/** The ports for one request. */
export function activationPorts(ctx: FlowContext, request: ActivationRequest): ActivationPorts {
  const { db } = ctx;
  return {
    countSend: (email) => countSend(db, email),
    appUrl: () => ctx.options.appUrl,
    newPasswordProblem: (password) => newPasswordProblem(db, password),
    activationUser: async (id) => activationUser(await findUserById(db, id)),
    activationUserByEmail: async (email) => activationUser(await findUserByEmail(db, email)),
    secrets: serverSecrets(db),
    sendActivationEmail: (user, link) =>
      sendQuietly(
        async () =>
          ctx.delivery.sendEmail(activationEmail(user.email, link, await localeOfRecipient(db, user.id))),
        request.log,
      ),
    async activate(userId, password) {
      const passwordHash = password === null ? null : await ctx.hasher.hash(password);
      await db.transaction(async (tx) => {
        if (passwordHash) await updatePasswordHash(tx, userId, passwordHash);
        await markActivated(tx, userId);
      });
    },
    acceptance: acceptancePorts(ctx, request.log),
    checkOrigin: request.checkOrigin,
    async startSession(userId) {
      const user = await findUserById(db, userId);
      if (!user) throw new Error('the activated user is gone');
      return request.startSession(user);
    },
  };
}

/** Emails a fresh activation link to `user` (older links stop working): sign-up, an admin's resend. */
export async function sendActivationEmail(
  ctx: FlowContext,
  user: Pick<UserRow, 'id' | 'email'>,
  log: (message: string) => void,
): Promise<void> {
  const ports = activationPorts(ctx, {
    log,
    checkOrigin: () => {},
    startSession: () => Promise.reject(new Error('no session here')),
  });
  await sendActivation(ports, { id: user.id, email: user.email, verified: false, hasPassword: false });
}
