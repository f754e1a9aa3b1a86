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
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';

export type Json = Record<string, unknown>;
export type DeviceType = 'platform' | 'cross-platform';

export interface DemoMfaDevice {
  id: string;
  userId: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  secret?: string;
  phone?: string;
  email?: string;
  lastStep?: number;
  createdAt: string;
  /** WebAuthn: the credential (base64url id, SPKI public key, COSE algorithm, counter), its type and whether it is a passkey (first factor). */
  credentialId?: string;
  publicKey?: string;
  algorithm?: number;
  signCount?: number;
  deviceType?: DeviceType;
  passkey?: boolean;
  name?: string;
  lastUsedAt?: string;
}
/** A WebAuthn challenge the demo issued: single use, five minutes, for one purpose (and user, when known). */
export interface DemoChallenge {
  challenge: string;
  purpose: string;
  userId: string | null;
  deviceType: DeviceType;
  passkey: boolean;
  expiresAt: number;
  used: boolean;
}
interface MfaLoginRow {
  token: string;
  userId: string;
  expiresAt: number;
  used: boolean;
  failures: number;
}
interface DemoMfaState {
  devices: DemoMfaDevice[];
  /** Each user's set of recovery codes (normalised; one string in data saved before sets). */
  recovery: Record<string, string[] | string>;
  tokens: MfaLoginRow[];
  codes: Array<{
    token: string;
    userId: string;
    code: string;
    target: Json;
    expiresAt: number;
    used: boolean;
  }>;
  pending: Record<string, string>;
  /** Users whose browser is remembered, until when (the demo's storage is the browser). */
  remembered: Record<string, number>;
  challenges?: DemoChallenge[];
}
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
export const DEVICE_EXPIRATION_SECONDS = 14 * 24 * 3600;
const CODE_TTL_MS = 5 * 60_000;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The contract's answer (core/contract/answer.ts); an MFA answer saves unless told not to. */
export const ok = (body: unknown, save = true): Answer => answer(body, save);
/** A refusal that still saves (a challenge burnt, a failure counted). */
export const failSaved = (code: 'MFA_WEBAUTHN_FAILED'): Answer => ({ ...fail(code), save: true });

export const state = (db: DemoDatabase): DemoMfaState =>
  ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= {
    devices: [],
    recovery: {},
    tokens: [],
    codes: [],
    pending: {},
    remembered: {},
  });
/** Second factors only: passkeys (a sign-in method) do not count, as on the server. */
export const devicesOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && !d.passkey);
export const passkeysOf = (db: DemoDatabase, userId: string) =>
  state(db).devices.filter((d) => d.userId === userId && d.passkey);

const code6 = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
const norm = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A new set of 10 recovery codes replacing the user's old one, as on the server. */
export function issueRecoveryCodes(t: DemoMfaTools, db: DemoDatabase, userId: string): string[] {
  const recoveryCode = () =>
    Array.from({ length: 4 }, () => t.random().slice(0, 4).toUpperCase().padEnd(4, 'X')).join('-');
  const codes = Array.from({ length: 10 }, () => recoveryCode());
  state(db).recovery[userId] = codes.map(norm);
  return codes;
}

/** Uses one code of the user's set up; true when it was one of them. */
export function spendRecoveryCode(db: DemoDatabase, userId: string, code: string): boolean {
  const saved = [state(db).recovery[userId] ?? []].flat();
  const at = saved.indexOf(norm(code));
  if (at < 0) return false;
  saved.splice(at, 1);
  state(db).recovery[userId] = saved;
  return true;
}

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
  const views = devices.map((d) => ({
    ...d,
    name: d.name ?? (d.kind === 'authenticator' ? 'Authenticator app' : null),
  }));
  return describeDevices(views, masked);
}

/** The MFA gate of the demo's password sign-in: like the server's (a device, or the demo's "enforce" switch). */
export function gate(t: DemoMfaTools, db: DemoDatabase, user: DemoUser): Json | null {
  const devices = devicesOf(db, user.id);
  const enforce = (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced === true;
  if (devices.length === 0 && !enforce) return null;
  if (devices.length > 0 && (state(db).remembered[user.id] ?? 0) > t.now()) return null;
  const token = `${t.random()}${t.random()}`;
  state(db).tokens.push({
    token,
    userId: user.id,
    expiresAt: t.now() + CODE_TTL_MS,
    used: false,
    failures: 0,
  });
  return {
    mfaRequired: true,
    mfaToken: token,
    mfaEnrolled: devices.length > 0,
    mfaDevices: describe(devices, true),
    mfaStrategies: strategyList(),
    email: user.email,
  };
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

/** Stores a device; the user's first second factor brings a set of recovery codes. */
export function addDevice(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  device: Omit<DemoMfaDevice, 'id' | 'userId' | 'createdAt'>,
): { recoveryCodes: string[] | null; deviceId: string } {
  const first = !device.passkey && devicesOf(db, userId).length === 0;
  const deviceId = t.random();
  state(db).devices.push({ ...device, id: deviceId, userId, createdAt: new Date(t.now()).toISOString() });
  return { recoveryCodes: first ? issueRecoveryCodes(t, db, userId) : null, deviceId };
}

/** Removes second factors; the recovery codes go with the last one. */
export function removeDevices(db: DemoDatabase, userId: string, removed: DemoMfaDevice[]): Answer {
  state(db).devices = state(db).devices.filter((d) => !removed.includes(d));
  if (devicesOf(db, userId).length === 0) delete state(db).recovery[userId];
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
