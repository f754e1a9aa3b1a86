/**
 * The storage side of the server's MFA service (server/domain/mfa.ts): the vendor's switches and
 * the sign-in policy, devices, single-use challenges (the login mfaToken among them), the per-user
 * attempt limit, recovery codes and remembered browsers, over the ports of server/storage/mfa.ts.
 * The rules both sides run are core/domain/mfa*.ts's; tokens are stored only as a SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { contractError, type ContractError } from '../../core/contract/errors';
import { describeDevices } from '../../core/domain/mfa';
import { mfaPolicyOf } from '../../core/domain/mfa-gate';
import {
  enrolDevice,
  issueRecoveryCodes,
  recoveryCodesAfterUse,
  removeDevice,
  redeemRecoveryCode,
} from '../../core/domain/mfa-devices';
import type {
  MfaChallenge,
  MfaDevice,
  MfaDeviceKind,
  MfaPolicy,
  MfaPorts,
  NewMfaDevice,
} from '../../core/domain/mfa-ports';
import type { Database } from '../storage/database';
import { mfaStore, vendorMfaSettings } from '../storage/mfa';
import { emitForUser } from './connectivity';
import type { SecretBox } from './mfa-crypto';

/** Lifetime of the login mfaToken, in seconds. */
const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** Wrong answers one mfaToken (or one otcToken) survives; the next one burns it. */
const MAX_ATTEMPTS_PER_TOKEN = 5;
/** Wrong answers per user in USER_WINDOW_SECONDS before every MFA check of that user answers 429. */
const MAX_FAILURES_PER_USER = 10;
const USER_WINDOW_SECONDS = 15 * 60;

