/**
 * Forgot password, reset password and a signed-in user's password change (spec 000 §7: POST
 * /passwords/reset, /passwords/reset/verify, /passwords/change), written once for the server and
 * demo mode (core/domain/handlers.ts) over the ports of core/domain/account-flow-ports.ts (over
 * each backend's platform: SQL, argon2id and SMTP on the server, the page's storage, PBKDF2 and the
 * demo outbox in demo mode). The reset request always answers `{}`, so that it does not tell
 * whether the email has an account; the captcha policy applies to it (`recaptchaToken` is ours:
 * the client SDK's forgotPassword sends none).
 */
import { contractError, type ContractError } from '../contract/errors';
import { refuseWhileImpersonating } from './impersonation';
import { resetPasswordAddress } from './account-links';
import type { SignInLimits } from './attempts';
import type { OneTimeTokens } from './one-time-tokens';
import { answer, type AreaHandlers, type PublicHandlers } from './handlers';

/** A user as the flows read them. */
export interface FlowUser {
  id: string;
  email: string;
  activeTenantId: string | null;
}

/** With the sign-in limits of the email and address (core/domain/attempts.ts): a refusal (429), a failure, a success. */
export interface PasswordFlowPorts extends SignInLimits {
  /** The captcha policy's check of a public request (nothing when the policy is off). */
  verifyCaptcha(token: unknown, email: string): Promise<void>;
  userByEmail(email: string): Promise<FlowUser | null>;
  userById(id: string): Promise<FlowUser | null>;
  /** The application's address, where emailed links point. */
  appUrl(): string;
  /** The one-time links (core/domain/one-time-tokens.ts): a new reset link (older ones stop working), its use. */
  secrets: Pick<OneTimeTokens, 'issue' | 'consumeLink'>;
  /** Emails the reset link; a failed delivery does not change the answer (it must not tell who has an account). */
  sendResetEmail(user: FlowUser, link: string): Promise<void>;
  /** The password policy and the breach list. */
  newPasswordProblem(password: string): Promise<ContractError | null>;
  /** The password-history policy of the user's account. */
  reuseProblem(user: FlowUser, password: string): Promise<ContractError | null>;
  passwordMatches(user: FlowUser, password: string): Promise<boolean>;
  /**
   * Stores the new password; `verified` also marks the email proven. Every session of the user
   * ends but `keepSession` (whoever knew the old password is signed out), for `reason`.
   */
  savePassword(
    userId: string,
    password: string,
    change: { verified: boolean; keepSession: string | null; reason: string },
  ): Promise<void>;
  emit(tenantId: string | null, type: string, data: Record<string, unknown>): Promise<void>;
  /** The calling session (a signed-in call): its id, and whether an impersonator acts in it. */
  session(): { id: string | null; impersonated: boolean };
}

/**
 * Emails a reset link when the address has an account. The answer is the same either way, so the
 * endpoint does not tell who has an account; every request counts against the email's sending
 * limit, known or not, so nobody can flood an inbox with reset links.
 */
async function requestReset(p: PasswordFlowPorts, email: string): Promise<void> {
  await p.countSend(email);
  const user = await p.userByEmail(email);
  if (!user) return;
  const link = resetPasswordAddress(
    p.appUrl(),
    user.id,
    await p.secrets.issue({ purpose: 'resetPassword', userId: user.id, kind: 'link' }),
  );
  await p.sendResetEmail(user, link);
}

/**
 * Sets a new password with a reset link. The policies are checked before the link is used, so a
 * refused password does not cost the user their link; following the link proves the email.
 */
async function resetPassword(
  p: PasswordFlowPorts,
  input: { userId: string; token: string; password: string },
) {
  const policyError = await p.newPasswordProblem(input.password);
  if (policyError) throw policyError;
  const user = await p.userById(input.userId);
  if (!user) throw contractError('RESET_LINK_INVALID');
  const reused = await p.reuseProblem(user, input.password);
  if (reused) throw reused;
  if (!(await p.secrets.consumeLink('resetPassword', input.token, user.id)))
    throw contractError('RESET_LINK_INVALID');
  await p.savePassword(user.id, input.password, {
    verified: true,
    keepSession: null,
    reason: 'password reset',
  });
  await p.emit(user.activeTenantId, 'user.passwordReset', { userId: user.id, email: user.email });
}

/**
 * A signed-in user changes their password: the current one is checked like a sign-in (a wrong one
 * counts against the failure limit, a locked email is refused), then the policies. Every other
 * session ends; the one that asked stays. An account without a password (social or SSO only) has
 * no current password to give: refused like a wrong one. An impersonator may not.
 */
async function changePassword(
  p: PasswordFlowPorts,
  userId: string,
  input: { password: string; newPassword: string },
): Promise<void> {
  const session = p.session();
  refuseWhileImpersonating(session.impersonated);
  const user = await p.userById(userId);
  if (!user) throw contractError('UNAUTHORIZED');
  await p.assertNotLocked(user.email);
  if (!(await p.passwordMatches(user, input.password))) {
    await p.recordFailure(user.email);
    throw contractError('PASSWORD_CURRENT_WRONG');
  }
  await p.clearFailures(user.email);
  if (input.password === input.newPassword) throw contractError('PASSWORD_UNCHANGED');
  const policyError =
    (await p.newPasswordProblem(input.newPassword)) ?? (await p.reuseProblem(user, input.newPassword));
  if (policyError) throw policyError;
  const change = { verified: false, keepSession: session.id, reason: 'password changed' };
  await p.savePassword(user.id, input.newPassword, change);
  await p.emit(user.activeTenantId, 'user.passwordChanged', { userId: user.id, email: user.email });
}

type Body = Record<string, unknown>;
const text = (body: Body, field: string) => body[field] as string;

export const PASSWORD_FLOW_HANDLERS: PublicHandlers<PasswordFlowPorts> = {
  // Always {}: the answer must not tell whether the email has an account.
  postUsersPasswordsReset: async (p, { body }) => {
    await p.verifyCaptcha(body.recaptchaToken, text(body, 'email'));
    await requestReset(p, text(body, 'email'));
    return answer({});
  },
  postUsersPasswordsResetVerify: async (p, { body }) => {
    await resetPassword(p, {
      userId: text(body, 'userId'),
      token: text(body, 'token'),
      password: text(body, 'password'),
    });
    return answer({});
  },
};

export const PASSWORD_CHANGE_HANDLERS: AreaHandlers<PasswordFlowPorts> = {
  // The client SDK's changePassword: `{ password, newPassword }`.
  postUsersPasswordsChange: async (p, { userId, body }) => {
    await changePassword(p, userId, {
      password: text(body, 'password'),
      newPassword: text(body, 'newPassword'),
    });
    return answer({});
  },
};
