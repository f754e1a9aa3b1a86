/**
 * Demo mode's MFA data and the steps its routes share (core/demo/mfaFlows.ts puts the routes
 * together): the devices, recovery codes, sign-in MFA tokens and one-time codes kept in the page's
 * storage, answering as the reference server (server/domain/mfa.ts). Secrets are sample data in the
 * visitor's own browser, not security.
 */
import type { AuthResponse, MfaDevices } from '../api/types';
import { type Answer, fail, failWith, ok as answer } from '../contract/answer';
import { contractError, isContractError } from '../contract/errors';
import { describeDevices, recoveryAnswer, removalPhoneNumber, type SentCodeUse } from '../domain/mfa';

export { recoveryAnswer };
import {
  enrolDevice,
  issueRecoveryCodes as newRecoverySet,
  recoveryCodesAfterUse,
  removeDevice,
  redeemRecoveryCode,
} from '../domain/mfa-devices';
import {
  finishMfaToken,
  issueChallenge,
  issueCode as issueSentCode,
  mfaTokenChallenge,
  newMfaToken,
  rememberBrowser,
  requireMfaToken,
  spendSentCode,
  wrongAnswer,
} from '../domain/mfa-challenges';
import { gateStep, mfaPolicyOf, mfaRequiredAnswer } from '../domain/mfa-gate';
import type { MfaChallenge, NewMfaDevice } from '../domain/mfa-ports';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';
import { demoMfaPolicies, state, type DemoMfaDevice, type Json } from './mfaData';
import { demoMfaRepository } from './mfaRepository';

export { state, type DemoChallenge, type DemoMfaDevice, type DeviceType, type Json } from './mfaData';

/** A live sign-in MFA token, its row and its user. */
export interface MfaLogin {
  row: MfaChallenge;
  user: DemoUser;
  token: string;
}

/** What the MFA routes take from the demo backend. */
export interface DemoMfaTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  userOfToken(db: DemoDatabase, token: string | null): DemoUser | null;
  random(): string;
  now(): number;
}

const STRATEGIES = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];
export const strategyList = () => STRATEGIES.map((strategy) => ({ strategy, isActive: true }));
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The contract's answer (core/contract/answer.ts); an MFA answer saves unless told not to. */
export const ok = (body: unknown, save = true): Answer => answer(body, save);
/** A refusal that still saves (a challenge burnt, a failure counted). */
export const failSaved = (code: 'MFA_WEBAUTHN_FAILED'): Answer => ({ ...fail(code), save: true });

/** A handler whose thrown refusals answer and still save (a token burnt, a failure counted). */
export const saving =
  <A extends unknown[]>(handler: (...args: A) => Answer | Promise<Answer>) =>
  async (...args: A): Promise<Answer> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (isContractError(error)) return { ...failWith(error), save: true };
      throw error;
    }
  };

/** Second factors only: passkeys (a sign-in method) do not count, as on the server. */
export const devicesOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && !d.passkey);
export const passkeysOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && d.passkey);

/** The store of demo mode's MFA (core/demo/mfaRepository.ts), for the shared use cases. */
export const mfaStore = (t: Pick<DemoMfaTools, 'random' | 'now'>, db: DemoDatabase) =>
  demoMfaRepository(db, t);
const repo = mfaStore;

/** A new set of recovery codes replacing the user's old one (core/domain/mfa-devices.ts). */
export const issueRecoveryCodes = (t: DemoMfaTools, db: DemoDatabase, userId: string): Promise<string[]> =>
  newRecoverySet(repo(t, db), userId);

/** Uses one code of the user's set up; true when it was one of them. */
export const spendRecoveryCode = (t: DemoMfaTools, db: DemoDatabase, userId: string, code: string) =>
  redeemRecoveryCode(repo(t, db), userId, code);

/** After a recovery sign-in: a new set when that was the last code. */
export const recoverySetAfterUse = (t: DemoMfaTools, db: DemoDatabase, userId: string) =>
  recoveryCodesAfterUse(repo(t, db), userId);

function send(
  t: DemoMfaTools,
  db: DemoDatabase,
  channel: 'email' | 'sms',
  to: string,
  code: string,
  userId: string,
) {
  const message = demoMfaCode(db, userId, channel, code);
  (db.outbox ??= []).unshift({ channel, to, ...message, createdAt: new Date(t.now()).toISOString() });
  db.outbox.length = Math.min(db.outbox.length, 50);
  console.info(`[auth-elements demo] ${channel} to ${to}: ${message.text}`);
}

/** The devices list (core/domain/mfa.ts); an authenticator app is named as the server names it. */
export function describe(devices: DemoMfaDevice[], masked: boolean): MfaDevices {
  return describeDevices(describable(devices), masked);
}
const describable = (devices: DemoMfaDevice[]) =>
  devices.map((d) => ({ ...d, name: d.name ?? (d.kind === 'authenticator' ? 'Authenticator app' : null) }));

/** The one browser of demo mode, remembered by this token (the server's is a cookie's). */
const DEMO_BROWSER = 'demo-mode-this-browser';
const policyOf = (db: DemoDatabase) => mfaPolicyOf(demoMfaPolicies(db));

