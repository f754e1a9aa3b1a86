/**
 * Demo mode's roles and permissions: the shared handlers (core/domain/role-handlers.ts) over the
 * roles repository the server uses too (core/domain/role-store.ts), on the page's stored rows, in
 * the caller's account.
 */
import { PERMISSION_CATEGORIES as CATEGORIES } from '../portal/permissionCatalogue';
import { ROLE_HANDLERS } from '../domain/role-handlers';
import { PERMISSION_CATEGORIES, roleStore } from '../domain/role-store';
import { DEMO_CREATED_AT, DEMO_VENDOR_ID, seededId, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';
import { categoryId, demoPermissionsOf, demoRoles } from './teamAdmin';

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
  return roleStore(
    memoryTables(db.tables!),
    { now: clock.now, newId: () => seededId(clock.random()) },
    { tenantId, vendorId: async () => DEMO_VENDOR_ID },
  );
}

/** The role routes of a signed-in caller (core/domain/role-handlers.ts), by descriptor name. */
export function demoRoleRoutes(clock: DemoClock) {
  return demoHandlers(ROLE_HANDLERS, (db, user) => ({
    ...demoRoleStore(db, user.tenantId, clock),
    held: demoPermissionsOf(db, user),
  }));
}
