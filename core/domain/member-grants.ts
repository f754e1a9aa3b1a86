/**
 * What a user holds, read once over the tables port for both backends: the roles a member holds in
 * an account (their membership's, and their groups' while the account's groups and the groups'
 * roles are on: core/domain/groups.ts), the permissions those roles grant, the accounts the user
 * may act in and the profile of `GET users/v2/me`. Demo mode reads all of it here (its tokens, its
 * access check, GET me); the server here too but on its hot paths (sign-in, refresh, GET me), whose
 * SQL reads the same in fewer statements (server/storage/tenants.ts `heldRoles`,
 * server/storage/principal.ts; server/domain/round-trips.test.ts counts them).
 */
import { contractError } from '../contract/errors';
import { GROUP_CONFIGURATIONS, GROUP_MEMBERS, GROUP_ROLES } from './group-token-tables';
import { MFA_DEVICES } from './mfa-store';
import { MEMBERSHIP_ROLES, MEMBERSHIPS } from './membership-tables';
import { grantsOf } from './role-store';
import { PERMISSIONS, ROLES, roleDtoOf } from './role-tables';
import { heldPermission, type RoleDto } from './roles';
import { inRows, oneOf, type Tables } from './tables';
import { TENANTS, type TenantRow } from './tenant-tables';
import { toUserProfile, type Authorization, type UserProfile } from './user-profile';
import { USERS, type UserRow } from './user-tables';

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The roles `userId` holds in each of `tenantIds`, ordered by key, by account (an account where
 * they hold none is absent). `pending`: also where their invitation is not accepted yet (the roles
 * it will give; authorization never counts them).
 */
async function rolesHeldIn(
  tables: Tables,
  userId: string,
  tenantIds: string[],
  pending = false,
): Promise<Map<string, RoleDto[]>> {
  const held = new Map<string, RoleDto[]>();
  if (tenantIds.length === 0) return held;
  const live = pending ? {} : { invitationPending: false };
  const memberships = await tables
    .of(MEMBERSHIPS)
    .rows({ where: { userId, tenantId: oneOf(unique(tenantIds)), ...live } });
  if (memberships.length === 0) return held;
  const direct = await tables
    .of(MEMBERSHIP_ROLES)
    .rows({ where: { membershipId: oneOf(memberships.map((m) => m.id)) } });
  // Groups give their roles in an account whose configuration has groups and their roles on (no row: on).
  const off = await tables
    .of(GROUP_CONFIGURATIONS)
    .rows({ where: { tenantId: oneOf(memberships.map((m) => m.tenantId)) } });
  const grouping = memberships.filter(
    (m) => !off.some((c) => c.tenantId === m.tenantId && !(c.enabled && c.rolesEnabled)),
  );
  const inGroups = grouping.length
    ? await tables.of(GROUP_MEMBERS).rows({ where: { membershipId: oneOf(grouping.map((m) => m.id)) } })
    : [];
  const groupRoles = inGroups.length
    ? await tables.of(GROUP_ROLES).rows({ where: { groupId: oneOf(unique(inGroups.map((l) => l.groupId))) } })
    : [];
  /** The ids of the roles a membership holds, directly and through its groups. */
  const roleIdsOf = (membershipId: string) => [
    ...direct.filter((l) => l.membershipId === membershipId).map((l) => l.roleId),
    ...inGroups.flatMap((l) =>
      l.membershipId === membershipId
        ? groupRoles.filter((g) => g.groupId === l.groupId).map((g) => g.roleId)
        : [],
    ),
  ];
  const ids = unique(memberships.flatMap((m) => roleIdsOf(m.id)));
  if (ids.length === 0) return held;
  const roles = await tables
    .of(ROLES)
    .rows({ where: { id: oneOf(ids) }, orderBy: [{ by: 'key' }, { by: 'id' }] });
  const grants = await grantsOf(
    tables,
    roles.map((r) => r.id),
  );
  for (const m of memberships) {
    const mine = new Set(roleIdsOf(m.id));
    const dtos = roles.filter((r) => mine.has(r.id)).map((r) => roleDtoOf(r, grants.get(r.id)!));
    if (dtos.length) held.set(m.tenantId, dtos);
  }
  return held;
}

