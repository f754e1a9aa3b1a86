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
} from '../domain/roles';
import { usersOfAccount, type DemoDatabase, type DemoRole } from './data';
import { given, isoNow, remove, update } from './rows';
import { demoHandlers } from './shared';
import {
  cataloguedPermission,
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
    usersOfAccount(db, tenantId).filter((u) => demoRolesOf(db, u).includes(role)).length,
  );

const permissionsList = (db: DemoDatabase, tenantId: string) =>
  PERMISSION_CATALOGUE.map(([key]) =>
    permissionItem(
      cataloguedPermission(key),
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
  const roles = () => visibleRoles(db, tenantId);
  const keyTaken = (key: string, except: string | null) =>
    roles().some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== except);
  const keysOf = (ids: string[]) => ids.map((id) => keyOfPermission(id)!);
  const own = (roleId: string) => (r: DemoRole) => r.id === roleId && r.tenantId === tenantId;
  /** The account's own role of this id with `changes` written (stamped now), or null. */
  const changed = (roleId: string, changes: Partial<DemoRole>) => {
    const role = update(demoRoles(db), own(roleId), { ...changes, updatedAt: isoNow(tools.now) });
    return role ? roleDto(db, role, tenantId) : null;
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
    holdings: async (roleIds) =>
      roles()
        .filter((r) => roleIds.includes(r.id))
        .map((r) => ({ id: r.id, own: r.tenantId !== null, permissionIds: r.permissions.map(permissionId) })),
    create: async ({ key, name, description, permissionIds }) => {
      if (keyTaken(key, null)) return { kind: 'duplicateKey' };
      const given = { key, name, description, permissions: keysOf(permissionIds), tenantId };
      const at = isoNow(tools.now);
      const role = { ...given, id: `role-custom-${tools.random()}`, createdAt: at, updatedAt: at };
      demoRoles(db).push(role);
      return { kind: 'ok', role: roleDto(db, role, tenantId) };
    },
    update: async (roleId, changes) => {
      const { key } = changes;
      if (key !== undefined && keyTaken(key, roleId)) return { kind: 'duplicateKey' };
      const before = demoRoles(db).find(own(roleId))?.key;
      // Demo users hold roles by key: a new key follows to the account's members.
      if (key !== undefined && before !== undefined)
        for (const u of db.users)
          if (u.tenantId === tenantId) u.roleKeys = u.roleKeys.map((k) => (k === before ? key : k));
      const role = changed(roleId, given(changes));
      return role ? { kind: 'ok', role } : { kind: 'notFound' };
    },
    remove: async (roleId) => {
      const role = demoRoles(db).find(own(roleId));
      if (!role) return false;
      remove(demoRoles(db), own(roleId));
      for (const u of db.users)
        if (u.tenantId === tenantId) u.roleKeys = u.roleKeys.filter((k) => k !== role.key);
      for (const g of db.groups ?? []) g.roleIds = g.roleIds.filter((id) => id !== role.id);
      return true;
    },
    setPermissions: async (roleId, ids) => changed(roleId, { permissions: keysOf(ids) }),
    setPermissionRoles: async (id, ownRoleIds) => {
      const key = keyOfPermission(id)!;
      for (const role of roles().filter((r) => r.tenantId !== null)) {
        const [holds, shall] = [role.permissions.includes(key), ownRoleIds.includes(role.id)];
        if (shall && !holds) role.permissions.push(key);
        if (!shall && holds) role.permissions = role.permissions.filter((k) => k !== key);
      }
      return permissionsList(db, tenantId).find((p) => p.key === key)!;
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
