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
 * Deleting a group also needs every permission its roles grant. The rule: server/domain/grants.ts.
 *
 * The client SDK (@frontegg/rest-api 3.1.18 `groups`) also sends `_groupsRelations` (roles, users,
 * rolesAndUsers) on the list and on one group: accepted; every answer carries both. It creates and
 * edits with `metadata` as a JSON string: accepted beside an object. And it calls:
 * - POST /identity/resources/groups/v1/bulkGet { groupsIds } (read): those groups of the account, an array;
 * - GET  /identity/resources/groups/v1/config (read): the account's `{ enabled, rolesEnabled }` (both
 *   on until set); POST it (write) with either or both. A group's roles count for its members only
 *   while both are on; changing it needs every permission the account's groups' roles grant.
 */
import { isScimManagedGroup } from '../domain/directory';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  changeGroupRoles,
  changeGroupUsers,
  createGroup,
  deleteGroup,
  getGroup,
  getGroupConfiguration,
  groupRoleIdsOfTenant,
  saveGroupConfiguration,
  type GroupConfiguration,
  listGroups,
  updateGroup,
  type GroupInput,
  type GroupResult,
  type GroupSortField,
  type RelationResult,
} from '../domain/groups';
import { contractError } from '../../core/contract/errors';
import { assertMayActOn, assertMayGrantGroup, assertMayGrantRoles } from '../domain/grants';
import { idParams, isListQuery, pageOf, type ListQuery } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';

const GROUPS = '/identity/resources/groups/v1';

/** Metadata as the client sends it (a JSON string) or as an object; 400 for anything else. */
function metadataObject(value: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw contractError('METADATA_NOT_OBJECT');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.keys(parsed).length > 50)
    throw contractError('METADATA_NOT_OBJECT');
  return parsed as Record<string, unknown>;
}

interface GroupBody {
  name?: string;
  color?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | string;
}

function groupOrThrow(
  result: GroupResult | RelationResult,
  unknown: 'ROLES_UNKNOWN' | 'USERS_NOT_MEMBERS' = 'ROLES_UNKNOWN',
) {
  if (result.kind === 'notFound') throw contractError('GROUP_NOT_FOUND');
  if (result.kind === 'duplicateName') throw contractError('GROUP_NAME_EXISTS');
  if (result.kind === 'unknown') throw contractError(unknown);
  return result.group;
}

const clean = (body: GroupBody): GroupInput => ({
  ...(body.name !== undefined ? { name: body.name.trim() } : {}),
  ...(body.color !== undefined ? { color: body.color || null } : {}),
  ...(body.description !== undefined ? { description: body.description?.trim() || null } : {}),
  ...(body.metadata !== undefined ? { metadata: metadataObject(body.metadata) } : {}),
});

