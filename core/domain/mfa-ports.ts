/**
 * MFA's storage ports (issue 25): what the rules of core/domain/mfa-devices.ts and mfa-gate.ts, and
 * the reference server's MFA service (server/domain/mfa.ts), ask of a store. The repositories are
 * written once over the storage port (core/domain/mfa-store.ts); the server's gate read is one SQL
 * statement (server/storage/mfa.ts), demo mode's reads its stored data (core/demo/mfaRepository.ts);
 * server/storage/mfa.test.ts holds both to the same cases. Secrets and tokens reach a store as
 * `keys` (the server's SHA-256 of them, demo mode's the value itself): a store compares keys only.
 */
import type { PolicySettings } from './security-policies';

export type MfaDeviceKind = 'authenticator' | 'sms' | 'email' | 'webauthn';
export type WebauthnDeviceType = 'platform' | 'cross-platform';

/** A stored second factor or passkey. */
export interface MfaDevice {
  id: string;
  userId: string;
  kind: MfaDeviceKind;
  name: string | null;
  /** The authenticator app's secret as the store keeps it (the server's sealed, demo mode's plain). */
  secret: string | null;
  /** The time step of the last code accepted (a code is never accepted twice). */
  lastTimeStep: number | null;
  phone: string | null;
  email: string | null;
  /** WebAuthn: the credential id and public key (base64url), its counter and transports. */
  credentialId: string | null;
  publicKey: string | null;
  signCount: number;
  transports: string[];
  deviceType: WebauthnDeviceType | null;
  /** A passkey is a sign-in method, not a second factor. */
  passkey: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}
export type NewMfaDevice = Partial<Omit<MfaDevice, 'id' | 'userId' | 'createdAt' | 'lastUsedAt'>> & {
  kind: MfaDeviceKind;
};

export interface MfaDeviceRepository {
  /** The user's devices, passkeys included, oldest first. */
  list(userId: string): Promise<MfaDevice[]>;
  /** One of the user's devices (of `kind`, when given), or null (the server's: 400 for an id not a UUID). */
  find(userId: string, deviceId: string, kind?: MfaDeviceKind): Promise<MfaDevice | null>;
  /** The WebAuthn device of a credential, whoever's it is. */
  byCredential(credentialId: string): Promise<MfaDevice | null>;
  add(userId: string, device: NewMfaDevice): Promise<string>;
  /** True when the device was the user's (of `kind`, when given) and is gone. */
  remove(userId: string, deviceId: string, kind?: MfaDeviceKind): Promise<boolean>;
  /** Moves the authenticator's last time step forward to `step`; false when it is there already or past it. */
  advanceTimeStep(deviceId: string, step: number): Promise<boolean>;
  /** A WebAuthn device used: its new counter and when. */
  recordUse(deviceId: string, signCount: number): Promise<void>;
}

export interface RecoveryCodeRepository {
  /** Replaces the user's set with these keys. */
  replace(userId: string, keys: string[]): Promise<void>;
  /** Uses one key of the set up; true when it was there. */
  use(userId: string, key: string): Promise<boolean>;
  count(userId: string): Promise<number>;
}

/** A short-lived, single-use secret of an MFA flow (mfaToken, otcToken, enrolment, WebAuthn challenge). */
export interface MfaChallenge {
  id: string;
  purpose: string;
  userId: string | null;
  data: Record<string, unknown>;
  failedAttempts: number;
}
export interface ChallengeRepository {
  issue(input: {
    purpose: string;
    userId: string | null;
    key: string;
    data: Record<string, unknown>;
    ttlSeconds: number;
  }): Promise<void>;
  /** The live challenge of this key and purpose (and user, when given), without using it up. */
  find(purpose: string, key: string, userId?: string | null): Promise<MfaChallenge | null>;
  /** Uses the live challenge up; null when unknown, expired, used, or another user's. */
  consume(purpose: string, key: string, userId?: string | null): Promise<MfaChallenge | null>;
  /** Uses a challenge up by id; false when it was used already. */
  consumeById(id: string): Promise<boolean>;
  /** Counts a wrong answer against the challenge as read; the `maxAttempts`-th uses it up. The count after it. */
  fail(challenge: MfaChallenge, maxAttempts: number): Promise<number>;
  /** The user's newest live challenge of `purpose`. */
  latest(userId: string, purpose: string): Promise<MfaChallenge | null>;
  /** Uses up every live challenge of the user's of `purpose`. */
  retire(userId: string, purpose: string): Promise<void>;
}

