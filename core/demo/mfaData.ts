/**
 * Demo mode's MFA records, kept in the page's storage: devices, recovery codes, sign-in MFA tokens
 * and one-time codes, WebAuthn challenges and remembered browsers (core/demo/mfaState.ts and
 * mfaRepository.ts work on them). Secrets are sample data in the visitor's own browser.
 */
import type { StoredMfaPolicies } from '../domain/mfa-ports';
import type { DemoDatabase } from './data';

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
/** A short-lived secret of core/domain/mfa-challenges.ts (the mfaToken, a one-time code), by its key. */
export interface DemoLiveChallenge {
  id: string;
  purpose: string;
  userId: string | null;
  key: string;
  data: Json;
  failedAttempts: number;
  createdAt: number;
  expiresAt: number;
  used: boolean;
}
interface DemoMfaState {
  devices: DemoMfaDevice[];
  /** Each user's set of recovery codes (normalised; one string in data saved before sets). */
  recovery: Record<string, string[] | string>;
  /** The mfaTokens and one-time codes (data saved before session 36 kept `tokens` and `codes`). */
  live?: DemoLiveChallenge[];
  /** Remembered browsers: per user, the key and until when. */
  browsers?: Record<string, Record<string, number>>;
  /** Wrong MFA answers per user in the current window. */
  failures?: Record<string, { count: number; startedAt: number }>;
  /** This browser's remember-device token (the server's cookie). */
  browserToken?: string;
}
export const state = (db: DemoDatabase): DemoMfaState =>
  ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= {
    devices: [],
    recovery: {},
  });

/** The policy rows of demo mode: no account saves one; the demo's "enforce MFA" switch is the vendor's. */
export const demoMfaPolicies = (db: DemoDatabase): StoredMfaPolicies => ({
  account: null,
  vendorEnforceMFAType: (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced ? 'Force' : null,
});
