/**
 * Passwordless sign-in (spec 000 §4 "Pre-login" steps 3-5, §7 /passwordless/{type}/prelogin and
 * /postlogin), the phone-number reset SMS sign-in leads to (§4 "Phone reset") and a signed-in
 * user's new phone number: the rules, written once over ports. The reference server runs them
 * over PostgreSQL, its delivery and its per-IP limits (server/domain/passwordless.ts, the ports
 * assembled in core/domain/passwordless-ports.ts); demo mode over its stored data and outbox
 * (core/demo/passwordless.ts). test/contract/passwordless.contract.test.ts drives both.
 *
 * - Code: a 6-digit code by email. MagicLink: a single-use link by email to MAGIC_LINK_PATH.
 *   SmsCode: a 6-digit code by SMS to the user's phone; without a phone on the account, a
 *   resetPhoneNumberToken instead (the login box goes to the reset-phone-number route).
 * - Codes and links live PASSWORDLESS_LIFETIME_SECONDS, are single use, and issuing a new one
 *   retires the older ones; a code burns at its MAX_CODE_ATTEMPTS-th wrong guess (`codeVerdict`).
 * - Every code or link sent counts against the email's sending limit, known or not, so the answer
 *   does not tell who has an account (SmsCode cannot avoid telling: its answer carries the masked
 *   phone number or the reset token; an unknown email gets an empty answer). Every wrong or
 *   expired code and forged link counts as a failed attempt; too many and the email is refused
 *   for the rest of the window (SIGN_IN_LIMITS).
 * - An emailed code or link proves the address, as a reset link does.
 */
import { contractError } from '../contract/errors';
import { maskPhone, normalizePhone } from '../contract/phone';
import type { SignInLimits } from './attempts';
import type { OneTimeTokens } from './one-time-tokens';

export type PasswordlessType = 'Code' | 'MagicLink' | 'SmsCode';

/** The `:type` of a passwordless path, lower-case as the client SDK writes it (`type.toLocaleLowerCase()`). */
const PATH_TYPES: Readonly<Record<string, PasswordlessType>> = {
  code: 'Code',
  magiclink: 'MagicLink',
  smscode: 'SmsCode',
};

/** The type a path names, or null (another type is no route). */
export const passwordlessTypeOf = (pathType: string): PasswordlessType | null =>
  Object.hasOwn(PATH_TYPES, pathType) ? PATH_TYPES[pathType]! : null;

/** A pre-login body's `type`, when given, must name the path's (PASSWORDLESS_TYPE_MISMATCH). */
export function assertBodyTypeMatches(type: PasswordlessType, bodyType: unknown): void {
  if (bodyType && String(bodyType).toLowerCase() !== type.toLowerCase())
    throw contractError('PASSWORDLESS_TYPE_MISMATCH');
}

/** Where magic links point (spec 000 §2 magicLinkCallbackUrl default). */
const MAGIC_LINK_PATH = '/account/login/magic-link';

