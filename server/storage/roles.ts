/**
 * Roles and permissions of a tenant (spec 001 §3, §6, §7): the roles page's repository is
 * core/domain/role-store.ts over the tables port (both backends); what stays SQL here is the
 * permission keys a set of roles grants (one join, for the routes that hand roles out).
 */
import type { Database } from './database';

/** Roles visible in the tenant: the vendor's and the tenant's own. `$1` is the tenant id. */
const VISIBLE = `r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1) AND (r.tenant_id IS NULL OR r.tenant_id = $1)`;

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
