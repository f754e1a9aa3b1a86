/**
 * The secrets the flows hand out, drawn from WebCrypto in both backends: link and MFA tokens,
 * six-digit codes, and the comparison of their stored keys; and random uuids (ids of new rows
 * where the server's are uuids).
 */
import { toBase64Url } from './base64url';

/** A new secret token: 32 random bytes in base64url (43 characters). */
export const newSecretToken = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** A random (version 4) UUID, from WebCrypto's random values (no secure context needed). */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` has the form of a UUID (the ids of the rows both backends make). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** A six-digit code, uniformly drawn. */
export function newSixDigitCode(): string {
  // 2^32 is not a multiple of 10^6: values past the last whole multiple are drawn again.
  const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
  for (;;) {
    const value = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (value < limit) return String(value % 1_000_000).padStart(6, '0');
  }
}

/** Compares two keys in time that does not depend on where they differ. */
export function sameKey(a: string, b: string): boolean {
  let differs = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) differs |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differs === 0;
}
