/**
 * Account activation (spec 000 §4 "Activation", §7: GET /activate/strategy, POST /activate, POST
 * /activate/reset), written once for the server and demo mode (core/domain/handlers.ts). A user who
 * signed up while the vendor requires activation gets a link; following it proves the email
 * address, sets a password when the account has none yet, and signs the user in. The client SDK's
 * activation page also takes the invitation link of a new invitee (an account the invitation
 * created: no password, address not proven), accepted by the invitation's rules.
 *
 * What differs between the backends is a port: the users and one-time links (SQL, or the demo's
 * stored data), hashing the password, the email's delivery (SMTP or the server's outbox, the demo's
 * outbox), and the session the activation opens (the server's refresh cookie, the demo's session).
 */
import { contractError } from '../contract/errors';
import { activationAddress } from './account-links';
import { answer, type PublicHandlers } from './handlers';
import { acceptInvitation, type AcceptancePorts } from './invitations';
import type { OneTimeTokens } from './one-time-tokens';
import type { PasswordFlowPorts } from './password-flows';

/** A user as activation reads them. */
export interface ActivationUser {
  id: string;
  email: string;
  /** The address is proven (the account is active). */
  verified: boolean;
  hasPassword: boolean;
}

/**
 * The ports: the password flows' sending limit, application address and password policy
 * (core/domain/password-flows.ts), and what activation adds.
 */
export interface ActivationPorts extends Pick<
  PasswordFlowPorts,
  'countSend' | 'appUrl' | 'newPasswordProblem'
> {
  activationUser(id: string): Promise<ActivationUser | null>;
  activationUserByEmail(email: string): Promise<ActivationUser | null>;
  /** The one-time links (core/domain/one-time-tokens.ts): a new activation link (older ones stop working), whether one is live, its use. */
  secrets: Pick<OneTimeTokens, 'issue' | 'findLiveLink' | 'consumeLink'>;
  /** Emails the link; a failed delivery does not change the answer (it must not tell who has an account). */
  sendActivationEmail(user: ActivationUser, link: string): Promise<void>;
  /** Proves the user's address and, when given, stores `password` (hashed on the server). */
  activate(userId: string, password: string | null): Promise<void>;
  /** The invitations' acceptance (a new invitee's invitation link activates too). */
  acceptance: AcceptancePorts;
  /** Refuses a page the server does not trust (activation signs in). */
  checkOrigin(): void;
  /** Signs the user in: the answer (an AuthResponse), with the session's cookie on the server. */
  startSession(userId: string): Promise<unknown>;
}

type P = ActivationPorts;

/** Emails a fresh activation link to `user` (older links stop working). */
export async function sendActivation(p: P, user: ActivationUser): Promise<void> {
  const link = activationAddress(
    p.appUrl(),
    user.id,
    await p.secrets.issue({ purpose: 'activation', userId: user.id, kind: 'link' }),
  );
  await p.sendActivationEmail(user, link);
}

/** Whether the link is the live invitation link of a new invitee (no password, not active). */
async function isInviteeLink(p: P, user: ActivationUser, token: string): Promise<boolean> {
  return !user.verified && !user.hasPassword && (await p.acceptance.live(user.id, token)) !== null;
}

/** Whether activating needs a password; 400 for a link that is not live. */
async function activationStrategy(p: P, userId: string, token: string) {
  const user = await p.activationUser(userId);
  if (user && !user.verified && (await p.secrets.findLiveLink('activation', token, user.id)))
    return { shouldSetPassword: !user.hasPassword };
  if (user && (await isInviteeLink(p, user, token))) return { shouldSetPassword: true };
  throw contractError('ACTIVATION_LINK_INVALID');
}

/**
 * Activates the account and signs the user in. The password (when one must be set) is checked
 * before the link is used, so a rejected password does not cost the user their link.
 */
async function activateAccount(p: P, input: { userId: string; token: string; password: string | null }) {
  const user = await p.activationUser(input.userId);
  if (!user || user.verified) throw contractError('ACTIVATION_LINK_INVALID');
  // A new invitee's invitation link: accepting it (with the password, always asked for) is the
  // activation; then the invitee is signed in, into the account that invited them.
  if (
    !(await p.secrets.findLiveLink('activation', input.token, user.id)) &&
    (await isInviteeLink(p, user, input.token))
  ) {
    await acceptInvitation(p.acceptance, input, false);
    return p.startSession(user.id);
  }
  if (!user.hasPassword) {
    if (!input.password) throw contractError('PASSWORD_REQUIRED');
    const problem = await p.newPasswordProblem(input.password);
    if (problem) throw problem;
  }
  if (!(await p.secrets.consumeLink('activation', input.token, user.id)))
    throw contractError('ACTIVATION_LINK_INVALID');
  await p.activate(user.id, user.hasPassword ? null : input.password);
  return p.startSession(user.id);
}

/**
 * Sends a new activation link when the address has an account that is not active yet. Every
 * request counts against the email's sending limit, known or not.
 */
async function resendActivation(p: P, email: string): Promise<void> {
  await p.countSend(email);
  const user = await p.activationUserByEmail(email);
  if (user && !user.verified) await sendActivation(p, user);
}

const text = (value: unknown) => value as string;

export const ACTIVATION_HANDLERS: PublicHandlers<P> = {
  getUsersActivateStrategy: async (p, { query }) =>
    answer(await activationStrategy(p, text(query.userId), text(query.token))),
  postUsersActivate: async (p, { body }) => {
    // Sets the refresh cookie: the same cross-site check as sign-in.
    p.checkOrigin();
    const password = typeof body.password === 'string' && body.password ? body.password : null;
    return answer(await activateAccount(p, { userId: text(body.userId), token: text(body.token), password }));
  },
  // Always {}: the answer must not tell whether the email has an account waiting for activation.
  postUsersActivateReset: async (p, { body }) => {
    await resendActivation(p, text(body.email));
    return answer({});
  },
};
