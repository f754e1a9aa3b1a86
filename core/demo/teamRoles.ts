/**
 * Demo mode's roles and permissions (core/contract/routes/roles.ts), answering like the reference
 * server (server/routes/roles.ts) in the caller's account. The descriptor's permission is checked
 * before a handler runs (core/demo/dispatch.ts); bodies and queries passed the contract's schemas.
 */
import { PERMISSION_CATALOGUE, PERMISSION_CATEGORIES } from '../portal/permissionCatalogue';
import { fail, ok, type Answer } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import type { DemoDatabase, DemoRole } from './data';
import {
  categoryId,
  demoPage,
  demoPermissionsOf,
  demoRoles,
  demoRoleShape,
  demoRolesOf,
  permissionId,
  visibleRoles,
  type TeamAdminHandler,
  type TeamAdminRoutes,
  type TeamAdminTools,
} from './teamAdmin';

type Json = Record<string, unknown>;

const roleDto = (db: DemoDatabase, role: DemoRole, tenantId: string) => ({
  ...demoRoleShape(role),
  roleId: role.id,
  editable: role.tenantId !== null,
  usersCount: db.users.filter((u) => u.tenantId === tenantId && demoRolesOf(db, u).includes(role)).length,
});

const permissionsList = (db: DemoDatabase, tenantId: string) =>
  PERMISSION_CATALOGUE.map(([key, name, category]) => ({
    id: permissionId(key),
    permissionId: permissionId(key),
    key,
    name,
    description: null,
    categoryId: categoryId(category),
    fePermission: true,
    roleIds: visibleRoles(db, tenantId)
      .filter((r) => r.permissions.includes(key))
      .map((r) => r.id),
  }));

const keyOfPermission = (id: string) => PERMISSION_CATALOGUE.find(([key]) => permissionId(key) === id)?.[0];

/** 400 for unknown permission ids, 403 for one the caller cannot grant; else their keys. */
function grantable(held: string[], ids: string[]): Answer | string[] {
  const keys = ids.map(keyOfPermission);
  if (keys.some((k) => !k)) return fail('PERMISSIONS_UNKNOWN');
  const refused = (keys as string[]).find((k) => !holdsPermission(held, k));
  return refused ? fail('GRANT_NOT_HELD', { permission: refused }) : (keys as string[]);
}

const keyTaken = (db: DemoDatabase, tenantId: string, key: string, except: string | null) =>
  visibleRoles(db, tenantId).some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== except);

const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : null);

/**
 * A role of the caller's account the request names (`roleId`), for a change: 404 when the account
 * has none of that id, 403 for a vendor-wide role (read-only here).
 */
const ownRole =
  (run: (role: DemoRole, ...rest: Parameters<TeamAdminHandler>) => Answer): TeamAdminHandler =>
  (db, caller, request) => {
    const role = visibleRoles(db, caller.tenantId).find((r) => r.id === request.params.roleId);
    if (!role) return fail('ROLE_NOT_FOUND');
    if (role.tenantId === null) return fail('ROLE_VENDOR_WIDE');
    return run(role, db, caller, request);
  };