const MFA_STRATEGIES = [
  'AuthenticatorApp',
  'SMS',
  'EmailCode',
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
] as const;
type MfaStrategy = (typeof MFA_STRATEGIES)[number];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The key a store keeps for a token: its SHA-256, bound to the token's purpose. */
const keyOf = (purpose: string, token: string) => sha256(`${purpose}:${token}`);
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export class MfaBase {
  protected readonly store: MfaPorts;

  constructor(
    protected readonly db: Database,
    protected readonly box: SecretBox,
  ) {
    this.store = mfaStore(db, keyOf);
  }

  // ---------------------------------------------------------------- settings and policy

  async vendorSettings(): Promise<{ strategies: MfaStrategy[]; passkeysEnabled: boolean }> {
    const { strategies, passkeysEnabled } = await vendorMfaSettings(this.db);
    return {
      strategies: strategies.filter((s): s is MfaStrategy =>
        (MFA_STRATEGIES as readonly string[]).includes(s),
      ),
      passkeysEnabled,
    };
  }

  /** The strategies list of spec 000 §3: every known strategy with isActive. */
  async strategies(): Promise<Array<{ strategy: MfaStrategy; isActive: boolean }>> {
    const { strategies } = await this.vendorSettings();
    return MFA_STRATEGIES.map((strategy) => ({ strategy, isActive: strategies.includes(strategy) }));
  }

  async assertStrategy(strategy: MfaStrategy): Promise<void> {
    const { strategies } = await this.vendorSettings();
    if (!strategies.includes(strategy)) throw contractError('MFA_STRATEGY_DISABLED');
  }

  /** The MFA policy of sign-ins into `tenantId` (core/domain/mfa-gate.ts `mfaPolicyOf`). */
  async policyFor(tenantId: string | null): Promise<MfaPolicy> {
    return mfaPolicyOf(await this.store.gate.policies(tenantId));
  }

  /** What the gate of a sign-in reads in one statement: the user's second factors and the policy in force. */
  async gateFacts(userId: string, tenantId: string | null) {
    const { secondFactors, ...stored } = await this.store.gate.gateFacts(userId, tenantId);
    return { secondFactors, policy: mfaPolicyOf(stored) };
  }

  // ---------------------------------------------------------------- devices

  devices(userId: string): Promise<MfaDevice[]> {
    return this.store.devices.list(userId);
  }

  async device(userId: string, deviceId: string, kind?: MfaDeviceKind): Promise<MfaDevice> {
    const device = await this.store.devices.find(userId, deviceId, kind);
    if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
    return device;
  }

  /** Second factors only: passkeys registered as a sign-in method do not count as MFA devices. */
  async secondFactors(userId: string): Promise<MfaDevice[]> {
    return (await this.devices(userId)).filter((d) => !d.passkey);
  }

  /** The devices list of spec 000 §3 (webauthn, phones, authenticators; plus emails). Masked before sign-in. */
  describeDevices(devices: MfaDevice[], masked: boolean) {
    return describeDevices(devices, masked);
  }

  /** Removes a device; with the last second factor the recovery codes go (core/domain/mfa-devices.ts). */
  deleteDevice(userId: string, deviceId: string, kind?: MfaDeviceKind): Promise<void> {
    return removeDevice(this.store, userId, deviceId, kind);
  }

  /**
   * Stores a verified device. The first second factor of a user also gets a recovery code, shown
   * once (returned here, stored hashed); the account's webhooks hear of a second factor.
   */
  async addDevice(
    userId: string,
    device: NewMfaDevice,
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null }> {
    return this.db.transaction(async (tx) => {
      const added = await enrolDevice(mfaStore(tx, keyOf), userId, device);
      if (!device.passkey)
        await emitForUser({ db: tx }, userId, 'user.mfaEnrolled', { deviceKind: device.kind });
      return added;
    });
  }

  // ---------------------------------------------------------------- challenges (mfaToken, otcToken, enrolment, WebAuthn)

  async issueChallenge(
    purpose: string,
    userId: string | null,
    data: Record<string, unknown>,
    ttlSeconds: number,
    token = newToken(),
  ): Promise<string> {
    await this.store.challenges.issue({ purpose, userId, key: keyOf(purpose, token), data, ttlSeconds });
    return token;
  }

  /** The live row of a challenge, without using it up. */
  async findChallenge(purpose: string, token: string, userId?: string | null): Promise<MfaChallenge | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    return this.store.challenges.find(purpose, keyOf(purpose, token), userId);
  }

  /** Uses a challenge once; null when unknown, expired, used, or another user's. */
  async consumeChallenge(
    purpose: string,
    token: string,
    userId?: string | null,
  ): Promise<MfaChallenge | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    return this.store.challenges.consume(purpose, keyOf(purpose, token), userId);
  }

  /** Counts a wrong answer against a challenge; the MAX_ATTEMPTS_PER_TOKEN-th burns it. True when burned. */
  async failChallenge(id: string): Promise<boolean> {
    return (await this.store.challenges.fail(id, MAX_ATTEMPTS_PER_TOKEN)) >= MAX_ATTEMPTS_PER_TOKEN;
  }

  // ---------------------------------------------------------------- the login mfaToken

  /** A short-lived, single-purpose token bound to the user who passed the first factor. */
  issueMfaToken(userId: string, tenantId: string | null): Promise<string> {
    return this.issueChallenge('mfaLogin', userId, { tenantId }, MFA_TOKEN_TTL_SECONDS);
  }

  /** The live mfaToken's row; 401 when forged, expired or used; 429 while the user is locked out. */
  async requireMfaToken(token: string): Promise<MfaChallenge & { userId: string }> {
    const row = await this.findChallenge('mfaLogin', token);
    if (!row?.userId) throw contractError('MFA_TOKEN_EXPIRED');
    await this.assertNotLocked(row.userId);
    return row as MfaChallenge & { userId: string };
  }

  /** Uses the mfaToken up at the successful end of the MFA step. */
  async finishMfaToken(token: string, userId: string): Promise<void> {
    if (!(await this.consumeChallenge('mfaLogin', token, userId))) throw contractError('MFA_TOKEN_EXPIRED');
    await this.store.failures.clear(userId);
  }

  /**
   * A wrong answer during login: counts against the mfaToken (burned after MAX_ATTEMPTS_PER_TOKEN)
   * and against the user. Throws the answer to give.
   */
  async wrongAnswer(mfaRow: MfaChallenge | null, userId: string, answer: ContractError): Promise<never> {
    const burned = mfaRow ? await this.failChallenge(mfaRow.id) : false;
    const locked = await this.recordFailure(userId);
    if (locked || burned) throw contractError('MFA_TOO_MANY_ATTEMPTS');
    throw answer.withStatus(400);
  }

  // ---------------------------------------------------------------- per-user attempt limit

  async assertNotLocked(userId: string): Promise<void> {
    if ((await this.store.failures.count(userId, USER_WINDOW_SECONDS)) >= MAX_FAILURES_PER_USER)
      throw contractError('MFA_TOO_MANY_ATTEMPTS');
  }

  /** True when this failure reaches the limit. */
  async recordFailure(userId: string): Promise<boolean> {
    return (await this.store.failures.record(userId, USER_WINDOW_SECONDS)) >= MAX_FAILURES_PER_USER;
  }

  // ---------------------------------------------------------------- recovery codes (core/domain/mfa-devices.ts)

  /** Uses the recovery code up; true when it matched. */
  useRecoveryCode(userId: string, code: string): Promise<boolean> {
    return redeemRecoveryCode(this.store, userId, code);
  }

  /** After a recovery sign-in: a new set when that was the last code, else null. */
  recoveryCodesAfterUse(userId: string): Promise<string[] | null> {
    return this.db.transaction((tx) => recoveryCodesAfterUse(mfaStore(tx, keyOf), userId));
  }

  /** A new set of recovery codes; the old set stops working. */
  regenerateRecoveryCodes(userId: string): Promise<string[]> {
    return this.db.transaction((tx) => issueRecoveryCodes(mfaStore(tx, keyOf), userId));
  }

  // ---------------------------------------------------------------- remembered browsers

  async rememberBrowser(userId: string, seconds: number): Promise<string> {
    const token = newToken();
    await this.store.remembered.remember(userId, keyOf('remember', token), seconds);
    return token;
  }

  async isRemembered(userId: string, token: string | undefined): Promise<boolean> {
    if (!token || !TOKEN_SHAPE.test(token)) return false;
    return this.store.remembered.isRemembered(userId, keyOf('remember', token));
  }
}