/** The member `userId` of `tenantId` who has joined it (an invitee who has not accepted is none yet), as their row. */
export const joinedMemberIn = (tables: Tables, tenantId: string, userId: string): Promise<UserRow | null> =>
  tables.of(USERS).row({ id: inRows(MEMBERSHIPS, 'userId', { tenantId, userId, invitationPending: false }) });

/** The permissions `roles` grant, ordered by key, each with the ids of those of `roles` granting it. */
async function permissionsOf(tables: Tables, roles: RoleDto[]): Promise<Authorization['permissions']> {
  const ids = unique(roles.flatMap((r) => r.permissions));
  if (ids.length === 0) return [];
  const catalogue = await tables
    .of(PERMISSIONS)
    .rows({ where: { id: oneOf(ids) }, orderBy: [{ by: 'key' }] });
  return catalogue.map((p) => ({
    ...heldPermission(
      p,
      roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
    ),
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }));
}

/** The roles `userId` holds in `tenantId` and the permissions they grant (none while invited, nor in no account). */
export async function authorizationIn(
  tables: Tables,
  userId: string,
  tenantId: string | null,
): Promise<Authorization> {
  const roles = tenantId ? ((await rolesHeldIn(tables, userId, [tenantId])).get(tenantId) ?? []) : [];
  return { roles, permissions: await permissionsOf(tables, roles) };
}

/** The permission keys `userId` holds in `tenantId`, ordered (none while invited or not a member). */
export const permissionKeysIn = async (tables: Tables, tenantId: string, userId: string): Promise<string[]> =>
  (await authorizationIn(tables, userId, tenantId)).permissions.map((p) => p.key);

/**
 * The accounts `userId` may act in (a live account, access not denied, the invitation accepted),
 * oldest membership first.
 */
export async function accountsOfUser(tables: Tables, userId: string): Promise<TenantRow[]> {
  const memberships = await tables.of(MEMBERSHIPS).rows({
    where: { userId, accessAllowed: true, invitationPending: false },
    orderBy: [{ by: 'createdAt' }, { by: 'tenantId' }],
  });
  if (memberships.length === 0) return [];
  const ids = memberships.map((m) => m.tenantId);
  const accounts = await tables.of(TENANTS).rows({ where: { id: oneOf(ids), deletedAt: null } });
  return ids.flatMap((id) => accounts.filter((t) => t.id === id));
}

/** An account as the contract answers it (the tenants list; `metadata` a JSON string, as the user's). */
export const tenantDtoOf = (row: TenantRow) => ({
  id: row.id,
  tenantId: row.id,
  name: row.name,
  isReseller: row.isReseller,
  metadata: JSON.stringify(row.metadata ?? {}),
  vendorId: row.vendorId,
  createdAt: row.createdAt,
});

/**
 * The user as `GET users/v2/me` answers them: acting in `tenantId` when they may still act there,
 * else in their oldest account; with every account's roles and whether they have a second factor
 * (a passkey alone is a first factor).
 */
export async function userProfileIn(
  tables: Tables,
  userId: string,
  tenantId: string | null,
): Promise<UserProfile> {
  const user = await tables.of(USERS).row({ id: userId });
  if (!user) throw contractError('USER_NOT_FOUND');
  const accounts = await accountsOfUser(tables, userId);
  const active = (accounts.find((t) => t.id === tenantId) ?? accounts[0])?.id ?? null;
  const held = await rolesHeldIn(
    tables,
    userId,
    accounts.map((t) => t.id),
  );
  const roles = (active && held.get(active)) || [];
  const mfaEnrolled =
    (await tables.of(MFA_DEVICES).count({ where: { userId, passkey: false }, limit: 1 })) > 0;
  return toUserProfile(
    user,
    accounts.map((t) => ({ tenantId: t.id, roles: held.get(t.id) ?? [] })),
    active,
    { roles, permissions: await permissionsOf(tables, roles) },
    mfaEnrolled,
  );
}
