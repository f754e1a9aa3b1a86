/**
 * The contract's user object (`GET /identity/resources/users/v2/me`), built from a user's row of
 * `users` (core/domain/user-tables.ts) field by field, never by spreading it (the password hash
 * stays out): the server's and demo mode's profile.
 */
import { customDataOf, type CustomData } from './custom-data';
import type { HeldPermission, RoleDto } from './roles';
import { displayName, type UserRow } from './user-tables';

/** A permission a member holds, as the client SDK's `ITeamUserPermission` declares it (`roleIds`: the held roles granting it). */
interface PermissionDto extends HeldPermission {
  createdAt: string;
  updatedAt: string;
}

/** The roles and permissions a user holds in one account. */
export interface Authorization {
  roles: RoleDto[];
  permissions: PermissionDto[];
}

/** Who a user is, as every user object of the contract starts (the profile, a member of the users list). */
export interface UserIdentity {
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

/** The profile of `user` acting in `activeTenantId`, with every account's roles (`tenants`). */
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
