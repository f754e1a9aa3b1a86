/**
 * Roles and permissions of a tenant (spec 001 §3, §6, §7): the roles page's repository is
 * core/domain/role-store.ts over the tables port (both backends); what stays SQL here is a role row
 * of another area's join as the contract's role, and the permission keys a set of roles grants
 * (one join, for the routes that hand roles out).
 */
import type { RoleDto } from '../../core/domain/roles';
import type { Database } from './database';

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
