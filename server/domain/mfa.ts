/**
 * Multi-factor authentication and passkeys on the server: the store (server/storage/mfa.ts), the
 * secret box of authenticator seeds, WebAuthn's relying party and library (mfa-webauthn.ts), and
 * the issuer an authenticator app shows. The rules both backends run are core/domain/mfa*.ts; the
 * routes are core/domain/mfa-handlers.ts and mfa-sign-in-handlers.ts over the platform's `mfa` member
 * (server/platform.ts).
 *
 * Secrets at rest: TOTP seeds AES-256-GCM encrypted (mfa-crypto.ts); every token and code the
 * server hands out (mfaToken, otcToken, codes, recovery codes, remember-device tokens, WebAuthn
 * challenges) is stored only as a SHA-256.
 */
import type { Database } from '../storage/database';
import type { SecretBox } from './mfa-crypto';
import { MfaWebauthn, type WebAuthnSettings } from './mfa-webauthn';

export class MfaService extends MfaWebauthn {
  constructor(
    db: Database,
    box: SecretBox,
    webauthn: WebAuthnSettings,
    /** The issuer an authenticator app shows beside the account. */
    readonly issuerName: string,
  ) {
    super(db, box, webauthn);
  }
}
