/**
 * The ports of passwordless sign-in and the phone-number flows (core/domain/passwordless.ts
 * `PasswordlessPorts`), assembled once for both backends from their tables and clock: the one-time
 * secrets (core/domain/one-time-tokens.ts), the attempt limits over the `attempt_counters` rows
 * (core/domain/attempts.ts) and the user writes over `users` (core/domain/user-tables.ts). What
 * differs by backend comes in `PasswordlessBackend`: how a secret is keyed (the server's SHA-256,
 * demo mode's the secret itself), the client's address (the demo knows none), the user as the
 * rules read it, the application's switch, sending and the application's address.
 * server/domain/passwordless.ts and core/demo/passwordless.ts call it; `passwordlessOn` assembles
 * them over the platform (core/domain/platform.ts): `passwordlessAreaPorts` passwordless sign-in and
 * the phone-number reset (PASSWORDLESS_HANDLERS, public) over the platform and the request,
 * `phoneAreaPorts` a signed-in user's new phone number (PHONE_HANDLERS) over the caller.
 */
import { quietly } from './account-flow-ports';
import { signInLimits, storedAttemptCounters, type AttemptCounters } from './attempts';
import { oneTimeTokens } from './one-time-tokens';
import type {
  OneTimePurpose,
  PasswordlessMessage,
  PasswordlessPorts,
  PasswordlessUser,
} from './passwordless';
import { stamp, type RowClock, type Tables } from './tables';
import { mfaGateOn } from './mfa-assembly';
import type { PasswordlessHandlerPorts, PhonePorts } from './passwordless-handlers';
import { signInMethodStore } from './sign-in-method-storage';
import { assertVendorAllows } from './sign-in-methods';
import type { Platform, PortsFor, PublicPortsFor } from './platform';
import { USERS, userRepository, type UserRow } from './user-tables';

type UserPorts<U extends PasswordlessUser> = PasswordlessPorts<U>['users'];

/** What passwordless sign-in takes of a backend besides its tables and clock. */
interface PasswordlessBackend<U extends PasswordlessUser> {
  /** The user as the rules read them, and the application's switch; the writes are over `users` unless given. */
  users: Pick<UserPorts<U>, 'byEmail' | 'byId' | 'unverifiedMaySignIn'> &
    Partial<Pick<UserPorts<U>, 'setPhone' | 'markVerified'>>;
  /** The key kept for a secret of `purpose` (the server's SHA-256; demo mode's the secret itself). */
  keyOf(purpose: OneTimePurpose, secret: string): string;
  /** The counters, where the backend counts a failure its own way (the server: one statement per key). */
  counters?: AttemptCounters;
  /** The client's address, counted beside the email (the server's); undefined where it is unknown. */
  ip: string | undefined;
  deliver: PasswordlessPorts<U>['deliver'];
  appUrl: string;
}

/** Passwordless sign-in's ports over `tables` (a request's database or transaction, the demo's stored tables). */
function passwordlessPortsOver<U extends PasswordlessUser>(
  tables: Tables,
  clock: RowClock,
  backend: PasswordlessBackend<U>,
): PasswordlessPorts<U> {
  const users = tables.of(USERS);
  return {
    users: {
      setPhone: async (userId, phone) => {
        await users.update({ id: userId }, { phone, updatedAt: stamp(clock.now()) });
      },
      markVerified: async (userId) => {
        await users.update({ id: userId }, { verified: true });
      },
      ...backend.users,
    },
    secrets: oneTimeTokens({ tables, ...clock, keyOf: backend.keyOf }),
    limits: signInLimits(backend.counters ?? storedAttemptCounters(tables, clock), backend.ip),
    deliver: backend.deliver,
    appUrl: backend.appUrl,
  };
}

/** Sends a message of the rules in the user's language, over the platform's email and SMS. */
function deliverOn(platform: Platform, user: UserRow, sent: PasswordlessMessage): Promise<void> {
  if (sent.channel === 'sms')
    return platform.sendSms({ userId: user.id, phone: sent.to }, sent.key, sent.code);
  const to = { userId: user.id, email: user.email };
  return sent.key === 'magicLink'
    ? platform.sendEmail(to, 'magicLink', { link: sent.link })
    : platform.sendEmail(to, sent.key, { code: sent.code });
}

/**
 * The rules' ports over the platform, for a request from `ip` (counted beside the email): the users
 * are rows of `users`; a message whose delivery fails is logged by `log` and does not change the answer.
 */
function passwordlessOn(
  platform: Platform,
  ip: string | undefined,
  log: (message: string) => void,
): PasswordlessPorts<UserRow> {
  const users = userRepository(platform.tables, platform.clock);
  return passwordlessPortsOver(platform.tables, platform.clock, {
    users: {
      byEmail: (email) => users.byEmail(email),
      byId: (id) => users.byId(id),
      unverifiedMaySignIn: async () => (await platform.vendor()).allowNotVerifiedUsersLogin,
    },
    keyOf: platform.keyOf,
    counters: platform.attempts,
    ip,
    deliver: (user, sent) => quietly(() => deliverOn(platform, user, sent), log),
    appUrl: platform.appUrl(),
  });
}

/**
 * A signed-in user's new phone number (PHONE_HANDLERS): a text that cannot be sent is logged on the
 * process's error output (no request log here) and the answer stays the same.
 */
export const phoneAreaPorts: PortsFor<PhonePorts> = (platform, caller) => ({
  ...passwordlessOn(platform, caller.ip, (message) => console.error(`phone number: ${message}`)),
  impersonating: caller.impersonating,
});

/**
 * Passwordless sign-in and the phone-number reset (PASSWORDLESS_HANDLERS): the application's sign-in
 * methods and captcha, the calling page, the pre-login email the request keeps, and a verified first
 * factor's answer: the MFA gate's (no session, no cookie), else a session with its cookie.
 */
export const passwordlessAreaPorts: PublicPortsFor<PasswordlessHandlerPorts> = (platform, visit) => {
  const gate = mfaGateOn(platform, visit);
  return {
    ...passwordlessOn(platform, visit.ip, visit.log),
    assertMethodAllowed: (type) =>
      assertVendorAllows(signInMethodStore(platform.tables, platform.clock, platform.signInMethods), type),
    verifyCaptcha: (email, token) => visit.verifyCaptcha(token, email),
    checkOrigin: () => visit.checkOrigin(),
    preLoginEmail: visit.preLoginEmail,
    // The user is a row of `users` (`passwordlessOn` reads them).
    signIn: async (user, type) => (await gate(user as UserRow, type)) ?? visit.startSession(user as UserRow),
  };
};
