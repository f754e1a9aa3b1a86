/**
 * An account's roles and the permissions they hold (spec 001 §6, §7), written once for the server
 * and demo mode (over the repository of core/domain/role-store.ts, `roleAreaPorts`, on each
 * backend's platform). The vendor's roles are offered in every account
 * and read-only there. A caller puts on a role only permissions they hold, and takes away (replaces
 * a role's permissions, deletes a role) only permissions they hold: core/domain/grants.ts.
 */
import { contractError } from '../contract/errors';
import type { RoleSortField } from '../contract/listQuery';
import { assertHoldsAll } from './grants';

/** A role as the client SDK's `IRole` declares it (`permissions`: the ids of what it grants). */
export interface RoleDto {
  id: string;
  key: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  permissions: string[];
  tenantId: string | null;
  vendorId: string;
  createdAt: string;
  updatedAt: string;
}

/** A role of the roles list: the contract's role with what the roles page shows of it. */
export interface RoleItem extends RoleDto {
  roleId: string;
  /** false for the vendor's roles: they are the same in every account and cannot change here. */
  editable: boolean;
  /** Members holding the role directly or through a group. */
  usersCount: number;
}

export const roleItem = (role: RoleDto, usersCount: number): RoleItem => ({
  ...role,
  roleId: role.id,
  editable: role.tenantId !== null,
  usersCount,
});

/** A permission with the roles holding it: of the catalogue, or what a member holds (ITeamUserPermission). */
export interface HeldPermission {
  id: string;
  key: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  /** The kit's own permissions: their keys start with `fe.`. */
  fePermission: boolean;
  roleIds: string[];
}

/** A permission of the catalogue (the client SDK's IPermission) with the account's roles holding it. */
export interface PermissionItem extends HeldPermission {
  permissionId: string;
}

type Permission = Pick<PermissionItem, 'id' | 'key' | 'name' | 'description' | 'categoryId'>;

export const heldPermission = (p: Permission, roleIds: string[]): HeldPermission => ({
  id: p.id,
  key: p.key,
  name: p.name,
  description: p.description,
  categoryId: p.categoryId,
  fePermission: p.key.startsWith('fe.'),
  roleIds,
});

export const permissionItem = (p: Permission, roleIds: string[]): PermissionItem => ({
  ...p,
  permissionId: p.id,
  ...heldPermission(p, roleIds),
});

/** A permission category (the client SDK's IPermissionCategory) with the ids of its permissions. */
export interface PermissionCategory {
  id: string;
  key: string;
  name: string;
  description: string | null;
  /** The client SDK's `feCategory`: every category here is the portal's own (vendors add none). */
  feCategory: boolean;
  permissionIds: string[];
}

export const permissionCategory = (
  c: Pick<PermissionCategory, 'id' | 'key' | 'name' | 'description'>,
  permissionIds: string[],
): PermissionCategory => ({ ...c, feCategory: true, permissionIds });

/** A write's outcome in storage: the role written, or why it was not (notFound: deleted meanwhile). */
export type RoleWrite<Role> = { kind: 'ok'; role: Role } | { kind: 'notFound' } | { kind: 'duplicateKey' };

/** One of the roles the account sees: whether it is the account's own (the vendor's cannot change) and what it holds. */
export interface RoleHolding {
  id: string;
  own: boolean;
  permissionIds: string[];
}

export interface RoleInput {
  key: string;
  name: string;
  description: string | null;
  permissionIds: string[];
}

export interface RoleChanges {
  key?: string;
  name?: string;
  description?: string | null;
}

/** A page of the roles list: the contract's list query read by `pageOf` (core/contract/listQuery.ts). */
export interface RoleListPage {
  filter: string;
  sortBy: RoleSortField;
  order: 'ASC' | 'DESC';
  page: number;
  limit: number;
}

/** Storage of one account's roles (every call is scoped to the caller's account). */
export interface RolePorts<Role, Permission> {
  /**
   * The roles the account sees (the vendor's and its own) whose name or key contains the filter
   * (case aside), sorted by the page's field and order (ties by id), one page of them.
   */
  list(page: RoleListPage): Promise<{ items: Role[]; totalItems: number }>;
  /** The permission catalogue by key, each with the ids of the account's roles that hold it. */
  permissions(): Promise<Permission[]>;
  /** The permission categories, each with the ids of its permissions. */
  categories(): Promise<PermissionCategory[]>;
  /** The keys of the known permissions among these ids, by id. */
  permissionKeys(ids: string[]): Promise<Map<string, string>>;
  /** The permission keys these roles of the account grant (ids that are not its roles grant nothing). */
  grantedBy(roleIds: string[]): Promise<Iterable<string>>;
  /** Those of these ids that are roles the account sees. */
  holdings(roleIds: string[]): Promise<RoleHolding[]>;
  /** Adds a role; duplicateKey when the account sees a role of that key (any case). */
  create(input: RoleInput): Promise<RoleWrite<Role>>;
  /** Changes one of the account's own roles; duplicateKey as for create. */
  update(roleId: string, changes: RoleChanges): Promise<RoleWrite<Role>>;
  /** Deletes one of the account's own roles; false when it has none of that id. */
  remove(roleId: string): Promise<boolean>;
  /** Replaces the permissions of one of the account's own roles; null when it has none of that id. */
  setPermissions(roleId: string, permissionIds: string[]): Promise<Role | null>;
  /** Makes exactly these of the account's own roles hold the permission (its other roles lose it). */
  setPermissionRoles(permissionId: string, ownRoleIds: string[]): Promise<Permission>;
}