export interface RememberedBrowserRepository {
  remember(userId: string, key: string, seconds: number): Promise<void>;
  isRemembered(userId: string, key: string): Promise<boolean>;
}

/** Wrong MFA answers per user in a sliding window. */
export interface MfaFailureCounter {
  /** The user's failures in the last `windowSeconds`. */
  count(userId: string, windowSeconds: number): Promise<number>;
  /** Counts one (a new window when the last one is over); the count after it. */
  record(userId: string, windowSeconds: number): Promise<number>;
  clear(userId: string): Promise<void>;
}

export type EnforceMfaType = PolicySettings['mfa']['enforceMFAType'];

/** The MFA policy of sign-ins into an account (the security page's, and its remember-device settings). */
export interface MfaPolicy {
  enforceMFAType: EnforceMfaType;
  allowRememberDevice: boolean;
  deviceExpirationSeconds: number;
}

/**
 * The policy rows a sign-in's MFA depends on, as stored: the account's own (null when it never saved
 * one) and the vendor's enforcement (null when never saved). core/domain/mfa-gate.ts `mfaPolicyOf`
 * says which applies.
 */
export interface StoredMfaPolicies {
  account: MfaPolicy | null;
  vendorEnforceMFAType: EnforceMfaType | null;
}

/**
 * What the MFA gate of a sign-in reads, in one go: the user's second factors and the policy rows
 * (without a user, the policy rows alone: the remember-device read of a sign-in's MFA step).
 */
export interface MfaGateReader {
  gateFacts(
    userId: string | null,
    tenantId: string | null,
  ): Promise<StoredMfaPolicies & { secondFactors: MfaDevice[] }>;
}

/** A verified new WebAuthn credential, as a device keeps it. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

/**
 * What a WebAuthn library does for a ceremony of the calling page (`rpId`): the options offered
 * (a fresh `challenge` among them) and the checks of an answer. `challenge` says whether the
 * challenge an answer signed is a live one (core/domain/mfa-webauthn.ts uses it up); a check that
 * fails for any reason is null. The server's is @simplewebauthn/server (server/domain/mfa-webauthn.ts),
 * demo mode's WebCrypto (core/domain/webauthn-crypto.ts).
 */
export interface WebauthnCrypto {
  rpId: string;
  registrationOptions(input: {
    user: { id: string; email: string; name?: string | null };
    deviceType: WebauthnDeviceType;
    passkey: boolean;
    exclude: MfaDevice[];
    timeoutMs: number;
  }): Promise<{ challenge: string }>;
  verifyRegistration(
    response: unknown,
    challenge: (challenge: string) => Promise<boolean>,
  ): Promise<NewCredential | null>;
  authenticationOptions(input: { allow: MfaDevice[]; timeoutMs: number }): Promise<{ challenge: string }>;
  /** The credential's new counter, or null. */
  verifyAuthentication(
    response: unknown,
    device: MfaDevice,
    input: { challenge: (challenge: string) => Promise<boolean>; requireUserVerification: boolean },
  ): Promise<number | null>;
}

export interface MfaPorts {
  /** The key a store keeps for a token of `purpose` (the server's SHA-256; demo mode's the token). */
  keyOf(purpose: string, token: string): string;
  devices: MfaDeviceRepository;
  recoveryCodes: RecoveryCodeRepository;
  challenges: ChallengeRepository;
  remembered: RememberedBrowserRepository;
  failures: MfaFailureCounter;
  gate: MfaGateReader;
}
