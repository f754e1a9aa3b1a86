/**
 * Users: the password change's rules; the statements (lookup, creation, the hash) are in storage/users.ts, which their callers import.
 * Response objects are built field by field from rows, never by spreading a row, so a column
 * such as `password_hash` can never leak into an answer.
 */
import type { Database } from '../storage/database';
import { storePasswordHash } from '../storage/users';
import { rememberCurrentPassword } from './security-policies';

/**
 * Replaces the user's password hash. The one replaced goes into the password history (the
 * password-history policy refuses recent passwords), except for a `rehash` of the same password.
 */
export async function updatePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  options: { rehash?: boolean } = {},
): Promise<void> {
  if (!options.rehash) await rememberCurrentPassword(db, userId);
  // A new password passed the breach list (password-rules.ts), so the breach verdict of the old
  // one (security centre) ends with it; a rehash keeps the same password and its verdict.
  await storePasswordHash(db, userId, passwordHash, options.rehash === true);
}
