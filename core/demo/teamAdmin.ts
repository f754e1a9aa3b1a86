/**
 * Demo mode's built-in roles and permission catalogue, written as the server's migrations write
 * them (rows of core/domain/role-tables.ts, in `db.tables`), and the demo's tables with them
 * seeded: what a user holds is read over those by core/domain/member-grants.ts, as on the server.
 */
import { PERMISSION_CATALOGUE, PERMISSION_CATEGORIES as CATEGORIES } from '../portal/permissionCatalogue';
import { PERMISSION_CATEGORIES } from '../domain/role-store';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../domain/role-tables';
import type { Tables } from '../domain/tables';
import {
  DEMO_CREATED_AT,
  DEMO_VENDOR_ID,
  builtInRoleId,
  noteWritten,
  seededId,
  type DemoDatabase,
} from './data';
import { memoryTables } from './tables';

export const permissionId = (key: string) => seededId(`permission:${key}`);
const categoryId = (key: string) => seededId(`category:${key}`);

/**
 * Seeds the catalogue, its categories and the built-in roles (the server's, spec 001 §3) as rows on
 * first use, as the server's migrations write them; every reader of roles calls it first.
 */
export function demoRoles(db: DemoDatabase): void {
  const store = (db.tables ??= {});
  // Seeded apart: a page may have stored the roles before the categories were rows.
  store[PERMISSION_CATEGORIES.name] ??= CATEGORIES.map(([key, name, description]) => ({
    id: categoryId(key),
    key,
    name,
    description,
    createdAt: DEMO_CREATED_AT,
  }));
  if (store[ROLES.name]?.length) return;
  const catalogue = PERMISSION_CATALOGUE.map(([key, name, category]) => ({
    id: permissionId(key),
    key,
    name,
    description: null,
    categoryId: categoryId(category),
    createdAt: DEMO_CREATED_AT,
  }));
  const builtIn = BUILT_IN_ROLES.map(({ key, name, description }) => ({
    id: builtInRoleId(key),
    vendorId: DEMO_VENDOR_ID,
    tenantId: null,
    key,
    name,
    description,
    defaultForCreator: key === 'Admin',
    createdAt: DEMO_CREATED_AT,
    updatedAt: DEMO_CREATED_AT,
  }));
  const grants = BUILT_IN_ROLES.flatMap(({ key, permissions }) =>
    permissions.map((p) => ({ roleId: builtInRoleId(key), permissionId: permissionId(p) })),
  );
  Object.assign(store, {
    [PERMISSIONS.name]: catalogue,
    [ROLES.name]: builtIn,
    [ROLE_PERMISSIONS.name]: grants,
  });
  noteWritten(store);
}

/** The demo's tables, its built-in roles and the catalogue seeded (core/domain/member-grants.ts reads them). */
export function demoTables(db: DemoDatabase): Tables {
  demoRoles(db);
  return memoryTables(db.tables!);
}
