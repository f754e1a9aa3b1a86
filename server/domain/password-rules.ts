/**
 * The one place that decides whether a new password (sign-up, reset, activation) is acceptable:
 * the vendor's length policy, then the breached-password list (breached-passwords.ts).
 */
import type { Database } from '../storage/database';
import { contractError, type ContractError } from '../../core/contract/errors';
import { isBreachedPassword } from './breached-passwords';
import { checkPasswordPolicy } from '../../core/domain/sign-up-handlers';
import { getVendorSettings } from './vendor';

/** The error naming the broken rule, or null when the password is acceptable. */
export async function newPasswordProblem(db: Database, password: string): Promise<ContractError | null> {
  const policy = checkPasswordPolicy(password, await getVendorSettings(db));
  if (policy) return policy;
  return isBreachedPassword(password) ? contractError('PASSWORD_BREACHED') : null;
}
