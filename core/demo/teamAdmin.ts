/**
 * Demo mode's stored roles, as its roles, groups and API tokens (teamRoles.ts, teamGroups.ts,
 * apiTokens.ts: the shared handlers over the page's storage) and the rest of the demo read them:
 * the roles a user holds and their permissions, and the in-memory paging of the lists. Roles are
 * stored as the domain's RoleDto (their permissions by id); users still hold roles by key.
 */
import { PERMISSION_CATALOGUE } from '../portal/permissionCatalogue';
import type { GroupListPage } from '../domain/groups';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';
import { heldPermission } from '../domain/roles';
import { DEMO_CREATED_AT, DEMO_VENDOR_ID, type DemoDatabase, type DemoRole, type DemoUser } from './data';
import { by, descending, page as rowsPage } from './rows';
import { groupConfigurationOf, groupsOfMember } from './teamRows';

/** The demo's permission ids: the key after `perm-` (the server's are its permissions table's uuids). */
const permissionId = (key: string) => `perm-${key}`;
export const categoryId = (key: string) => `category-${key}`;

/** The permission catalogue by id, as the server's permissions table holds it. */
export const PERMISSIONS = new Map(
  PERMISSION_CATALOGUE.map(([key, name, category]) => [
    permissionId(key),
    { id: permissionId(key), key, name, description: null, categoryId: categoryId(category) },
  ]),
);
/** The keys of these permission ids (a stored role names only catalogued ones). */
export const permissionKeysOf = (ids: string[]) => ids.map((id) => PERMISSIONS.get(id)!.key);

/** Every role of the demo, built-in ones (the server's, spec 001 §3) first. */
export function demoRoles(db: DemoDatabase): DemoRole[] {
  db.roles ??= BUILT_IN_ROLES.map(({ key, name, description, permissions }) => ({
    id: `role-${key}`,
    key,
    name,
    description,
    isDefault: key === 'Admin',
    permissions: permissions.map(permissionId),
    tenantId: null,
    vendorId: DEMO_VENDOR_ID,
    createdAt: DEMO_CREATED_AT,
    updatedAt: DEMO_CREATED_AT,
  }));
  return db.roles;
}
export const visibleRoles = (db: DemoDatabase, tenantId: string) =>
  demoRoles(db).filter((r) => r.tenantId === null || r.tenantId === tenantId);
/** The account's roles of these ids (the vendor's and its own). */
export const rolesWithIds = (db: DemoDatabase, tenantId: string, roleIds: string[]) =>
  visibleRoles(db, tenantId).filter((r) => roleIds.includes(r.id));
/** Which of these ids are the account's roles, and what those grant. */
export function roleGrants(db: DemoDatabase, tenantId: string, roleIds: string[]) {
  const roles = rolesWithIds(db, tenantId, roleIds);
  return { known: roles.map((r) => r.id), keys: permissionKeysOf(roles.flatMap((r) => r.permissions)) };
}
/** What the account's roles of these ids grant. */
export const grantedBy = (db: DemoDatabase, tenantId: string, roleIds: string[]) =>
  roleGrants(db, tenantId, roleIds).keys;

/** The roles a user holds: given directly and through the groups they are in (while groups' roles are on). */
export function demoRolesOf(db: DemoDatabase, user: DemoUser): DemoRole[] {
  const roles = visibleRoles(db, user.tenantId);
  const config = groupConfigurationOf(db, user.tenantId);
  const groups = config.enabled && config.rolesEnabled ? groupsOfMember(db, user.tenantId, user.id) : [];
  const viaGroups = groups.flatMap((g) => g.roleIds);
  return roles.filter((r) => user.roleKeys.includes(r.key) || viaGroups.includes(r.id));
}
/** The permission keys a user holds (none for no user). */
export const demoPermissionsOf = (db: DemoDatabase, user: DemoUser | undefined): string[] =>
  user ? [...new Set(permissionKeysOf(demoRolesOf(db, user).flatMap((r) => r.permissions)))].sort() : [];

/** The ids of those of `roles` that hold the permission of this id. */
export const holdersOf = (roles: DemoRole[], id: string) =>
  roles.filter((r) => r.permissions.includes(id)).map((r) => r.id);

/** What a user holds, as the client SDK's `ITeamUserPermission`s (the server's PermissionDto). */
export function demoHeldPermissions(db: DemoDatabase, user: DemoUser) {
  const roles = demoRolesOf(db, user);
  return demoPermissionsOf(db, user).map((key) => ({
    ...heldPermission(PERMISSIONS.get(permissionId(key))!, holdersOf(roles, permissionId(key))),
    createdAt: DEMO_CREATED_AT,
    updatedAt: DEMO_CREATED_AT,
  }));
}

/**
 * One page of `items` as the server's SQL reads it: those whose `search` texts contain the filter
 * (case aside), sorted by `sorters[sortBy]` in the page's order, ties by id.
 */
export function memoryPage<T extends { id: string }>(
  items: T[],
  page: Omit<GroupListPage, 'sortBy'> & { sortBy: string },
  sorters: Record<string, (item: T) => string | number>,
  search: (item: T) => string[],
) {
  const text = page.filter.trim().toLowerCase();
  const order = descending(by(sorters[page.sortBy]!), page.order === 'DESC');
  const matching = items
    .filter((item) => !text || search(item).some((s) => s.toLowerCase().includes(text)))
    .sort((a, b) => order(a, b) || by<T>((item) => item.id)(a, b));
  const { limit } = page;
  const shown = limit === null ? matching : rowsPage(matching, page.page * limit, limit).items;
  return { items: shown, totalItems: matching.length };
}
