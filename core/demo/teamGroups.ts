/**
 * Demo mode's groups: the shared handlers (core/domain/group-handlers.ts, the server's own) over
 * the demo's stored groups, in the caller's account.
 */
import type { GroupSortField } from '../contract/listQuery';
import { GROUP_HANDLERS } from '../domain/group-handlers';
import { groupDto, type GroupDto, type GroupPorts } from '../domain/groups';
import { accountMember, permissionsIn } from './accountMembers';
import type { DemoDatabase, DemoGroup } from './data';
import { byLocale, given, insert, isoNow, remove, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoPermissionsOf, groupConfiguration, memoryPage, roleGrants, rolesWithIds } from './teamAdmin';

const byName = byLocale((row: { name: string }) => row.name.toLowerCase());

/** The group with its roles and members (the account's, as `accountMembers` sees them), as the server answers it. */
const dtoOf = (db: DemoDatabase, group: DemoGroup): GroupDto =>
  groupDto(
    group,
    rolesWithIds(db, group.tenantId, group.roleIds).sort(byName),
    group.userIds
      .flatMap((id) => accountMember(db, group.tenantId, id) ?? [])
      .map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        profilePictureUrl: null,
        activatedForTenant: u.verified !== false && u.invitationPending !== true,
        createdAt: u.createdAt,
      }))
      .sort(byName),
  );

const SORTERS: Record<GroupSortField, (g: DemoGroup) => string> = {
  name: (g) => g.name.toLowerCase(),
  createdAt: (g) => g.createdAt,
  updatedAt: (g) => g.updatedAt,
};

/** The repository and ports of core/domain/groups.ts over the demo's stored groups of one account. */
export function demoGroupStore(db: DemoDatabase, tenantId: string, clock: DemoClock): GroupPorts {
  const groups = () => (db.groups ??= []).filter((g) => g.tenantId === tenantId);
  const nameTaken = (name: string, except: string | null) =>
    groups().some((g) => g.name.toLowerCase() === name.toLowerCase() && g.id !== except);
  // The account's members, invitees too (the server's memberships).
  const member = (userId: string) => accountMember(db, tenantId, userId);
  const stored = (groupId: string) => groups().find(withId(groupId));
  /** The account's group of this id with `changes` written (stamped now), or null. */
  const changed = (groupId: string, changes: (group: DemoGroup) => Partial<DemoGroup>) => {
    const group = stored(groupId);
    return group ? dtoOf(db, Object.assign(group, changes(group), { updatedAt: isoNow(clock.now) })) : null;
  };
  /** Adds (`add`) or removes ids of a group's list. */
  const edit = (list: string[], ids: string[], add: boolean) =>
    add ? [...new Set([...list, ...ids])] : list.filter((id) => !ids.includes(id));
  return {
    list: async (page) => {
      const shown = memoryPage(groups(), page, SORTERS, (g) => [g.name, g.description ?? '']);
      return { items: shown.items.map((g) => dtoOf(db, g)), totalItems: shown.totalItems };
    },
    find: async (groupId) => {
      const group = stored(groupId);
      return group ? dtoOf(db, group) : null;
    },
    create: async ({ name, color, description, metadata }) => {
      if (nameTaken(name, null)) return { kind: 'duplicateName' };
      const group = insert(db.groups!, {
        id: `group-${clock.random()}`,
        tenantId,
        name,
        color: color ?? null,
        description: description ?? null,
        metadata: metadata ?? {},
        managedBy: 'frontegg',
        roleIds: [],
        userIds: [],
        createdAt: isoNow(clock.now),
        updatedAt: isoNow(clock.now),
      });
      return { kind: 'ok', group: dtoOf(db, group) };
    },
    update: async (groupId, fields) => {
      if (!stored(groupId)) return { kind: 'notFound' };
      if (fields.name !== undefined && nameTaken(fields.name, groupId)) return { kind: 'duplicateName' };
      return { kind: 'ok', group: changed(groupId, () => fields)! };
    },
    remove: async (groupId) => remove(db.groups ?? [], (g) => g.id === groupId && g.tenantId === tenantId),
    changeRoles: async (groupId, roleIds, add) =>
      changed(groupId, (group) => ({ roleIds: edit(group.roleIds, roleIds, add) })),
    changeUsers: async (groupId, userIds, add) =>
      changed(groupId, (group) => ({ userIds: edit(group.userIds, userIds, add) })),
    memberIds: async (userIds) => [...new Set(userIds)].filter(member),
    configuration: async () => groupConfiguration(db, tenantId),
    // The contract's body has only these two booleans; one left out keeps its value.
    saveConfiguration: async (patch) =>
      ((db.groupConfigurations ??= {})[tenantId] = { ...groupConfiguration(db, tenantId), ...given(patch) }),
    roleIdsInGroups: async () => [...new Set(groups().flatMap((g) => g.roleIds))],
    roleGrants: async (roleIds) => roleGrants(db, tenantId, roleIds),
    memberPermissions: async (userId) => permissionsIn(db, tenantId, userId),
  };
}

/** The group routes of a signed-in caller (core/domain/group-handlers.ts), by descriptor name. */
export function demoGroupRoutes(clock: DemoClock) {
  return demoHandlers(GROUP_HANDLERS, (db, user) => ({
    ...demoGroupStore(db, user.tenantId, clock),
    held: demoPermissionsOf(db, user),
  }));
}