/** The magic link of `token` at the application `appUrl`. */
export function magicLinkUrl(appUrl: string, token: string): string {
  const url = new URL(MAGIC_LINK_PATH, `${appUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export type PasswordlessPurpose =
  | 'loginCode'
  | 'magicLink'
  | 'smsCode'
  // Reset phone number: the emailed code, the token that carries the request between screens
  // (resetPhoneNumberToken), and the one that allows the change.
  | 'resetPhoneNumber'
  | 'resetPhoneNumberSession'
  | 'changePhoneNumber'
  // A signed-in user's new phone number: the request (its changePhoneId, holding the number) and
  // the code texted to that number.
  | 'verifyPhoneSession'
  | 'verifyPhone';

/** How long each secret lives, in seconds. */
const PASSWORDLESS_LIFETIME_SECONDS: Record<PasswordlessPurpose, number> = {
  loginCode: 10 * 60,
  magicLink: 15 * 60,
  smsCode: 10 * 60,
  resetPhoneNumber: 10 * 60,
  resetPhoneNumberSession: 10 * 60,
  changePhoneNumber: 10 * 60,
  verifyPhoneSession: 10 * 60,
  verifyPhone: 10 * 60,
};

/** The password flows' and the invitation's one-time links (the email says "seven days"). */
export type LinkPurpose = 'resetPassword' | 'activation' | 'invitation';
export type OneTimePurpose = LinkPurpose | PasswordlessPurpose;

/**
 * Every one-time secret's lifetime in seconds, written once for both backends: a reset-password
 * link lives an hour, an activation or invitation link seven days, the passwordless ones above.
 */
export const ONE_TIME_LIFETIME_SECONDS: Record<OneTimePurpose, number> = {
  resetPassword: 60 * 60,
  activation: 7 * 24 * 60 * 60,
  invitation: 7 * 24 * 60 * 60,
  ...PASSWORDLESS_LIFETIME_SECONDS,
};

/** Wrong codes allowed before a code is burned (the user asks for a new one). */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * The limits of sign-in attempts: fixed windows, counted per email (the server also counts per
 * IP address). Failed attempts per email, and codes or links sent per email, in one window.
 */
export const SIGN_IN_LIMITS = { windowSeconds: 15 * 60, failuresPerEmail: 10, sendsPerEmail: 5 } as const;

export type CodeResult = 'ok' | 'wrong' | 'expired';

/**
 * What a code check does to the user's latest live code, whose wrong guesses so far are
 * `failures`: a match uses it; a wrong code counts, and the MAX_CODE_ATTEMPTS-th burns it
 * ("expired": the user needs a new code, as for no code, a used one or a timed-out one).
 */
export function codeVerdict(
  matched: boolean,
  failures: number,
): { result: CodeResult; failures: number; burn: boolean } {
  if (matched) return { result: 'ok', failures, burn: true };
  const counted = failures + 1;
  const burn = counted >= MAX_CODE_ATTEMPTS;
  return { result: burn ? 'expired' : 'wrong', failures: counted, burn };
}

/** The user as these rules read them. */
export interface PasswordlessUser {
  id: string;
  email: string;
  phone: string | null;
  verified: boolean;
}

/** A message these rules send (each store words it in the recipient's language). */
export type PasswordlessMessage =
  | { channel: 'email'; key: 'magicLink'; link: string }
  | { channel: 'email'; key: 'loginCode' | 'resetPhoneNumber'; code: string }
  | { channel: 'sms'; key: 'loginCode' | 'verifyPhone'; to: string; code: string };

export interface PasswordlessPorts<U extends PasswordlessUser = PasswordlessUser> {
  users: {
    byEmail(email: string): Promise<U | null>;
    byId(id: string): Promise<U | null>;
    setPhone(userId: string, phone: string): Promise<void>;
    markVerified(userId: string): Promise<void>;
    /** The application's switch: may a user whose email is not verified sign in? */
    unverifiedMaySignIn(): Promise<boolean>;
  };
  /** The one-time secrets (core/domain/one-time-tokens.ts, over the backend's tables). */
  secrets: OneTimeTokens;
  /** The attempt limits; `email` null: an attempt that names no account (the server counts its IP). */
  limits: SignInLimits;
  deliver(user: U, message: PasswordlessMessage): Promise<void>;
  /** The application's address, where magic links point. */
  appUrl: string;
}

const issue = <U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  purpose: PasswordlessPurpose,
  userId: string,
  kind: 'code' | 'link',
  data?: Record<string, unknown>,
) => ports.secrets.issue({ purpose, userId, kind, ...(data ? { data } : {}) });

/** A code as typed: spaces do not count. */
const typed = (code: string | null | undefined) => (code ?? '').replace(/\s+/g, '');

const codeRefusal = (result: CodeResult | null) =>
  contractError(result === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');

interface PreLoginAnswer {
  phoneNumber?: string;
  resetPhoneNumberToken?: string;
}

/** Sends the first factor of a passwordless sign-in (spec 000 §7 /passwordless/{type}/prelogin). */
export async function passwordlessPreLogin<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  type: PasswordlessType,
  email: string,
): Promise<PreLoginAnswer> {
  await ports.limits.countSend(email);
  const user = await ports.users.byEmail(email);
  if (!user) return {};
  if (type === 'MagicLink') {
    const token = await issue(ports, 'magicLink', user.id, 'link');
    await ports.deliver(user, {
      channel: 'email',
      key: 'magicLink',
      link: magicLinkUrl(ports.appUrl, token),
    });
    return {};
  }
  if (type === 'Code') {
    const code = await issue(ports, 'loginCode', user.id, 'code');
    await ports.deliver(user, { channel: 'email', key: 'loginCode', code });
    return {};
  }
  if (!user.phone) return { resetPhoneNumberToken: await startPhoneReset(ports, user) };
  const code = await issue(ports, 'smsCode', user.id, 'code');
  await ports.deliver(user, { channel: 'sms', key: 'loginCode', to: user.phone, code });
  return { phoneNumber: maskPhone(user.phone) };
}

/**
 * Signs in with an emailed or texted code (Code, SmsCode: `email` names the account) or a magic
 * link's token. Wrong, expired, reused and forged secrets are 400 with their message, and count
 * as failures. `open` opens the session (or asks for a second factor) once the first factor holds.
 */
export async function passwordlessPostLogin<U extends PasswordlessUser, R>(
  ports: PasswordlessPorts<U>,
  type: PasswordlessType,
  input: { email?: string | null | undefined; token?: string | null | undefined },
  open: (user: U) => Promise<R>,
): Promise<R> {
  if (type === 'MagicLink') {
    await ports.limits.assertNotLocked(null);
    const row = input.token ? await ports.secrets.consumeLink('magicLink', input.token) : null;
    const user = row?.userId ? await ports.users.byId(row.userId) : null;
    if (!user) {
      await ports.limits.recordFailure(null);
      throw contractError('MAGIC_LINK_INVALID');
    }
    return signIn(ports, user, true, open);
  }
  if (!input.email) throw contractError('EMAIL_REQUIRED');
  await ports.limits.assertNotLocked(input.email);
  const user = await ports.users.byEmail(input.email);
  const check = user ? await ports.secrets.checkCode(CODE_PURPOSE[type], user.id, typed(input.token)) : null;
  if (!user || check !== 'ok') {
    await ports.limits.recordFailure(input.email);
    throw codeRefusal(check);
  }
  return signIn(ports, user, type === 'Code', open);
}

const CODE_PURPOSE = { Code: 'loginCode', SmsCode: 'smsCode' } as const;

async function signIn<U extends PasswordlessUser, R>(
  ports: PasswordlessPorts<U>,
  user: U,
  provesEmail: boolean,
  open: (user: U) => Promise<R>,
): Promise<R> {
  if (provesEmail && !user.verified) {
    await ports.users.markVerified(user.id);
    user = { ...user, verified: true };
  }
  if (!user.verified && !(await ports.users.unverifiedMaySignIn())) throw contractError('EMAIL_NOT_VERIFIED');
  await ports.limits.clearFailures(user.email);
  return open(user);
}

/**
 * Phone reset, step 1 (spec 000 §4 "Phone reset": "Request (email) yields a resetPhoneNumberToken").
 * Emails a code to the account's address. An unknown email gets a token too (random, stored
 * nowhere), so the answer does not tell who has an account.
 */
export async function requestPhoneReset<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  email: string,
): Promise<string> {
  await ports.limits.countSend(email);
  const user = await ports.users.byEmail(email);
  return user ? startPhoneReset(ports, user) : ports.secrets.newLinkToken();
}

async function startPhoneReset<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  user: U,
): Promise<string> {
  const token = await issue(ports, 'resetPhoneNumberSession', user.id, 'link');
  const code = await issue(ports, 'resetPhoneNumber', user.id, 'code');
  await ports.deliver(user, { channel: 'email', key: 'resetPhoneNumber', code });
  return token;
}

/** Step 2: the emailed code against the resetPhoneNumberToken; yields a changePhoneNumberToken. */
export async function verifyPhoneReset<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  input: { resetPhoneNumberToken: string; code: string },
): Promise<string> {
  const request = await ports.secrets.findLiveLink('resetPhoneNumberSession', input.resetPhoneNumberToken);
  const user = request?.userId ? await ports.users.byId(request.userId) : null;
  await ports.limits.assertNotLocked(user?.email ?? null);
  if (!user) {
    await ports.limits.recordFailure(null);
    throw contractError('PHONE_CHANGE_EXPIRED');
  }
  const check = await ports.secrets.checkCode('resetPhoneNumber', user.id, typed(input.code));
  if (check !== 'ok') {
    await ports.limits.recordFailure(user.email);
    throw codeRefusal(check);
  }
  await ports.secrets.consumeLink('resetPhoneNumberSession', input.resetPhoneNumberToken, user.id);
  return issue(ports, 'changePhoneNumber', user.id, 'link');
}

/** Step 3: sets the phone number with the changePhoneNumberToken (single use). */
export async function changePhoneWithToken<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  input: { changePhoneNumberToken: string; phoneNumber: string },
): Promise<void> {
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) throw contractError('PHONE_INVALID');
  const row = await ports.secrets.consumeLink('changePhoneNumber', input.changePhoneNumberToken);
  if (!row?.userId) throw contractError('PHONE_CHANGE_EXPIRED');
  await ports.users.setPhone(row.userId, phone);
}

/**
 * A signed-in user's new phone number, step 1 (the client SDK's changePhoneNumberWithVerification):
 * texts a code to the new number and answers the request's id (`changePhoneId`). The number is
 * set only once the code comes back (step 2), so nobody can point SMS sign-in at a number they do
 * not hold. Sending counts against the account's sending limit like any code.
 */
export async function startPhoneVerification<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  user: U,
  phoneNumber: string,
): Promise<string> {
  const phone = normalizePhone(phoneNumber);
  if (!phone) throw contractError('PHONE_INVALID');
  await ports.limits.countSend(user.email);
  const changePhoneId = await issue(ports, 'verifyPhoneSession', user.id, 'link', { phone });
  const code = await issue(ports, 'verifyPhone', user.id, 'code');
  await ports.deliver(user, { channel: 'sms', key: 'verifyPhone', to: phone, code });
  return changePhoneId;
}

/** Step 2: the texted code against the changePhoneId sets the number. Wrong codes count toward the lock. */
export async function finishPhoneVerification<U extends PasswordlessUser>(
  ports: PasswordlessPorts<U>,
  user: U,
  input: { changePhoneId: string; code: string },
): Promise<void> {
  await ports.limits.assertNotLocked(user.email);
  const request = await ports.secrets.findLiveLink('verifyPhoneSession', input.changePhoneId, user.id);
  const phone = typeof request?.data.phone === 'string' ? request.data.phone : null;
  if (!request || !phone) throw contractError('PHONE_CHANGE_EXPIRED');
  const check = await ports.secrets.checkCode('verifyPhone', user.id, typed(input.code));
  if (check !== 'ok') {
    await ports.limits.recordFailure(user.email);
    throw codeRefusal(check);
  }
  await ports.limits.clearFailures(user.email);
  if (!(await ports.secrets.consumeLink('verifyPhoneSession', input.changePhoneId, user.id)))
    throw contractError('PHONE_CHANGE_EXPIRED');
  await ports.users.setPhone(user.id, phone);
}