/** The role routes of a signed-in caller, by descriptor name. */
export function demoRoleRoutes(tools: TeamAdminTools): TeamAdminRoutes {
  const iso = () => new Date(tools.now()).toISOString();
  return {
    getRolesV2: (db, { tenantId }, { query }) =>
      demoPage(
        visibleRoles(db, tenantId).map((r) => roleDto(db, r, tenantId)),
        query,
        {
          name: (r) => r.name.toLowerCase(),
          key: (r) => r.key.toLowerCase(),
          createdAt: (r) => r.createdAt,
          updatedAt: (r) => r.updatedAt,
        },
        (r) => [r.name, r.key],
      ),
    getPermissions: (db, { tenantId }) => ok(permissionsList(db, tenantId)),
    getPermissionsCategories: () =>
      ok(
        PERMISSION_CATEGORIES.map(([key, name, description]) => ({
          id: categoryId(key),
          key,
          name,
          description,
          feCategory: true,
          permissionIds: PERMISSION_CATALOGUE.filter(([, , c]) => c === key).map(([k]) => permissionId(k)),
        })),
      ),
    // The client SDK names the permissions `permissions`.
    postRoles: (db, caller, { body }) => {
      const permissionIds = (body.permissionIds ?? body.permissions) as string[] | undefined;
      const keys = grantable(demoPermissionsOf(db, caller), permissionIds ?? []);
      if (!Array.isArray(keys)) return keys;
      if (keyTaken(db, caller.tenantId, body.key as string, null)) return fail('ROLE_KEY_EXISTS');
      const role: DemoRole = {
        id: `role-custom-${tools.random()}`,
        key: body.key as string,
        name: (body.name as string).trim(),
        description: trimmedOrNull(body.description),
        permissions: keys,
        tenantId: caller.tenantId,
        createdAt: iso(),
        updatedAt: iso(),
      };
      demoRoles(db).push(role);
      return ok(roleDto(db, role, caller.tenantId), true, 201);
    },
    deleteRolesByRoleId: ownRole((role, db, { tenantId }) => {
      db.roles = demoRoles(db).filter((r) => r !== role);
      for (const u of db.users)
        u.roleKeys = u.roleKeys.filter((k) => k !== role.key || u.tenantId !== tenantId);
      for (const g of db.groups ?? []) g.roleIds = g.roleIds.filter((id) => id !== role.id);
      return ok({}, true);
    }),
    putRolesByRoleIdPermissions: ownRole((role, db, caller, { body }) => {
      const keys = grantable(demoPermissionsOf(db, caller), body.permissionIds as string[]);
      if (!Array.isArray(keys)) return keys;
      role.permissions = keys;
      role.updatedAt = iso();
      return ok(roleDto(db, role, caller.tenantId), true);
    }),
    patchRolesByRoleId: ownRole((role, db, { tenantId }, { body }) => {
      if (typeof body.key === 'string' && keyTaken(db, tenantId, body.key, role.id))
        return fail('ROLE_KEY_EXISTS');
      if (typeof body.key === 'string' && body.key !== role.key) {
        for (const u of db.users)
          if (u.tenantId === tenantId)
            u.roleKeys = u.roleKeys.map((k) => (k === role.key ? (body.key as string) : k));
        role.key = body.key;
      }
      if (typeof body.name === 'string') role.name = body.name.trim();
      if (body.description !== undefined) role.description = trimmedOrNull(body.description);
      role.updatedAt = iso();
      return ok(roleDto(db, role, tenantId), true);
    }),
    putPermissionsByPermissionIdRoles: (db, caller, { params, body }) =>
      setPermissionRoles(db, caller.tenantId, demoPermissionsOf(db, caller), params.permissionId!, body),
  };
}

/** Which of the account's own roles hold one permission (the vendor's are read-only). */
function setPermissionRoles(
  db: DemoDatabase,
  tenantId: string,
  held: string[],
  id: string,
  body: Json,
): Answer {
  const key = keyOfPermission(id);
  if (!key) return fail('PERMISSION_NOT_FOUND');
  if (!holdsPermission(held, key)) return fail('GRANT_NOT_HELD', { permission: key });
  const ids = body.roleIds as string[];
  const roles = visibleRoles(db, tenantId);
  if (ids.some((roleId) => !roles.some((r) => r.id === roleId))) return fail('ROLES_UNKNOWN');
  if (roles.some((r) => r.tenantId === null && ids.includes(r.id) && !r.permissions.includes(key)))
    return fail('ROLES_VENDOR_WIDE');
  for (const role of roles.filter((r) => r.tenantId !== null)) {
    const holds = role.permissions.includes(key);
    if (ids.includes(role.id) && !holds) role.permissions.push(key);
    if (!ids.includes(role.id) && holds) role.permissions = role.permissions.filter((k) => k !== key);
  }
  return ok(
    permissionsList(db, tenantId).find((p) => p.key === key),
    true,
  );
}
