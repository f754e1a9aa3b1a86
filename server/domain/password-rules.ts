/**
 * Whether a new password (reset, activation, an accepted invitation) is acceptable: the shared rule
 * (core/domain/sign-up-handlers.ts) over the vendor's length policy and the breach list.
 */
import type { Database } from '../storage/database';
import type { ContractError } from '../../core/contract/errors';
import { isBreachedPassword } from './breached-passwords';
import { newPasswordProblem as problemOf } from '../../core/domain/sign-up-handlers';
import { getVendorSettings } from './vendor';

/** The error naming the broken rule, or null when the password is acceptable. */
export async function newPasswordProblem(db: Database, password: string): Promise<ContractError | null> {
  return problemOf(password, await getVendorSettings(db), isBreachedPassword);
}
