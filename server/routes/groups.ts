/**
 * Groups (spec 001 §7 "Groups: GET, POST, GET/PATCH/DELETE /{id}, add and remove roles and users"),
 * in the caller's active tenant:
 * - GET    /identity/resources/groups/v1 ?_filter&_sortBy&_order&_offset&_limit (fe.secure.read.groups),
 *          with roles and users, paged in the database: `{ items, _metadata }`; with none of these
 *          (the client SDK's getGroups) an array of every group;
 * - POST   /identity/resources/groups/v1 { name, color?, description?, metadata? } (fe.secure.write.groups);
 * - GET    /identity/resources/groups/v1/{id} (read); PATCH it (write); DELETE it (fe.secure.delete.groups);
 * - POST | DELETE /identity/resources/groups/v1/{id}/roles { roleIds } (write; adding or removing roles
 *   also needs every permission they grant: members get them, or lose them);
 * - POST | DELETE /identity/resources/groups/v1/{id}/users { userIds } (write; members of the tenant only;
 *   also needs every permission the group's roles grant, and removing a member needs every permission
 *   they hold).
 * Deleting a group also needs every permission its roles grant. The rules are core/domain/groups.ts
 * (run by demo mode too) over the SQL of server/storage/groups.ts.
 *
 * The client SDK (@frontegg/rest-api 3.1.18 `groups`) also sends `_groupsRelations` (roles, users,
 * rolesAndUsers) on the list and on one group: accepted; every answer carries both. It creates and
 * edits with `metadata` as a JSON string: accepted beside an object. And it calls:
 * - POST /identity/resources/groups/v1/bulkGet { groupsIds } (read): those groups of the account, an array;
 * - GET  /identity/resources/groups/v1/config (read): the account's `{ enabled, rolesEnabled }` (both
 *   on until set); POST it (write) with either or both. A group's roles count for its members only
 *   while both are on; changing it needs every permission the account's groups' roles grant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { GroupSortField } from '../../core/contract/listQuery';
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
  type GroupConfiguration,
} from '../../core/domain/groups';
import { groupPorts } from '../domain/groups';
import { idParams, type ListQuery } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';

const GROUPS = '/identity/resources/groups/v1';

export async function groupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The route table checked the caller and the permission (http/route-table.ts).
  const ports = (request: FastifyRequest) => groupPorts(ctx.db, accountOf(request));
  const held = (request: FastifyRequest) => callerOf(request).permissions ?? [];

  // Request schemas: core/contract/requests-groups.ts (the demo backend's too).
  app.get<{ Querystring: ListQuery<GroupSortField> }>(GROUPS, (request) =>
    listGroups(ports(request), request.query),
  );

  app.post<{ Body: GroupBody & { name: string } }>(GROUPS, async (request, reply) =>
    reply.code(201).send(await createGroup(ports(request), request.body)),
  );

  app.get(`${GROUPS}/config`, (request) => ports(request).configuration());

  app.post<{ Body: Partial<GroupConfiguration> }>(`${GROUPS}/config`, (request) =>
    saveGroupConfiguration(ports(request), held(request), request.body ?? {}),
  );

  app.post<{ Body: { groupsIds: string[] } }>(`${GROUPS}/bulkGet`, (request) =>
    bulkGetGroups(ports(request), request.body.groupsIds),
  );

  // A new object per route: the route table completes each route's schema in place.
  const byId = () => ({ schema: { params: idParams('id') } });
  app.get<{ Params: { id: string } }>(`${GROUPS}/:id`, byId(), (request) =>
    getGroup(ports(request), request.params.id),
  );

  app.patch<{ Params: { id: string }; Body: GroupBody }>(`${GROUPS}/:id`, byId(), (request) =>
    updateGroup(ports(request), request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>(`${GROUPS}/:id`, byId(), async (request) => {
    await deleteGroup(ports(request), held(request), request.params.id);
    return {};
  });

  for (const method of ['POST', 'DELETE'] as const) {
    const add = method === 'POST';
    app.route<{ Params: { id: string }; Body: { roleIds: string[] } }>({
      method,
      url: `${GROUPS}/:id/roles`,
      ...byId(),
      handler: (request) =>
        changeGroupRoles(ports(request), held(request), request.params.id, request.body.roleIds, add),
    });
    app.route<{ Params: { id: string }; Body: { userIds: string[] } }>({
      method,
      url: `${GROUPS}/:id/users`,
      ...byId(),
      handler: (request) =>
        changeGroupUsers(ports(request), held(request), request.params.id, request.body.userIds, add),
    });
  }
}
