/**
 * Users: the profile shown by `GET /users/v2/me` and the password change's rules; the statements
 * (lookup, creation, the hash) are in storage/users.ts, which their callers import.
 * Response objects are built field by field from rows, never by spreading a row, so a column
 * such as `password_hash` can never leak into an answer.
 */
import { toUserProfile, type UserProfile } from '../../core/domain/user-profile';
import type { Database } from '../storage/database';
import { findUserById, hasSecondFactor, storePasswordHash, type UserRow } from '../storage/users';
import { contractError } from '../../core/contract/errors';
import { rememberCurrentPassword } from './security-policies';
import { grantsOf, loadGrants, pickActiveTenant } from './tenants';
import { listUserTenants, type TenantRow } from '../storage/tenants';

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

/**
 * The contract's user object (`GET users/v2/me`): the roles and permissions held in the active
 * tenant, and every tenant's roles.
 */
async function loadUserProfile(
  db: Database,
  user: UserRow,
  tenants: TenantRow[],
  activeTenantId: string | null,
): Promise<UserProfile> {
  const grants = await loadGrants(
    db,
    [user.id],
    tenants.map((t) => t.id),
  );
  const active = activeTenantId ? grantsOf(grants, user.id, activeTenantId) : null;
  return toUserProfile(
    user,
    tenants.map((t) => ({ tenantId: t.id, roles: grantsOf(grants, user.id, t.id).roles })),
    activeTenantId,
    { roles: active?.roles ?? [], permissions: active?.permissions ?? [] },
    await hasSecondFactor(db, user.id),
  );
}

/**
 * The user as GET users/v2/me answers them, acting in `tenantId` when they are still one of its
 * members (the platform's `userProfile`, server/platform.ts).
 */
export async function userProfileOf(db: Database, userId: string, tenantId: string | null) {
  const user = await findUserById(db, userId);
  if (!user) throw contractError('USER_NOT_FOUND');
  const tenants = await listUserTenants(db, user.id);
  return loadUserProfile(db, user, tenants, pickActiveTenant(tenants, tenantId)?.id ?? null);
}
