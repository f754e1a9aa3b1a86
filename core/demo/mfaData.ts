/**
 * Demo mode's MFA records, kept in the page's storage: devices, recovery codes, sign-in MFA tokens,
 * one-time codes, WebAuthn challenges and remembered browsers (core/demo/mfaState.ts and
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
export interface MfaLoginRow {
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
export const state = (db: DemoDatabase): DemoMfaState =>
  ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= {
    devices: [],
    recovery: {},
    tokens: [],
    codes: [],
    pending: {},
    remembered: {},
  });

/** The policy rows of demo mode: no account saves one; the demo's "enforce MFA" switch is the vendor's. */
export const demoMfaPolicies = (db: DemoDatabase): StoredMfaPolicies => ({
  account: null,
  vendorEnforceMFAType: (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced ? 'Force' : null,
});
