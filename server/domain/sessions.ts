/**
 * Sessions and refresh tokens.
 *
 * A refresh token is 32 random bytes (base64url). Only its SHA-256 is stored: it has enough
 * entropy that a fast hash is safe, and a leaked table cannot be replayed. Every refresh rotates
 * the token (compare-and-swap on the stored hash, so two processes cannot both accept the same
 * token); the old hash moves to `rotated_refresh_tokens`. Presenting a rotated token again means
 * someone holds a copy, so the whole session is revoked (reuse detection). The lifetime slides:
 * each rotation pushes `expires_at` to now + the refresh TTL, so it is an idle timeout.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionSettings } from '../../core/domain/security-policies';
import type { Database } from '../storage/database';
import { principalFromJson, principalJson, type PrincipalRow } from '../storage/principal';

interface SessionRow {
  id: string;
  user_id: string;
  tenant_id: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  /** Set when the session was opened by impersonation (migration 8). */
  impersonator_user_id: string | null;
}

interface NewSession {
  session: SessionRow;
  refreshToken: string;
}

/**
 * The session as it was before a rotation moved its last use forward, for the session policy
 * (security-policies.ts sessionTimeoutOf): its age and idle time in seconds, and the policy of its
 * tenant (else the vendor's; null: neither saved one).
 */
interface BeforeRotation {
  age: number;
  idle: number;
  policy: SessionSettings | null;
}

type RotateResult =
  | {
      kind: 'rotated';
      session: SessionRow;
      refreshToken: string;
      before: BeforeRotation;
      /** The session's user as storage/principal.ts reads them, by the same statement. */
      principal: PrincipalRow | null;
    }
  | { kind: 'invalid' }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'raced'; session: SessionRow };

/**
 * Two tabs of one browser restoring the session at the same moment send the same cookie; one
 * rotates it and the other arrives with a token rotated a moment ago. Within this window, the
 * session's latest rotated token gets a new access token but no new cookie (the browser already
 * holds the winner's cookie: tabs share it). Later presentations are reuse and revoke the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** Refresh tokens are exactly 43 base64url characters; anything else is refused before any query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_USER_AGENT = 512;

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a refresh token, hex: what the database stores and looks up. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `value` could be a refresh token (shape only). */
export function isRefreshTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

const SESSION_COLUMNS = 'id, user_id, tenant_id, created_at, last_used_at, expires_at, impersonator_user_id';

/**
 * Starts a session for `userId` in `tenantId` and returns it with its first refresh token. With
 * `signIn` (the user's own sign-in, not an impersonation), the same statement records their last
 * login (and the tenant it was made in) and reads the session policy in force in `tenantId` (its own, else
 * the vendor's; null: neither saved one) for its concurrent-sessions limit
 * (security-policies.ts limitConcurrentSessions): one round trip instead of four.
 */
export async function createSession(
  db: Database,
  input: {
    userId: string;
    tenantId: string | null;
    userAgent?: string | undefined;
    ip?: string | undefined;
    ttlSeconds: number;
    impersonatorUserId?: string | null;
    signIn?: boolean;
  },
): Promise<NewSession & { policy?: SessionSettings | null }> {
  const refreshToken = newRefreshToken();
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
      hashRefreshToken(refreshToken),
      input.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      input.ip ?? null,
      input.ttlSeconds,
      input.impersonatorUserId ?? null,
    ],
  );
  const { policy, ...session } = rows[0]!;
  return { session, refreshToken, ...(input.signIn ? { policy: policy ?? null } : {}) };
}

