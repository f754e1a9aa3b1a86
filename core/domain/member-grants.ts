/**
 * What a user holds, read once over the tables port for both backends: the roles a member holds in
 * an account (their membership's, and their groups' while the account's groups and the groups'
 * roles are on: core/domain/groups.ts), the permissions those roles grant, the accounts the user
 * may act in, the profile of `GET users/v2/me` and the language a message to them is written in
 * (`recipientLocaleIn`, both backends' email and SMS). Demo mode reads all of it here (its tokens, its
 * access check, its caller, GET me); the server too (the users list, PUT me's answer, GET me's
 * authorization, the "not above the caller" rules), except on its hot paths (sign-in, refresh,
 * GET me), whose SQL reads the same in fewer statements (server/storage/tenants.ts `heldRoles`,
 * server/storage/principal.ts; server/domain/round-trips.test.ts counts them; the repository
 * suite server/storage/member-grants.test.ts holds the two to the same answers).
 */
import { contractError } from '../contract/errors';
import { recipientLocale, type SupportedLocale } from './locales';
import { GROUP_CONFIGURATIONS, GROUP_MEMBERS, GROUP_ROLES } from './group-token-tables';
import { MFA_DEVICES } from './mfa-store';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleDtoOf } from './role-tables';
import { heldPermission, type RoleDto } from './roles';
import { inRows, oneOf, type RowOf, type Tables } from './tables';
import { TENANTS, type TenantRow } from './tenant-tables';
import { toUserProfile, type Authorization, type UserProfile } from './user-profile';
import { USERS, type UserRow } from './user-tables';

const unique = (ids: string[]) => [...new Set(ids)];

type PermissionRow = RowOf<typeof PERMISSIONS>;

/**
 * The roles each membership holds: its own (`direct`) and its groups' (`viaGroups`, while its
 * account has groups' roles on), with the groups it is in and the roles those give (whether on or
 * not: the users list shows a group's roles).
 */
export async function roleLinksOf(tables: Tables, memberships: MembershipRow[]) {
  const membershipId = oneOf(memberships.map((m) => m.id));
  const direct = await tables.of(MEMBERSHIP_ROLES).rows({ where: { membershipId } });
  const inGroups = await tables.of(GROUP_MEMBERS).rows({ where: { membershipId } });
  const groupIds = unique(inGroups.map((g) => g.groupId));
  const groupRoles = groupIds.length
    ? await tables.of(GROUP_ROLES).rows({ where: { groupId: oneOf(groupIds) } })
    : [];
  // The accounts whose configuration turns groups' roles off (none read when no one is in a group).
  const configurations = inGroups.length
    ? await tables.of(GROUP_CONFIGURATIONS).rows({
        where: { tenantId: oneOf(unique(memberships.map((m) => m.tenantId))) },
      })
    : [];
  const off = new Set(configurations.filter((c) => !(c.enabled && c.rolesEnabled)).map((c) => c.tenantId));
  const tenantOf = new Map(memberships.map((m) => [m.id, m.tenantId]));
  const viaGroups = inGroups.flatMap((g) =>
    off.has(tenantOf.get(g.membershipId)!)
      ? []
      : groupRoles
          .filter((r) => r.groupId === g.groupId)
          .map((r) => ({ membershipId: g.membershipId, roleId: r.roleId })),
  );
  return { direct, viaGroups, inGroups, groupIds, groupRoles };
}

/** The roles of these ids (by key) as the contract's, each with the permissions it grants, and those permissions (by key). */
export async function rolesWithGrants(tables: Tables, roleIds: string[]) {
  const roles = roleIds.length
    ? await tables.of(ROLES).rows({ where: { id: oneOf(roleIds) }, orderBy: [{ by: 'key' }] })
    : [];
  const links = roles.length
    ? await tables
        .of(ROLE_PERMISSIONS)
        .rows({ where: { roleId: oneOf(roles.map((r) => r.id)) }, orderBy: [{ by: 'permissionId' }] })
    : [];
  const permissionIds = unique(links.map((l) => l.permissionId));
  const permissions = permissionIds.length
    ? await tables.of(PERMISSIONS).rows({ where: { id: oneOf(permissionIds) }, orderBy: [{ by: 'key' }] })
    : [];
  const dto = new Map(
    roles.map((r) => [
      r.id,
      roleDtoOf(
        r,
        links.filter((l) => l.roleId === r.id).map((l) => l.permissionId),
      ),
    ]),
  );
  return { roles, dto, permissions };
}

