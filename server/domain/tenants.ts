/**
 * Tenants, memberships and what a member may do in a tenant (roles and their permissions).
 */
import type { Database } from '../storage/database';

export interface TenantRow {
  id: string;
  vendor_id: string;
  name: string;
  is_reseller: boolean;
  metadata: Record<string, unknown>;
  created_at: Date;
}

/** A tenant as the contract shows it (`metadata` is a JSON string, like the user's). */
interface TenantDto {
  id: string;
  tenantId: string;
  name: string;
  isReseller: boolean;
  metadata: string;
  vendorId: string;
  createdAt: string;
}

export interface RoleDto {
  id: string;
  key: string;
  name: string;
}

export interface PermissionDto {
  id: string;
  key: string;
}

export interface Authorization {
  roles: RoleDto[];
  permissions: PermissionDto[];
}

/** Maps a tenant row to the contract's tenant object. */
export function toTenantDto(row: TenantRow): TenantDto {
  return {
    id: row.id,
    tenantId: row.id,
    name: row.name,
    isReseller: row.is_reseller,
    metadata: JSON.stringify(row.metadata ?? {}),
    vendorId: row.vendor_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The live tenants `userId` belongs to and may act in (access not denied, invitation accepted), oldest membership first. */
export async function listUserTenants(db: Database, userId: string): Promise<TenantRow[]> {
  const { rows } = await db.query<TenantRow>(
    `SELECT t.id, t.vendor_id, t.name, t.is_reseller, t.metadata, t.created_at
       FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.user_id = $1 AND t.deleted_at IS NULL AND m.access_allowed AND NOT m.invitation_pending
      ORDER BY m.created_at, t.id`,
    [userId],
  );
  return rows;
}

/**
 * The tenant a session should act in: `preferred` when the user is still a member of it,
 * otherwise the oldest membership; null when the user belongs to no tenant.
 */
export function pickActiveTenant(
  tenants: TenantRow[],
  preferred: string | null | undefined,
): TenantRow | null {
  return tenants.find((t) => t.id === preferred) ?? tenants[0] ?? null;
}

/** The roles `userId` holds in `tenantId` and the permissions those roles grant (none while invited). */
export async function loadAuthorization(
  db: Database,
  userId: string,
  tenantId: string | null,
): Promise<Authorization> {
  if (!tenantId) return { roles: [], permissions: [] };
  // Roles held directly, and those of the groups the member belongs to.
  const held = `SELECT mr.role_id FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
                 WHERE m.user_id = $1 AND m.tenant_id = $2 AND NOT m.invitation_pending
                UNION
                SELECT gr.role_id FROM memberships m JOIN group_members gm ON gm.membership_id = m.id
                  JOIN group_roles gr ON gr.group_id = gm.group_id
                 WHERE m.user_id = $1 AND m.tenant_id = $2 AND NOT m.invitation_pending`;
  const roles = await db.query<RoleDto>(
    `SELECT r.id, r.key, r.name FROM roles r WHERE r.id IN (${held}) ORDER BY r.key`,
    [userId, tenantId],
  );
  const permissions = await db.query<PermissionDto>(
    `SELECT DISTINCT p.id, p.key
       FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id IN (${held})
      ORDER BY p.key`,
    [userId, tenantId],
  );
  return { roles: roles.rows, permissions: permissions.rows };
}

/** Creates a tenant. */
export async function createTenant(
  db: Database,
  input: { vendorId: string; name: string },
): Promise<TenantRow> {
  const { rows } = await db.query<TenantRow>(
    `INSERT INTO tenants (vendor_id, name) VALUES ($1, $2)
     RETURNING id, vendor_id, name, is_reseller, metadata, created_at`,
    [input.vendorId, input.name],
  );
  return rows[0]!;
}

/** Makes `userId` a member of `tenantId` holding the roles with the given keys (idempotent). */
export async function addMembership(
  db: Database,
  input: { userId: string; tenantId: string; roleKeys: string[] },
): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO memberships (user_id, tenant_id) VALUES ($1, $2)
     ON CONFLICT (user_id, tenant_id) DO UPDATE SET user_id = EXCLUDED.user_id
     RETURNING id`,
    [input.userId, input.tenantId],
  );
  const membershipId = rows[0]!.id;
  if (input.roleKeys.length === 0) return;
  // Vendor-wide roles and the tenant's own roles are both assignable.
  await db.query(
    `INSERT INTO membership_roles (membership_id, role_id)
     SELECT $1, r.id FROM roles r
      WHERE r.key = ANY($2::text[]) AND (r.tenant_id IS NULL OR r.tenant_id = $3)
     ON CONFLICT DO NOTHING`,
    [membershipId, input.roleKeys, input.tenantId],
  );
}

/** Keys of the roles given to the user who creates a tenant (Admin by default). */
export async function creatorRoleKeys(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    'SELECT key FROM roles WHERE default_for_creator AND tenant_id IS NULL ORDER BY key',
  );
  return rows.map((r) => r.key);
}
