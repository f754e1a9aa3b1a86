/**
 * The `sessions` table and `rotated_refresh_tokens` (the hashes a rotation replaced), for sign-in,
 * refresh and sign-out (the rules: domain/sessions.ts; a user's list of their sessions:
 * login-sessions.ts). Refresh tokens are stored as their SHA-256. These are the hot paths
 * (docs/capacity.md): each function is the one statement, or the one transaction's statements,
 * its caller needs.
 */
import type { SessionSettings } from '../../core/domain/security-policies';
import type { Database } from './database';
import { principalJson } from './principal';

export interface SessionRow {
  id: string;
  user_id: string;
  tenant_id: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  /** Set when the session was opened by impersonation (migration 8). */
  impersonator_user_id: string | null;
}

/**
 * The session as it was before a rotation moved its last use forward: its age and idle time in
 * seconds, and the session policy of its tenant (else the vendor's; null: neither saved one).
 */
export interface BeforeRotation {
  age: number;
  idle: number;
  policy: SessionSettings | null;
}

const SESSION_COLUMNS = 'id, user_id, tenant_id, created_at, last_used_at, expires_at, impersonator_user_id';

/**
 * Inserts a session. With `signIn`, the same statement records the user's last login (and the
 * tenant it was made in) and reads the session policy in force in `tenantId` (its own, else the
 * vendor's; null: neither saved one).
 */
export async function insertSession(
  db: Database,
  input: {
    userId: string;
    tenantId: string | null;
    refreshTokenHash: string;
    userAgent: string | null;
    ip: string | null;
    ttlSeconds: number;
    impersonatorUserId: string | null;
    signIn: boolean;
  },
): Promise<SessionRow & { policy?: SessionSettings | null }> {
  const insert = `INSERT INTO sessions (user_id, tenant_id, refresh_token_hash, user_agent, ip, expires_at, impersonator_user_id)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, now() + make_interval(secs => $6), $7)
     RETURNING ${SESSION_COLUMNS}`;
  const { rows } = await db.query<SessionRow & { policy?: SessionSettings | null }>(
    input.signIn
      ? `WITH s AS (${insert}), login AS (
           UPDATE users SET last_login = now(), active_tenant_id = COALESCE($2::uuid, active_tenant_id) WHERE id = $1::uuid
         )
         SELECT s.*, (SELECT COALESCE(t.settings, v.settings) FROM (SELECT 1) one
                        LEFT JOIN security_policies t ON t.kind = 'sessions' AND t.tenant_id = $2::uuid
                        LEFT JOIN security_policies v ON v.kind = 'sessions' AND v.tenant_id IS NULL) AS policy
           FROM s`
      : insert,
    [
      input.userId,
      input.tenantId,
      input.refreshTokenHash,
      input.userAgent,
      input.ip,
      input.ttlSeconds,
      input.impersonatorUserId,
    ],
  );
  return rows[0]!;
}

/**
 * Replaces the live session's refresh token hash `oldHash` by `newHash`, sliding its expiry to
 * now + `ttlSeconds`, and records the old hash as rotated. One statement, so one round trip and
 * atomic without BEGIN/COMMIT: the UPDATE's WHERE clause is the compare-and-swap (of two
 * concurrent refreshes with one token, exactly one matches; the other then finds the hash in
 * rotated_refresh_tokens). With the session, it answers the session as the statement's snapshot
 * saw it before the UPDATE (`BeforeRotation`) and the session's user with everything their token
 * carries (storage/principal.ts, as JSON); no row: no live session has this hash.
 */
