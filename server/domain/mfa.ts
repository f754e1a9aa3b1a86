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
import { generate, generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { isContractError, type ContractError } from '../../core/contract/errors';
import { checkCode, issueCode, spendSentCode } from '../../core/domain/mfa-challenges';
import type { MfaDevice } from '../../core/domain/mfa-ports';
import {
  finishAuthenticatorEnrolment,
  requireProof,
  startAuthenticatorEnrolment,
  verifyAnyAuthenticator,
  verifyAuthenticator,
} from '../../core/domain/mfa-totp';
import type { Database } from '../storage/database';
import { countCodeSend } from './attempts';
import type { SecretBox } from './mfa-crypto';
import { MfaWebauthn, type WebAuthnSettings } from './mfa-webauthn';
import type { UserRow } from './users';

export type { DeviceType } from './mfa-webauthn';

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

  /** Keeps a pending authenticator secret (sealed) until the first code proves the app has it. */
  startTotpEnrolment(userId: string, secret: string): Promise<void> {
    return startAuthenticatorEnrolment(this.store, this.box, userId, secret);
  }

  /** Completes a pending enrolment with a first code (core/domain/mfa-totp.ts); null for a wrong code. */
  finishTotpEnrolment(
    userId: string,
    code: string,
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null } | null> {
    return finishAuthenticatorEnrolment(this.store, this.box, userId, code, (device) =>
      this.addDevice(userId, device),
    );
  }

  /** Verifies a code of an enrolled authenticator, accepted once (core/domain/mfa-totp.ts). */
  verifyAuthenticator(device: MfaDevice, code: string): Promise<boolean> {
    return verifyAuthenticator(this.store, this.box, device, code);
  }

  /** Tries every enrolled authenticator of the user (spec: POST /user/mfa/verify names no device). */
  verifyAnyAuthenticator(userId: string, code: string): Promise<boolean> {
    return verifyAnyAuthenticator(this.store, this.box, userId, code);
  }

  /** An account change's fresh proof: an authenticator code or a recovery code (core/domain/mfa-totp.ts). */
  requireProof(userId: string, proof: string): Promise<void> {
    return requireProof(this.store, this.box, { userId, proof });
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
