/** The login sessions' port (core/domain/login-sessions.ts) over the `sessions` table. */
import type { LoginSessionPorts } from '../../core/domain/login-sessions';
import type { Database } from './database';

interface Row {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

const LIVE = 'revoked_at IS NULL AND expires_at > now()';

export function loginSessionRepository(db: Database): Omit<LoginSessionPorts, 'currentSession'> {
  return {
    async list(userId, currentId) {
      const { rows } = await db.query<Row>(
        `SELECT id, user_agent, ip, created_at, last_used_at FROM sessions
          WHERE user_id = $1 AND ${LIVE}
          ORDER BY (id = $2::uuid) IS TRUE DESC, last_used_at DESC
          LIMIT 100`,
        [userId, currentId],
      );
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.user_agent,
        ipAddress: row.ip,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at.toISOString(),
      }));
    },
    async end(userId, sessionId) {
      const { rows } = await db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_user'
          WHERE id = $2 AND user_id = $1 AND ${LIVE} RETURNING id`,
        [userId, sessionId],
      );
      return rows.length === 1;
    },
    async endOthers(userId, currentId) {
      const { rows } = await db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_user'
          WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) AND ${LIVE} RETURNING id`,
        [userId, currentId],
      );
      return rows.length;
    },
  };
}
