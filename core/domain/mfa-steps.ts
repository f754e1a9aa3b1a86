/**
 * What MFA's shared handlers (mfa-handlers.ts for the signed-in person, mfa-sign-in-handlers.ts for
 * the sign-in's second step) ask of a backend, and the steps they share, assembled over the platform
 * by core/domain/mfa-assembly.ts: the server's `mfa` member (SQL, delivery, the session service,
 * @simplewebauthn/server), demo mode's (the page's storage, its outbox and session, WebCrypto).
 */
import { contractError } from '../contract/errors';
import { recoveryAnswer } from './mfa';
import {
  finishMfaToken,
  isRemembered,
  issueCode,
  issueMfaToken,
  rememberBrowser,
  requireMfaToken,
} from './mfa-challenges';
import { gateStep, mfaPolicyOf, mfaRequiredAnswer } from './mfa-gate';
import type { MfaChallenge, MfaPorts, NewMfaDevice, WebauthnCrypto } from './mfa-ports';
import { startAuthenticatorEnrolment, type SecretBox } from './mfa-totp';

export interface MfaUser {
  id: string;
  email: string;
  name?: string | null;
}

/** Where a one-time code goes, and what it may prove (core/domain/mfa.ts `sentCodeFits`). */
export type CodeTarget =
  | { kind: 'sms'; phone: string; deviceId?: string; removal?: boolean }
  | { kind: 'email'; email: string; deviceId?: string };

export interface MfaHandlerPorts extends MfaPorts {
  webauthn: WebauthnCrypto;
  /** How the store keeps an authenticator's secret (the server's AES-256-GCM, demo mode's plain text). */
  box: SecretBox;
  /** The vendor's active MFA strategies and its passkeys switch. */
  vendor(): Promise<{ strategies: readonly string[]; passkeysEnabled: boolean }>;
  user(id: string): Promise<MfaUser | null>;
  /** The caller is an impersonator (core/domain/mfa.ts `refuseFactorChange`). */
  impersonating: boolean;
  /** The check of a sign-in step's caller: the server refuses a cross-site page. */
  checkOrigin(): void;
  /** The issuer an authenticator app shows, and the QR code of an otpauth URI. */
  totpIssuer: string;
  qrCode(uri: string): Promise<string>;
  /** Counts a code about to be sent against the sending limits (429 beyond them). */
  limitSend(userId: string, target: CodeTarget): Promise<void>;
  /** Sends a code to its target, in the recipient's language. */
  deliver(user: MfaUser, target: CodeTarget, code: string): Promise<void>;
  /** Stores a verified device (mfa-devices.ts `enrolDevice`; the server tells the account's webhooks). */
  addDevice(
    userId: string,
    device: NewMfaDevice,
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null }>;
  /** Runs `work` over the store in one transaction. */
  atomically<T>(work: (store: MfaPorts) => Promise<T>): Promise<T>;
  /**
   * Opens a session (in `tenantId`, when given) and answers the login; `remember` is the token of
   * a browser to remember (the server's cookie) for that many seconds.
   */
  startSession(
    user: MfaUser,
    tenantId?: string | null,
    remember?: { token: string; seconds: number },
  ): Promise<Record<string, unknown>>;
  /** Whether passkeys may sign in (the vendor's sign-in methods, and the user's account once known). */
  assertPasskeySignIn(user?: MfaUser): Promise<void>;
}

/** The strategies of spec 000 §3, as the strategies list names them (every one active by default). */
export const MFA_STRATEGIES = [
  'AuthenticatorApp',
  'SMS',
  'EmailCode',
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
];

/** The strategies list of spec 000 §3: every known strategy, and whether it is among the active ones. */
const strategyList = (active: readonly string[]) =>
  MFA_STRATEGIES.map((strategy) => ({ strategy, isActive: active.includes(strategy) }));

/** The strategies list with the vendor's active strategies. */
export const mfaStrategies = async (p: Pick<MfaHandlerPorts, 'vendor'>) =>
  strategyList((await p.vendor()).strategies);

/**
 * The MFA gate of a first-factor sign-in (core/domain/mfa-gate.ts), on both backends: null when the
 * user may sign in now (no second factor and no enforced policy, or a remembered browser: `remember`
 * is the browser's remember-device token); else the answer asking for the second factor, with a new
 * mfaToken for `tenantId`. One read of the devices and policy rows (the sign-in's hot path).
 */
