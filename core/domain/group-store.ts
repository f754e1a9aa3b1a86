/**
 * An account's groups in storage, written once over the storage port (core/domain/tables.ts): the
 * repository of core/domain/groups.ts, for the server (over `sqlTables`) and demo mode (over
 * `memoryTables`); server/storage/groups.test.ts holds both to the same cases. Its tables are
 * declared in core/domain/group-token-tables.ts. A group's roles
 * and members are rows of its link tables; the roles and members themselves are the roles' and
 * the team's storage, read through `GroupDirectory`.
 */
import type { GroupSortField } from '../contract/listQuery';
import {
  groupDto,
  type GroupDto,
  type GroupFields,
  type GroupPorts,
  type GroupRepository,
  type GroupWrite,
} from './groups';
import type { RoleDto } from './roles';
import {
  GROUP_CONFIGURATIONS,
  GROUP_MEMBERS,
  GROUP_ROLES,
  GROUPS,
  type GroupRow,
} from './group-token-tables';
import { not, oneOf, sameText, saveRow, stamp, type Tables, type RowClock } from './tables';
import type { GroupHandlerPorts } from './group-handlers';
import { MEMBERSHIPS } from './membership-tables';
import type { Platform, PortsFor } from './platform';
import { grantsOf, roleGrantsOver } from './role-store';
import { ROLES, roleDtoOf } from './role-tables';
import { displayName, USERS } from './user-tables';
import { permissionKeysIn } from './member-grants';

/** A member as a group lists them, with their membership of the account. */
type GroupMember = GroupDto['users'][number] & { membershipId: string };

/** What the groups read of the account's roles and members (the roles' and the team's storage). */
interface GroupDirectory {
  /** The account's roles of these ids. */
  roles(roleIds: string[]): Promise<RoleDto[]>;
  /** Which of these ids are the account's roles, and the permission keys those grant. */
  roleGrants(roleIds: string[]): Promise<{ known: string[]; keys: Iterable<string> }>;
  /** The memberships of the account these users hold (invitees' too). */
  memberships(userIds: string[]): Promise<Array<{ userId: string; membershipId: string }>>;
  /** The members of these memberships of the account. */
  members(membershipIds: string[]): Promise<GroupMember[]>;
}

const SORT: Record<GroupSortField, keyof GroupRow & string> = {
  name: 'name',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};

/** By name in lower case (the SQL's ORDER BY lower(name), code points). */
const byName = <T extends { name: string }>(a: T, b: T) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The groups with their roles and members: one read of each link table and of the directory,
 * whatever their number. Read outside the writes' transactions: on the server the directory
 * queries the database's own handle, which waits for a transaction to end.
 */
async function groupDtos(tables: Tables, directory: GroupDirectory, groups: GroupRow[]): Promise<GroupDto[]> {
  if (!groups.length) return [];
  const groupId = oneOf(groups.map((g) => g.id));
  const [roleLinks, memberLinks] = await Promise.all([
    tables.of(GROUP_ROLES).rows({ where: { groupId } }),
    tables.of(GROUP_MEMBERS).rows({ where: { groupId } }),
  ]);
  const [roles, members] = await Promise.all([
    roleLinks.length ? directory.roles(unique(roleLinks.map((l) => l.roleId))) : [],
    memberLinks.length ? directory.members(unique(memberLinks.map((l) => l.membershipId))) : [],
  ]);
  return groups.map((g) => {
    const roleIds = roleLinks.filter((l) => l.groupId === g.id).map((l) => l.roleId);
    const membershipIds = memberLinks.filter((l) => l.groupId === g.id).map((l) => l.membershipId);
    const users = members
      .filter((m) => membershipIds.includes(m.membershipId))
      .map(({ membershipId: _membershipId, ...user }) => user);
    return groupDto(g, roles.filter((r) => roleIds.includes(r.id)).sort(byName), users.sort(byName));
  });
}

