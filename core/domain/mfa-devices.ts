/**
 * MFA's device and recovery-code use cases, written once over the ports of mfa-ports.ts: the
 * routes' handlers (mfa-handlers.ts, mfa-sign-in-handlers.ts) run them on both backends.
 *
 * - A user's first second factor brings a set of recovery codes, shown once; a passkey does not.
 * - Removing the last second factor removes the recovery codes too (nothing left to recover).
 * - A recovery code works once; after the last of a set, a new set is issued at sign-in.
 */
import { contractError } from '../contract/errors';
import type { MfaDeviceKind, MfaPorts, NewMfaDevice } from './mfa-ports';

/** How many recovery codes a set has; each works once. */
const RECOVERY_CODE_COUNT = 10;
/** 16 characters of a 32-letter alphabet without look-alikes (80 bits), shown in groups of four. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newRecoveryCode(): string {
  // 256 is a multiple of 32: a byte modulo the alphabet's length picks every letter alike.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** A recovery code as typed (any case, with or without dashes and spaces) to the form it is kept in. */
const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

const recoveryKey = (ports: Pick<MfaPorts, 'keyOf'>, code: string) =>
  ports.keyOf('recovery', normalizeRecoveryCode(code));

/** The user's second factors (a passkey is a first factor). */
const secondFactorsOf = async (ports: Pick<MfaPorts, 'devices'>, userId: string) =>
  (await ports.devices.list(userId)).filter((device) => !device.passkey);

/** Replaces the user's recovery codes with a new set; the codes are returned once (the store keeps keys). */
export async function issueRecoveryCodes(
  ports: Pick<MfaPorts, 'recoveryCodes' | 'keyOf'>,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  await ports.recoveryCodes.replace(
    userId,
    codes.map((code) => recoveryKey(ports, code)),
  );
  return codes;
}

/** Uses one of the user's recovery codes up; true when it was one of them. */
export const redeemRecoveryCode = (
  ports: Pick<MfaPorts, 'recoveryCodes' | 'keyOf'>,
  userId: string,
  code: string,
): Promise<boolean> => ports.recoveryCodes.use(userId, recoveryKey(ports, code));

/**
 * After a recovery sign-in: a new set when that was the last code (so the user is never left
 * without one), else null (the other codes of the set still work).
 */
export async function recoveryCodesAfterUse(
  ports: Pick<MfaPorts, 'recoveryCodes' | 'keyOf'>,
  userId: string,
): Promise<string[] | null> {
  return (await ports.recoveryCodes.count(userId)) > 0 ? null : issueRecoveryCodes(ports, userId);
}

/**
 * Stores a verified device. The user's first second factor also gets a set of recovery codes, shown
 * once (returned here).
 */
export async function enrolDevice(
  ports: Pick<MfaPorts, 'devices' | 'recoveryCodes' | 'keyOf'>,
  userId: string,
  device: NewMfaDevice,
): Promise<{ deviceId: string; recoveryCodes: string[] | null }> {
  const first = !device.passkey && (await secondFactorsOf(ports, userId)).length === 0;
  const deviceId = await ports.devices.add(userId, device);
  return { deviceId, recoveryCodes: first ? await issueRecoveryCodes(ports, userId) : null };
}

/** Removes one of the user's devices (of `kind`, when given); with the last second factor, the recovery codes go. */
export async function removeDevice(
  ports: Pick<MfaPorts, 'devices' | 'recoveryCodes'>,
  userId: string,
  deviceId: string,
  kind?: MfaDeviceKind,
): Promise<void> {
  if (!(await ports.devices.remove(userId, deviceId, kind))) throw contractError('MFA_DEVICE_UNKNOWN');
  if ((await secondFactorsOf(ports, userId)).length === 0) await ports.recoveryCodes.replace(userId, []);
}
