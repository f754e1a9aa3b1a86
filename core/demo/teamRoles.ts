/**
 * Demo mode's roles and permissions: the shared handlers (core/domain/role-handlers.ts, the
 * server's own) over the demo's stored roles, in the caller's account.
 */
import { PERMISSION_CATALOGUE, PERMISSION_CATEGORIES } from '../portal/permissionCatalogue';
import { ROLE_HANDLERS } from '../domain/role-handlers';
import {
  permissionItem,
  roleItem,
  type PermissionItem,
  type RoleItem,
  type RolePorts,
  type RoleWrite,
} from '../domain/roles';
import type { DemoDatabase, DemoRole } from './data';
import { demoHandlers } from './shared';
import {
  categoryId,
  demoPermissionsOf,
  demoRoles,
  demoRoleShape,
  demoRolesOf,
  grantedBy,
  memoryPage,
  permissionId,
  visibleRoles,
  type TeamAdminTools,
} from './teamAdmin';

const roleDto = (db: DemoDatabase, role: DemoRole, tenantId: string) =>
  roleItem(
    demoRoleShape(role),
    db.users.filter((u) => u.tenantId === tenantId && demoRolesOf(db, u).includes(role)).length,
  );

const permissionsList = (db: DemoDatabase, tenantId: string) =>
  PERMISSION_CATALOGUE.map(([key, name, category]) =>
    permissionItem(
      { id: permissionId(key), key, name, description: null, categoryId: categoryId(category) },
      visibleRoles(db, tenantId)
        .filter((r) => r.permissions.includes(key))
        .map((r) => r.id),
    ),
  ).sort((a, b) => (a.key < b.key ? -1 : 1));

const keyOfPermission = (id: string) => PERMISSION_CATALOGUE.find(([key]) => permissionId(key) === id)?.[0];

const SORTERS: Record<string, (r: DemoRole) => string> = {
  name: (r) => r.name.toLowerCase(),
  key: (r) => r.key.toLowerCase(),
  createdAt: (r) => r.createdAt,
  updatedAt: (r) => r.updatedAt,
};

/** The ports of core/domain/roles.ts over the demo's stored roles of one account. */
function demoRoleStore(
  db: DemoDatabase,
  tenantId: string,
  tools: TeamAdminTools,
): RolePorts<RoleItem, PermissionItem> {
  const iso = () => new Date(tools.now()).toISOString();
  const roles = () => visibleRoles(db, tenantId);
  const keyTaken = (key: string, except: string | null) =>
    roles().some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== except);
  const keysOf = (ids: string[]) => ids.map((id) => keyOfPermission(id)!);
  /** The account's own role of this id, written by `write`; else why not. */
  const own = (roleId: string, write: (role: DemoRole) => RoleWrite<RoleItem>): RoleWrite<RoleItem> => {
    const role = roles().find((r) => r.id === roleId);
    if (!role) return { kind: 'notFound' };
    if (role.tenantId === null) return { kind: 'vendorRole' };
    return write(role);
  };
  const saved = (role: DemoRole): RoleWrite<RoleItem> => {
    role.updatedAt = iso();
    return { kind: 'ok', role: roleDto(db, role, tenantId) };
  };
  return {
    list: async (page) => {
      const shown = memoryPage(roles(), page, SORTERS, (r) => [r.name, r.key]);
      return { items: shown.items.map((r) => roleDto(db, r, tenantId)), totalItems: shown.totalItems };
    },
    permissions: async () => permissionsList(db, tenantId),
    categories: async () =>
      PERMISSION_CATEGORIES.map(([key, name, description]) => ({
        id: categoryId(key),
        key,
        name,
        description,
        feCategory: true,
        permissionIds: PERMISSION_CATALOGUE.filter(([, , c]) => c === key).map(([k]) => permissionId(k)),
      })),
    permissionKeys: async (ids) =>
      new Map(ids.flatMap((id) => (keyOfPermission(id) ? [[id, keyOfPermission(id)!] as const] : []))),
    grantedBy: async (roleIds) => grantedBy(db, tenantId, roleIds),
    create: async ({ key, name, description, permissionIds }) => {
      if (keyTaken(key, null)) return { kind: 'duplicateKey' };
      const given = { key, name, description, permissions: keysOf(permissionIds), tenantId };
      const role = { ...given, id: `role-custom-${tools.random()}`, createdAt: iso(), updatedAt: iso() };
      demoRoles(db).push(role);
      return { kind: 'ok', role: roleDto(db, role, tenantId) };
    },
    update: async (roleId, { key, name, description }) =>
      own(roleId, (role) => {
        if (key !== undefined && keyTaken(key, role.id)) return { kind: 'duplicateKey' };
        if (key !== undefined && key !== role.key) {
          for (const u of db.users)
            if (u.tenantId === tenantId) u.roleKeys = u.roleKeys.map((k) => (k === role.key ? key : k));
          role.key = key;
        }
        if (name !== undefined) role.name = name;
        if (description !== undefined) role.description = description;
        return saved(role);
      }),
    remove: async (roleId) => {
      const result = own(roleId, (role) => {
        db.roles = demoRoles(db).filter((r) => r !== role);
        for (const u of db.users)
          u.roleKeys = u.roleKeys.filter((k) => k !== role.key || u.tenantId !== tenantId);
        for (const g of db.groups ?? []) g.roleIds = g.roleIds.filter((id) => id !== role.id);
        return { kind: 'ok', role: roleDto(db, role, tenantId) };
      });
      return result.kind === 'ok' ? 'deleted' : (result.kind as 'notFound' | 'vendorRole');
    },
    setPermissions: async (roleId, ids) =>
      own(roleId, (role) => {
        role.permissions = keysOf(ids);
        return saved(role);
      }),
    setPermissionRoles: async (id, ids) => {
      const key = keyOfPermission(id);
      if (!key) return { kind: 'notFound' };
      const all = roles();
      if (ids.some((roleId) => !all.some((r) => r.id === roleId))) return { kind: 'unknownRoles' };
      if (all.some((r) => r.tenantId === null && ids.includes(r.id) && !r.permissions.includes(key)))
        return { kind: 'vendorRole' };
      for (const role of all.filter((r) => r.tenantId !== null)) {
        const holds = role.permissions.includes(key);
        if (ids.includes(role.id) && !holds) role.permissions.push(key);
        if (!ids.includes(role.id) && holds) role.permissions = role.permissions.filter((k) => k !== key);
      }
      return { kind: 'ok', permission: permissionsList(db, tenantId).find((p) => p.key === key)! };
    },
  };
}

/** The role routes of a signed-in caller (core/domain/role-handlers.ts), by descriptor name. */
export function demoRoleRoutes(tools: TeamAdminTools) {
  return demoHandlers(ROLE_HANDLERS, (db, user) => ({
    ...demoRoleStore(db, user.tenantId, tools),
    held: demoPermissionsOf(db, user),
  }));
}
