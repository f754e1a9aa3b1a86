/**
 * Everything a signed-in user's token and profile are made of, in one query (issue 27): the user,
 * the live tenants they may act in, the roles they hold in each (directly and through groups, as
 * domain/tenants.ts loadGrants reads them) with the permissions those roles grant, the IP
 * restrictions of each of those tenants and whether they have an MFA device. A refresh, GET me and
 * every sign-in read it once instead of in five or six round trips; the rules applied to it
 * (which tenant is active, what the IP rules allow) stay in the domain.
 */
import type { UserRow } from '../../core/domain/user-tables';
import type { Database } from './database';

/** A role held in one of the user's tenants (`direct`: through a membership role, not only a group). */
export interface HeldRoleRow {
  tenant_id: string;
  direct: boolean;
  id: string;
  key: string;
  name: string;
  description: string | null;
  default_for_creator: boolean;
  role_tenant_id: string | null;
  vendor_id: string;
  created_at: string;
  updated_at: string;
  permission_ids: string[] | null;
}

/** A permission one of the held roles grants. */
export interface GrantedPermissionRow {
  id: string;
  key: string;
  name: string;
  description: string | null;
  category_id: string | null;
  created_at: string;
}

/** A tenant's IP restrictions: the configuration and, while it is active, its entries of that strategy. */
interface TenantIpRow {
  tenant_id: string;
  is_active: boolean;
  strategy: 'ALLOW' | 'BLOCK';
  entries: string[] | null;
}

/** The user's row (domain/users.ts UserRow) with what the one query adds. */
export interface PrincipalRow extends UserRow {
  /** Oldest membership first. */
  tenants: Array<{
    id: string;
    vendor_id: string;
    name: string;
    is_reseller: boolean;
    metadata: Record<string, unknown>;
    created_at: string;
  }>;
  roles: HeldRoleRow[];
  permissions: GrantedPermissionRow[];
  ip: TenantIpRow[];
  mfa_enrolled: boolean;
}

/**
 * The one query, for the user whose id is the SQL expression `user` (a parameter, or a column of an
 * outer statement). Fifth pass (docs/capacity.md): `held` is a UNION ALL (the GROUP BY of
 * `held_roles` removes the duplicates, no second pass needed) and the permissions are found through
 * role_permissions' index rather than by unnesting the roles' arrays against a scan of
 * `permissions`: about a fifth less database CPU, the same rows.
 */
const principalSql = (user: string) => `
  WITH m AS (
    SELECT m.id AS membership_id, m.created_at AS joined_at, t.id, t.vendor_id, t.name, t.is_reseller,
           t.metadata, t.created_at
      FROM memberships m JOIN tenants t ON t.id = m.tenant_id
     WHERE m.user_id = ${user} AND t.deleted_at IS NULL AND m.access_allowed AND NOT m.invitation_pending
  ), held AS (
    SELECT m.id AS tenant_id, mr.role_id, true AS direct
      FROM m JOIN membership_roles mr ON mr.membership_id = m.membership_id
    UNION ALL
    SELECT m.id, gr.role_id, false
      FROM m JOIN group_members gm ON gm.membership_id = m.membership_id
      JOIN group_roles gr ON gr.group_id = gm.group_id
     WHERE NOT EXISTS (SELECT 1 FROM group_configurations gc
                        WHERE gc.tenant_id = m.id AND NOT (gc.enabled AND gc.roles_enabled))
  ), held_roles AS (
    SELECT h.tenant_id, bool_or(h.direct) AS direct, r.id, r.key, r.name, r.description,
           r.default_for_creator, r.tenant_id AS role_tenant_id, r.vendor_id, r.created_at, r.updated_at,
           (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
             WHERE rp.role_id = r.id) AS permission_ids
      FROM held h JOIN roles r ON r.id = h.role_id
     GROUP BY h.tenant_id, r.id
  )
  SELECT u.id, u.vendor_id AS "vendorId", u.email, u.name, u.phone, u.profile_picture_url AS "profilePictureUrl",
         u.password_hash AS "passwordHash", u.verified, u.super_user AS "superUser", u.metadata,
         u.custom_data AS "customData", u.active_tenant_id AS "activeTenantId", u.created_at AS "createdAt",
         u.updated_at AS "updatedAt", u.last_login AS "lastLogin", u.locked_at AS "lockedAt", u.locale, u.provider,
         u.breached_password_at AS "breachedPasswordAt", u.failed_sign_ins AS "failedSignIns",
         COALESCE((SELECT json_agg(json_build_object('id', m.id, 'vendor_id', m.vendor_id, 'name', m.name,
                     'is_reseller', m.is_reseller, 'metadata', m.metadata, 'created_at', m.created_at)
                     ORDER BY m.joined_at, m.id) FROM m), '[]') AS tenants,
         COALESCE((SELECT json_agg(hr ORDER BY hr.key, hr.tenant_id) FROM held_roles hr), '[]') AS roles,
         COALESCE((SELECT json_agg(p ORDER BY p.key) FROM (
                     SELECT id, key, name, description, category_id, created_at FROM permissions
                      WHERE id IN (SELECT rp.permission_id FROM held_roles hr
                                     JOIN role_permissions rp ON rp.role_id = hr.id)) p), '[]') AS permissions,
         COALESCE((SELECT json_agg(json_build_object('tenant_id', c.tenant_id, 'is_active', c.is_active,
                     'strategy', c.strategy, 'entries', CASE WHEN c.is_active THEN ARRAY(
                       SELECT r.ip FROM ip_restrictions r
                        WHERE r.tenant_id = c.tenant_id AND r.strategy = c.strategy AND r.is_active) END))
                     FROM ip_restriction_configs c WHERE c.tenant_id IN (SELECT id FROM m)), '[]') AS ip,
         EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey) AS mfa_enrolled
    FROM users u WHERE u.id = ${user}`;
const PRINCIPAL_SQL = principalSql('$1');

/**
 * The same row as one JSON value, for a statement that reads it besides its own work (the refresh's
 * rotation, domain/sessions.ts): `user` names the user's id in that statement. Read it back with
 * `principalFromJson`.
 */
export const principalJson = (user: string) => `(SELECT to_json(p) FROM (${principalSql(user)}) p)`;

/** The user's timestamps, as a row of the declared table has them (ISO strings, as sqlTables reads them). */
const USER_TIMES = ['createdAt', 'updatedAt', 'lastLogin', 'lockedAt', 'breachedPasswordAt'] as const;

/** `row` with the user's timestamps (dates from the driver, PostgreSQL's text from JSON) as ISO strings. */
function withIsoTimes(row: PrincipalRow): PrincipalRow {
  const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());
  for (const field of USER_TIMES) (row as unknown as Record<string, unknown>)[field] = iso(row[field]);
  return row;
}

/** A row read by `principalJson`, its timestamps as ISO strings. */
export function principalFromJson(json: unknown): PrincipalRow | null {
  if (!json || typeof json !== 'object') return null;
  return withIsoTimes({ ...(json as PrincipalRow) });
}

/** The user `userId` with their tenants, roles, permissions, IP rules and MFA state; null when there is no such user. */
export async function readPrincipal(db: Database, userId: string): Promise<PrincipalRow | null> {
  const { rows } = await db.query<PrincipalRow>(PRINCIPAL_SQL, [userId]);
  return rows[0] ? withIsoTimes(rows[0]) : null;
}
