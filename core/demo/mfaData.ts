/**
 * Demo mode's MFA records, kept in the page's storage: devices, recovery codes, sign-in MFA tokens
 * and one-time codes, remembered browsers and wrong answers (core/demo/mfaRepository.ts works on
 * them). Secrets are sample data in the visitor's own browser.
 */
import type { MfaChallenge, MfaDevice, StoredMfaPolicies } from '../domain/mfa-ports';
import type { DemoDatabase } from './data';

/** A stored device: the fields of MfaDevice that are set (rows saved before session 39: the time step as `lastStep`). */
export type DemoMfaDevice = Pick<MfaDevice, 'id' | 'userId' | 'kind' | 'createdAt'> &
  Partial<MfaDevice> & { lastStep?: number };
/** A short-lived secret of core/domain/mfa-challenges.ts (the mfaToken, a one-time code), by its key. */
export type DemoLiveChallenge = MfaChallenge & {
  key: string;
  createdAt: number;
  expiresAt: number;
  used: boolean;
};
interface DemoMfaState {
  devices: DemoMfaDevice[];
  /** Each user's set of recovery codes (one string in data saved before sets). */
  recovery: Record<string, string[] | string>;
  /** The mfaTokens and one-time codes (data saved before session 36 kept `tokens` and `codes`). */
  live?: DemoLiveChallenge[];
  /** Remembered browsers: per user, the key and until when. */
  browsers?: Record<string, Record<string, number>>;
  /** Wrong MFA answers per user in the current window, from the first of them. */
  failures?: Record<string, { count: number; startedAt: number }>;
  /** This browser's remember-device token (the server's cookie). */
  browserToken?: string;
}
export const state = (db: DemoDatabase): DemoMfaState =>
  ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= { devices: [], recovery: {} });

/** The policy rows of demo mode: no account saves one; the demo's "enforce MFA" switch is the vendor's. */
export const demoMfaPolicies = (db: DemoDatabase): StoredMfaPolicies => ({
  account: null,
  vendorEnforceMFAType: (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced ? 'Force' : null,
});