/** The create body: the client SDK's `addRole` names the permissions `permissions`. */
export interface RoleCreateBody {
  key: string;
  name: string;
  description?: string | null;
  permissionIds?: string[];
  permissions?: string[];
  isDefault?: boolean;
  /** Accepted and not kept: no role hierarchy here. */
  level?: number;
}

const trimmed = (value: string | null | undefined) =>
  typeof value === 'string' ? value.trim() || null : value;

function written<Role>(result: RoleWrite<Role>): Role {
  if (result.kind === 'notFound') throw contractError('ROLE_NOT_FOUND');
  if (result.kind === 'duplicateKey') throw contractError('ROLE_KEY_EXISTS');
  return result.role;
}

/** ROLE_NOT_FOUND unless the account sees the role, ROLE_VENDOR_WIDE unless it is the account's own. */
async function assertOwnRole<Role, Permission>(ports: RolePorts<Role, Permission>, roleId: string) {
  const [role] = await ports.holdings([roleId]);
  if (!role) throw contractError('ROLE_NOT_FOUND');
  if (!role.own) throw contractError('ROLE_VENDOR_WIDE');
}

/** Known permission ids the caller holds: PERMISSIONS_UNKNOWN (400), else GRANT_NOT_HELD (403). */
async function grantable<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  held: readonly string[],
  ids: string[],
): Promise<string[]> {
  const keys = await ports.permissionKeys(ids);
  if (keys.size !== ids.length) throw contractError('PERMISSIONS_UNKNOWN');
  assertHoldsAll(held, keys.values());
  return ids;
}

/** A new role of the account; the default role is the vendor's (`isDefault` may only be false). */
export async function createRole<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  held: readonly string[],
  body: RoleCreateBody,
): Promise<Role> {
  if (body.isDefault) throw contractError('DEFAULT_ROLE_VENDOR_ONLY');
  if (body.permissions && body.permissionIds) throw contractError('ROLE_PERMISSIONS_BOTH');
  const permissionIds = await grantable(ports, held, body.permissionIds ?? body.permissions ?? []);
  return written(
    await ports.create({
      key: body.key,
      name: body.name.trim(),
      description: trimmed(body.description) ?? null,
      permissionIds,
    }),
  );
}

export async function updateRole<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  roleId: string,
  body: RoleChanges,
): Promise<Role> {
  await assertOwnRole(ports, roleId);
  return written(
    await ports.update(roleId, {
      key: body.key,
      name: body.name?.trim(),
      description: trimmed(body.description),
    }),
  );
}

/** Deletes one of the account's roles: its holders lose what it grants. */
export async function deleteRole<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  held: readonly string[],
  roleId: string,
): Promise<void> {
  assertHoldsAll(held, await ports.grantedBy([roleId]));
  await assertOwnRole(ports, roleId);
  if (!(await ports.remove(roleId))) throw contractError('ROLE_NOT_FOUND');
}

/** What the role grants now is taken from its holders, what it will grant is given to them. */
export async function replaceRolePermissions<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  held: readonly string[],
  roleId: string,
  permissionIds: string[],
): Promise<Role> {
  assertHoldsAll(held, await ports.grantedBy([roleId]));
  const ids = await grantable(ports, held, permissionIds);
  await assertOwnRole(ports, roleId);
  const role = await ports.setPermissions(roleId, ids);
  if (!role) throw contractError('ROLE_NOT_FOUND');
  return role;
}

/** Sets which of the account's roles hold one permission the caller holds. */
export async function setPermissionRoles<Role, Permission>(
  ports: RolePorts<Role, Permission>,
  held: readonly string[],
  permissionId: string,
  roleIds: string[],
): Promise<Permission> {
  const keys = await ports.permissionKeys([permissionId]);
  if (keys.size === 0) throw contractError('PERMISSION_NOT_FOUND');
  assertHoldsAll(held, keys.values());
  const roles = await ports.holdings(roleIds);
  if (roles.length !== roleIds.length) throw contractError('ROLES_UNKNOWN');
  // The vendor's roles stay as they are: naming one that does not hold the permission is refused.
  if (roles.some((r) => !r.own && !r.permissionIds.includes(permissionId)))
    throw contractError('ROLES_VENDOR_WIDE');
  return ports.setPermissionRoles(
    permissionId,
    roles.filter((r) => r.own).map((r) => r.id),
  );
}
