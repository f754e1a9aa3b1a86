/**
 * The authenticator app (TOTP, RFC 6238), written once over the ports of mfa-ports.ts (issue 25):
 * the handlers of mfa-handlers.ts and mfa-sign-in-handlers.ts run it on both backends.
 *
 * - A new secret waits (ten minutes, one at a time) until a first code proves the app has it; five
 *   wrong codes end the wait.
 * - A code of the previous or next 30-second step is accepted (clock drift), and a step only once:
 *   the device's last step moves forward with a compare-and-set (mfa-ports.ts `advanceTimeStep`).
 * - An account change is proven by a code of an enrolled app or by a recovery code; a wrong proof
 *   counts against the user (mfa-challenges.ts).
 * The secret reaches the store through `box` (the server's AES-256-GCM, demo mode's plain text).
 * otplib is loaded on first use: the demo's chunk stays small for pages that never touch MFA.
 */
import { contractError } from '../contract/errors';
import { isSixDigitCode } from './mfa';
import { assertNotLocked, failChallenge, issueChallenge, MFA_LIMITS, wrongAnswer } from './mfa-challenges';
import { redeemRecoveryCode } from './mfa-devices';
import type { MfaDevice, MfaPorts, NewMfaDevice } from './mfa-ports';

/** How a store keeps an authenticator's secret, per user. */
export interface SecretBox {
  seal(secret: string, userId: string): string;
  open(sealed: string, userId: string): string;
}

/** Codes from the previous and next 30-second step are accepted (clock drift). */
const TOLERANCE_SECONDS = 30;

/** The time step `code` belongs to for `secret` (after `afterTimeStep`, when given), or null. */
async function totpStep(secret: string, code: string, afterTimeStep?: number): Promise<number | null> {
  if (!isSixDigitCode(code)) return null;
  const { verify } = await import('otplib');
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Keeps a new secret until a first code proves the app has it; an earlier pending one is dropped. */
export async function startAuthenticatorEnrolment(
  ports: Pick<MfaPorts, 'keyOf' | 'challenges'>,
  box: SecretBox,
  userId: string,
  secret: string,
): Promise<void> {
  await ports.challenges.retire(userId, 'enrollTotp');
  await issueChallenge(ports, {
    purpose: 'enrollTotp',
    userId,
    data: { secretEnc: box.seal(secret, userId) },
    ttlSeconds: MFA_LIMITS.enrolTtlSeconds,
  });
}

/**
 * Completes the pending enrolment with a first code: `enrol` stores the device (its step kept: the
 * code is not accepted again). Null for a wrong code (counted against the pending secret);
 * MFA_CODE_EXPIRED when nothing is pending.
 */
export async function finishAuthenticatorEnrolment<R>(
  ports: Pick<MfaPorts, 'challenges'>,
  box: SecretBox,
  userId: string,
  code: string,
  enrol: (device: NewMfaDevice) => Promise<R>,
): Promise<R | null> {
  const pending = await ports.challenges.latest(userId, 'enrollTotp');
  if (!pending) throw contractError('MFA_CODE_EXPIRED');
  const secret = box.open(String(pending.data.secretEnc), userId);
  const step = await totpStep(secret, code);
  if (step === null) {
    await failChallenge(ports, pending);
    return null;
  }
  if (!(await ports.challenges.consumeById(pending.id))) throw contractError('MFA_CODE_EXPIRED');
  return enrol({
    kind: 'authenticator',
    name: 'Authenticator app',
    secret: box.seal(secret, userId),
    lastTimeStep: step,
  });
}

/** Whether `code` is the app's, at a step after the last one it gave (that step is kept). */
export async function verifyAuthenticator(
  ports: Pick<MfaPorts, 'devices'>,
  box: SecretBox,
  device: MfaDevice,
  code: string,
): Promise<boolean> {
  if (device.kind !== 'authenticator' || !device.secret) return false;
  const step = await totpStep(box.open(device.secret, device.userId), code, device.lastTimeStep ?? undefined);
  return step !== null && ports.devices.advanceTimeStep(device.id, step);
}

/** Whether `code` is one of the user's apps' (spec: POST /user/mfa/verify names no device). */
export async function verifyAnyAuthenticator(
  ports: Pick<MfaPorts, 'devices'>,
  box: SecretBox,
  userId: string,
  code: string,
): Promise<boolean> {
  for (const device of await ports.devices.list(userId))
    if (await verifyAuthenticator(ports, box, device, code)) return true;
  return false;
}

/**
 * An account change's fresh proof: a code of `apps` (the user's, unless given) or one of the user's
 * recovery codes (used up). 429 while the user is locked out; a wrong proof counts (400).
 */
export async function requireProof(
  ports: MfaPorts,
  box: SecretBox,
  input: { userId: string; proof: string; apps?: MfaDevice[] },
): Promise<void> {
  await assertNotLocked(ports, input.userId);
  const value = input.proof.trim();
  const apps = input.apps ?? (await ports.devices.list(input.userId));
  let proven = false;
  if (!isSixDigitCode(value)) proven = await redeemRecoveryCode(ports, input.userId, value);
  else for (const app of apps) proven ||= await verifyAuthenticator(ports, box, app, value);
  if (!proven) await wrongAnswer(ports, null, input.userId, contractError('MFA_CODE_WRONG'));
}
