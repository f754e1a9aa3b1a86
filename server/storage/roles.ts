/**
 * Roles and permissions of a tenant (spec 001 §3, §6, §7): the roles page's repository is
 * core/domain/role-store.ts over the tables port (`sqlTables`); what stays SQL here is what reads
 * other areas' tables in one statement: the members holding each role (memberships and groups,
 * not declared as tables yet), the tenant's vendor, a role row of another area's join as the
 * contract's role, and the permission keys a set of roles grants (one join, for the routes that
 * hand roles out).
 */
import { roleStore } from '../../core/domain/role-store';
import type { RoleDto, RoleItem, PermissionItem, RolePorts } from '../../core/domain/roles';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

/** A role as another area's SQL reads it (with its permission ids), see `roleDtoOf`. */
export interface RoleRow {
  id: string;
  key: string;
  name: string;
  description: string | null;
  default_for_creator: boolean;
  tenant_id: string | null;
  vendor_id: string;
  created_at: Date;
  updated_at: Date;
  permission_ids: string[] | null;
}

/** Roles visible in the tenant: the vendor's and the tenant's own. `$1` is the tenant id. */
const VISIBLE = `r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1) AND (r.tenant_id IS NULL OR r.tenant_id = $1)`;

/** A role row as the contract's role (the account's roles list, the assignable roles). */
export function roleDtoOf(r: RoleRow): RoleDto {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.default_for_creator,
    permissions: r.permission_ids ?? [],
    tenantId: r.tenant_id,
    vendorId: r.vendor_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Permission keys a set of the tenant's roles grants (to check a caller may hand them out). */
export async function permissionKeysOfRoles(
  db: Database,
  tenantId: string,
  roleIds: string[],
): Promise<{ known: string[]; keys: string[] }> {
  if (roleIds.length === 0) return { known: [], keys: [] };
  const { rows } = await db.query<{ id: string; keys: string[] | null }>(
    `SELECT r.id, (SELECT array_agg(p.key) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id) AS keys
       FROM roles r WHERE ${VISIBLE} AND r.id = ANY($2::uuid[])`,
    [tenantId, roleIds],
  );
  return { known: rows.map((r) => r.id), keys: [...new Set(rows.flatMap((r) => r.keys ?? []))] };
}

/**
 * The members of the tenant holding each of these roles directly or through a group: one
 * aggregate (memberships and groups are not tables of the port yet).
 */
/** The roles page's repository (core/domain/role-store.ts) for one tenant, over SQL. */
export const serverRoleStore = (db: Database, tenantId: string): RolePorts<RoleItem, PermissionItem> =>
  roleStore(sqlTables(db), SERVER_ROW_CLOCK, {
    tenantId,
    vendorId: async () =>
      (await db.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants WHERE id = $1', [tenantId]))
        .rows[0]!.vendor_id,
  });
