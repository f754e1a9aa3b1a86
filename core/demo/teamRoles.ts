/**
 * Demo mode's roles and permissions: the shared handlers (core/domain/role-handlers.ts, the
 * server's own) over the demo's stored roles, in the caller's account.
 */
import { PERMISSION_CATEGORIES } from '../portal/permissionCatalogue';
import { ROLE_HANDLERS } from '../domain/role-handlers';
import {
  permissionCategory,
  permissionItem,
  roleItem,
  type PermissionItem,
  type RoleItem,
  type RolePorts,
} from '../domain/roles';
import { DEMO_VENDOR_ID, usersOfAccount, type DemoDatabase, type DemoRole } from './data';
import { accountMembers } from './accountMembers';
import { by, given, insert, isoNow, remove, update, type DemoClock } from './rows';
import { demoHandlers } from './shared';
import { dropRoleLinks } from './teamRows';
import {
  categoryId,
  demoPermissionsOf,
  demoRoles,
  demoRolesOf,
  grantedBy,
  holdersOf,
  memoryPage,
  PERMISSIONS,
  visibleRoles,
} from './teamAdmin';

const roleDto = (db: DemoDatabase, role: DemoRole, tenantId: string) =>
  roleItem(role, accountMembers(db, tenantId).filter((u) => demoRolesOf(db, u).includes(role)).length);

const permissionsList = (db: DemoDatabase, tenantId: string) =>
  [...PERMISSIONS.values()]
    .map((p) => permissionItem(p, holdersOf(visibleRoles(db, tenantId), p.id)))
    .sort(by((p) => p.key));

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
  clock: DemoClock,
): RolePorts<RoleItem, PermissionItem> {
  const roles = () => visibleRoles(db, tenantId);
  const keyTaken = (key: string, except: string | null) =>
    roles().some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== except);
  const own = (roleId: string) => (r: DemoRole) => r.id === roleId && r.tenantId === tenantId;
  /** The account's own role of this id with `changes` written (stamped now), or null. */
  const changed = (roleId: string, changes: Partial<DemoRole>) => {
    const role = update(demoRoles(db), own(roleId), { ...changes, updatedAt: isoNow(clock.now) });
    return role ? roleDto(db, role, tenantId) : null;
  };
  return {
    list: async (page) => {
      const shown = memoryPage(roles(), page, SORTERS, (r) => [r.name, r.key]);
      return { items: shown.items.map((r) => roleDto(db, r, tenantId)), totalItems: shown.totalItems };
    },
    permissions: async () => permissionsList(db, tenantId),
    categories: async () =>
      PERMISSION_CATEGORIES.map(([key, name, description]) => {
        const id = categoryId(key);
        const ids = [...PERMISSIONS.values()].filter((p) => p.categoryId === id).map((p) => p.id);
        return permissionCategory({ id, key, name, description }, ids);
      }),
    permissionKeys: async (ids) =>
      new Map(ids.filter((id) => PERMISSIONS.has(id)).map((id) => [id, PERMISSIONS.get(id)!.key])),
    grantedBy: async (roleIds) => grantedBy(db, tenantId, roleIds),
    holdings: async (roleIds) =>
      roles()
        .filter((r) => roleIds.includes(r.id))
        .map((r) => ({ id: r.id, own: r.tenantId !== null, permissionIds: r.permissions })),
    create: async ({ key, name, description, permissionIds }) => {
      if (keyTaken(key, null)) return { kind: 'duplicateKey' };
      const at = isoNow(clock.now);
      const role = insert(demoRoles(db), {
        id: `role-custom-${clock.random()}`,
        key,
        name,
        description,
        isDefault: false,
        permissions: permissionIds,
        tenantId,
        vendorId: DEMO_VENDOR_ID,
        createdAt: at,
        updatedAt: at,
      });
      return { kind: 'ok', role: roleDto(db, role, tenantId) };
    },
    update: async (roleId, changes) => {
      const { key } = changes;
      if (key !== undefined && keyTaken(key, roleId)) return { kind: 'duplicateKey' };
      const before = demoRoles(db).find(own(roleId))?.key;
      // Demo users hold roles by key: a new key follows to the account's members.
      if (key !== undefined && before !== undefined)
        for (const u of usersOfAccount(db, tenantId))
          u.roleKeys = u.roleKeys.map((k) => (k === before ? key : k));
      const role = changed(roleId, given(changes));
      return role ? { kind: 'ok', role } : { kind: 'notFound' };
    },
    remove: async (roleId) => {
      const key = demoRoles(db).find(own(roleId))?.key;
      if (!remove(demoRoles(db), own(roleId))) return false;
      // What holds the role loses it (the server's foreign keys cascade).
      for (const u of usersOfAccount(db, tenantId)) u.roleKeys = u.roleKeys.filter((k) => k !== key);
      dropRoleLinks(db, roleId);
      return true;
    },
    setPermissions: async (roleId, ids) => changed(roleId, { permissions: ids }),
    setPermissionRoles: async (id, ownRoleIds) => {
      for (const role of roles().filter((r) => r.tenantId !== null)) {
        const [holds, shall] = [role.permissions.includes(id), ownRoleIds.includes(role.id)];
        if (shall !== holds)
          role.permissions = shall ? [...role.permissions, id] : role.permissions.filter((p) => p !== id);
        // The server stamps the roles it names.
        if (shall) role.updatedAt = isoNow(clock.now);
      }
      return permissionsList(db, tenantId).find((p) => p.id === id)!;
    },
  };
}

/** The role routes of a signed-in caller (core/domain/role-handlers.ts), by descriptor name. */
export function demoRoleRoutes(clock: DemoClock) {
  return demoHandlers(ROLE_HANDLERS, (db, user) => ({
    ...demoRoleStore(db, user.tenantId, clock),
    held: demoPermissionsOf(db, user),
  }));
}
