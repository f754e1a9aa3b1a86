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
import { principalFromJson, type PrincipalRow } from '../storage/principal';
import {
  deleteDeadSessions,
  insertSession,
  liveSession,
  revokeForTokenReuse,
  revokeSessionByTokenHash,
  rotatedTokenSession,
  rotateSessionToken,
  type BeforeRotation,
  type SessionRow,
} from '../storage/sessions';

interface NewSession {
  session: SessionRow;
  refreshToken: string;
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
  const { policy, ...session } = await insertSession(db, {
    userId: input.userId,
    tenantId: input.tenantId,
    refreshTokenHash: hashRefreshToken(refreshToken),
    userAgent: input.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    ip: input.ip ?? null,
    ttlSeconds: input.ttlSeconds,
    impersonatorUserId: input.impersonatorUserId ?? null,
    signIn: input.signIn ?? false,
  });
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
  // One statement (storage/sessions.ts rotateSessionToken): the compare-and-swap of the token, so
  // of two concurrent refreshes with one token exactly one rotates it. `before` is the session as
  // it was before: its age, idle time and session policy, which the caller checks (a refusal
  // revokes the session, so the token just issued is never usable). The same statement reads the
  // session's user with everything their token carries: a refresh is one round trip.
  const row = await rotateSessionToken(db, oldHash, hashRefreshToken(next), ttlSeconds);
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
    const reused = await rotatedTokenSession(tx, oldHash, REFRESH_REUSE_GRACE_SECONDS);
    if (!reused) return { kind: 'invalid' };
    if (reused.in_grace) {
      const live = await liveSession(tx, reused.session_id);
      if (live) return { kind: 'raced', session: live };
      return { kind: 'invalid' };
    }
    await revokeForTokenReuse(tx, reused.session_id);
    return { kind: 'reused', sessionId: reused.session_id };
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
  return revokeSessionByTokenHash(db, hashRefreshToken(token), reason);
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
  return deleteDeadSessions(db, refreshTtlSeconds);
}
