/**
 * The storage of a self-service sign-up (the rules: core/domain/sign-up-handlers.ts): a new user
 * with their password hashed and, unless they join an invite link's account (with no role), an
 * account of their own holding the creator roles (Admin by default).
 */
import { signUpAccountOver } from '../../core/domain/account-creation';
import type { NewAccount } from '../../core/domain/sign-up-handlers';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import type { PasswordHasher } from './passwords';
import { emitEvent } from './connectivity';

/** Stores the new user and account (core/domain/account-creation.ts); the account's webhooks hear of it. */
export async function createAccount(
  deps: { db: Database; hasher: PasswordHasher },
  vendorId: string,
  account: NewAccount,
): Promise<{ userId: string; tenantId: string }> {
  const { db, hasher } = deps;
  const passwordHash = await hasher.hash(account.password);
  const { user, tenantId } = await signUpAccountOver(
    sqlTables(db),
    SERVER_ROW_CLOCK,
    vendorId,
    account,
    passwordHash,
  );
  await emitEvent({ db }, tenantId, 'user.signedUp', { userId: user.id, email: user.email });
  return { userId: user.id, tenantId };
}
