/**
 * The storage side of the server's MFA service (server/domain/mfa.ts): the vendor's switches and
 * the sign-in policy, devices, single-use challenges (the login mfaToken among them), the per-user
 * attempt limit, recovery codes and remembered browsers, over the ports of server/storage/mfa.ts.
 * The rules both sides run are core/domain/mfa*.ts's; tokens are stored only as a SHA-256.
 */
import { createHash } from 'node:crypto';
import { contractError, type ContractError } from '../../core/contract/errors';
import {
  assertNotLocked,
  consumeChallenge,
  failChallenge,
  findChallenge,
  finishMfaToken,
  isRemembered,
  issueChallenge,
  issueMfaToken,
  recordFailure,
  rememberBrowser,
  requireMfaToken,
  wrongAnswer,
} from '../../core/domain/mfa-challenges';
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

  // ---------------------------------------------------------------- challenges, the login mfaToken, the attempt limit (core/domain/mfa-challenges.ts)

  issueChallenge(
    purpose: string,
    userId: string | null,
    data: Record<string, unknown>,
    ttlSeconds: number,
    token?: string,
  ): Promise<string> {
    return issueChallenge(this.store, { purpose, userId, data, ttlSeconds }, token);
  }

  /** The live row of a challenge, without using it up. */
  findChallenge(purpose: string, token: string, userId?: string | null): Promise<MfaChallenge | null> {
    return findChallenge(this.store, purpose, token, userId);
  }

  /** Uses a challenge once; null when unknown, expired, used, or another user's. */
  consumeChallenge(purpose: string, token: string, userId?: string | null): Promise<MfaChallenge | null> {
    return consumeChallenge(this.store, purpose, token, userId);
  }

  /** Counts a wrong answer against a challenge; true when that burned it. */
  failChallenge(id: string): Promise<boolean> {
    return failChallenge(this.store, id);
  }

  issueMfaToken(userId: string, tenantId: string | null): Promise<string> {
    return issueMfaToken(this.store, userId, tenantId);
  }

  requireMfaToken(token: string): Promise<MfaChallenge & { userId: string }> {
    return requireMfaToken(this.store, token);
  }

  finishMfaToken(token: string, userId: string): Promise<void> {
    return finishMfaToken(this.store, token, userId);
  }

  wrongAnswer(mfaRow: MfaChallenge | null, userId: string, answer: ContractError): Promise<never> {
    return wrongAnswer(this.store, mfaRow, userId, answer);
  }

  assertNotLocked(userId: string): Promise<void> {
    return assertNotLocked(this.store, userId);
  }

  /** True when this failure reaches the limit. */
  recordFailure(userId: string): Promise<boolean> {
    return recordFailure(this.store, userId);
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

  rememberBrowser(userId: string, seconds: number): Promise<string> {
    return rememberBrowser(this.store, userId, seconds);
  }

  isRemembered(userId: string, token: string | undefined): Promise<boolean> {
    return isRemembered(this.store, userId, token);
  }
}
