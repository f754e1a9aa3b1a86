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
 * take one away (replace a role's permissions, delete a role) that they do not hold (403): the rule is
 * server/domain/grants.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  createRole,
  deleteRole,
  listCategories,
  listPermissions,
  listRoles,
  permissionKeys,
  setPermissionRoles,
  setRolePermissions,
  updateRole,
  type RoleSortField,
  type RoleWriteResult,
} from '../domain/roles';
import type { AccessTokenClaims } from '../domain/tokens';
import { contractError } from '../../core/contract/errors';
import { assertMayGrant, assertMayGrantRoles } from '../domain/grants';
import { idParams, pageOf, type ListQuery } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';

// Request bodies and queries: core/contract/requests.ts (the demo backend validates with them too).

function roleOrThrow(result: RoleWriteResult) {
  if (result.kind === 'notFound') throw contractError('ROLE_NOT_FOUND');
  if (result.kind === 'vendorRole') throw contractError('ROLE_VENDOR_WIDE');
  if (result.kind === 'duplicateKey') throw contractError('ROLE_KEY_EXISTS');
  return result.role;
}

const trimmed = (value: string | null | undefined) =>
  typeof value === 'string' ? value.trim() || null : value;

export async function roleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The route table checked the caller and the permission (http/route-table.ts).
  const caller = (request: FastifyRequest) => ({ claims: callerOf(request), tenantId: accountOf(request) });
  /** Known permission ids and their keys; 400 for an unknown one, 403 for one the caller lacks. */
  const checkedPermissions = async (claims: AccessTokenClaims, ids: string[]) => {
    const keys = await permissionKeys(ctx.db, ids);
    if (keys.size !== ids.length) throw contractError('PERMISSIONS_UNKNOWN');
    assertMayGrant(claims, keys.values());
    return ids;
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
  app.post<{
    Body: {
      key: string;
      name: string;
      description?: string | null;
      permissionIds?: string[];
      permissions?: string[];
      isDefault?: boolean;
      level?: number;
    };
  }>('/identity/resources/roles/v1', async (request, reply) => {
    const { claims, tenantId } = caller(request);
    const { isDefault, permissions } = request.body;
    if (isDefault) throw contractError('DEFAULT_ROLE_VENDOR_ONLY');
    if (permissions && request.body.permissionIds) throw contractError('ROLE_PERMISSIONS_BOTH');
    const permissionIds = await checkedPermissions(claims, request.body.permissionIds ?? permissions ?? []);
    const role = roleOrThrow(
      await createRole(ctx.db, tenantId, {
        key: request.body.key,
        name: request.body.name.trim(),
        description: trimmed(request.body.description) ?? null,
        permissionIds,
      }),
    );
    return reply.code(201).send(role);
  });

  app.patch<{
    Params: { roleId: string };
    Body: { key?: string; name?: string; description?: string | null };
  }>(
    '/identity/resources/roles/v1/:roleId',
    {
      schema: {
        params: idParams('roleId'),
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const { key, name } = request.body;
      return roleOrThrow(
        await updateRole(ctx.db, tenantId, request.params.roleId, {
          key,
          name: name?.trim(),
          description: trimmed(request.body.description),
        }),
      );
    },
  );

  app.delete<{ Params: { roleId: string } }>(
    '/identity/resources/roles/v1/:roleId',
    { schema: { params: idParams('roleId') } },
    async (request) => {
      const { claims, tenantId } = caller(request);
      // Its holders lose what it grants.
      await assertMayGrantRoles(ctx.db, claims, tenantId, [request.params.roleId]);
      const result = await deleteRole(ctx.db, tenantId, request.params.roleId);
      if (result !== 'deleted') roleOrThrow({ kind: result });
      return {};
    },
  );

  app.put<{ Params: { roleId: string }; Body: { permissionIds: string[] } }>(
    '/identity/resources/roles/v1/:roleId/permissions',
    {
      schema: {
        params: idParams('roleId'),
      },
    },
    async (request) => {
      const { claims, tenantId } = caller(request);
      // What the role grants now is taken from its holders, what it will grant is given to them.
      await assertMayGrantRoles(ctx.db, claims, tenantId, [request.params.roleId]);
      const permissionIds = await checkedPermissions(claims, request.body.permissionIds);
      return roleOrThrow(await setRolePermissions(ctx.db, tenantId, request.params.roleId, permissionIds));
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
    {
      schema: { params: idParams('permissionId') },
    },
    async (request) => {
      const { claims, tenantId } = caller(request);
      const keys = await permissionKeys(ctx.db, [request.params.permissionId]);
      if (keys.size === 0) throw contractError('PERMISSION_NOT_FOUND');
      assertMayGrant(claims, keys.values());
      const result = await setPermissionRoles(
        ctx.db,
        tenantId,
        request.params.permissionId,
        request.body.roleIds,
      );
      if (result.kind === 'notFound') throw contractError('PERMISSION_NOT_FOUND');
      if (result.kind === 'unknownRoles') throw contractError('ROLES_UNKNOWN');
      if (result.kind === 'vendorRole') throw contractError('ROLES_VENDOR_WIDE');
      return result.permission;
    },
  );
}
