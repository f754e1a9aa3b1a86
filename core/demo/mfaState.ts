/**
 * Demo mode's MFA data and the steps its routes share (core/demo/mfaFlows.ts puts the routes
 * together): the devices, recovery codes, sign-in MFA tokens and one-time codes kept in the page's
 * storage, answering as the reference server (server/domain/mfa.ts). Secrets are sample data in the
 * visitor's own browser, not security.
 */
import type { AuthResponse, MfaDevices } from '../api/types';
import { type Answer, fail, ok as answer } from '../contract/answer';
import {
  describeDevices,
  recoveryAnswer,
  removalPhoneNumber,
  sentCodeFits,
  type SentCodeUse,
} from '../domain/mfa';

export { recoveryAnswer };
import {
  enrolDevice,
  issueRecoveryCodes as newRecoverySet,
  recoveryCodesAfterUse,
  removeDevice,
  redeemRecoveryCode,
} from '../domain/mfa-devices';
import { DEFAULT_MFA_POLICY, gateStep, mfaPolicyOf, mfaRequiredAnswer } from '../domain/mfa-gate';
import type { NewMfaDevice } from '../domain/mfa-ports';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';
import { demoMfaPolicies, state, type DemoMfaDevice, type Json, type MfaLoginRow } from './mfaData';
import { demoMfaRepository } from './mfaRepository';

export { state, type DemoChallenge, type DemoMfaDevice, type DeviceType, type Json } from './mfaData';

/** A live sign-in MFA token and its user. */
export interface MfaLogin {
  row: MfaLoginRow;
  user: DemoUser;
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
export const DEVICE_EXPIRATION_SECONDS = DEFAULT_MFA_POLICY.deviceExpirationSeconds;
const CODE_TTL_MS = 5 * 60_000;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The contract's answer (core/contract/answer.ts); an MFA answer saves unless told not to. */
export const ok = (body: unknown, save = true): Answer => answer(body, save);
/** A refusal that still saves (a challenge burnt, a failure counted). */
export const failSaved = (code: 'MFA_WEBAUTHN_FAILED'): Answer => ({ ...fail(code), save: true });

/** Second factors only: passkeys (a sign-in method) do not count, as on the server. */
export const devicesOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && !d.passkey);
export const passkeysOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && d.passkey);

const code6 = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
/** The store of demo mode's MFA (core/demo/mfaRepository.ts), for the shared use cases. */
const repo = (t: DemoMfaTools, db: DemoDatabase) => demoMfaRepository(db, t);

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

/** The MFA gate of the demo's first-factor sign-ins (core/domain/mfa-gate.ts), over the demo's devices and switch. */
export function gate(t: Pick<DemoMfaTools, 'random' | 'now'>, db: DemoDatabase, user: DemoUser): Json | null {
  const devices = devicesOf(db, user.id);
  const step = gateStep(devices.length, mfaPolicyOf(demoMfaPolicies(db)));
  if (step === 'signIn') return null;
  // The demo's storage is the browser: a remembered sign-in is remembered for this user.
  if (step === 'askUnlessRemembered' && (state(db).remembered[user.id] ?? 0) > t.now()) return null;
  const token = `${t.random()}${t.random()}`;
  state(db).tokens.push({
    token,
    userId: user.id,
    expiresAt: t.now() + CODE_TTL_MS,
    used: false,
    failures: 0,
  });
  return mfaRequiredAnswer({
    mfaToken: token,
    devices: describable(devices),
    strategies: strategyList(),
    email: user.email,
  });
}

/** The live sign-in an MFA token names, or null. */
export function loginOf(t: DemoMfaTools, db: DemoDatabase, mfaToken: unknown): MfaLogin | null {
  const row = state(db).tokens.find((r) => r.token === mfaToken && !r.used && r.expiresAt > t.now());
  const user = row && db.users.find((u) => u.id === row.userId);
  return row && user ? { row, user } : null;
}

/** A wrong answer at sign-in: counted; the fifth ends the sign-in. */
export function wrong(
  login: MfaLogin,
  code: 'MFA_CODE_WRONG' | 'MFA_WEBAUTHN_FAILED' | 'MFA_RECOVERY_CODE_WRONG',
): Answer {
  login.row.failures += 1;
  if (login.row.failures >= 5) {
    login.row.used = true;
    return { ...fail('MFA_TOO_MANY_ATTEMPTS'), save: true };
  }
  return { ...fail(code), save: true };
}

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

/** Ends a sign-in's MFA step: the session, remembering the browser when asked, a new recovery set. */
export function finish(
  t: DemoMfaTools,
  db: DemoDatabase,
  login: MfaLogin,
  extra: { rememberDevice?: unknown; recoveryCodes?: string[] | null },
): Answer {
  login.row.used = true;
  if (extra.rememberDevice === true)
    state(db).remembered[login.user.id] = t.now() + DEVICE_EXPIRATION_SECONDS * 1000;
  return ok({ ...t.startSession(db, login.user), ...recoveryAnswer(extra.recoveryCodes) });
}

/** Sends a one-time code for `target` (what it proves); its token. */
export function issueCode(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  target: Json,
  to: string,
  channel: 'sms' | 'email',
): string {
  const code = code6();
  const token = `${t.random()}${t.random()}`;
  state(db).codes.push({ token, userId, code, target, expiresAt: t.now() + CODE_TTL_MS, used: false });
  send(t, db, channel, to, code, userId);
  return token;
}

/**
 * Spends the code of the body's `otcToken`: its target, or whether it has expired (else wrong). A
 * code sent for another step (core/domain/mfa.ts) is spent and answers as an expired one.
 */
export function spendCode(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  body: Json,
  use: SentCodeUse,
): { ok: true; target: Json } | { ok: false; expired: boolean } {
  const row = state(db).codes.find(
    (c) => c.token === body.otcToken && c.userId === userId && !c.used && c.expiresAt > t.now(),
  );
  if (!row) return { ok: false, expired: true };
  if (row.code !== String(body.code ?? '').trim()) return { ok: false, expired: false };
  row.used = true;
  return sentCodeFits(use, row.target) ? { ok: true, target: row.target } : { ok: false, expired: true };
}

/** Sends a code to an SMS device: the answer with its masked number (as a removal's, when it is one). */
export function smsChallenge(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  device: DemoMfaDevice,
  target: Json,
): Answer {
  return ok({
    otcToken: issueCode(t, db, userId, target, device.phone ?? '', 'sms'),
    phoneNumber:
      target.removal === true
        ? removalPhoneNumber(device.phone ?? '')
        : describe([device], true).phones[0]?.phoneNumber,
  });
}

/** Sends a code to a new phone number (it passed the contract's schema, core/contract/requests-mfa.ts). */
export function smsEnrolment(t: DemoMfaTools, db: DemoDatabase, userId: string, body: Json): Answer {
  const phone = body.phoneNumber as string;
  return ok({ otcToken: issueCode(t, db, userId, { kind: 'sms', phone }, phone, 'sms'), phoneNumber: phone });
}
