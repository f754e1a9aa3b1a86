/**
 * Tenants and memberships in SQL: a user's live tenants, the roles members hold (directly and
 * through groups) with the permissions those roles grant, creating a tenant and adding a member.
 * What a member may do with them is in domain/tenants.ts.
 */
import { addMembershipOver } from '../../core/domain/account-creation';
import type { Database } from './database';
import type { GrantedPermissionRow, HeldRoleRow } from './principal';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

export interface TenantRow {
  id: string;
  vendor_id: string;
  name: string;
  is_reseller: boolean;
  metadata: Record<string, unknown>;
  created_at: Date;
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

/** A held role as heldRoles and storage/principal.ts read it: one row per member, tenant and role. */
export type HeldRole = Omit<HeldRoleRow, 'created_at' | 'updated_at'> & {
  user_id: string;
  created_at: Date | string;
  updated_at: Date | string;
};
export type GrantedPermission = Omit<GrantedPermissionRow, 'created_at'> & { created_at: Date | string };

/**
 * The roles each of `userIds` holds in each of `tenantIds` (directly, and through groups while the
 * account's group configuration has groups and their roles on: domain/groups.ts), one row per
 * member, tenant and role, ordered by key. `pending`: also for memberships whose invitation is not
 * accepted yet.
 */
export async function heldRoles(
  db: Database,
  userIds: string[],
  tenantIds: string[],
  pending: boolean,
): Promise<HeldRole[]> {
  const live = pending ? 'true' : 'NOT m.invitation_pending';
  const { rows } = await db.query<HeldRole>(
    `WITH held AS (
       SELECT m.user_id, m.tenant_id, mr.role_id, true AS direct
         FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
        WHERE m.user_id = ANY($1::uuid[]) AND m.tenant_id = ANY($2::uuid[]) AND ${live}
       UNION
       SELECT m.user_id, m.tenant_id, gr.role_id, false AS direct
         FROM memberships m JOIN group_members gm ON gm.membership_id = m.id
         JOIN group_roles gr ON gr.group_id = gm.group_id
        WHERE m.user_id = ANY($1::uuid[]) AND m.tenant_id = ANY($2::uuid[]) AND ${live}
          AND NOT EXISTS (SELECT 1 FROM group_configurations gc
                           WHERE gc.tenant_id = m.tenant_id AND NOT (gc.enabled AND gc.roles_enabled)))
     SELECT h.user_id, h.tenant_id, bool_or(h.direct) AS direct, r.id, r.key, r.name, r.description,
            r.default_for_creator, r.tenant_id AS role_tenant_id, r.vendor_id, r.created_at, r.updated_at,
            (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
              WHERE rp.role_id = r.id) AS permission_ids
       FROM held h JOIN roles r ON r.id = h.role_id
      GROUP BY h.user_id, h.tenant_id, r.id
      ORDER BY r.key`,
    [userIds, tenantIds],
  );
  return rows;
}

/** The permissions with these ids, ordered by key (none asked: no statement). */
export async function permissionsById(db: Database, ids: string[]): Promise<GrantedPermission[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<GrantedPermission>(
    'SELECT id, key, name, description, category_id, created_at FROM permissions WHERE id = ANY($1::uuid[]) ORDER BY key',
    [ids],
  );
  return rows;
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

/** Makes `userId` a member of `tenantId` holding the roles with the given keys (core/domain/account-creation.ts). */
export async function addMembership(
  db: Database,
  input: { userId: string; tenantId: string; roleKeys: string[] },
): Promise<void> {
  await addMembershipOver(sqlTables(db), SERVER_ROW_CLOCK, input);
}
