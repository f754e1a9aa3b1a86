/**
 * Demo mode's roles and permissions: the shared handlers (core/domain/role-handlers.ts) over the
 * roles repository the server uses too (core/domain/role-store.ts), on the page's stored rows, in
 * the caller's account. What the demo adds: its users hold roles by key (a role's new key follows
 * to them, a deleted role leaves them), and the members holding a role are counted from them.
 */
import { PERMISSION_CATEGORIES as CATEGORIES } from '../portal/permissionCatalogue';
import { ROLE_HANDLERS } from '../domain/role-handlers';
import { PERMISSION_CATEGORIES, roleStore } from '../domain/role-store';
import { ROLES } from '../domain/role-tables';
import { DEMO_CREATED_AT, DEMO_VENDOR_ID, storedRows, usersOfAccount, type DemoDatabase } from './data';
import { accountMembers } from './accountMembers';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';
import { categoryId, demoPermissionsOf, demoRoles, demoRolesOf, seededId } from './teamAdmin';

/** The categories as rows, as the server's migration writes them (only the roles page reads them). */
function seedCategories(db: DemoDatabase) {
  const store = (db.tables ??= {});
  store[PERMISSION_CATEGORIES.name] ??= CATEGORIES.map(([key, name, description]) => ({
    id: categoryId(key),
    key,
    name,
    description,
    createdAt: DEMO_CREATED_AT,
  }));
}

/** The roles repository of the caller's account over the demo's rows. */
export function demoRoleStore(db: DemoDatabase, tenantId: string, clock: DemoClock) {
  demoRoles(db);
  seedCategories(db);
  const store = roleStore(
    memoryTables(db.tables!),
    { now: clock.now, newId: () => seededId(clock.random()) },
    {
      tenantId,
      vendorId: async () => DEMO_VENDOR_ID,
      usersCount: async (roleIds) => {
        const members = accountMembers(db, tenantId).map((u) => demoRolesOf(db, u));
        return new Map(
          roleIds.map((id) => [id, members.filter((roles) => roles.some((r) => r.id === id)).length]),
        );
      },
    },
  );
  const keyOf = (roleId: string) =>
    storedRows(db.tables, ROLES).find((r) => r.id === roleId && r.tenantId === tenantId)?.key;
  /** Demo users hold roles by key: `change` a key of the account's members. */
  const rekey = (change: (key: string) => string[]) => {
    for (const u of usersOfAccount(db, tenantId)) u.roleKeys = u.roleKeys.flatMap(change);
  };
  return {
    ...store,
    async update(roleId: string, changes: Parameters<typeof store.update>[1]) {
      const before = keyOf(roleId);
      const written = await store.update(roleId, changes);
      if (written.kind === 'ok' && before !== undefined)
        rekey((k) => (k === before ? [written.role.key] : [k]));
      return written;
    },
    async remove(roleId: string) {
      const key = keyOf(roleId);
      // What holds the role loses it (its group and token links go with its row, as the server's).
      const removed = await store.remove(roleId);
      if (removed) rekey((k) => (k === key ? [] : [k]));
      return removed;
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
