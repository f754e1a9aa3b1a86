/**
 * MFA's rules that the routes' handlers (mfa-handlers.ts, mfa-sign-in-handlers.ts) and the sign-in
 * gate run on both backends, written once (issue 25): which proof a value is, what a sent code
 * may prove, the recovery code's conditions at sign-in, the new set's answer, device names and the
 * strategy a WebAuthn device type needs. Browser-safe: no storage, no Node.js.
 */
import { contractError } from '../contract/errors';
import { maskPhone } from '../contract/phone';
import { clientDeviceType } from '../contract/requests-webauthn';
import { refuseWhileImpersonating } from './impersonation';

type WebauthnDeviceType = 'platform' | 'cross-platform';

/** A six-digit value is a code (authenticator app, SMS, email); anything else may be a recovery code. */
export const isSixDigitCode = (value: string): boolean => /^[0-9]{6}$/.test(value);

/**
 * A new set of recovery codes in an answer, shown once: `recoveryCodes`, and the client SDK's
 * `recoveryCode` (the first of them) for callers that know one code only (docs/contract.md).
 */
export const recoveryAnswer = (codes: string[] | null | undefined) =>
  codes?.length ? { recoveryCode: codes[0]!, recoveryCodes: codes } : {};

/** What a sent code was sent for (the data stored with it). */
interface SentCodeTarget {
  kind?: unknown;
  deviceId?: unknown;
  removal?: unknown;
}

/**
 * What a code must have been sent for to prove a step: enrolling a new phone or address (no device
 * yet), signing in with a phone (that device) or with the email factor, removing a phone (that
 * device, a removal code). A code sent for anything else answers as an expired one.
 */
export type SentCodeUse =
  { step: 'enrolSms' | 'enrolEmail' | 'signInEmail' } | { step: 'signInSms' | 'removeSms'; deviceId: string };

export function sentCodeFits(use: SentCodeUse, target: SentCodeTarget): boolean {
  switch (use.step) {
    case 'enrolSms':
      return target.kind === 'sms' && !target.deviceId;
    case 'enrolEmail':
      return target.kind === 'email' && !target.deviceId;
    case 'signInEmail':
      return target.kind === 'email' && typeof target.deviceId === 'string';
    case 'signInSms':
      return target.deviceId === use.deviceId;
    case 'removeSms':
      return target.kind === 'sms' && target.deviceId === use.deviceId && target.removal === true;
  }
}

/**
 * A recovery code at sign-in stands in for the second factor only: without the mfaToken of a
 * completed first factor it would sign in with the code alone (401). The client SDK also sends the
 * email, which must be the signing-in user's. Throws the refusal.
 */
export function assertRecoveryNeedsFirstFactor(mfaToken: unknown): asserts mfaToken {
  if (!mfaToken) throw contractError('MFA_RECOVERY_NEEDS_FIRST_FACTOR');
}
export function assertRecoveryEmail(email: unknown, userEmail: string): void {
  if (typeof email === 'string' && email && email.toLowerCase() !== userEmail.toLowerCase())
    throw contractError('MFA_EMAIL_MISMATCH');
}

/** The phone number a removal's first step answers: masked, its last two digits shown. */
export const removalPhoneNumber = (phone: string): string => maskPhone(phone);

/** The strategy (vendors.mfa_strategies) a WebAuthn second factor of this type needs. */
export const webauthnStrategy = (type: WebauthnDeviceType) =>
  type === 'platform' ? ('WebAuthnPlatform' as const) : ('WebAuthnCrossPlatform' as const);

/** The name a new security key (second factor) gets, unless one is given. */
export const securityKeyName = (type: WebauthnDeviceType): string =>
  type === 'platform' ? 'This device' : 'Security key';

/** The name a new passkey gets. */
export const passkeyName = (type: WebauthnDeviceType): string =>
  type === 'platform' ? 'Passkey on this device' : 'Passkey on a security key or phone';

/** A stored device as the devices list reads it (the server's row, the demo's record). */
interface MfaDeviceView {
  id: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  passkey?: boolean | undefined;
  name: string | null;
  deviceType?: WebauthnDeviceType | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  createdAt: string;
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

/**
 * The devices list of spec 000 §3 (webauthn, phones, authenticators; plus emails): second factors
 * only (a passkey is a sign-in method). Masked before sign-in: the phone's last four digits, the
 * email's first letter and domain.
 */
export function describeDevices(devices: MfaDeviceView[], masked: boolean) {
  const of = (kind: MfaDeviceView['kind']) => devices.filter((d) => d.kind === kind && !d.passkey);
  return {
    webauthn: of('webauthn').map((d) => ({
      id: d.id,
      // The client SDK's WebAuthnDeviceType spelling (stored: platform / cross-platform).
      deviceType: clientDeviceType(d.deviceType),
      name: d.name,
      createdAt: d.createdAt,
    })),
    phones: of('sms').map((d) => ({
      id: d.id,
      phoneNumber: masked ? maskPhone(d.phone ?? '', 4) : (d.phone ?? null),
      createdAt: d.createdAt,
    })),
    authenticators: of('authenticator').map((d) => ({ id: d.id, name: d.name, createdAt: d.createdAt })),
    emails: of('email').map((d) => ({
      id: d.id,
      email: masked ? maskEmail(d.email ?? '') : (d.email ?? null),
      createdAt: d.createdAt,
    })),
  };
}

/**
 * A person's sign-in factors (second factors, passkeys) are theirs to manage: an impersonated session
 * reads them, and every change is refused (403): a factor enrolled by an impersonator would be a way
 * back in as the person later, also into their other accounts, where the impersonator has no say.
 */
export function refuseFactorChange(impersonating: boolean, method: string): void {
  if (method !== 'GET') refuseWhileImpersonating(impersonating);
}
