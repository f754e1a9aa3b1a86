/**
 * Roles and permissions (spec 001 §6, §7 "Roles, permissions, groups"), in the caller's active tenant:
 * - GET    /identity/resources/roles/v2 ?_filter&_sortBy&_order&_offset&_limit (fe.secure.read.roles):
 *          the vendor's and the tenant's roles with their permission ids, paged in the database;
 * - POST   /identity/resources/roles/v1 { key, name, description?, permissionIds? } (fe.secure.write.roles);
 * - PATCH  /identity/resources/roles/v1/{roleId} { key?, name?, description? } (fe.secure.write.roles);
 * - DELETE /identity/resources/roles/v1/{roleId} (fe.secure.delete.roles);
 * - PUT    /identity/resources/roles/v1/{roleId}/permissions { permissionIds } (fe.secure.write.roles);
 * - GET    /identity/resources/permissions/v1 (fe.secure.read.roles), with the roleIds holding each;
 * - PUT    /identity/resources/permissions/v1/{permissionId}/roles { roleIds } (fe.secure.write.roles);
 * - GET    /identity/resources/permissions/v1/categories (fe.secure.read.roles).
 * (GET /identity/resources/roles/v1, the short list the users page offers, is in team-members.ts.)
 * The vendor's roles are read-only here (403). A caller cannot grant a permission they do not hold, nor
 * take one away (replace a role's permissions, delete a role) that they do not hold (403). The rules
 * are core/domain/roles.ts (run by demo mode too), over the SQL of server/storage/roles.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { listCategories, listPermissions, listRoles, roleStore, type RoleSortField } from '../storage/roles';
import {
  createRole,
  deleteRole,
  replaceRolePermissions,
  setPermissionRoles,
  updateRole,
  type RoleChanges,
  type RoleCreateBody,
} from '../../core/domain/roles';
import { idParams, pageOf, type ListQuery } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';

// Request bodies and queries: core/contract/requests.ts (the demo backend validates with them too).

export async function roleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The route table checked the caller and the permission (http/route-table.ts).
  const caller = (request: FastifyRequest) => {
    const tenantId = accountOf(request);
    return { held: callerOf(request).permissions ?? [], tenantId, store: roleStore(ctx.db, tenantId) };
  };

  app.get<{ Querystring: ListQuery<RoleSortField> }>('/identity/resources/roles/v2', async (request) => {
    const { tenantId } = caller(request);
    const query = pageOf(request.query, 'name');
    const { items, totalItems } = await listRoles(ctx.db, tenantId, query);
    return { items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) } };
  });

  /**
   * The client SDK's `addRole` sends `{ key, name, description, isDefault, level, permissions }`:
   * `permissions` (ids) is another name for `permissionIds`; `level` is accepted and not kept (no
   * role hierarchy here); `isDefault` may only be false (the default role is the vendor's).
   */
  app.post<{ Body: RoleCreateBody }>('/identity/resources/roles/v1', async (request, reply) => {
    const { held, store } = caller(request);
    return reply.code(201).send(await createRole(store, held, request.body));
  });

  app.patch<{ Params: { roleId: string }; Body: RoleChanges }>(
    '/identity/resources/roles/v1/:roleId',
    { schema: { params: idParams('roleId') } },
    async (request) => updateRole(caller(request).store, request.params.roleId, request.body),
  );

  app.delete<{ Params: { roleId: string } }>(
    '/identity/resources/roles/v1/:roleId',
    { schema: { params: idParams('roleId') } },
    async (request) => {
      const { held, store } = caller(request);
      await deleteRole(store, held, request.params.roleId);
      return {};
    },
  );

  app.put<{ Params: { roleId: string }; Body: { permissionIds: string[] } }>(
    '/identity/resources/roles/v1/:roleId/permissions',
    { schema: { params: idParams('roleId') } },
    async (request) => {
      const { held, store } = caller(request);
      return replaceRolePermissions(store, held, request.params.roleId, request.body.permissionIds);
    },
  );

  app.get('/identity/resources/permissions/v1', async (request) => {
    const { tenantId } = caller(request);
    return listPermissions(ctx.db, tenantId);
  });

  app.get('/identity/resources/permissions/v1/categories', async () => {
    return listCategories(ctx.db);
  });

  app.put<{ Params: { permissionId: string }; Body: { roleIds: string[] } }>(
    '/identity/resources/permissions/v1/:permissionId/roles',
    { schema: { params: idParams('permissionId') } },
    async (request) => {
      const { held, store } = caller(request);
      return setPermissionRoles(store, held, request.params.permissionId, request.body.roleIds);
    },
  );
}
