/**
 * The groups routes (core/contract/routes/roles.ts), written once for the server and demo mode
 * (core/domain/handlers.ts): the account's groups listed, read, created, changed and deleted, their
 * roles and members, and the account's group configuration. The rules are core/domain/groups.ts,
 * the ports core/domain/group-store.ts `groupAreaPorts` (registered for both backends by
 * core/domain/back-office-areas.ts). Adding or removing a group's roles, and deleting a group, also
 * needs every permission its roles grant; removing a member needs every permission they hold.
 *
 * The client SDK (@frontegg/rest-api 3.1.18 `groups`) also sends `_groupsRelations` (roles, users,
 * rolesAndUsers) on the list and on one group: accepted; every answer carries both. It creates and
 * edits with `metadata` as a JSON string: accepted beside an object. A group's roles count for its
 * members only while the account's configuration (GET/POST .../groups/v1/config) has both on.
 */
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
  type GroupPorts,
} from './groups';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';

export interface GroupHandlerPorts extends GroupPorts {
  /** The caller's permissions in the account: what they may give or take away. */
  held: readonly string[];
}

/** Adds (`add`) or removes the group's roles or members named in the body. */
const change =
  (field: 'roleIds' | 'userIds', add: boolean): AreaHandler<GroupHandlerPorts> =>
  async (p, { params, body }) => {
    const run = field === 'roleIds' ? changeGroupRoles : changeGroupUsers;
    return answer(await run(p, p.held, params.id!, body[field] as string[], add));
  };

export const GROUP_HANDLERS: AreaHandlers<GroupHandlerPorts> = {
  getGroups: async (p, { query }) => answer(await listGroups(p, query as ListQuery<GroupSortField>)),
  postGroups: async (p, { body }) =>
    answer(await createGroup(p, body as unknown as GroupBody & { name: string }), 201),
  getGroupsConfig: async (p) => answer(await p.configuration()),
  postGroupsConfig: async (p, { body }) => answer(await saveGroupConfiguration(p, p.held, body)),
  postGroupsBulkGet: async (p, { body }) => answer(await bulkGetGroups(p, body.groupsIds as string[])),
  getGroupsById: async (p, { params }) => answer(await getGroup(p, params.id!)),
  patchGroupsById: async (p, { params, body }) => answer(await updateGroup(p, params.id!, body as GroupBody)),
  deleteGroupsById: async (p, { params }) => {
    await deleteGroup(p, p.held, params.id!);
    return answer({});
  },
  postGroupsByIdRoles: change('roleIds', true),
  deleteGroupsByIdRoles: change('roleIds', false),
  postGroupsByIdUsers: change('userIds', true),
  deleteGroupsByIdUsers: change('userIds', false),
};
