/**
 * Tenants, memberships and what a member may do in a tenant (roles and their permissions). The
 * statements are in storage/tenants.ts (their callers import them from there).
 */
import type { Authorization } from '../../core/domain/user-profile';
import type { Database } from '../storage/database';
import { heldPermission, type RoleDto } from '../../core/domain/roles';
import {
  heldRoles,
  permissionsById,
  type GrantedPermission,
  type HeldRole,
  type TenantRow,
} from '../storage/tenants';

export type { Authorization };

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
  const held = await heldRoles(db, userIds, tenantIds, options.pending === true);
  const catalogue = await permissionsById(db, [...new Set(held.flatMap((r) => r.permission_ids ?? []))]);
  return grantsByMember(held, catalogue);
}

/** The held roles (ordered by key) and the permissions they grant (ordered by key), keyed `userId/tenantId`. */
export function grantsByMember(held: HeldRole[], catalogue: GrantedPermission[]): Map<string, Grants> {
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
        { ...heldPermission({ ...p, categoryId: p.category_id }, roleIds), createdAt, updatedAt: createdAt },
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
