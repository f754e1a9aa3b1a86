/**
 * Secrets the server must read back (identity providers' client secrets) are stored encrypted
 * with AES-256-GCM under a key from the environment (`SECRETS_KEY`, 32 bytes in base64), never in
 * the database. Without one (development, tests) a random key is created on the first start and
 * kept in `server_secrets` (never a fixed, published key); in production environment.ts refuses to
 * start without SECRETS_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../storage/database';
import { storedRandomKey } from './server-secrets';

const VERSION = 'v1';
const KEY_LOCK = 7_274_007;
const SECRET_NAME = 'secrets_key';

/** The configured SECRETS_KEY, else the server's stored random key (base64). */
export async function loadSecretsKey(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return (await storedRandomKey(db, SECRET_NAME, KEY_LOCK)).toString('base64');
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    const key = Buffer.from(base64Key, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
    this.key = key;
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }

  /** Throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
