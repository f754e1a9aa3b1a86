/**
 * The SQL of invitations and invite links (the rules: core/domain/invitations.ts; what only the
 * server does with them: server/domain/invitations.ts). An invitation is a membership with
 * `invitation_pending`; an invite link is one row per account whose token is kept as a SHA-256 (to
 * find it) and sealed (to show it again to those who may share it).
 */
import { createHash } from 'node:crypto';
import type { InviteLinkPorts, InviteLinkRecord, PendingInvitation } from '../../core/domain/invitations';
import type { SecretBox } from '../domain/mfa-crypto';
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

/** The account's name ('' for one deleted). */
export async function tenantName(db: Database, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM tenants WHERE id = $1 AND deleted_at IS NULL',
    [tenantId],
  );
  return rows[0]?.name ?? '';
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

// ---- The invite link -------------------------------------------------------------------------

interface InviteLinkRow {
  id: string;
  tenant_id: string;
  vendor_id: string;
  expires_in_minutes: number;
  expires_at: Date;
  should_send_email: boolean;
  created_at: Date;
  updated_at: Date;
}

const LINK_COLUMNS =
  'id, tenant_id, (SELECT vendor_id FROM tenants t WHERE t.id = tenant_id) AS vendor_id, expires_in_minutes, expires_at, should_send_email, created_at, updated_at';
const hashInviteLink = (token: string) => createHash('sha256').update(`inviteLink:${token}`).digest('hex');
const sealTo = (tenantId: string) => `inviteLink:${tenantId}`;

const recordOf = (row: InviteLinkRow): InviteLinkRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  vendorId: row.vendor_id,
  expiresInMinutes: row.expires_in_minutes,
  expiresAt: row.expires_at.toISOString(),
  shouldSendEmail: row.should_send_email,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The invite link's ports in SQL; `box` seals the token (migration 26: older links have none to show). */
export const inviteLinkStore = (db: Database, box: SecretBox): InviteLinkPorts => ({
  async find(tenantId) {
    const { rows } = await db.query<InviteLinkRow>(
      `SELECT ${LINK_COLUMNS} FROM invite_links WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0] ? recordOf(rows[0]) : null;
  },
  // `createdBy` is kept when it names a user (a tenant API token does not).
  async replace(tenantId, link) {
    const { rows } = await db.query<InviteLinkRow>(
      `INSERT INTO invite_links (tenant_id, token_hash, token_sealed, expires_in_minutes, expires_at, should_send_email, created_by)
       VALUES ($1, $2, $6, $3, now() + make_interval(mins => $3), $4, (SELECT id FROM users WHERE id = $5))
       ON CONFLICT (tenant_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_sealed = EXCLUDED.token_sealed,
         expires_in_minutes = EXCLUDED.expires_in_minutes,
         expires_at = EXCLUDED.expires_at, should_send_email = EXCLUDED.should_send_email, created_by = EXCLUDED.created_by,
         created_at = now(), updated_at = now()
       RETURNING ${LINK_COLUMNS}`,
      [
        tenantId,
        hashInviteLink(link.token),
        link.expiresInMinutes,
        link.shouldSendEmail,
        link.createdBy,
        box.seal(link.token, sealTo(tenantId)),
      ],
    );
    return recordOf(rows[0]!);
  },
  async update(tenantId, patch) {
    const { rows } = await db.query<InviteLinkRow>(
      `UPDATE invite_links SET
          expires_in_minutes = COALESCE($2, expires_in_minutes),
          expires_at = CASE WHEN $2::int IS NULL THEN expires_at ELSE now() + make_interval(mins => $2::int) END,
          should_send_email = COALESCE($3, should_send_email),
          updated_at = now()
        WHERE tenant_id = $1 RETURNING ${LINK_COLUMNS}`,
      [tenantId, patch.expiresInMinutes ?? null, patch.shouldSendEmail ?? null],
    );
    return rows[0] ? recordOf(rows[0]) : null;
  },
  async remove(tenantId) {
    const { rows } = await db.query('DELETE FROM invite_links WHERE tenant_id = $1 RETURNING id', [tenantId]);
    return rows.length > 0;
  },
  async token(tenantId) {
    const { rows } = await db.query<{ token_sealed: string | null }>(
      'SELECT token_sealed FROM invite_links WHERE tenant_id = $1',
      [tenantId],
    );
    const sealed = rows[0]?.token_sealed;
    return sealed ? box.open(sealed, sealTo(tenantId)) : null;
  },
  async tenantOf(token) {
    const { rows } = await db.query<{ tenant_id: string; name: string; should_send_email: boolean }>(
      `SELECT l.tenant_id, t.name, l.should_send_email FROM invite_links l JOIN tenants t ON t.id = l.tenant_id
        WHERE l.token_hash = $1 AND l.expires_at > now() AND t.deleted_at IS NULL`,
      [hashInviteLink(token)],
    );
    const row = rows[0];
    return row ? { tenantId: row.tenant_id, name: row.name, shouldSendEmail: row.should_send_email } : null;
  },
});
