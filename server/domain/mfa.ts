/**
 * Multi-factor authentication and passkeys: devices, TOTP, one-time codes by SMS and email,
 * recovery codes, the login `mfaToken`, remembered browsers, WebAuthn registration and
 * authentication, and the per-user attempt limit. The storage side is mfa-base.ts (over
 * server/storage/mfa.ts), WebAuthn mfa-webauthn.ts; the rules both sides run core/domain/mfa*.ts.
 *
 * Secrets at rest: TOTP seeds AES-256-GCM encrypted (mfa-crypto.ts); every token and code the
 * server hands out (mfaToken, otcToken, codes, recovery codes, remember-device tokens, WebAuthn
 * challenges) is stored only as a SHA-256.
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { contractError, isContractError, type ContractError } from '../../core/contract/errors';
import { checkCode, issueCode, MFA_LIMITS, spendSentCode } from '../../core/domain/mfa-challenges';
import type { MfaChallenge, MfaDevice } from '../../core/domain/mfa-ports';
import type { Database } from '../storage/database';
import { countCodeSend } from './attempts';
import type { SecretBox } from './mfa-crypto';
import { MfaWebauthn, type WebAuthnSettings } from './mfa-webauthn';
import type { UserRow } from './users';

export type { DeviceType } from './mfa-webauthn';

/** Codes from the previous and next 30-second step are accepted (clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;
const CODE_SHAPE = /^[0-9]{6}$/;

/** An MFA refusal (a ContractError of an `MFA_` code): a wrong answer counts against the limits. */
export const isMfaError = (error: unknown): error is ContractError =>
  isContractError(error) && error.codes.some((code) => code.startsWith('MFA_'));

export class MfaService extends MfaWebauthn {
  constructor(
    db: Database,
    box: SecretBox,
    webauthn: WebAuthnSettings,
    private readonly issuerName: string,
  ) {
    super(db, box, webauthn);
  }

  // ---------------------------------------------------------------- TOTP

  /** A new secret with its otpauth URI and QR code (a PNG data URL). */
  async newTotp(
    user: Pick<UserRow, 'email'>,
  ): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
    const secret = generateSecret();
    const otpauthUri = generateURI({ issuer: this.issuerName, label: user.email, secret });
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    return { secret, otpauthUri, qrCode };
  }

  /** Keeps a pending authenticator secret (encrypted) until the first code proves the app has it. */
  async startTotpEnrolment(userId: string, secret: string): Promise<string> {
    await this.store.challenges.retire(userId, 'enrollTotp');
    return this.issueChallenge(
      'enrollTotp',
      userId,
      { secretEnc: this.box.seal(secret, userId) },
      MFA_LIMITS.enrolTtlSeconds,
    );
  }

  /** The user's latest pending authenticator secret, if any. */
  async pendingTotp(userId: string): Promise<{ row: MfaChallenge; secret: string } | null> {
    const row = await this.store.challenges.latest(userId, 'enrollTotp');
    if (!row) return null;
    return { row, secret: this.box.open(String(row.data.secretEnc), userId) };
  }

  /** Checks a code against a secret; returns the time step it belongs to, or null. */
  async checkTotp(secret: string, code: string, afterTimeStep?: number): Promise<number | null> {
    if (!CODE_SHAPE.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Completes a pending enrolment with a first code; the code's time step is remembered (no replay). */
  async finishTotpEnrolment(
    userId: string,
    code: string,
    name = 'Authenticator app',
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null } | null> {
    const pending = await this.pendingTotp(userId);
    if (!pending) throw contractError('MFA_CODE_EXPIRED');
    const step = await this.checkTotp(pending.secret, code);
    if (step === null) {
      await this.failChallenge(pending.row.id);
      return null;
    }
    if (!(await this.store.challenges.consumeById(pending.row.id))) throw contractError('MFA_CODE_EXPIRED');
    return this.addDevice(userId, {
      kind: 'authenticator',
      name,
      secret: this.box.seal(pending.secret, userId),
      lastTimeStep: step,
    });
  }

  /**
   * Verifies a code of an enrolled authenticator. A code is accepted once: the time step is
   * advanced with a compare-and-set, so the same code (or an older one) replayed is refused, also
   * by a second server process.
   */
  async verifyAuthenticator(device: MfaDevice, code: string): Promise<boolean> {
    if (device.kind !== 'authenticator' || !device.secret) return false;
    const secret = this.box.open(device.secret, device.userId);
    const step = await this.checkTotp(secret, code, device.lastTimeStep ?? undefined);
    if (step === null) return false;
    return this.store.devices.advanceTimeStep(device.id, step);
  }

  /** Tries every enrolled authenticator of the user (spec: POST /user/mfa/verify names no device). */
  async verifyAnyAuthenticator(userId: string, code: string): Promise<boolean> {
    for (const device of (await this.devices(userId)).filter((d) => d.kind === 'authenticator')) {
      if (await this.verifyAuthenticator(device, code)) return true;
    }
    return false;
  }

  /** For tests and the dev tools: the current code of a secret. */
  static currentCode(secret: string): Promise<string> {
    return generate({ secret });
  }

  // ---------------------------------------------------------------- one-time codes (SMS, email)

  /**
   * A 6-digit code bound to an otcToken (core/domain/mfa-challenges.ts); the code goes out by SMS or
   * email, the token to the browser. Each counts against the sending limits of the user and of the
   * destination (429 beyond them).
   */
  async issueCode(
    userId: string,
    target: Record<string, unknown>,
  ): Promise<{ otcToken: string; code: string }> {
    if (target.kind === 'sms' && typeof target.phone === 'string')
      await countCodeSend(this.db, userId, { kind: 'sms', phone: target.phone });
    else if (target.kind === 'email' && typeof target.email === 'string')
      await countCodeSend(this.db, userId, { kind: 'email', email: target.email });
    return issueCode(this.store, userId, target);
  }

  /** Checks a code against its otcToken: 'ok' uses it up; wrong answers count, the fifth burns the token. */
  checkCode(userId: string, otcToken: string, code: string) {
    return checkCode(this.store, userId, otcToken, code);
  }

  /** Spends an SMS or email code sent for a step (core/domain/mfa-challenges.ts `spendSentCode`). */
  spendSentCode(input: Parameters<typeof spendSentCode>[1]) {
    return spendSentCode(this.store, input);
  }
}
