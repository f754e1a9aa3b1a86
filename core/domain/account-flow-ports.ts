/**
 * The account flows' ports, assembled once for both backends from the platform and the request
 * (core/domain/platform.ts): password reset and change (core/domain/password-flows.ts), activation
 * (activation-handlers.ts) and the invitations' acceptance behind them (invitation-store.ts). The
 * users are rows of `users` read over the tables port; a message whose delivery fails is logged
 * and does not change the answer (the flows must not tell who has an account).
 */
import { resetPasswordAddress, signInAddress } from './account-links';
import { sendActivation, type ActivationPorts, type ActivationUser } from './activation-handlers';
import { signInLimits } from './attempts';
import type { AcceptancePorts, LiveInvitation } from './invitations';
import { acceptancePortsOver } from './invitation-store';
import { oneTimeTokens } from './one-time-tokens';
import type { FlowUser, PasswordFlowPorts } from './password-flows';
import type { Caller, Platform, PortsFor, PublicPortsFor, Visit } from './platform';
import { stamp } from './tables';
import { userRepository, USERS, type UserRow } from './user-tables';
import { NO_BEARER } from './impersonation-handlers';
import { newPasswordProblem } from './sign-up-handlers';

/** Runs a delivery whose failure is logged, without the message (it holds a secret). */
export async function quietly(send: () => Promise<void>, log: (message: string) => void): Promise<void> {
  try {
    await send();
  } catch (error) {
    log(`delivery failed: ${(error as Error).message}`);
  }
}

/** The one-time links and codes (core/domain/one-time-tokens.ts) over the platform's tables. */
export const secretsOn = ({ tables, clock, keyOf }: Platform) => oneTimeTokens({ tables, ...clock, keyOf });

/** What the application's password policy (its lengths) and the breach list say of a new password. */
const passwordProblemOn = async (platform: Platform, password: string) =>
  newPasswordProblem(password, await platform.vendor(), (candidate) =>
    platform.passwordSignIn.isBreached(candidate),
  );

/**
 * Stores the user's new password hash (none: an activation's without one) in one transaction with
 * what the platform keeps and ends of the old one (`passwords.replacing`); the old password's breach
 * verdict ends with it; `verified` also proves the email.
 */
const storePassword = (
  platform: Platform,
  userId: string,
  passwordHash: string | null,
  verified: boolean,
  sessions?: { keep: string | null; reason: string },
) =>
  platform.tables.transaction(async (tx) => {
    if (passwordHash) await platform.passwords.replacing(userId, tx, sessions);
    const hash = passwordHash ? { passwordHash, breachedPasswordAt: null } : {};
    const proven = verified ? { verified } : {};
    await tx.of(USERS).update({ id: userId }, { ...hash, ...proven, updatedAt: stamp(platform.clock.now()) });
  });

/** The password flows' ports for one request; `visit` is the request (a signed-in change's too). */
function passwordFlows(
  platform: Platform,
  visit: Pick<Visit, 'ip' | 'verifyCaptcha' | 'session' | 'log'>,
): PasswordFlowPorts {
  const users = userRepository(platform.tables, platform.clock);
  // The rows read for this request: the flows see a user's id, email and account; the hash stays here.
  const rows = new Map<string, UserRow>();
  const flowUser = (row: UserRow | null): FlowUser | null => {
    if (!row) return null;
    rows.set(row.id, row);
    return { id: row.id, email: row.email, activeTenantId: row.activeTenantId };
  };
  const { passwords } = platform;
  return {
    ...signInLimits(platform.attempts, visit.ip),
    verifyCaptcha: (token, email) => visit.verifyCaptcha(token, email),
    userByEmail: async (email) => flowUser(await users.byEmail(email)),
    userById: async (id) => flowUser(await users.byId(id)),
    appUrl: () => platform.appUrl(),
    secrets: secretsOn(platform),
    sendResetEmail: (user, link) =>
      quietly(
        () => platform.sendEmail({ userId: user.id, email: user.email }, 'resetPassword', { link }),
        visit.log,
      ),
    newPasswordProblem: (password) => passwordProblemOn(platform, password),
    reuseProblem: (user, password) => passwords.reuseProblem(rows.get(user.id)!, password),
    passwordMatches: (user, password) => passwords.matches(password, rows.get(user.id)?.passwordHash ?? null),
    savePassword: async (userId, password, { verified, keepSession: keep, reason }) =>
      storePassword(platform, userId, await passwords.hash(password), verified, { keep, reason }),
    emit: async (tenantId, type, data) => {
      if (tenantId) await platform.emit(tenantId, type, data);
    },
    session: () => visit.session,
  };
}

