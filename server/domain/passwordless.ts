/**
 * Passwordless sign-in (spec 000 §4 "Pre-login" steps 3-5, §7 POST /passwordless/{type}/prelogin
 * and /postlogin) and the phone-number reset that SMS sign-in leads to (§4 "Phone reset").
 *
 * - Code: a 6-digit code by email. MagicLink: a single-use link by email to the magic-link route.
 *   SmsCode: a 6-digit code by SMS to the user's phone; without a phone on the account, a
 *   resetPhoneNumberToken instead (the login box goes to the reset-phone-number route).
 * - Codes and links come from one-time-tokens.ts: random, hashed, single use, short-lived; a code
 *   burns after MAX_CODE_ATTEMPTS wrong guesses.
 * - Every wrong or expired code, and every forged magic link, counts in attempts.ts: too many and
 *   the email (or IP) is refused with 429 for the rest of the window.
 * - Pre-login answers the same for an unknown email (Code, MagicLink) so it does not tell who has
 *   an account. SmsCode cannot avoid telling (its answer carries the masked phone number or the
 *   reset token, spec 000 §7); an unknown email gets an empty answer.
 */
import {
  accountLink,
  loginCodeEmail,
  loginCodeSms,
  magicLinkEmail,
  resetPhoneNumberEmail,
  verifyPhoneSms,
} from '../delivery/messages';
import { maskPhone, normalizePhone } from '../../core/contract/phone';
import { contractError } from '../../core/contract/errors';
import { sendQuietly, type FlowContext } from './account-flows';
import { assertNotLocked, attemptKeys, clearFailures, countSend, recordFailure } from './attempts';
import type { ClientInfo, SecondFactorGate, SignedIn } from './auth';
import {
  checkCode,
  consumeLink,
  findLiveLink,
  issueOneTimeToken,
  newLinkToken,
  type OneTimePurpose,
} from './one-time-tokens';
import { findUserByEmail, findUserById, type UserRow } from './users';
import { getVendorSettings } from './vendor';
import { localeOfRecipient } from '../storage/locales';

export type PasswordlessType = 'Code' | 'MagicLink' | 'SmsCode';

/** Where magic links point (spec 000 §2 magicLinkCallbackUrl default). */
const MAGIC_LINK_PATH = '/account/login/magic-link';

const CODE_PURPOSE: Record<'Code' | 'SmsCode', OneTimePurpose> = { Code: 'loginCode', SmsCode: 'smsCode' };

interface PreLoginAnswer {
  phoneNumber?: string;
  resetPhoneNumberToken?: string;
}

async function assertMayLogin(ctx: FlowContext, user: UserRow): Promise<void> {
  if (user.verified) return;
  const settings = await getVendorSettings(ctx.db);
  if (!settings.allowNotVerifiedUsersLogin) throw contractError('EMAIL_NOT_VERIFIED');
}

