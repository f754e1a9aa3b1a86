/**
 * What the server reads and writes to enforce the security policies (server/domain/security-policies.ts
 * decides): the password history, and the state of a session under its account's session policy
 * and IP restrictions. SQL only (the lockout's count and lock: core/domain/lockout.ts).
 */
import type { SessionSettings } from '../../core/domain/security-policies';
import type { Database } from './database';
import { principalJson } from './principal';

// ---------------------------------------------------------------------------- password history

/** The user's `count` newest previous password hashes (the current one is on the user's row). */
export async function previousPasswordHashes(db: Database, userId: string, count: number): Promise<string[]> {
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2',
    [userId, count],
  );
  return rows.map((row) => row.password_hash);
}

/** Keeps the user's current password hash in the history, and the history to its newest `keep`. */
export async function rememberCurrentPassword(db: Database, userId: string, keep: number): Promise<void> {
  await db.query(
    `INSERT INTO password_history (user_id, password_hash)
       SELECT id, password_hash FROM users WHERE id = $1 AND password_hash IS NOT NULL`,
    [userId],
  );
  await db.query(
    `DELETE FROM password_history WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM password_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2)`,
    [userId, keep],
  );
}

// ------------------------------------------------------------------------------------ sessions

/** A session as the policy checks read it, with its account's policy and the IP restrictions of `ipTenantId`. */
interface SessionState {
  id: string;
  live: boolean;
  /** Seconds since it opened, and since its last use. */
  age: number;
  idle: number;
  /** The account's session policy, else the vendor's; null when neither was saved. */
  policy: SessionSettings | null;
  ip_active: boolean | null;
  ip_strategy: 'ALLOW' | 'BLOCK' | null;
  ip_entries: string[] | null;
}

/**
 * One query: the session, both policy rows, the IP
 * configuration of `ipTenantId` and its active entries of its strategy. Null when there is no such session.
 * With `principalOf` (a user id), the same statement reads that user as storage/principal.ts does
 * (`principal`, read back with `principalFromJson`): GET me is then one round trip.
 */
export async function sessionState(
  db: Database,
  sessionId: string,
  ipTenantId: string | null,
  principalOf?: string,
): Promise<(SessionState & { principal: unknown }) | null> {
  const { rows } = await db.query<SessionState & { principal: unknown }>(
    `SELECT s.id, s.revoked_at IS NULL AND s.expires_at > now() AS live,
            ${principalOf ? principalJson('$3::uuid') : 'NULL'} AS principal,
            extract(epoch FROM now() - s.created_at)::float8 AS age,
            extract(epoch FROM now() - s.last_used_at)::float8 AS idle,
            COALESCE(t.settings, v.settings) AS policy,
            c.is_active AS ip_active, c.strategy AS ip_strategy,
            CASE WHEN c.is_active THEN ARRAY(
              SELECT r.ip FROM ip_restrictions r
               WHERE r.tenant_id = c.tenant_id AND r.strategy = c.strategy AND r.is_active) END AS ip_entries
       FROM sessions s
       LEFT JOIN security_policies t ON t.kind = 'sessions' AND t.tenant_id = s.tenant_id
       LEFT JOIN security_policies v ON v.kind = 'sessions' AND v.tenant_id IS NULL
       LEFT JOIN ip_restriction_configs c ON c.tenant_id = $2::uuid
      WHERE s.id = $1::uuid`,
    principalOf ? [sessionId, ipTenantId, principalOf] : [sessionId, ipTenantId],
  );
  return rows[0] ?? null;
}

export async function revokeSession(db: Database, id: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
    [id, reason],
  );
}

export async function touchSession(db: Database, id: string): Promise<void> {
  await db.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [id]);
}

/**
 * Ends the user's sessions in `tenantId` beyond the newest `keep` (impersonation sessions neither
 * count nor end).
 */
export async function revokeSessionsBeyond(
  db: Database,
  userId: string,
  tenantId: string | null,
  keep: number,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'concurrent sessions limit'
      WHERE id IN (SELECT id FROM sessions
                    WHERE user_id = $1 AND tenant_id IS NOT DISTINCT FROM $2 AND revoked_at IS NULL
                      AND expires_at > now() AND impersonator_user_id IS NULL
                    ORDER BY created_at DESC, id DESC OFFSET $3)`,
    [userId, tenantId, keep],
  );
}