/** The repository of core/domain/groups.ts for one account, over `tables`. */
export function groupRepository(
  tables: Tables,
  tenantId: string,
  directory: GroupDirectory,
  tools: RowClock,
): GroupRepository {
  const find = async (groupId: string) => {
    const group = await tables.of(GROUPS).row({ tenantId, id: groupId });
    return group ? (await groupDtos(tables, directory, [group]))[0]! : null;
  };
  const nameTaken = async (t: Tables, name: string, exceptId?: string) => {
    const other = exceptId ? { id: not(exceptId) } : {};
    return (await t.of(GROUPS).row({ tenantId, name: sameText(name), ...other })) !== null;
  };
  /** Names are unique per account: writes of one account's groups take turns. */
  const lockedWrite = <T>(fn: (t: Tables) => Promise<T>) =>
    tables.transaction(async (t) => {
      await t.lock(`groups:${tenantId}`);
      return fn(t);
    });
  /** Marks the account's group as changed now (on the server, locking its row while the write lasts). */
  const touched = async (t: Tables, groupId: string) =>
    (await t.of(GROUPS).update({ tenantId, id: groupId }, { updatedAt: stamp(tools.now()) })).length > 0;
  /** Adds (`add`) or removes roles of the group, marking it changed; the group, or null. */
  const changeRoles = async (groupId: string, roleIds: string[], add: boolean) => {
    const changed = await tables.transaction(async (t) => {
      if (!(await touched(t, groupId))) return false;
      const [links, ids] = [t.of(GROUP_ROLES), unique(roleIds)];
      const where = { groupId, roleId: oneOf(ids) };
      if (!add) await links.remove(where);
      const held = add ? (await links.rows({ where })).map((l) => l.roleId) : ids;
      for (const roleId of ids.filter((id) => !held.includes(id))) await links.insert({ groupId, roleId });
      return true;
    });
    return changed ? find(groupId) : null;
  };
  /** Adds (`add`) or removes members of the group, by membership, marking it changed; the group, or null. */
  const changeMemberships = async (groupId: string, membershipIds: string[], add: boolean) => {
    const changed = await tables.transaction(async (t) => {
      if (!(await touched(t, groupId))) return false;
      const [links, ids] = [t.of(GROUP_MEMBERS), unique(membershipIds)];
      const where = { groupId, membershipId: oneOf(ids) };
      if (!add) await links.remove(where);
      const held = add ? (await links.rows({ where })).map((l) => l.membershipId) : ids;
      for (const membershipId of ids.filter((id) => !held.includes(id)))
        await links.insert({ groupId, membershipId });
      return true;
    });
    return changed ? find(groupId) : null;
  };

  return {
    async list(query) {
      const search = { text: query.filter.trim(), fields: ['name', 'description'] as Array<keyof GroupRow> };
      const [rows, totalItems] = await Promise.all([
        tables.of(GROUPS).rows({
          where: { tenantId },
          search,
          orderBy: [
            { by: SORT[query.sortBy], desc: query.order === 'DESC', caseless: query.sortBy === 'name' },
            { by: 'id' },
          ],
          offset: query.page * (query.limit ?? 0),
          ...(query.limit === null ? {} : { limit: query.limit }),
        }),
        tables.of(GROUPS).count({ where: { tenantId }, search }),
      ]);
      return { items: await groupDtos(tables, directory, rows), totalItems };
    },
    find,
    async create(fields) {
      const written = await lockedWrite(async (t) => {
        if (await nameTaken(t, fields.name)) return null;
        const at = stamp(tools.now());
        return t.of(GROUPS).insert({
          id: tools.newId(),
          tenantId,
          name: fields.name,
          color: fields.color ?? null,
          description: fields.description ?? null,
          metadata: fields.metadata ?? {},
          managedBy: 'frontegg',
          scimConfigurationId: null,
          createdAt: at,
          updatedAt: at,
        });
      });
      return written
        ? { kind: 'ok', group: (await groupDtos(tables, directory, [written]))[0]! }
        : { kind: 'duplicateName' };
    },
    async update(groupId, fields: GroupFields) {
      const outcome = await lockedWrite(async (t): Promise<GroupWrite['kind']> => {
        if (!(await t.of(GROUPS).row({ tenantId, id: groupId }))) return 'notFound';
        if (fields.name !== undefined && (await nameTaken(t, fields.name, groupId))) return 'duplicateName';
        const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        await t.of(GROUPS).update({ tenantId, id: groupId }, { ...changes, updatedAt: stamp(tools.now()) });
        return 'ok';
      });
      return outcome === 'ok' ? { kind: 'ok', group: (await find(groupId))! } : { kind: outcome };
    },
    remove: (groupId) =>
      tables.transaction(async (t) => {
        // Its role and member links go with it (the schema's cascade).
        return (await t.of(GROUPS).remove({ tenantId, id: groupId })).length > 0;
      }),
    changeRoles,
    async changeUsers(groupId, userIds, add) {
      const memberships = await directory.memberships(userIds);
      return changeMemberships(
        groupId,
        memberships.map((m) => m.membershipId),
        add,
      );
    },
    memberIds: async (userIds) => (await directory.memberships(userIds)).map((m) => m.userId),
    async configuration() {
      const row = await tables.of(GROUP_CONFIGURATIONS).row({ tenantId });
      return { enabled: row?.enabled ?? true, rolesEnabled: row?.rolesEnabled ?? true };
    },
    async saveConfiguration(patch) {
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const updatedAt = stamp(tools.now());
      const row = await saveRow(tables, GROUP_CONFIGURATIONS, { tenantId }, { ...given, updatedAt }, () => ({
        tenantId,
        enabled: true,
        rolesEnabled: true,
        ...given,
        updatedAt,
      }));
      return { enabled: row.enabled, rolesEnabled: row.rolesEnabled };
    },
    async roleIdsInGroups() {
      const groups = await tables.of(GROUPS).rows({ where: { tenantId } });
      if (!groups.length) return [];
      const links = await tables.of(GROUP_ROLES).rows({ where: { groupId: oneOf(groups.map((g) => g.id)) } });
      return unique(links.map((l) => l.roleId));
    },
    roleGrants: (roleIds) => directory.roleGrants(roleIds),
  };
}

