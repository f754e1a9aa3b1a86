/**
 * Demo mode's groups (core/contract/routes/roles.ts), answering like the reference server
 * (server/routes/groups.ts) in the caller's account: a group of another account is not found. The
 * descriptor's permission is checked before a handler runs (core/demo/dispatch.ts); bodies and
 * queries passed the contract's schemas (core/contract/requests-groups.ts).
 */
import { fail, ok, type Answer } from '../contract/answer';
import { assertHoldsAll } from '../domain/grants';
import { isListQuery } from '../contract/listQuery';
import type { DemoDatabase, DemoGroup, DemoUser } from './data';
import type { DemoRequest } from './dispatch';
import {
  demoPage,
  demoPermissionsOf,
  demoRoles,
  demoRoleShape,
  groupConfiguration,
  visibleRoles,
  type TeamAdminHandler,
  type TeamAdminRoutes,
  type TeamAdminTools,
} from './teamAdmin';

// The client SDK's IRole and IGroupUser, as the server answers them.
const groupDto = (db: DemoDatabase, group: DemoGroup) => ({
  id: group.id,
  groupId: group.id,
  name: group.name,
  color: group.color,
  description: group.description,
  metadata: '{}',
  managedBy: 'frontegg',
  roles: demoRoles(db)
    .filter((r) => group.roleIds.includes(r.id))
    .map(demoRoleShape)
    .sort((a, b) => a.name.localeCompare(b.name)),
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
    .sort((a, b) => a.name.localeCompare(b.name)),
  createdAt: group.createdAt,
  updatedAt: group.updatedAt,
});

const groupsOf = (db: DemoDatabase, tenantId: string) =>
  (db.groups ??= []).filter((g) => g.tenantId === tenantId);

const nameTaken = (db: DemoDatabase, tenantId: string, name: string, except: string | null) =>
  groupsOf(db, tenantId).some((g) => g.name.toLowerCase() === name.trim().toLowerCase() && g.id !== except);

const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : null);

type GroupHandler = (db: DemoDatabase, group: DemoGroup, caller: DemoUser, request: DemoRequest) => Answer;

/** The caller's account's group the request names (`id`), or 404. */
const found =
  (run: GroupHandler): TeamAdminHandler =>
  (db, caller, request) => {
    const group = groupsOf(db, caller.tenantId).find((g) => g.id === request.params.id);
    return group ? run(db, group, caller, request) : fail('GROUP_NOT_FOUND');
  };

/** GRANT_NOT_HELD unless the caller holds every permission these roles of the account grant. */
const assertMayGrantRoles = (db: DemoDatabase, caller: DemoUser, roleIds: Set<string> | string[]) => {
  const ids = new Set(roleIds);
  const granted = visibleRoles(db, caller.tenantId)
    .filter((r) => ids.has(r.id))
    .flatMap((r) => r.permissions);
  assertHoldsAll(demoPermissionsOf(db, caller), granted);
};

/** Adds (`add`) or removes the roles or the members of the body's list. */
const changeMembers =
  (field: 'roleIds' | 'userIds', add: boolean, iso: () => string): GroupHandler =>
  (db, group, caller, { body }) => {
    const ids = body[field] as string[];
    if (field === 'roleIds') {
      const roles = visibleRoles(db, caller.tenantId).filter((r) => ids.includes(r.id));
      if (roles.length !== ids.length) return fail('ROLES_UNKNOWN');
      if (add) assertMayGrantRoles(db, caller, ids);
    } else if (ids.some((id) => !db.users.some((u) => u.id === id && u.tenantId === caller.tenantId)))
      return fail('USERS_NOT_MEMBERS');
    group[field] = add
      ? [...new Set([...group[field], ...ids])]
      : group[field].filter((id) => !ids.includes(id));
    group.updatedAt = iso();
    return ok(groupDto(db, group), true);
  };

/** The group routes of a signed-in caller, by descriptor name. */
export function demoGroupRoutes(tools: TeamAdminTools): TeamAdminRoutes {
  const iso = () => new Date(tools.now()).toISOString();
  return {
    // With no list parameter (the client SDK's getGroups): an array of every group.
    getGroups: (db, { tenantId }, { query }) =>
      isListQuery(query)
        ? demoPage(
            groupsOf(db, tenantId).map((g) => groupDto(db, g)),
            query,
            {
              name: (g) => g.name.toLowerCase(),
              createdAt: (g) => g.createdAt,
              updatedAt: (g) => g.updatedAt,
            },
            (g) => [g.name, g.description ?? ''],
          )
        : ok(
            groupsOf(db, tenantId)
              .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
              .map((g) => groupDto(db, g)),
          ),
    postGroups: (db, { tenantId }, { body }) => {
      if (nameTaken(db, tenantId, body.name as string, null)) return fail('GROUP_NAME_EXISTS');
      const group: DemoGroup = {
        id: `group-${tools.random()}`,
        tenantId,
        name: (body.name as string).trim(),
        color: (body.color as string | undefined) || null,
        description: trimmedOrNull(body.description),
        roleIds: [],
        userIds: [],
        createdAt: iso(),
        updatedAt: iso(),
      };
      (db.groups ??= []).push(group);
      return ok(groupDto(db, group), true, 201);
    },
    // The client SDK's group configuration (both on until set).
    getGroupsConfig: (db, { tenantId }) => ok(groupConfiguration(db, tenantId)),
    postGroupsConfig: (db, caller, { body }) => {
      const before = groupConfiguration(db, caller.tenantId);
      const config = { ...before };
      if (typeof body.enabled === 'boolean') config.enabled = body.enabled;
      if (typeof body.rolesEnabled === 'boolean') config.rolesEnabled = body.rolesEnabled;
      // Turning groups' roles off or on takes or gives them: then the caller must hold what they grant.
      if ((before.enabled && before.rolesEnabled) !== (config.enabled && config.rolesEnabled)) {
        assertMayGrantRoles(db, caller, new Set(groupsOf(db, caller.tenantId).flatMap((g) => g.roleIds)));
      }
      (db.groupConfigurations ??= {})[caller.tenantId] = config;
      return ok(config, true);
    },
    // bulkGet: the account's groups among the ids.
    postGroupsBulkGet: (db, { tenantId }, { body }) => {
      const ids = body.groupsIds as string[];
      return ok(
        groupsOf(db, tenantId)
          .filter((g) => ids.includes(g.id))
          .map((g) => groupDto(db, g)),
      );
    },
    getGroupsById: found((db, group) => ok(groupDto(db, group))),
    patchGroupsById: found((db, group, { tenantId }, { body }) => {
      if (typeof body.name === 'string' && nameTaken(db, tenantId, body.name, group.id))
        return fail('GROUP_NAME_EXISTS');
      if (typeof body.name === 'string') group.name = body.name.trim();
      if (body.color !== undefined) group.color = (body.color as string | null) || null;
      if (body.description !== undefined) group.description = trimmedOrNull(body.description);
      group.updatedAt = iso();
      return ok(groupDto(db, group), true);
    }),
    deleteGroupsById: found((db, group) => {
      db.groups = (db.groups ?? []).filter((g) => g !== group);
      return ok({}, true);
    }),
    postGroupsByIdRoles: found(changeMembers('roleIds', true, iso)),
    deleteGroupsByIdRoles: found(changeMembers('roleIds', false, iso)),
    postGroupsByIdUsers: found(changeMembers('userIds', true, iso)),
    deleteGroupsByIdUsers: found(changeMembers('userIds', false, iso)),
  };
}
