/**
 * Users: the profile shown by `GET /users/v2/me` and the password change's rules; the statements
 * (lookup, creation, the hash) are in storage/users.ts, which their callers import.
 * Response objects are built field by field from rows, never by spreading a row, so a column
 * such as `password_hash` can never leak into an answer.
 */
import { customDataOf, type CustomData } from '../../core/domain/custom-data';
import { displayName } from '../../core/domain/user-tables';
import type { Database } from '../storage/database';
import { hasSecondFactor, storePasswordHash, type UserRow } from '../storage/users';
import { rememberCurrentPassword } from './security-policies';
import { grantsOf, loadGrants, type Authorization, type RoleDto } from './tenants';
import type { TenantRow } from '../storage/tenants';

/** Who a user is, as every user object of the contract starts (the profile, a member of the users list). */
interface UserIdentity {
  id: string;
  /** The client SDK's `sub`: the user id, as in the access token. */
  sub: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
}

/** The user as the contract shows it (`GET /identity/resources/users/v2/me`). */
export interface UserProfile extends UserIdentity {
  tenantId: string | null;
  tenantIds: string[];
  /** Every tenant of the user with the roles held there (the client SDK's `IUserTenantData`). */
  tenants: Array<{ tenantId: string; roles: RoleDto[] }>;
  roles: Authorization['roles'];
  permissions: Authorization['permissions'];
  verified: boolean;
  createdAt: string;
  lastLogin: string | null;
  metadata: string;
  customData: CustomData;
  mfaEnrolled: boolean;
  superUser: boolean;
  /** The user's language (docs/contract.md: not in the client SDK's type), or null. */
  locale: string | null;
  /** The client SDK's `provider` (IBaseGetUserResponse): how the account was created. */
  provider: string;
}

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
export async function loadUserProfile(
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

export function toUserProfile(
  user: UserRow,
  tenants: UserProfile['tenants'],
  activeTenantId: string | null,
  authorization: Authorization,
  mfaEnrolled: boolean,
): UserProfile {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: displayName(user),
    phoneNumber: user.phone,
    profilePictureUrl: user.profilePictureUrl,
    tenantId: activeTenantId,
    tenantIds: tenants.map((t) => t.tenantId),
    tenants,
    roles: authorization.roles,
    permissions: authorization.permissions,
    verified: user.verified,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
    metadata: JSON.stringify(user.metadata ?? {}),
    customData: customDataOf(user.customData),
    mfaEnrolled,
    superUser: user.superUser,
    locale: user.locale ?? null,
    provider: user.provider,
  };
}
