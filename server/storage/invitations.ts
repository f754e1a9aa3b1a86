/**
 * The SQL of invitations (the rules: core/domain/invitations.ts; what only the server does with
 * them: server/domain/invitations.ts). An invitation is a membership with `invitation_pending`: these
 * statements read and write the memberships, users and accounts, whose storage is not the
 * invitations' own. The invite link is written once over the storage port (core/domain/invite-links.ts).
 */
import type { PendingInvitation } from '../../core/domain/invitations';
import type { Database } from './database';

/** The member of the account with this (normalised) address, pending or not; null when none. */
export async function memberByEmail(
  db: Database,
  tenantId: string,
  email: string,
): Promise<{ userId: string; pending: boolean } | null> {
  const { rows } = await db.query<{ id: string; invitation_pending: boolean }>(
    `SELECT u.id, m.invitation_pending FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND lower(u.email) = $2`,
    [tenantId, email],
  );
  return rows[0] ? { userId: rows[0].id, pending: rows[0].invitation_pending } : null;
}

/** Whether `userId` is a member of the account, pending or not; null when not. */
export async function membershipOf(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ pending: boolean } | null> {
  const { rows } = await db.query<{ invitation_pending: boolean }>(
    'SELECT invitation_pending FROM memberships WHERE user_id = $1 AND tenant_id = $2',
    [userId, tenantId],
  );
  return rows[0] ? { pending: rows[0].invitation_pending } : null;
}

/** The pending invitations of a user or of a (normalised) address, oldest first, in accounts that exist. */
export async function pendingInvitations(
  db: Database,
  who: { userId: string } | { email: string },
): Promise<PendingInvitation[]> {
  const byUser = 'userId' in who;
  const { rows } = await db.query<{ tenant_id: string; user_id: string }>(
    `SELECT m.tenant_id, m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
       JOIN tenants t ON t.id = m.tenant_id AND t.deleted_at IS NULL
      WHERE ${byUser ? 'm.user_id = $1' : 'lower(u.email) = $1'} AND m.invitation_pending ORDER BY m.created_at`,
    [byUser ? who.userId : who.email],
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.user_id }));
}

/** The account's vendor (a new invitee's account belongs to it). */
export async function vendorOfTenant(db: Database, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants WHERE id = $1', [
    tenantId,
  ]);
  return rows[0]!.vendor_id;
}

/** A pending membership of `userId` in the account with these roles. */
export async function addPendingMembership(
  db: Database,
  tenantId: string,
  userId: string,
  roleIds: string[],
): Promise<void> {
  const membership = await db.query<{ id: string }>(
    'INSERT INTO memberships (user_id, tenant_id, invitation_pending) VALUES ($1, $2, true) RETURNING id',
    [userId, tenantId],
  );
  if (roleIds.length)
    await db.query(
      'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
      [membership.rows[0]!.id, roleIds],
    );
}

/** The account's name and vendor; null when it does not exist or was deleted. */
export async function liveTenant(
  db: Database,
  tenantId: string,
): Promise<{ name: string; vendorId: string } | null> {
  const { rows } = await db.query<{ name: string; vendor_id: string }>(
    'SELECT name, vendor_id FROM tenants WHERE id = $1 AND deleted_at IS NULL',
    [tenantId],
  );
  return rows[0] ? { name: rows[0].name, vendorId: rows[0].vendor_id } : null;
}

/** The name of the account where `userId`'s invitation is pending; null when it is not (or the account is gone). */
export async function pendingTenantName(
  db: Database,
  userId: string,
  tenantId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT t.name FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.user_id = $1 AND m.tenant_id = $2 AND m.invitation_pending AND t.deleted_at IS NULL`,
    [userId, tenantId],
  );
  return rows[0]?.name ?? null;
}

/**
 * Starts a pending membership: the address proven, the account the user's active one, the
 * password hash set when given. False when the membership is not pending (any more).
 */
export async function startMembership(
  db: Database,
  input: { userId: string; tenantId: string; passwordHash: string | null },
): Promise<boolean> {
  const joined = await db.query(
    'UPDATE memberships SET invitation_pending = false WHERE user_id = $1 AND tenant_id = $2 AND invitation_pending RETURNING id',
    [input.userId, input.tenantId],
  );
  if (joined.rows.length === 0) return false;
  await db.query(
    `UPDATE users SET verified = true, active_tenant_id = $2, updated_at = now(),
            password_hash = COALESCE($3, password_hash)
      WHERE id = $1`,
    [input.userId, input.tenantId, input.passwordHash],
  );
  return true;
}

/** Joins the account by an invite link: a member with no role (a pending invitation accepted), the account active. */
export async function joinByLink(db: Database, userId: string, tenantId: string): Promise<void> {
  await db.query(
    `INSERT INTO memberships (user_id, tenant_id) VALUES ($1, $2)
     ON CONFLICT (user_id, tenant_id) DO UPDATE SET invitation_pending = false`,
    [userId, tenantId],
  );
  await db.query('UPDATE users SET active_tenant_id = $2, updated_at = now() WHERE id = $1', [
    userId,
    tenantId,
  ]);
}
