/**
 * The one place that decides whether a new password (sign-up, reset, activation) is acceptable:
 * the vendor's length policy today; the breached-password list plugs in here too.
 */
import type { Database } from '../storage/database';
import { checkPasswordPolicy } from './signup';
import { getVendorSettings } from './vendor';

/** The message naming the broken rule, or null when the password is acceptable. */
export async function newPasswordProblem(db: Database, password: string): Promise<string | null> {
  return checkPasswordPolicy(password, await getVendorSettings(db));
}
