/**
 * Demo mode's groups (core/contract/routes/roles.ts): the rules of core/domain/groups.ts (as the
 * reference server, server/routes/groups.ts) over the demo's stored groups, in the caller's account.
 * The descriptor's permission is checked before a handler runs (core/demo/dispatch.ts); bodies and
 * queries passed the contract's schemas (core/contract/requests-groups.ts).
 */
import { ok } from '../contract/answer';
import type { GroupSortField, ListQuery } from '../contract/listQuery';
import {
  bulkGetGroups,
  changeGroupRoles,
  changeGroupUsers,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  saveGroupConfiguration,
  updateGroup,
  type GroupBody,
  type GroupDto,
  type GroupPorts,
  type GroupWrite,
} from '../domain/groups';
import type { DemoDatabase, DemoGroup } from './data';
import {
  demoPermissionsOf,
  demoRoleShape,
  groupConfiguration,
  visibleRoles,
  type TeamAdminRoutes,
  type TeamAdminTools,
} from './teamAdmin';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

// The client SDK's IGroupResponse, as the server answers it.
const groupDto = (db: DemoDatabase, group: DemoGroup): GroupDto => ({
  id: group.id,
  groupId: group.id,
  name: group.name,
  color: group.color,
  description: group.description,
  metadata: JSON.stringify(group.metadata ?? {}),
  managedBy: 'frontegg',
  roles: visibleRoles(db, group.tenantId)
    .filter((r) => group.roleIds.includes(r.id))
    .map(demoRoleShape)
    .sort(byName),
  users: db.users
    .filter((u) => group.userIds.includes(u.id))
    .map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      profilePictureUrl: null,
      activatedForTenant: u.verified !== false && u.invitationPending !== true,
      createdAt: u.createdAt,
    }))
    .sort(byName),
  createdAt: group.createdAt,
  updatedAt: group.updatedAt,
});

const SORTERS: Record<GroupSortField, (g: DemoGroup) => string> = {
  name: (g) => g.name.toLowerCase(),
  createdAt: (g) => g.createdAt,
  updatedAt: (g) => g.updatedAt,
};

/** The repository and ports of core/domain/groups.ts over the demo's stored groups of one account. */
export function demoGroupStore(db: DemoDatabase, tenantId: string, tools: TeamAdminTools): GroupPorts {
  const iso = () => new Date(tools.now()).toISOString();
  const groups = () => (db.groups ??= []).filter((g) => g.tenantId === tenantId);
  const nameTaken = (name: string, except: string | null) =>
    groups().some((g) => g.name.toLowerCase() === name.toLowerCase() && g.id !== except);
  const member = (userId: string) => db.users.find((u) => u.id === userId && u.tenantId === tenantId);
  /** The account's group of this id, changed by `write`, or notFound. */
  const changed = (groupId: string, write: (group: DemoGroup) => GroupWrite | void): GroupWrite => {
    const group = groups().find((g) => g.id === groupId);
    if (!group) return { kind: 'notFound' };
    const refused = write(group);
    if (refused) return refused;
    group.updatedAt = iso();
    return { kind: 'ok', group: groupDto(db, group) };
  };
  /** Adds (`add`) or removes ids of a group's list. */
  const edit = (list: string[], ids: string[], add: boolean) =>
    add ? [...new Set([...list, ...ids])] : list.filter((id) => !ids.includes(id));
  return {
    list: async ({ filter, sortBy, order, page, limit }) => {
      const text = filter.trim().toLowerCase();
      const key = SORTERS[sortBy];
      const matching = groups()
        .filter((g) => !text || [g.name, g.description ?? ''].some((s) => s.toLowerCase().includes(text)))
        .sort((a, b) => {
          const by = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
          return (by || (a.id < b.id ? -1 : 1)) * (order === 'DESC' && by ? -1 : 1);
        });
      const shown = limit === null ? matching : matching.slice(page * limit, page * limit + limit);
      return { items: shown.map((g) => groupDto(db, g)), totalItems: matching.length };
    },
    find: async (groupId) => {
      const group = groups().find((g) => g.id === groupId);
      return group ? groupDto(db, group) : null;
    },
    create: async ({ name, color, description, metadata }) => {
      if (nameTaken(name, null)) return { kind: 'duplicateName' };
      const group: DemoGroup = {
        id: `group-${tools.random()}`,
        tenantId,
        name,
        color: color ?? null,
        description: description ?? null,
        metadata: metadata ?? {},
        roleIds: [],
        userIds: [],
        createdAt: iso(),
        updatedAt: iso(),
      };
      db.groups!.push(group);
      return { kind: 'ok', group: groupDto(db, group) };
    },
    update: async (groupId, fields) =>
      changed(groupId, (group) => {
        if (fields.name !== undefined && nameTaken(fields.name, group.id)) return { kind: 'duplicateName' };
        Object.assign(group, fields);
      }),
    remove: async (groupId) => {
      const before = db.groups?.length ?? 0;
      db.groups = (db.groups ?? []).filter((g) => g.id !== groupId || g.tenantId !== tenantId);
      return db.groups.length < before;
    },
    changeRoles: async (groupId, roleIds, add) =>
      changed(groupId, (group) => {
        const known = visibleRoles(db, tenantId).filter((r) => roleIds.includes(r.id));
        if (known.length !== new Set(roleIds).size) return { kind: 'unknown' };
        group.roleIds = edit(group.roleIds, roleIds, add);
      }),
    changeUsers: async (groupId, userIds, add) =>
      changed(groupId, (group) => {
        if (!userIds.every(member)) return { kind: 'unknown' };
        group.userIds = edit(group.userIds, userIds, add);
      }),
    configuration: async () => groupConfiguration(db, tenantId),
    saveConfiguration: async (patch) => {
      const config = { ...groupConfiguration(db, tenantId) };
      if (typeof patch.enabled === 'boolean') config.enabled = patch.enabled;
      if (typeof patch.rolesEnabled === 'boolean') config.rolesEnabled = patch.rolesEnabled;
      (db.groupConfigurations ??= {})[tenantId] = config;
      return config;
    },
    roleIdsInGroups: async () => [...new Set(groups().flatMap((g) => g.roleIds))],
    grantedBy: async (roleIds) =>
      visibleRoles(db, tenantId)
        .filter((r) => roleIds.includes(r.id))
        .flatMap((r) => r.permissions),
    memberPermissions: async (userId) => {
      const user = member(userId);
      return user ? demoPermissionsOf(db, user) : [];
    },
  };
}