/** Sends the first factor of a passwordless sign-in (spec 000 §7 /passwordless/{type}/prelogin). */
export async function passwordlessPreLogin(
  ctx: FlowContext,
  type: PasswordlessType,
  email: string,
  log: (m: string) => void,
): Promise<PreLoginAnswer> {
  await countSend(ctx.db, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return {};
  if (type === 'MagicLink') {
    const token = await issueOneTimeToken(ctx.db, { purpose: 'magicLink', userId: user.id, kind: 'link' });
    const link = accountLink(ctx.options.appUrl, MAGIC_LINK_PATH, { token });
    await sendQuietly(
      async () =>
        ctx.delivery.sendEmail(magicLinkEmail(user.email, link, await localeOfRecipient(ctx.db, user.id))),
      log,
    );
    return {};
  }
  if (type === 'Code') {
    const code = await issueOneTimeToken(ctx.db, { purpose: 'loginCode', userId: user.id, kind: 'code' });
    await sendQuietly(
      async () =>
        ctx.delivery.sendEmail(loginCodeEmail(user.email, code, await localeOfRecipient(ctx.db, user.id))),
      log,
    );
    return {};
  }
  if (!user.phone) return { resetPhoneNumberToken: await startPhoneReset(ctx, user, log) };
  const code = await issueOneTimeToken(ctx.db, { purpose: 'smsCode', userId: user.id, kind: 'code' });
  await sendQuietly(
    async () =>
      ctx.delivery.sendSms(loginCodeSms(user.phone!, code, await localeOfRecipient(ctx.db, user.id))),
    log,
  );
  return { phoneNumber: maskPhone(user.phone) };
}

/**
 * Signs in with an emailed or texted code (Code, SmsCode) or a magic-link token (MagicLink).
 * Wrong, expired, reused and forged secrets are 400 with their message, and count as failures.
 */
export async function passwordlessPostLogin(
  ctx: FlowContext,
  type: PasswordlessType,
  input: { email?: string | null; code?: string | null; token?: string | null },
  client: ClientInfo,
  secondFactor?: SecondFactorGate,
): Promise<SignedIn | { mfa: object }> {
  if (type === 'MagicLink') {
    const keys = attemptKeys('', client.ip).filter((k) => k.key.startsWith('ip:'));
    await assertNotLocked(ctx.db, keys);
    const row = input.token ? await consumeLink(ctx.db, 'magicLink', input.token) : null;
    const user = row?.user_id ? await findUserById(ctx.db, row.user_id) : null;
    if (!user) {
      await recordFailure(ctx.db, keys);
      throw contractError('MAGIC_LINK_INVALID');
    }
    return signIn(ctx, user, client, true, secondFactor);
  }
  const email = input.email ?? '';
  const keys = attemptKeys(email, client.ip);
  await assertNotLocked(ctx.db, keys);
  const user = await findUserByEmail(ctx.db, email);
  const check = user
    ? await checkCode(ctx.db, CODE_PURPOSE[type], user.id, (input.code ?? '').replace(/\s+/g, ''))
    : null;
  if (!user || !check?.ok) {
    await recordFailure(ctx.db, keys);
    throw contractError(check && !check.ok && check.reason === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
  }
  return signIn(ctx, user, client, type === 'Code', secondFactor);
}

async function signIn(
  ctx: FlowContext,
  user: UserRow,
  client: ClientInfo,
  provesEmail: boolean,
  secondFactor?: SecondFactorGate,
): Promise<SignedIn | { mfa: object }> {
  // An emailed code or link proves the address, as a reset link does.
  if (provesEmail && !user.verified) {
    await ctx.db.query('UPDATE users SET verified = true WHERE id = $1', [user.id]);
    user = { ...user, verified: true };
  }
  await assertMayLogin(ctx, user);
  await clearFailures(ctx.db, user.email);
  // A code or link is a first factor like a password: a second factor is asked for the same way.
  const mfa = secondFactor ? await secondFactor(user) : null;
  if (mfa) return { mfa };
  return ctx.auth.startSession(user, client);
}

/**
 * Phone reset, step 1 (spec 000 §4 "Phone reset": "Request (email) yields a resetPhoneNumberToken").
 * Emails a code to the account's address. An unknown email gets a token too (random, stored
 * nowhere), so the answer does not tell who has an account.
 */
export async function requestPhoneReset(
  ctx: FlowContext,
  email: string,
  log: (m: string) => void,
): Promise<string> {
  await countSend(ctx.db, email);
  const user = await findUserByEmail(ctx.db, email);
  return user ? startPhoneReset(ctx, user, log) : newLinkToken();
}

async function startPhoneReset(ctx: FlowContext, user: UserRow, log: (m: string) => void): Promise<string> {
  const token = await issueOneTimeToken(ctx.db, {
    purpose: 'resetPhoneNumberSession',
    userId: user.id,
    kind: 'link',
  });
  const code = await issueOneTimeToken(ctx.db, {
    purpose: 'resetPhoneNumber',
    userId: user.id,
    kind: 'code',
  });
  await sendQuietly(
    async () =>
      ctx.delivery.sendEmail(
        resetPhoneNumberEmail(user.email, code, await localeOfRecipient(ctx.db, user.id)),
      ),
    log,
  );
  return token;
}

/** Step 2: the emailed code against the resetPhoneNumberToken; yields a changePhoneNumberToken. */
export async function verifyPhoneReset(
  ctx: FlowContext,
  input: { resetPhoneNumberToken: string; code: string },
  client: ClientInfo,
): Promise<string> {
  const request = await findLiveLink(ctx.db, 'resetPhoneNumberSession', input.resetPhoneNumberToken);
  const user = request?.user_id ? await findUserById(ctx.db, request.user_id) : null;
  const keys = attemptKeys(user?.email ?? '', client.ip).filter((k) => user || k.key.startsWith('ip:'));
  await assertNotLocked(ctx.db, keys);
  if (!user) {
    await recordFailure(ctx.db, keys);
    throw contractError('PHONE_CHANGE_EXPIRED');
  }
  const check = await checkCode(ctx.db, 'resetPhoneNumber', user.id, input.code.replace(/\s+/g, ''));
  if (!check.ok) {
    await recordFailure(ctx.db, keys);
    throw contractError(check.reason === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
  }
  await consumeLink(ctx.db, 'resetPhoneNumberSession', input.resetPhoneNumberToken, user.id);
  return issueOneTimeToken(ctx.db, { purpose: 'changePhoneNumber', userId: user.id, kind: 'link' });
}

/** Step 3: sets the phone number with the changePhoneNumberToken (single use). */
export async function changePhoneWithToken(
  ctx: FlowContext,
  input: { changePhoneNumberToken: string; phoneNumber: string },
): Promise<void> {
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) throw contractError('PHONE_INVALID');
  const row = await consumeLink(ctx.db, 'changePhoneNumber', input.changePhoneNumberToken);
  if (!row?.user_id) throw contractError('PHONE_CHANGE_EXPIRED');
  await ctx.db.query('UPDATE users SET phone = $2, updated_at = now() WHERE id = $1', [row.user_id, phone]);
}

/**
 * A signed-in user's new phone number, step 1 (the client SDK's changePhoneNumberWithVerification):
 * texts a code to the new number and answers the request's id (`changePhoneId`). The number is
 * set only once the code comes back (step 2), so nobody can point SMS sign-in at a number they do
 * not hold. Sending counts against the account's sending limit like any code.
 */
export async function startPhoneVerification(
  ctx: FlowContext,
  user: UserRow,
  phoneNumber: string,
  log: (m: string) => void,
): Promise<string> {
  const phone = normalizePhone(phoneNumber);
  if (!phone) throw contractError('PHONE_INVALID');
  await countSend(ctx.db, user.email);
  const changePhoneId = await issueOneTimeToken(ctx.db, {
    purpose: 'verifyPhoneSession',
    userId: user.id,
    kind: 'link',
    data: { phone },
  });
  const code = await issueOneTimeToken(ctx.db, { purpose: 'verifyPhone', userId: user.id, kind: 'code' });
  await sendQuietly(
    async () => ctx.delivery.sendSms(verifyPhoneSms(phone, code, await localeOfRecipient(ctx.db, user.id))),
    log,
  );
  return changePhoneId;
}

/** Step 2: the texted code against the changePhoneId; sets the number. Wrong codes count toward the lock. */
export async function finishPhoneVerification(
  ctx: FlowContext,
  user: UserRow,
  input: { changePhoneId: string; code: string },
  client: ClientInfo,
): Promise<void> {
  const keys = attemptKeys(user.email, client.ip);
  await assertNotLocked(ctx.db, keys);
  const request = await findLiveLink(ctx.db, 'verifyPhoneSession', input.changePhoneId, user.id);
  const phone = typeof request?.data.phone === 'string' ? request.data.phone : null;
  if (!request || !phone) throw contractError('PHONE_CHANGE_EXPIRED');
  const check = await checkCode(ctx.db, 'verifyPhone', user.id, input.code.replace(/\s+/g, ''));
  if (!check.ok) {
    await recordFailure(ctx.db, keys);
    throw contractError(check.reason === 'wrong' ? 'CODE_WRONG' : 'CODE_EXPIRED');
  }
  await clearFailures(ctx.db, user.email);
  if (!(await consumeLink(ctx.db, 'verifyPhoneSession', input.changePhoneId, user.id)))
    throw contractError('PHONE_CHANGE_EXPIRED');
  await ctx.db.query('UPDATE users SET phone = $2, updated_at = now() WHERE id = $1', [user.id, phone]);
}
