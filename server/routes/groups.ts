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
 * Deleting a group also needs every permission its roles grant. The handlers are
 * core/domain/group-handlers.ts and the rules core/domain/groups.ts (demo mode runs both), over
 * the SQL of server/storage/groups.ts.
 *
 * The client SDK (@frontegg/rest-api 3.1.18 `groups`) also sends `_groupsRelations` (roles, users,
 * rolesAndUsers) on the list and on one group: accepted; every answer carries both. It creates and
 * edits with `metadata` as a JSON string: accepted beside an object. And it calls:
 * - POST /identity/resources/groups/v1/bulkGet { groupsIds } (read): those groups of the account, an array;
 * - GET  /identity/resources/groups/v1/config (read): the account's `{ enabled, rolesEnabled }` (both
 *   on until set); POST it (write) with either or both. A group's roles count for its members only
 *   while both are on; changing it needs every permission the account's groups' roles grant.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { GROUP_HANDLERS } from '../../core/domain/group-handlers';
import { groupPorts } from '../domain/groups';
import { registerHandlers } from '../http/handlers';
import { callerOf, tenantOf } from '../http/route-table';

export async function groupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, GROUP_HANDLERS, (request) => ({
    ...groupPorts(ctx.db, tenantOf(request)),
    held: callerOf(request).permissions ?? [],
  }));
}