export async function groupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The route table checked the caller and the permission (http/route-table.ts).
  const caller = (request: FastifyRequest) => ({ claims: callerOf(request), tenantId: accountOf(request) });

  // Request schemas: core/contract/requests-groups.ts (the demo backend's too).
  // With a list parameter (the kit's groups page): a page, `{ items, _metadata }`. With none (the
  // client SDK's getGroups sends only `_groupsRelations`; IGroupResponse[]): an array of every group.
  app.get<{ Querystring: ListQuery<GroupSortField> }>(GROUPS, async (request) => {
    const { tenantId } = caller(request);
    const query = pageOf(request.query, 'name');
    if (!isListQuery(request.query))
      return (await listGroups(ctx.db, tenantId, { ...query, page: 0, limit: null })).items;
    const { items, totalItems } = await listGroups(ctx.db, tenantId, query);
    return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
  });

  app.post<{ Body: GroupBody & { name: string } }>(GROUPS, async (request, reply) => {
    const { tenantId } = caller(request);
    const group = groupOrThrow(
      await createGroup(ctx.db, tenantId, clean(request.body) as GroupInput & { name: string }),
    );
    return reply.code(201).send(group);
  });

  app.get(`${GROUPS}/config`, async (request) => {
    const { tenantId } = caller(request);
    return getGroupConfiguration(ctx.db, tenantId);
  });

  // Turning groups or their roles off takes the groups' roles from their members, turning them on
  // gives them back: then the caller must hold every permission those roles grant (as deleting a group).
  app.post<{ Body: Partial<GroupConfiguration> }>(`${GROUPS}/config`, async (request) => {
    const { claims, tenantId } = caller(request);
    const rolesCount = (c: GroupConfiguration) => c.enabled && c.rolesEnabled;
    const before = await getGroupConfiguration(ctx.db, tenantId);
    if (rolesCount(before) !== rolesCount({ ...before, ...request.body }))
      await assertMayGrantRoles(ctx.db, claims, tenantId, await groupRoleIdsOfTenant(ctx.db, tenantId));
    return saveGroupConfiguration(ctx.db, tenantId, request.body ?? {});
  });

  app.post<{ Body: { groupsIds: string[] } }>(`${GROUPS}/bulkGet`, async (request) => {
    const { tenantId } = caller(request);
    const found = await Promise.all(request.body.groupsIds.map((id) => getGroup(ctx.db, tenantId, id)));
    return found.filter((group) => group !== null);
  });

  app.get<{ Params: { id: string } }>(
    `${GROUPS}/:id`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const { tenantId } = caller(request);
      const group = await getGroup(ctx.db, tenantId, request.params.id);
      if (!group) throw contractError('GROUP_NOT_FOUND');
      return group;
    },
  );

  app.patch<{ Params: { id: string }; Body: GroupBody }>(
    `${GROUPS}/:id`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const { tenantId } = caller(request);
      await assertNotScim(tenantId, request.params.id);
      return groupOrThrow(await updateGroup(ctx.db, tenantId, request.params.id, clean(request.body)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${GROUPS}/:id`,
    { schema: { params: idParams('id') } },
    async (request) => {
      const { claims, tenantId } = caller(request);
      await assertMayGrantGroup(ctx.db, claims, tenantId, request.params.id);
      await assertNotScim(tenantId, request.params.id);
      if (!(await deleteGroup(ctx.db, tenantId, request.params.id))) throw contractError('GROUP_NOT_FOUND');
      return {};
    },
  );

  /** A group SCIM manages keeps its name, description and members as the directory says (its roles stay the portal's). */
  const assertNotScim = async (tenantId: string, groupId: string) => {
    if (await isScimManagedGroup(ctx.db, tenantId, groupId)) throw contractError('SCIM_MANAGED_GROUP');
  };

  for (const method of ['POST', 'DELETE'] as const) {
    const add = method === 'POST';
    app.route<{ Params: { id: string }; Body: { roleIds: string[] } }>({
      method,
      url: `${GROUPS}/:id/roles`,
      schema: { params: idParams('id') },
      handler: async (request) => {
        const { claims, tenantId } = caller(request);
        await assertMayGrantRoles(ctx.db, claims, tenantId, request.body.roleIds);
        return groupOrThrow(
          await changeGroupRoles(ctx.db, tenantId, request.params.id, request.body.roleIds, add),
        );
      },
    });
    app.route<{ Params: { id: string }; Body: { userIds: string[] } }>({
      method,
      url: `${GROUPS}/:id/users`,
      schema: { params: idParams('id') },
      handler: async (request) => {
        const { claims, tenantId } = caller(request);
        await assertMayGrantGroup(ctx.db, claims, tenantId, request.params.id);
        await assertNotScim(tenantId, request.params.id);
        if (!add)
          for (const userId of request.body.userIds)
            await assertMayActOn(ctx.db, claims, tenantId, userId, 'groups');
        return groupOrThrow(
          await changeGroupUsers(ctx.db, tenantId, request.params.id, request.body.userIds, add),
          'USERS_NOT_MEMBERS',
        );
      },
    });
  }
}