/**
 * Exchanges a refresh token for a new one. `invalid`: unknown, revoked or expired. `reused`: the
 * token was already rotated; the session has just been revoked. `raced`: rotated within the grace
 * window by a concurrent request; the session goes on without a new token.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  ttlSeconds: number,
): Promise<RotateResult> {
  if (!isRefreshTokenShaped(token)) return { kind: 'invalid' };
  const oldHash = hashRefreshToken(token);
  const next = newRefreshToken();
  // One statement, so one round trip and atomic without BEGIN/COMMIT: the UPDATE's WHERE clause
  // is the compare-and-swap (of two concurrent refreshes with one token, exactly one matches; the
  // other then finds the hash in rotated_refresh_tokens), and the old hash is recorded with it.
  // `before` reads the session as the statement's snapshot saw it, before the UPDATE: its age,
  // idle time and session policy, which the caller checks (a refusal revokes the session, so the
  // token just issued is never usable). The same statement reads the session's user with
  // everything their token carries (storage/principal.ts): a refresh is one round trip.
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
    [oldHash, hashRefreshToken(next), ttlSeconds],
  );
  const row = rows[0];
  if (row) {
    const { age, idle, policy, principal, ...session } = row;
    return {
      kind: 'rotated',
      session,
      refreshToken: next,
      before: { age, idle, policy },
      principal: principalFromJson(principal),
    };
  }
  return db.transaction(async (tx): Promise<RotateResult> => {
    const reused = await tx.query<{ session_id: string; in_grace: boolean }>(
      `SELECT r.session_id,
              r.rotated_at > now() - make_interval(secs => $2)
              AND NOT EXISTS (SELECT 1 FROM rotated_refresh_tokens later
                               WHERE later.session_id = r.session_id AND later.rotated_at > r.rotated_at) AS in_grace
         FROM rotated_refresh_tokens r WHERE r.token_hash = $1`,
      [oldHash, REFRESH_REUSE_GRACE_SECONDS],
    );
    const sessionId = reused.rows[0]?.session_id;
    if (!sessionId) return { kind: 'invalid' };
    if (reused.rows[0]!.in_grace) {
      const live = await tx.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()`,
        [sessionId],
      );
      if (live.rows[0]) return { kind: 'raced', session: live.rows[0] };
      return { kind: 'invalid' };
    }
    await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh_token_reuse' WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId],
    );
    return { kind: 'reused', sessionId };
  });
}

/**
 * Revokes the session that `token` belongs to (current or already-rotated token alike).
 * Returns the session id, or null when the token matches nothing.
 */
export async function revokeSessionByToken(
  db: Database,
  token: string,
  reason = 'logout',
): Promise<string | null> {
  if (!isRefreshTokenShaped(token)) return null;
  const tokenHash = hashRefreshToken(token);
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = COALESCE(revoked_at, now()), revoked_reason = COALESCE(revoked_reason, $2)
     WHERE refresh_token_hash = $1
        OR id = (SELECT session_id FROM rotated_refresh_tokens WHERE token_hash = $1)
     RETURNING id`,
    [tokenHash, reason],
  );
  return rows[0]?.id ?? null;
}

/**
 * Housekeeping, run now and then by every server process (app.ts; each deletes what is left):
 * sessions dead (expired or revoked) for more than 30 days, with their rotated-token hashes by
 * cascade; and the hashes of tokens rotated longer ago than the refresh token's lifetime
 * (`refreshTtlSeconds`). Reuse detection needs no more: a token rotated at T had been issued
 * before T, so it would have expired by T + the lifetime had it never been rotated, and a copy
 * presented after that is refused as unknown either way.
 */
export async function pruneSessions(
  db: Database,
  refreshTtlSeconds: number,
): Promise<{ sessions: number; rotatedTokens: number }> {
  // One statement (one round trip, issued at once when a server starts).
  const { rows } = await db.query<{ sessions: number; rotated_tokens: number }>(
    `WITH dead AS (
       DELETE FROM sessions
        WHERE expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days'
       RETURNING 1
     ), old AS (
       DELETE FROM rotated_refresh_tokens WHERE rotated_at < now() - make_interval(secs => $1) RETURNING 1
     )
     SELECT (SELECT count(*) FROM dead)::int AS sessions, (SELECT count(*) FROM old)::int AS rotated_tokens`,
    [refreshTtlSeconds],
  );
  return { sessions: rows[0]?.sessions ?? 0, rotatedTokens: rows[0]?.rotated_tokens ?? 0 };
}
