/**
 * PKCE (RFC 7636) and random tokens from WebCrypto, for hosted login and social login. Never
 * `Math.random`. Loaded only with those lazy chunks.
 */

/** RFC 4648 §5 base64url without padding. */
function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes from WebCrypto as base64url: 43 characters, a valid RFC 7636 verifier. */
export function randomToken(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return base64Url(bytes);
}

/** The S256 code challenge of RFC 7636 §4.2: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const noStorage: KeyValueStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** The tab's sessionStorage (none outside a browser, e.g. server rendering). */
export function tabStorage(): KeyValueStorage {
  return globalThis.sessionStorage ?? noStorage;
}

/** Reads and removes a stored JSON value: what waited for a round trip is used once. */
export function takeStored<T>(storage: KeyValueStorage, key: string): T | null {
  const stored = storage.getItem(key);
  storage.removeItem(key);
  try {
    return stored ? (JSON.parse(stored) as T) : null;
  } catch {
    return null;
  }
}

/** Only a path of this page's origin is a place to come back to. */
export function safeReturnPath(value: unknown, fallback: string): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : fallback;
}
