/**
 * The storage side of the server's MFA service (server/domain/mfa.ts): the key of a token, the
 * vendor's switches and devices added with the account's webhook, over the store of
 * server/storage/mfa.ts. The ports the handlers and the gate of a sign-in read are assembled in
 * core/domain/mfa-assembly.ts; the rules are core/domain/mfa*.ts's; tokens are stored only as a
 * SHA-256.
 */
import { createHash } from 'node:crypto';
import { enrolDevice } from '../../core/domain/mfa-devices';
import type { NewMfaDevice } from '../../core/domain/mfa-ports';
import type { Database } from '../storage/database';
import { mfaStore, vendorMfaSettings } from '../storage/mfa';
import { emitForUser } from './connectivity';
import type { SecretBox } from './mfa-crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The key a store keeps for a token: its SHA-256, bound to the token's purpose. */
export const keyOf = (purpose: string, token: string) => sha256(`${purpose}:${token}`);

export class MfaBase {
  constructor(
    protected readonly db: Database,
    readonly box: SecretBox,
  ) {}

  /** The vendor's active MFA strategies (vendors.mfa_strategies) and its passkeys switch. */
  vendorSettings(): Promise<{ strategies: string[]; passkeysEnabled: boolean }> {
    return vendorMfaSettings(this.db);
  }

  /**
   * Stores a verified device (core/domain/mfa-devices.ts: the first second factor brings recovery
   * codes); the account's webhooks hear of a second factor, in the same transaction.
   */
  addDevice(
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
}