/** Forgot and reset password (public). */
export const passwordFlowAreaPorts: PublicPortsFor<PasswordFlowPorts> = passwordFlows;

/** A signed-in user's password change: the caller's session is the one kept. */
export const passwordChangeAreaPorts: PortsFor<PasswordFlowPorts> = (platform, caller: Caller) =>
  passwordFlows(platform, {
    ip: caller.ip,
    // The change has no captcha.
    verifyCaptcha: async () => {},
    session: { id: caller.sessionId, impersonated: caller.impersonating },
    log: () => {},
  });

/** The invitations' acceptance (a new invitee's link), with the application's password policy. */
export function acceptanceOn(platform: Platform, log: (message: string) => void): AcceptancePorts {
  const { passwords } = platform;
  return acceptancePortsOver(platform.tables, platform.clock, {
    keyOf: platform.keyOf,
    hashPassword: (password) => passwords.hash(password),
    passwordProblem: (password) => passwordProblemOn(platform, password),
    // After an invitation accepted without a password: the link to choose one.
    async sendChoosePassword(userId: string, invitation: LiveInvitation) {
      const token = await secretsOn(platform).issue({ purpose: 'resetPassword', userId, kind: 'link' });
      const link = resetPasswordAddress(platform.appUrl(), userId, token);
      const to = { userId, email: invitation.email, tenantId: invitation.tenantId };
      const params = { link, tenantName: invitation.tenantName };
      await quietly(() => platform.sendEmail(to, 'choosePassword', params), log);
    },
  });
}

const activationUser = (row: UserRow | null): ActivationUser | null =>
  row && { id: row.id, email: row.email, verified: row.verified, hasPassword: !!row.passwordHash };

/** Activation (public): the link, the new invitee's acceptance, the session it opens. */
export const activationAreaPorts: PublicPortsFor<ActivationPorts> = (platform, visit) => {
  const users = userRepository(platform.tables, platform.clock);
  const { passwords } = platform;
  return {
    countSend: signInLimits(platform.attempts, visit.ip).countSend,
    appUrl: () => platform.appUrl(),
    newPasswordProblem: (password) => passwordProblemOn(platform, password),
    activationUser: async (id) => activationUser(await users.byId(id)),
    activationUserByEmail: async (email) => activationUser(await users.byEmail(email)),
    secrets: secretsOn(platform),
    sendActivationEmail: (user, link) =>
      quietly(
        () => platform.sendEmail({ userId: user.id, email: user.email }, 'activation', { link }),
        visit.log,
      ),
    activate: async (userId, password) =>
      storePassword(platform, userId, password === null ? null : await passwords.hash(password), true),
    acceptance: acceptanceOn(platform, visit.log),
    checkOrigin: () => visit.checkOrigin(),
    async startSession(userId) {
      const user = await users.byId(userId);
      if (!user) throw new Error('the activated user is gone');
      return visit.startSession(user);
    },
  };
};

/** Emails a fresh activation link to `user` (older links stop working): sign-up, an administrator's resend. */
export async function sendActivationOn(
  platform: Platform,
  user: Pick<UserRow, 'id' | 'email'>,
  log: (message: string) => void,
): Promise<void> {
  const visit: Visit = {
    ip: undefined,
    checkOrigin: () => {},
    verifyCaptcha: async () => {},
    session: { id: null, impersonated: false },
    startSession: () => Promise.reject(new Error('no session here')),
    log,
    site: {},
    rememberedDevice: undefined,
    preLoginEmail: { keep: () => {}, read: () => undefined, forget: () => {} },
    impersonation: NO_BEARER,
    caller: () => null,
  };
  await sendActivation(activationAreaPorts(platform, visit), {
    ...user,
    verified: false,
    hasPassword: false,
  });
}

/** When the invite link asks for it, the person who joined its account by signing up is told so. */
export async function notifyJoinedOn(
  platform: Platform,
  to: { userId: string; email: string },
  tenant: { tenantId: string; name: string; shouldSendEmail: boolean },
  log: (message: string) => void,
): Promise<void> {
  if (!tenant.shouldSendEmail) return;
  const params = { tenantName: tenant.name, loginLink: signInAddress(platform.appUrl()) };
  const recipient = { userId: to.userId, email: to.email, tenantId: tenant.tenantId };
  await quietly(() => platform.sendEmail(recipient, 'joinedAccount', params), log);
}
