/**
 * Tenants, memberships and what a member may do in a tenant (roles and their permissions).
 */
import type { Database } from '../storage/database';
import type { GrantedPermissionRow, HeldRoleRow } from '../storage/principal';
import type { RoleDto } from '../../core/domain/roles';

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

export type { RoleDto };

/** A permission a member holds, as the client SDK's `ITeamUserPermission` declares it. */
export interface PermissionDto {
  id: string;
  key: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  fePermission: boolean;
  /** The held roles that grant it. */
  roleIds: string[];
  createdAt: string;
  updatedAt: string;
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

/** What a member holds in one tenant: every role (direct or through groups), the direct ones, and the permissions they grant. */
interface Grants extends Authorization {
  directRoles: RoleDto[];
}

const NO_GRANTS: Grants = { roles: [], directRoles: [], permissions: [] };
const grantsKey = (userId: string, tenantId: string) => `${userId}/${tenantId}`;

/**
 * The roles each of `userIds` holds in each of `tenantIds` (directly, and through groups while the
 * account's group configuration has groups and their roles on: domain/groups.ts) and the
 * permissions those roles grant, keyed `userId/tenantId`; three queries whatever the number of
 * users. `pending`: also for memberships whose invitation is not accepted yet (the users list
 * shows the roles an invitation will give; authorization never counts them).
 */
export async function loadGrants(
  db: Database,
  userIds: string[],
  tenantIds: string[],
  options: { pending?: boolean } = {},
): Promise<Map<string, Grants>> {
  const result = new Map<string, Grants>();
  if (!userIds.length || !tenantIds.length) return result;
  const live = options.pending ? 'true' : 'NOT m.invitation_pending';
  const held = await db.query<{
    user_id: string;
    tenant_id: string;
    direct: boolean;
    id: string;
    key: string;
    name: string;
    description: string | null;
    default_for_creator: boolean;
    role_tenant_id: string | null;
    vendor_id: string;
    created_at: Date;
    updated_at: Date;
    permission_ids: string[] | null;
  }>(
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
  const permissionIds = [...new Set(held.rows.flatMap((r) => r.permission_ids ?? []))];
  const catalogue = permissionIds.length
    ? await db.query<{
        id: string;
        key: string;
        name: string;
        description: string | null;
        category_id: string | null;
        created_at: Date;
      }>(
        'SELECT id, key, name, description, category_id, created_at FROM permissions WHERE id = ANY($1::uuid[]) ORDER BY key',
        [permissionIds],
      )
    : { rows: [] };
  return grantsByMember(held.rows, catalogue.rows);
}

/** A held role as loadGrants and storage/principal.ts read it: one row per member, tenant and role. */
type HeldRole = Omit<HeldRoleRow, 'created_at' | 'updated_at'> & {
  user_id: string;
  created_at: Date | string;
  updated_at: Date | string;
};
type Permission = Omit<GrantedPermissionRow, 'created_at'> & { created_at: Date | string };

/** The held roles (ordered by key) and the permissions they grant (ordered by key), keyed `userId/tenantId`. */
export function grantsByMember(held: HeldRole[], catalogue: Permission[]): Map<string, Grants> {
  const result = new Map<string, Grants>();
  for (const row of held) {
    const key = grantsKey(row.user_id, row.tenant_id);
    const grants = result.get(key) ?? { roles: [], directRoles: [], permissions: [] };
    const role: RoleDto = {
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      isDefault: row.default_for_creator,
      permissions: row.permission_ids ?? [],
      tenantId: row.role_tenant_id,
      vendorId: row.vendor_id,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
    grants.roles.push(role);
    if (row.direct) grants.directRoles.push(role);
    result.set(key, grants);
  }
  for (const grants of result.values()) {
    grants.permissions = catalogue.flatMap((p) => {
      const roleIds = grants.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id);
      if (!roleIds.length) return [];
      const createdAt = new Date(p.created_at).toISOString();
      return [
        {
          id: p.id,
          key: p.key,
          name: p.name,
          description: p.description,
          categoryId: p.category_id,
          fePermission: p.key.startsWith('fe.'),
          roleIds,
          createdAt,
          updatedAt: createdAt,
        },
      ];
    });
  }
  return result;
}

/** `loadGrants`' entry for one member in one tenant. */
export function grantsOf(all: Map<string, Grants>, userId: string, tenantId: string): Grants {
  return all.get(grantsKey(userId, tenantId)) ?? NO_GRANTS;
}

/** The roles `userId` holds in `tenantId` and the permissions those roles grant (none while invited). */
export async function loadAuthorization(
  db: Database,
  userId: string,
  tenantId: string | null,
): Promise<Authorization> {
  if (!tenantId) return NO_GRANTS;
  const { roles, permissions } = grantsOf(await loadGrants(db, [userId], [tenantId]), userId, tenantId);
  return { roles, permissions };
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
