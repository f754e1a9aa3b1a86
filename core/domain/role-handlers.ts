/**
 * The roles and permissions routes (core/contract/routes/roles.ts), written once for the server
 * and demo mode (core/domain/handlers.ts): the account's roles listed, created, changed, deleted
 * and given permissions; the permission catalogue and its categories; which roles hold a
 * permission. The rules are core/domain/roles.ts; storage is the area's `RolePorts`
 * (core/domain/role-store.ts `roleAreaPorts`, registered for both backends by
 * core/domain/back-office-areas.ts). The vendor's roles are read-only (403); a caller cannot grant
 * a permission they do not hold, nor take one away (replace a role's permissions, delete a role)
 * that they do not hold (403).
 */
import { pageOf, type ListQuery, type RoleSortField } from '../contract/listQuery';
import { answer, type AreaHandlers } from './handlers';
import {
  createRole,
  deleteRole,
  replaceRolePermissions,
  setPermissionRoles,
  updateRole,
  type RoleCreateBody,
  type RolePorts,
} from './roles';

export interface RoleHandlerPorts extends RolePorts<unknown, unknown> {
  /** The caller's permissions in the account: what they may give or take away. */
  held: readonly string[];
}

export const ROLE_HANDLERS: AreaHandlers<RoleHandlerPorts> = {
  getRolesV2: async (p, { query }) => {
    const page = pageOf(query as ListQuery<RoleSortField>, 'name');
    const { items, totalItems } = await p.list(page);
    return answer({ items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / page.limit) } });
  },
  getPermissions: async (p) => answer(await p.permissions()),
  getPermissionsCategories: async (p) => answer(await p.categories()),
  // The client SDK's `addRole` names the permissions `permissions`; `level` is accepted, not kept.
  postRoles: async (p, { body }) =>
    answer(await createRole(p, p.held, body as unknown as RoleCreateBody), 201),
  patchRolesByRoleId: async (p, { params, body }) => answer(await updateRole(p, params.roleId!, body)),
  deleteRolesByRoleId: async (p, { params }) => {
    await deleteRole(p, p.held, params.roleId!);
    return answer({});
  },
  putRolesByRoleIdPermissions: async (p, { params, body }) =>
    answer(await replaceRolePermissions(p, p.held, params.roleId!, body.permissionIds as string[])),
  putPermissionsByPermissionIdRoles: async (p, { params, body }) =>
    answer(await setPermissionRoles(p, p.held, params.permissionId!, body.roleIds as string[])),
};
