/**
 * Demo mode's password hashes: PBKDF2-SHA-256 through WebCrypto, so that the page's storage keeps
 * no password, only `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url). The server hashes its
 * own way (server/domain/passwords.ts); a hash of one is not read by the other.
 */
import { fromBase64Url, toBase64Url } from '../domain/base64url';

const ITERATIONS = 10_000;
const SCHEME = 'pbkdf2-sha256';

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return toBase64Url(new Uint8Array(bits));
}

/** The stored form of `password`, with a fresh salt. */
export async function hashDemoPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${ITERATIONS}$${toBase64Url(salt)}$${await derive(password, salt, ITERATIONS)}`;
}

/** Whether `password` is the one `stored` was made from (no stored hash: none is). */
export async function demoPasswordMatches(password: string, stored: string | null): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored?.split('$') ?? [];
  if (scheme !== SCHEME || !salt || !hash) return false;
  return (await derive(password, fromBase64Url(salt), Number(iterations))) === hash;
}