/** The group routes of a signed-in caller, by descriptor name. */
export function demoGroupRoutes(tools: TeamAdminTools): TeamAdminRoutes {
  const store = (db: DemoDatabase, tenantId: string) => demoGroupStore(db, tenantId, tools);
  const change =
    (field: 'roleIds' | 'userIds', add: boolean): NonNullable<TeamAdminRoutes['postGroupsByIdRoles']> =>
    async (db, caller, { params, body }) => {
      const run = field === 'roleIds' ? changeGroupRoles : changeGroupUsers;
      const held = demoPermissionsOf(db, caller);
      const ids = body[field] as string[];
      return ok(await run(store(db, caller.tenantId), held, params.id!, ids, add), true);
    };
  return {
    getGroups: async (db, { tenantId }, { query }) =>
      ok(await listGroups(store(db, tenantId), query as ListQuery<GroupSortField>)),
    postGroups: async (db, { tenantId }, { body }) =>
      ok(await createGroup(store(db, tenantId), body as unknown as GroupBody & { name: string }), true, 201),
    getGroupsConfig: async (db, { tenantId }) => ok(await store(db, tenantId).configuration()),
    postGroupsConfig: async (db, caller, { body }) =>
      ok(await saveGroupConfiguration(store(db, caller.tenantId), demoPermissionsOf(db, caller), body), true),
    postGroupsBulkGet: async (db, { tenantId }, { body }) =>
      ok(await bulkGetGroups(store(db, tenantId), body.groupsIds as string[])),
    getGroupsById: async (db, { tenantId }, { params }) =>
      ok(await getGroup(store(db, tenantId), params.id!)),
    patchGroupsById: async (db, { tenantId }, { params, body }) =>
      ok(await updateGroup(store(db, tenantId), params.id!, body as GroupBody), true),
    deleteGroupsById: async (db, caller, { params }) => {
      await deleteGroup(store(db, caller.tenantId), demoPermissionsOf(db, caller), params.id!);
      return ok({}, true);
    },
    postGroupsByIdRoles: change('roleIds', true),
    deleteGroupsByIdRoles: change('roleIds', false),
    postGroupsByIdUsers: change('userIds', true),
    deleteGroupsByIdUsers: change('userIds', false),
  };
}
