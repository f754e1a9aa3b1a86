/**
 * A user's own login sessions, as the admin portal's privacy page shows and revokes them
 * (spec 000 §3 Session: id, userAgent, createdAt, ipAddress, current).
 */
import type { Database } from '../storage/database';

interface LoginSessionDto {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

interface Row {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

const toDto = (row: Row, currentId: string): LoginSessionDto => ({
  id: row.id,
  userAgent: row.user_agent,
  ipAddress: row.ip,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at.toISOString(),
  current: row.id === currentId,
});

/** Live sessions (not revoked, not expired), the current one first, then the most recently used. */
export async function listLoginSessions(
  db: Database,
  userId: string,
  currentId: string,
): Promise<LoginSessionDto[]> {
  const { rows } = await db.query<Row>(
    `SELECT id, user_agent, ip, created_at, last_used_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY (id = $2) DESC, last_used_at DESC
      LIMIT 100`,
    [userId, currentId],
  );
  return rows.map((row) => toDto(row, currentId));
}

/** Revokes one of the user's sessions. False when it is not theirs or not live (the caller answers 404). */
export async function revokeLoginSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_user'
      WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      RETURNING id`,
    [userId, sessionId],
  );
  return rows.length === 1;
}

/** Revokes every live session of the user except the current one; returns how many. */
export async function revokeOtherLoginSessions(
  db: Database,
  userId: string,
  currentId: string,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_user'
      WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > now()
      RETURNING id`,
    [userId, currentId],
  );
  return rows.length;
}
