/**
 * The users list (users v2 and v3, the client SDK's team members; spec 001 §7 "Users and team"),
 * written once over the tables port: the page of an account's members filtered, sorted and paged
 * by the store (never in memory, so an account of tens of thousands stays fast), one `rows` and
 * one `count`, then one batch read per linked table for the page's rows (memberships, their roles
 * and groups, the roles' permissions, second factors): no read per row.
 */
import type { Authorization, UserIdentity } from './user-profile';
import { heldPermissionsOf, roleLinksOf, rolesWithGrants } from './member-grants';
import { customDataOf, type CustomData } from './custom-data';
import { GROUPS } from './group-token-tables';
import { MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { MFA_DEVICES } from './mfa-store';
import type { RoleDto } from './roles';
import {
  before,
  inRows,
  not,
  oneOf,
  sameText,
  stamp,
  type Order,
  type RowClock,
  type Tables,
  type Where,
} from './tables';
import type { MemberListQuery } from './team-users';
import { TENANTS } from './tenant-tables';
import { USERS, type UserRow } from './user-tables';

/** A group a member is in (the client SDK's `IGetUsersV2Response.groups`: id and roles; ours: the name). */
interface MemberGroupDto {
  id: string;
  name: string;
  color: string | null;
  roles: Array<{ id: string; key: string; name: string }>;
}

/** A row of the users list (the client SDK's ITeamUser and IUsersV2 fields). */
interface TeamUserDto extends UserIdentity {
  tenantId: string;
  vendorId: string;
  /** The ids of `roles` (the client SDK's `ITeamUser.roleIds`). */
  roleIds: string[];
  /**
   * Only the listed account (choice): an account's admin does not learn which other accounts a
   * member belongs to, so `tenantIds` and `tenants` name this one.
   */
  tenantIds: string[];
  tenants: Array<{ tenantId: string; roles: RoleDto[] }>;
  /** The roles given to the member directly (those an admin edits on the users page). */
  roles: RoleDto[];
  /** What the member holds here through every role, groups' included (the client SDK's ITeamUserPermission). */
  permissions: Authorization['permissions'];
  verified: boolean;
  activatedForTenant: boolean;
  /** True while the member has not accepted their invitation to this account. */
  invitationPending: boolean;
  isLocked: boolean;
  provider: string;
  /** Who changes the member: the portal (`frontegg`) or a SCIM configuration (`scim2`, spec 001 §3). */
  managedBy: 'frontegg' | 'scim2';
  /** For a member SCIM manages: false once the identity provider deactivated them (docs/scim.md). */
  active?: boolean;
  mfaEnrolled: boolean;
  /** The client SDK's ITeamUser name of `mfaEnrolled` (teams/interfaces.d.ts). */
  mfaEnabled: boolean;
  /** The groups the member is in, in this account, with the roles each gives. */
  groups: MemberGroupDto[];
  createdAt: string;
  lastLogin: string | null;
  metadata: string;
  /** The client SDK's ITeamUser.customData (core/domain/custom-data.ts), `{}` when none. */
  customData: CustomData;
}

/** What only the server's schema has of a membership: whether SCIM manages it. */
export type ScimManagedOf = (membershipIds: string[]) => Promise<Set<string>>;

/**
 * Sort fields of spec 001 §3 as the store orders them (ties by id). `isLocked` ascending lists the
 * unlocked first: the lock's time descending, which puts unset ones first.
 */
const SORTED: Record<MemberListQuery['sortBy'], (desc: boolean) => Array<Order<UserRow>>> = {
  createdAt: (desc) => [{ by: 'createdAt', desc }],
  name: (desc) => [{ by: 'name', caseless: true, desc }],
  email: (desc) => [{ by: 'email', desc }],
  id: (desc) => [{ by: 'id', desc }],
  verified: (desc) => [{ by: 'verified', desc }],
  isLocked: (desc) => [{ by: 'lockedAt', desc: !desc }],
  provider: (desc) => [{ by: 'provider', desc }],
  // Within one account's members, the same for every row: ties by id.
  tenantId: () => [],
};

/** The live accounts below `tenantId`, level by level (one read per level). */
async function accountsBelow(tables: Tables, tenantId: string): Promise<string[]> {
  const found: string[] = [];
  for (let level = [tenantId]; level.length;) {
    const children = await tables
      .of(TENANTS)
      .rows({ where: { parentTenantId: oneOf(level), deletedAt: null } });
    level = children.map((t) => t.id).filter((id) => !found.includes(id) && id !== tenantId);
    found.push(...level);
  }
  return found;
}

/** The users' condition of the query: members of `scope` and the v3 filters on the users' columns. */
async function usersWhere(
  tables: Tables,
  clock: RowClock,
  query: MemberListQuery,
  scope: string[],
): Promise<Where<UserRow>> {
  const tenantId = scope.length === 1 ? scope[0]! : oneOf(scope);
  const named = [
    ...(query.userId ? [[query.userId.toLowerCase()]] : []),
    ...(query.userIds ? [query.userIds] : []),
  ].reduce<string[] | null>((kept, ids) => (kept ? kept.filter((id) => ids.includes(id)) : ids), null);
  let userId: string[] | null = named;
  if (query.mfaUnenrolled) {
    // No second factor (passkeys are a first factor): the members less those with one.
    const members = await tables
      .of(MEMBERSHIPS)
      .rows({ where: { tenantId, ...(named ? { userId: oneOf(named) } : {}) } });
    const enrolled = new Set(
      (
        await tables.of(MFA_DEVICES).rows({
          where: { passkey: false, userId: oneOf([...new Set(members.map((m) => m.userId))]) },
        })
      ).map((d) => d.userId),
    );
    userId = members.map((m) => m.userId).filter((id) => !enrolled.has(id));
  }
  const lastLogin =
    query.inactiveForSeconds !== undefined
      ? before(stamp(clock.now() - query.inactiveForSeconds * 1000))
      : query.neverSignedIn
        ? null
        : undefined;
  const email = query.email?.trim();
  return {
    id: inRows<string, MembershipRow>(MEMBERSHIPS, 'userId', {
      tenantId,
      ...(userId ? { userId: oneOf(userId) } : {}),
    }),
    ...(lastLogin !== undefined ? { lastLogin } : {}),
    ...(email ? { email: sameText(email) } : {}),
    ...(query.breachedPassword ? { breachedPasswordAt: not<string | null>(null) } : {}),
  };
}

/**
 * The membership each listed user is shown with: in the listed account, else (the accounts below)
 * the one nearest the top, the oldest first.
 */
function shownMemberships(memberships: MembershipRow[], tenantId: string): Map<string, MembershipRow> {
  const rank = (m: MembershipRow) =>
    [m.tenantId === tenantId ? 0 : 1, m.createdAt, m.tenantId].join('\u0000');
  const shown = new Map<string, MembershipRow>();
  for (const m of memberships) {
    const kept = shown.get(m.userId);
    if (!kept || rank(m) < rank(kept)) shown.set(m.userId, m);
  }
  return shown;
}

/** What each listed membership holds and shows: roles, permissions, groups. */
async function linksOf(tables: Tables, memberships: MembershipRow[]) {
  const held = await roleLinksOf(tables, memberships);
  const roleIds = [...new Set([...held.direct, ...held.viaGroups, ...held.groupRoles].map((r) => r.roleId))];
  const { roles, dto, permissions } = await rolesWithGrants(tables, roleIds);
  const groups = held.groupIds.length
    ? await tables.of(GROUPS).rows({
        where: { id: oneOf(held.groupIds) },
        orderBy: [{ by: 'name', caseless: true }, { by: 'id' }],
      })
    : [];
  return (membershipId: string) => {
    const directIds = new Set(
      held.direct.filter((d) => d.membershipId === membershipId).map((d) => d.roleId),
    );
    const allIds = new Set([
      ...directIds,
      ...held.viaGroups.filter((g) => g.membershipId === membershipId).map((g) => g.roleId),
    ]);
    const all = roles.filter((r) => allIds.has(r.id)).map((r) => dto.get(r.id)!);
    const mine = new Set(held.inGroups.filter((g) => g.membershipId === membershipId).map((g) => g.groupId));
    return {
      roles: all.filter((r) => directIds.has(r.id)),
      permissions: heldPermissionsOf(permissions, all),
      groups: groups
        .filter((g) => mine.has(g.id))
        .map((g) => ({
          id: g.id,
          name: g.name,
          color: g.color,
          roles: roles
            .filter((r) => held.groupRoles.some((gr) => gr.groupId === g.id && gr.roleId === r.id))
            .map(({ id, key, name }) => ({ id, key, name })),
        })),
    };
  };
}

/** A page of the account's members as the users list shows them, and how many match. */
export async function listMembers(
  tables: Tables,
  clock: RowClock,
  query: MemberListQuery,
  scimManaged: ScimManagedOf,
): Promise<{ items: TeamUserDto[]; totalItems: number }> {
  const scope = [
    query.tenantId,
    ...(query.includeSubTenants ? await accountsBelow(tables, query.tenantId) : []),
  ];
  const where = await usersWhere(tables, clock, query, scope);
  const search = { text: query.filter.trim(), fields: ['email', 'name'] as Array<'email' | 'name'> };
  const orderBy = [...SORTED[query.sortBy](query.order === 'DESC'), { by: 'id' as const }];
  const users = await tables
    .of(USERS)
    .rows({ where, search, orderBy, offset: query.page * query.limit, limit: query.limit });
  const totalItems = await tables.of(USERS).count({ where, search });
  if (users.length === 0) return { items: [], totalItems };
  const userId = oneOf(users.map((u) => u.id));
  const memberships = shownMemberships(
    await tables.of(MEMBERSHIPS).rows({ where: { userId, tenantId: oneOf(scope) } }),
    query.tenantId,
  );
  const shown = [...memberships.values()];
  const links = await linksOf(tables, shown);
  const enrolled = new Set(
    (await tables.of(MFA_DEVICES).rows({ where: { userId, passkey: false } })).map((d) => d.userId),
  );
  const scim = await scimManaged(shown.map((m) => m.id));
  return { items: users.map((u) => rowOf(u, memberships.get(u.id)!, links, enrolled, scim)), totalItems };
}

/** One member as the users list shows them (the answer to an invitation), or undefined. */
export async function listedMember(
  tables: Tables,
  clock: RowClock,
  tenantId: string,
  userId: string,
  scimManaged: ScimManagedOf,
): Promise<TeamUserDto | undefined> {
  const query = { tenantId, userId, filter: '', sortBy: 'name', order: 'ASC', page: 0, limit: 1 } as const;
  return (await listMembers(tables, clock, query, scimManaged)).items[0];
}

function rowOf(
  u: UserRow,
  m: MembershipRow,
  links: (membershipId: string) => Pick<TeamUserDto, 'roles' | 'permissions' | 'groups'>,
  enrolled: Set<string>,
  scim: Set<string>,
): TeamUserDto {
  const { roles, permissions, groups } = links(m.id);
  const managed = scim.has(m.id);
  return {
    id: u.id,
    sub: u.id,
    email: u.email,
    name: u.name ?? u.email.split('@')[0]!,
    phoneNumber: u.phone,
    profilePictureUrl: u.profilePictureUrl,
    tenantId: m.tenantId,
    vendorId: u.vendorId,
    roleIds: roles.map((r) => r.id),
    tenantIds: [m.tenantId],
    tenants: [{ tenantId: m.tenantId, roles }],
    roles,
    permissions,
    verified: u.verified,
    activatedForTenant: u.verified && !m.invitationPending,
    invitationPending: m.invitationPending,
    isLocked: u.lockedAt !== null,
    provider: u.provider,
    managedBy: managed ? 'scim2' : 'frontegg',
    ...(managed ? { active: m.accessAllowed } : {}),
    mfaEnrolled: enrolled.has(u.id),
    mfaEnabled: enrolled.has(u.id),
    groups,
    createdAt: u.createdAt,
    lastLogin: u.lastLogin,
    metadata: JSON.stringify(u.metadata ?? {}),
    customData: customDataOf(u.customData),
  };
}