export async function mfaGateAnswer(
  p: Pick<MfaHandlerPorts, 'gate' | 'keyOf' | 'remembered' | 'challenges' | 'vendor'>,
  user: { id: string; email: string },
  tenantId: string | null,
  remember: unknown,
  firstFactor?: 'saml',
) {
  const { secondFactors, ...stored } = await p.gate.gateFacts(user.id, tenantId);
  const step = gateStep(secondFactors.length, mfaPolicyOf(stored), firstFactor);
  if (step === 'signIn') return null;
  if (step === 'askUnlessRemembered' && (await isRemembered(p, user.id, remember))) return null;
  return mfaRequiredAnswer({
    mfaToken: await issueMfaToken(p, user.id, tenantId),
    devices: secondFactors,
    strategies: await mfaStrategies(p),
    email: user.email,
  });
}

export async function assertStrategy(p: Pick<MfaHandlerPorts, 'vendor'>, strategy: string): Promise<void> {
  if (!(await p.vendor()).strategies.includes(strategy)) throw contractError('MFA_STRATEGY_DISABLED');
}

/** A person who exists (a signed-in caller's user was deleted: TOKEN_INVALID). */
export async function personOf(p: MfaHandlerPorts, userId: string): Promise<MfaUser> {
  const user = await p.user(userId);
  if (!user) throw contractError('TOKEN_INVALID');
  return user;
}

/** Sends a one-time code for `target`: its otcToken. */
export async function sendCode(p: MfaHandlerPorts, user: MfaUser, target: CodeTarget): Promise<string> {
  await p.limitSend(user.id, target);
  const { otcToken, code } = await issueCode(p, user.id, target);
  await p.deliver(user, target, code);
  return otcToken;
}

/** A new authenticator secret, pending until a first code proves the app has it, and its QR code. */
export async function newAuthenticator(p: MfaHandlerPorts, user: MfaUser) {
  // Loaded on first use: the demo's chunk stays small for pages that never touch MFA.
  const { generateSecret, generateURI } = await import('otplib');
  const secret = generateSecret();
  const qrCode = await p.qrCode(generateURI({ issuer: p.totpIssuer, label: user.email, secret }));
  await startAuthenticatorEnrolment(p, p.box, user.id, secret);
  return { qrCode, secret };
}

/** A sign-in's MFA step: the live mfaToken, its row and its user. */
export interface MfaLogin {
  token: string;
  row: MfaChallenge;
  user: MfaUser;
  tenantId: string | null;
}

/** The sign-in the body's mfaToken names: 401 when none, 429 while the user is locked out. */
export async function loginOf(p: MfaHandlerPorts, mfaToken: unknown): Promise<MfaLogin> {
  p.checkOrigin();
  const row = await requireMfaToken(p, mfaToken);
  const user = await p.user(row.userId);
  if (!user) throw contractError('MFA_TOKEN_EXPIRED');
  const tenantId = typeof row.data.tenantId === 'string' ? row.data.tenantId : null;
  return { token: String(mfaToken), row, user, tenantId };
}

/** The policy in force for the sign-in's account (core/domain/mfa-gate.ts). */
export const policyOf = async (p: MfaHandlerPorts, tenantId: string | null) =>
  mfaPolicyOf(await p.gate.gateFacts(null, tenantId));

/**
 * Ends the MFA step: uses the mfaToken up, remembers the browser when asked and allowed, opens the
 * session; a new set of recovery codes is shown with it.
 */
export async function endStep(
  p: MfaHandlerPorts,
  login: MfaLogin,
  extra: { rememberDevice?: unknown; recoveryCodes?: string[] | null },
) {
  await finishMfaToken(p, login.token, login.user.id);
  let remember: { token: string; seconds: number } | undefined;
  if (extra.rememberDevice === true) {
    const policy = await policyOf(p, login.tenantId);
    if (policy.allowRememberDevice) {
      const seconds = policy.deviceExpirationSeconds;
      remember = { token: await rememberBrowser(p, login.user.id, seconds), seconds };
    }
  }
  const session = await p.startSession(login.user, login.tenantId, remember);
  return { ...session, ...recoveryAnswer(extra.recoveryCodes) };
}