/** What the groups read of the account's roles and members, over `tables`: one statement or two each. */
export function groupDirectory(tables: Tables, tenantId: string): GroupDirectory {
  return {
    // The group's links hold only roles the rules let it carry (the account's or the vendor's).
    async roles(roleIds) {
      const rows = await tables.of(ROLES).rows({ where: { id: oneOf(unique(roleIds)) } });
      const grants = await grantsOf(
        tables,
        rows.map((r) => r.id),
      );
      return rows.map((r) => roleDtoOf(r, grants.get(r.id)!));
    },
    roleGrants: (roleIds) => roleGrantsOver(tables, tenantId, roleIds),
    memberships: async (userIds) =>
      (await tables.of(MEMBERSHIPS).rows({ where: { tenantId, userId: oneOf(unique(userIds)) } })).map(
        (m) => ({ userId: m.userId, membershipId: m.id }),
      ),
    async members(membershipIds) {
      const memberships = await tables
        .of(MEMBERSHIPS)
        .rows({ where: { tenantId, id: oneOf(membershipIds) } });
      const users = await tables.of(USERS).rows({ where: { id: oneOf(memberships.map((m) => m.userId)) } });
      return memberships.flatMap((m) => {
        const user = users.find((u) => u.id === m.userId);
        return user
          ? [
              {
                membershipId: m.id,
                id: user.id,
                email: user.email,
                name: displayName(user),
                profilePictureUrl: user.profilePictureUrl,
                activatedForTenant: user.verified && !m.invitationPending,
                createdAt: user.createdAt,
              },
            ]
          : [];
      });
    },
  };
}

/** The groups' ports of core/domain/groups.ts for the account `tenantId` on a backend. */
export const accountGroups = (platform: Platform, tenantId: string): GroupPorts => ({
  ...groupRepository(platform.tables, tenantId, groupDirectory(platform.tables, tenantId), platform.clock),
  memberPermissions: (userId) => permissionKeysIn(platform.tables, tenantId, userId),
});

/** The groups' ports (core/domain/group-handlers.ts) in the caller's account. */
export const groupAreaPorts: PortsFor<GroupHandlerPorts> = (platform, { tenantId, permissions }) => ({
  ...accountGroups(platform, tenantId),
  held: permissions,
});
