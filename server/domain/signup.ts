/**
 * The storage of a self-service sign-up (the rules: core/domain/sign-up-handlers.ts): a new user
 * with their password hashed and, unless they join an invite link's account (with no role), an
 * account of their own holding the creator roles (Admin by default).
 */
import { contractError } from '../../core/contract/errors';
import type { NewAccount } from '../../core/domain/sign-up-handlers';
import type { Database } from '../storage/database';
import type { PasswordHasher } from './passwords';
import { addMembership, createTenant, creatorRoleKeys } from '../storage/tenants';
import { insertUser, setActiveTenant, UserExistsError } from '../storage/users';
import { emitEvent } from './connectivity';

/**
 * Creates the user and their account in one transaction; 409 when the email is taken (decided by
 * the unique index, so two racing sign-ups cannot both win).
 */
export async function createAccount(
  deps: { db: Database; hasher: PasswordHasher },
  vendorId: string,
  account: NewAccount & { metadata: Record<string, unknown> | undefined },
): Promise<{ userId: string; tenantId: string }> {
  const { db, hasher } = deps;
  const passwordHash = await hasher.hash(account.password);
  const { user, tenant } = await db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        vendorId,
        email: account.email,
        name: account.name,
        phone: account.phoneNumber,
        passwordHash,
        // The email address has not been proven yet; activation (a later flow) sets this.
        verified: false,
        metadata: account.metadata,
      });
      const tenant = account.joinTenantId
        ? { id: account.joinTenantId }
        : await createTenant(tx, { vendorId, name: account.tenantName });
      await addMembership(tx, {
        userId: user.id,
        tenantId: tenant.id,
        roleKeys: account.joinTenantId ? [] : await creatorRoleKeys(tx),
      });
      await setActiveTenant(tx, user.id, tenant.id);
      return { user, tenant };
    })
    .catch((error: unknown) => {
      if (error instanceof UserExistsError) throw contractError('USER_EXISTS');
      throw error;
    });
  await emitEvent({ db }, tenant.id, 'user.signedUp', { userId: user.id, email: user.email });
  return { userId: user.id, tenantId: tenant.id };
}
