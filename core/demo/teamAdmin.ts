/**
 * Demo mode's stored roles, as the demo reads them at once (its tokens, its dispatcher's access
 * check, GET me; the roles page's own reads are core/domain/role-store.ts over the platform):
 * the roles a user holds and their permissions. Roles are
 * rows of the server's tables (core/domain/role-tables.ts, in `db.tables`), read here as the
 * domain's RoleDto (their permissions by id); users hold them through their memberships' rows.
 */
import { PERMISSION_CATALOGUE } from '../portal/permissionCatalogue';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';
import { heldPermission } from '../domain/roles';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleDtoOf, type RoleRow } from '../domain/role-tables';
import {
  DEMO_CREATED_AT,
  DEMO_VENDOR_ID,
  builtInRoleId,
  membershipOf,
  membershipRoleIds,
  noteWritten,
  seededId,
  storedRows,
  type DemoDatabase,
  type DemoRole,
  type DemoTables,
  type DemoUser,
} from './data';
import { groupConfigurationOf, groupsOfMember } from './teamRows';

export const permissionId = (key: string) => seededId(`permission:${key}`);
export const categoryId = (key: string) => seededId(`category:${key}`);

/** The permission catalogue by id, as the permissions table holds it (the demo's never changes). */
const CATALOGUE = new Map(
  PERMISSION_CATALOGUE.map(([key, name, category]) => [
    permissionId(key),
    {
      id: permissionId(key),
      key,
      name,
      description: null,
      categoryId: categoryId(category),
      createdAt: DEMO_CREATED_AT,
    },
  ]),
);
/** The keys of these permission ids (a stored role names only catalogued ones). */
const permissionKeysOf = (ids: string[]) => ids.map((id) => CATALOGUE.get(id)!.key);

/** The catalogue and the built-in roles (the server's, spec 001 §3) as rows, as its migrations write them. */
function seedRoles(store: DemoTables) {
  if (store[ROLES.name]?.length) return;
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
    [PERMISSIONS.name]: [...CATALOGUE.values()].map((p) => ({ ...p })),
    [ROLES.name]: builtIn,
    [ROLE_PERMISSIONS.name]: grants,
  });
  noteWritten(store);
}

/** Every role of the demo, built-in ones first, seeded on first use. */
export function demoRoles(db: DemoDatabase): DemoRole[] {
  seedRoles((db.tables ??= {}));
  const grants = storedRows(db.tables, ROLE_PERMISSIONS);
  const ids = (r: RoleRow) =>
    grants
      .filter((g) => g.roleId === r.id)
      .map((g) => g.permissionId)
      .sort();
  return storedRows(db.tables, ROLES).map((r) => roleDtoOf(r, ids(r)));
}
const visibleRoles = (db: DemoDatabase, tenantId: string) =>
  demoRoles(db).filter((r) => r.tenantId === null || r.tenantId === tenantId);

/**
 * The roles a user holds in the account they act in: their membership's and those of the groups
 * they are in there (while groups' roles are on); an invitee's are shown, and grant nothing yet.
 */
export function demoRolesOf(db: DemoDatabase, user: Pick<DemoUser, 'id' | 'tenantId'>): DemoRole[] {
  const membership = membershipOf(db, user.tenantId, user.id);
  if (!membership) return [];
  const roles = visibleRoles(db, user.tenantId);
  const config = groupConfigurationOf(db, user.tenantId);
  const groups = config.enabled && config.rolesEnabled ? groupsOfMember(db, membership.id) : [];
  const held = [...membershipRoleIds(db, membership.id), ...groups.flatMap((g) => g.roleIds)];
  return roles.filter((r) => held.includes(r.id));
}
/** The permission keys a user holds in the account they act in (none for no user, nor while invited). */
export function demoPermissionsOf(
  db: DemoDatabase,
  user: Pick<DemoUser, 'id' | 'tenantId'> | undefined,
): string[] {
  if (!user || membershipOf(db, user.tenantId, user.id)?.invitationPending !== false) return [];
  return [...new Set(permissionKeysOf(demoRolesOf(db, user).flatMap((r) => r.permissions)))].sort();
}

/** The ids of those of `roles` that hold the permission of this id. */
const holdersOf = (roles: DemoRole[], id: string) =>
  roles.filter((r) => r.permissions.includes(id)).map((r) => r.id);

/** What a user holds, as the client SDK's `ITeamUserPermission`s (the server's PermissionDto). */
export function demoHeldPermissions(db: DemoDatabase, user: DemoUser) {
  const roles = demoRolesOf(db, user);
  return demoPermissionsOf(db, user).map((key) => ({
    ...heldPermission(CATALOGUE.get(permissionId(key))!, holdersOf(roles, permissionId(key))),
    createdAt: DEMO_CREATED_AT,
    updatedAt: DEMO_CREATED_AT,
  }));
}