/** The MFA gate of the demo's first-factor sign-ins (core/domain/mfa-gate.ts), over the demo's devices and switch. */
export function gate(t: Pick<DemoMfaTools, 'random' | 'now'>, db: DemoDatabase, user: DemoUser): Json | null {
  const devices = devicesOf(db, user.id);
  const step = gateStep(devices.length, policyOf(db));
  if (step === 'signIn') return null;
  if (step === 'askUnlessRemembered' && (state(db).browsers?.[user.id]?.[DEMO_BROWSER] ?? 0) > t.now())
    return null;
  // The gate answers at once: the demo's store writes the token before its first await (mfaRepository.ts).
  const mfaToken = newMfaToken();
  void issueChallenge(repo(t, db), mfaTokenChallenge(user.id, null), mfaToken);
  return mfaRequiredAnswer({
    mfaToken,
    devices: describable(devices),
    strategies: strategyList(),
    email: user.email,
  });
}

/** The live sign-in an MFA token names (core/domain/mfa-challenges.ts): 401 when none, 429 while locked. */
export async function loginOf(t: DemoMfaTools, db: DemoDatabase, mfaToken: unknown): Promise<MfaLogin> {
  const row = await requireMfaToken(repo(t, db), mfaToken);
  const user = db.users.find((u) => u.id === row.userId);
  if (!user) throw contractError('MFA_TOKEN_EXPIRED');
  return { row, user, token: String(mfaToken) };
}

/** The remember-device settings a sign-in's MFA step reads. */
export async function rememberSettings(t: DemoMfaTools, db: DemoDatabase, mfaToken: unknown) {
  await loginOf(t, db, mfaToken);
  const policy = policyOf(db);
  return {
    isAllowedToRemember: policy.allowRememberDevice,
    mfaDeviceExpiration: policy.deviceExpirationSeconds,
  };
}

/** A wrong answer (core/domain/mfa-challenges.ts): counted against the sign-in, when there is one, and the user. */
export const wrong = (
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  login: MfaLogin | null,
  code: 'MFA_CODE_WRONG' | 'MFA_WEBAUTHN_FAILED' | 'MFA_RECOVERY_CODE_WRONG',
): Promise<never> => wrongAnswer(repo(t, db), login?.row ?? null, userId, contractError(code));

/** Stores a device; the user's first second factor brings a set of recovery codes (core/domain/mfa-devices.ts). */
export const addDevice = (
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  device: NewMfaDevice,
): Promise<{ recoveryCodes: string[] | null; deviceId: string }> => enrolDevice(repo(t, db), userId, device);

/** Removes devices; the recovery codes go with the last second factor. */
export async function removeDevices(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  removed: DemoMfaDevice[],
): Promise<Answer> {
  for (const device of removed) await removeDevice(repo(t, db), userId, device.id);
  return ok({});
}

/** Ends a sign-in's MFA step: the session, remembering the browser when asked and allowed, a new recovery set. */
export async function finish(
  t: DemoMfaTools,
  db: DemoDatabase,
  login: MfaLogin,
  extra: { rememberDevice?: unknown; recoveryCodes?: string[] | null },
): Promise<Answer> {
  await finishMfaToken(repo(t, db), login.token, login.user.id);
  const policy = policyOf(db);
  if (extra.rememberDevice === true && policy.allowRememberDevice)
    await rememberBrowser(repo(t, db), login.user.id, policy.deviceExpirationSeconds, DEMO_BROWSER);
  return ok({ ...t.startSession(db, login.user), ...recoveryAnswer(extra.recoveryCodes) });
}

/** Sends a one-time code for `target` (what it proves); its token. */
export async function issueCode(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  target: Json,
  to: string,
  channel: 'sms' | 'email',
): Promise<string> {
  const { otcToken, code } = await issueSentCode(repo(t, db), userId, target);
  send(t, db, channel, to, code, userId);
  return otcToken;
}

/** Spends the code of the body's `otcToken` sent for `use` (core/domain/mfa-challenges.ts): its target. */
export const spendCode = (
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  login: MfaLogin | null,
  body: Json,
  use: SentCodeUse,
): Promise<Json> =>
  spendSentCode(repo(t, db), {
    userId,
    row: login?.row ?? null,
    otcToken: body.otcToken,
    code: String(body.code ?? '').trim(),
    use,
  });

/** Sends a code to an SMS device: the answer with its masked number (as a removal's, when it is one). */
export async function smsChallenge(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  device: DemoMfaDevice,
  target: Json,
): Promise<Answer> {
  return ok({
    otcToken: await issueCode(t, db, userId, target, device.phone ?? '', 'sms'),
    phoneNumber:
      target.removal === true
        ? removalPhoneNumber(device.phone ?? '')
        : describe([device], true).phones[0]?.phoneNumber,
  });
}

/** Sends a code to a new phone number (it passed the contract's schema, core/contract/requests-mfa.ts). */
export async function smsEnrolment(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  body: Json,
): Promise<Answer> {
  const phone = body.phoneNumber as string;
  return ok({
    otcToken: await issueCode(t, db, userId, { kind: 'sms', phone }, phone, 'sms'),
    phoneNumber: phone,
  });
}
