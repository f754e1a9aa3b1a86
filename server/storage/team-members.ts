/**
 * The SQL of an account's members (server/domain/team-membership.ts gives it to the handlers of
 * core/domain/team-member-handlers.ts; the rules: core/domain/team-members.ts): reads, removal,
 * roles, session ends. Every statement is scoped to the account: an admin cannot reach another
 * account's members or roles, whatever ids they send.
 */
import type { Database } from './database';
import { roleDtoOf, type RoleRow } from './roles';

/** teams.loadStats: members, those who joined in the last 7 days, those holding `fe.*` (directly or through a group). */
export async function memberStats(
  db: Database,
  tenantId: string,
): Promise<{ totalItems: number; addedThisWeek: number; superAdmins: number }> {
  const { rows } = await db.query<{ total: number; week: number; admins: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE m.created_at > now() - interval '7 days')::int AS week,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
               WHERE p.key = 'fe.*' AND rp.role_id IN (
                 SELECT mr.role_id FROM membership_roles mr WHERE mr.membership_id = m.id
                 UNION SELECT gr.role_id FROM group_members gm JOIN group_roles gr ON gr.group_id = gm.group_id
                  WHERE gm.membership_id = m.id)))::int AS admins
       FROM memberships m WHERE m.tenant_id = $1`,
    [tenantId],
  );
  const row = rows[0]!;
  return { totalItems: row.total, addedThisWeek: row.week, superAdmins: row.admins };
}

/** Whether the user is a member of the account. */
export async function isMember(db: Database, tenantId: string, userId: string): Promise<boolean> {
  const member = await db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
    tenantId,
    userId,
  ]);
  return member.rows.length > 0;
}

/** A member of the account as auth.getUserById reads them; null when not a member. */
export async function memberRecord(db: Database, tenantId: string, userId: string) {
  const { rows } = await db.query<{
    id: string;
    name: string | null;
    email: string;
    verified: boolean;
    metadata: unknown;
    vendor_id: string;
    created_at: Date;
    updated_at: Date | null;
  }>(
    `SELECT u.id, u.name, u.email, u.verified, u.metadata, u.vendor_id, u.created_at, u.updated_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND m.user_id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

/** What a membership links to: its roles or its groups. */
type MemberLink =
  { table: 'membership_roles'; column: 'role_id' } | { table: 'group_members'; column: 'group_id' };

/** Each listed member of the account with the ids linked to their membership (users.getUsersRoles / getUsersGroups). */
export async function memberLinks(db: Database, tenantId: string, userIds: string[], link: MemberLink) {
  const { rows } = await db.query<{ user_id: string; vendor_id: string; linked: string[] }>(
    `SELECT m.user_id, t.vendor_id,
            coalesce(array_agg(l.${link.column} ORDER BY l.${link.column}) FILTER (WHERE l.${link.column} IS NOT NULL), '{}') AS linked
       FROM memberships m JOIN tenants t ON t.id = m.tenant_id
       LEFT JOIN ${link.table} l ON l.membership_id = m.id
      WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[])
      GROUP BY m.user_id, t.vendor_id`,
    [tenantId, userIds],
  );
  return rows.map((r) => ({ vendorId: r.vendor_id, tenantId, userId: r.user_id, linked: r.linked }));
}

/** Ends the member's open sessions in the account: how many; null when not a member. */
export async function revokeMemberSessions(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<number | null> {
  const member = await db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
    tenantId,
    userId,
  ]);
  if (member.rows.length === 0) return null;
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_admin'
        WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id`,
    [userId, tenantId],
  );
  return rows.length;
}

/** Roles assignable in the account: vendor-wide ones and the account's own, by name. */
export async function listAssignableRoles(db: Database, tenantId: string) {
  const { rows } = await db.query<Omit<RoleRow, 'users_count'>>(
    `SELECT r.id, r.key, r.name, r.description, r.default_for_creator, r.tenant_id, r.vendor_id, r.created_at, r.updated_at,
            (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
              WHERE rp.role_id = r.id) AS permission_ids
       FROM roles r JOIN tenants t ON t.id = $1
      WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1)
      ORDER BY r.name, r.id`,
    [tenantId],
  );
  return rows.map(roleDtoOf);
}

/** Removes the membership and ends the user's sessions in the account; false when not a member. */
export async function deleteMembership(db: Database, tenantId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM memberships WHERE tenant_id = $1 AND user_id = $2 RETURNING id',
    [tenantId, userId],
  );
  if (rows.length === 0) return false;
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'removed_from_tenant'
      WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL`,
    [userId, tenantId],
  );
  return true;
}

/** Replaces the member's roles in the account with `roleIds` (empty: no role); false when not a member. */
export async function replaceMemberRoles(
  db: Database,
  tenantId: string,
  userId: string,
  roleIds: string[],
): Promise<boolean> {
  const membership = (
    await db.query<{ id: string }>('SELECT id FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
      tenantId,
      userId,
    ])
  ).rows[0];
  if (!membership) return false;
  await db.query('DELETE FROM membership_roles WHERE membership_id = $1', [membership.id]);
  if (roleIds.length) {
    await db.query(
      'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
      [membership.id, roleIds],
    );
  }
  return true;
}
