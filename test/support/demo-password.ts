import { pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * The stored form of `password` as demo mode hashes it (core/demo/passwordHash.ts), made
 * synchronously, for a test that edits the demo's stored users.
 */
export function demoPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 10_000, 32, 'sha256');
  return `pbkdf2-sha256$10000$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}