/** Those of `catalogue` that the `held` roles grant, each with the ids of the held roles granting it. */
export const heldPermissionsOf = (
  catalogue: PermissionRow[],
  held: RoleDto[],
): Authorization['permissions'] =>
  catalogue.flatMap((p) => {
    const by = held.filter((r) => r.permissions.includes(p.id)).map((r) => r.id);
    return by.length ? [{ ...heldPermission(p, by), createdAt: p.createdAt, updatedAt: p.createdAt }] : [];
  });

/**
 * The roles `userId` holds in each of `tenantIds` (an account where they are no member, or only
 * invited, is absent: an invitation grants nothing yet), and the permissions any of them grants.
 */
async function grantsIn(tables: Tables, userId: string, tenantIds: string[]) {
  const held = new Map<string, RoleDto[]>();
  const memberships = tenantIds.length
    ? await tables
        .of(MEMBERSHIPS)
        .rows({ where: { userId, tenantId: oneOf(unique(tenantIds)), invitationPending: false } })
    : [];
  if (memberships.length === 0) return { held, catalogue: [] };
  const links = await roleLinksOf(tables, memberships);
  const holding = [...links.direct, ...links.viaGroups];
  const { roles, dto, permissions } = await rolesWithGrants(tables, unique(holding.map((l) => l.roleId)));
  for (const m of memberships) {
    const mine = new Set(holding.filter((l) => l.membershipId === m.id).map((l) => l.roleId));
    held.set(
      m.tenantId,
      roles.filter((r) => mine.has(r.id)).map((r) => dto.get(r.id)!),
    );
  }
  return { held, catalogue: permissions };
}

/** The member `userId` of `tenantId` who has joined it (an invitee who has not accepted is none yet), as their row. */
export const joinedMemberIn = (tables: Tables, tenantId: string, userId: string): Promise<UserRow | null> =>
  tables.of(USERS).row({ id: inRows(MEMBERSHIPS, 'userId', { tenantId, userId, invitationPending: false }) });

/** The roles `userId` holds in `tenantId` and the permissions they grant (none while invited, nor in no account). */
export async function authorizationIn(
  tables: Tables,
  userId: string,
  tenantId: string | null,
): Promise<Authorization> {
  const { held, catalogue } = await grantsIn(tables, userId, tenantId ? [tenantId] : []);
  const roles = (tenantId && held.get(tenantId)) || [];
  return { roles, permissions: heldPermissionsOf(catalogue, roles) };
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

/**
 * The language of a message to the user `userId` (null: someone not a user yet) about the account
 * `tenantId` (else the user's active account, else their first): the user's locale, else that
 * account's, else English.
 */
export async function recipientLocaleIn(
  tables: Tables,
  userId: string | null,
  tenantId: string | null = null,
): Promise<SupportedLocale> {
  const user = userId ? await tables.of(USERS).row({ id: userId }) : null;
  const first = async () =>
    (await tables.of(MEMBERSHIPS).row({ userId: user!.id }, [{ by: 'createdAt' }]))?.tenantId;
  const accountId = tenantId ?? user?.activeTenantId ?? (user && (await first()));
  const account = accountId ? await tables.of(TENANTS).row({ id: accountId }) : null;
  return recipientLocale(user?.locale, account?.locale);
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
  const { held, catalogue } = await grantsIn(
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
    { roles, permissions: heldPermissionsOf(catalogue, roles) },
    mfaEnrolled,
  );
}