export async function rotateSessionToken(
  db: Database,
  oldHash: string,
  newHash: string,
  ttlSeconds: number,
): Promise<(SessionRow & BeforeRotation & { principal: unknown }) | null> {
  const { rows } = await db.query<SessionRow & BeforeRotation & { principal: unknown }>(
    `WITH before AS (
       SELECT s.id, extract(epoch FROM now() - s.created_at)::float8 AS age,
              extract(epoch FROM now() - s.last_used_at)::float8 AS idle,
              COALESCE(t.settings, v.settings) AS policy
         FROM sessions s
         LEFT JOIN security_policies t ON t.kind = 'sessions' AND t.tenant_id = s.tenant_id
         LEFT JOIN security_policies v ON v.kind = 'sessions' AND v.tenant_id IS NULL
        WHERE s.refresh_token_hash = $1
     ), rotated AS (
       UPDATE sessions
          SET refresh_token_hash = $2, last_used_at = now(), expires_at = now() + make_interval(secs => $3)
        WHERE refresh_token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        RETURNING ${SESSION_COLUMNS}
     ), kept AS (
       INSERT INTO rotated_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated
     )
     SELECT r.*, b.age, b.idle, b.policy, ${principalJson('r.user_id')} AS principal
       FROM rotated r JOIN before b ON b.id = r.id`,
    [oldHash, newHash, ttlSeconds],
  );
  return rows[0] ?? null;
}

/**
 * The session a rotated hash belonged to, and whether it was rotated less than `graceSeconds` ago
 * and is that session's latest rotated hash; null: never rotated.
 */
export async function rotatedTokenSession(
  db: Database,
  tokenHash: string,
  graceSeconds: number,
): Promise<{ session_id: string; in_grace: boolean } | null> {
  const reused = await db.query<{ session_id: string; in_grace: boolean }>(
    `SELECT r.session_id,
              r.rotated_at > now() - make_interval(secs => $2)
              AND NOT EXISTS (SELECT 1 FROM rotated_refresh_tokens later
                               WHERE later.session_id = r.session_id AND later.rotated_at > r.rotated_at) AS in_grace
         FROM rotated_refresh_tokens r WHERE r.token_hash = $1`,
    [tokenHash, graceSeconds],
  );
  return reused.rows[0] ?? null;
}

/** The session, when neither revoked nor expired. */
export async function liveSession(db: Database, sessionId: string): Promise<SessionRow | null> {
  const live = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [sessionId],
  );
  return live.rows[0] ?? null;
}

/** Revokes the session for the reuse of a rotated refresh token (unless already revoked). */
export async function revokeForTokenReuse(db: Database, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh_token_reuse' WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId],
  );
}

/**
 * Revokes the session whose current or rotated refresh token hash is `tokenHash` (a revoked one
 * keeps its first time and reason); its id, or null when the hash matches nothing.
 */
export async function revokeSessionByTokenHash(
  db: Database,
  tokenHash: string,
  reason: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = COALESCE(revoked_at, now()), revoked_reason = COALESCE(revoked_reason, $2)
     WHERE refresh_token_hash = $1
        OR id = (SELECT session_id FROM rotated_refresh_tokens WHERE token_hash = $1)
     RETURNING id`,
    [tokenHash, reason],
  );
  return rows[0]?.id ?? null;
}

/** The session acts in `tenantId` from now on. */
export async function setSessionTenant(
  db: Database,
  sessionId: string,
  tenantId: string | null,
): Promise<void> {
  await db.query('UPDATE sessions SET tenant_id = $2 WHERE id = $1', [sessionId, tenantId]);
}

/**
 * Deletes, in one statement (one round trip), the sessions dead (expired or revoked) for more than
 * 30 days, with their rotated hashes by cascade, and the rotated hashes older than
 * `rotatedMaxAgeSeconds`; answers how many of each.
 */
export async function deleteDeadSessions(
  db: Database,
  rotatedMaxAgeSeconds: number,
): Promise<{ sessions: number; rotatedTokens: number }> {
  const { rows } = await db.query<{ sessions: number; rotated_tokens: number }>(
    `WITH dead AS (
       DELETE FROM sessions
        WHERE expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days'
       RETURNING 1
     ), old AS (
       DELETE FROM rotated_refresh_tokens WHERE rotated_at < now() - make_interval(secs => $1) RETURNING 1
     )
     SELECT (SELECT count(*) FROM dead)::int AS sessions, (SELECT count(*) FROM old)::int AS rotated_tokens`,
    [rotatedMaxAgeSeconds],
  );
  return { sessions: rows[0]?.sessions ?? 0, rotatedTokens: rows[0]?.rotated_tokens ?? 0 };
}
