/**
 * Encryption at rest for MFA secrets (TOTP seeds): AES-256-GCM with a 32-byte server key.
 *
 * The key comes from MFA_ENCRYPTION_KEY (64 hex characters or 43/44 base64 characters) in
 * production. Without it (development, tests) a random key is generated once and stored in
 * `server_secrets`, like the signing keys, so every process shares it; losing that row makes the
 * stored TOTP secrets unreadable (users would enrol again). Ciphertexts carry a version prefix
 * (`v1.`) and are bound to their user through the additional authenticated data, so a secret
 * copied onto another user's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../storage/database';
import { storedRandomKey } from './server-secrets';

const KEY_LOCK = 7_274_006;
const SECRET_NAME = 'mfa_encryption_key';

/** Parses a configured key: 32 bytes as hex or base64(url). Throws on anything else. */
function parseEncryptionKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('MFA_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/** The configured key, else the stored development key (created on the first start). */
export async function loadEncryptionKey(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return parseEncryptionKey(configured);
  return storedRandomKey(db, SECRET_NAME, KEY_LOCK);
}

export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  /** The plain text; throws when the ciphertext was altered, moved to another user or sealed with another key. */
  open(sealed: string, boundTo: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
