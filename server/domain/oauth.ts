/**
 * The OpenID Connect provider behind hosted login: authorization codes with PKCE (S256 only), the
 * grants that tie client sessions to codes and browser sessions, the scopes. The registered clients
 * are in `oauth-clients.ts`; the ID tokens are signed in http/oauth.ts.
 *
 * Sessions are the ordinary `sessions` rows (rotation and reuse detection come from
 * `sessions.ts`); an OAuth client's session is marked by its `oauth_grants` row, so a browser
 * refresh cookie is never accepted at the token endpoint and a client's refresh token is never
 * accepted as a cookie by another client.
 */
import type { ErrorCode } from '../../core/contract/errors';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../storage/database';
import { hashRefreshToken, isRefreshTokenShaped } from './sessions';

/** Authorization codes live 60 s (RFC 6749 §4.1.2 recommends at most 10 minutes). */
const CODE_TTL_SECONDS = 60;
export const SUPPORTED_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const VERIFIER_SHAPE = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: exactly 43 characters. */
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** base64url(SHA-256(ASCII(verifier))): the S256 code challenge of RFC 7636 §4.2. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function isChallengeShaped(value: unknown): value is string {
  return typeof value === 'string' && CHALLENGE_SHAPE.test(value);
}

/** True when `verifier` is well formed and hashes to `challenge` (constant-time comparison is moot: both are public after use). */
function verifyPkce(verifier: unknown, challenge: string): boolean {
  return (
    typeof verifier === 'string' && VERIFIER_SHAPE.test(verifier) && s256Challenge(verifier) === challenge
  );
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The client an authorization code was issued to (the code is not spent), or null. */
export async function clientIdOfCode(db: Database, code: unknown): Promise<string | null> {
  if (typeof code !== 'string' || !CODE_SHAPE.test(code)) return null;
  const { rows } = await db.query<{ client_id: string }>(
    'SELECT client_id FROM oauth_codes WHERE code_hash = $1',
    [hashCode(code)],
  );
  return rows[0]?.client_id ?? null;
}

/** The live browser session behind a refresh cookie, without rotating it. */
export async function findLiveSession(
  db: Database,
  refreshToken: string | undefined,
): Promise<{ id: string; user_id: string; tenant_id: string | null; created_at: Date } | null> {
  if (!isRefreshTokenShaped(refreshToken)) return null;
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    tenant_id: string | null;
    created_at: Date;
  }>(
    `SELECT id, user_id, tenant_id, created_at FROM sessions
      WHERE refresh_token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashRefreshToken(refreshToken)],
  );
  return rows[0] ?? null;
}

interface NewCode {
  clientId: string;
  userId: string;
  browserSessionId: string;
  tenantId: string | null;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  scope: string;
  authTime: Date;
}

/** Issues a single-use code (32 random bytes; only its SHA-256 is stored). */
export async function createCode(db: Database, input: NewCode): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Housekeeping without a background job: codes expired a day ago go.
  await db.query(`DELETE FROM oauth_codes WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO oauth_codes (code_hash, client_id, user_id, browser_session_id, tenant_id, redirect_uri, code_challenge, nonce, scope, auth_time, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11))`,
    [
      hashCode(code),
      input.clientId,
      input.userId,
      input.browserSessionId,
      input.tenantId,
      input.redirectUri,
      input.codeChallenge,
      input.nonce,
      input.scope,
      input.authTime,
      CODE_TTL_SECONDS,
    ],
  );
  return code;
}

interface RedeemedCode {
  codeHash: string;
  userId: string;
  browserSessionId: string;
  tenantId: string | null;
  nonce: string | null;
  scope: string;
  authTime: Date;
}

type RedeemResult = { ok: true; code: RedeemedCode } | { ok: false; refusal: OAuthCodeRefusal };

/** Why a code is refused (a code of the error catalogue, core/contract/errors.ts). */
type OAuthCodeRefusal = Extract<ErrorCode, `OAUTH_${string}`>;

/**
 * Uses up a code. The code is spent by the first attempt whatever its outcome (a wrong verifier
 * cannot be retried). A code presented a second time revokes every session issued with it
 * (RFC 6749 §4.1.2). Client, redirect URI, expiry, PKCE and the approving browser session are checked.
 */
export async function redeemCode(
  db: Database,
  input: { code: unknown; clientId: string; redirectUri: unknown; codeVerifier: unknown },
): Promise<RedeemResult> {
  const invalid = (refusal: OAuthCodeRefusal): RedeemResult => ({ ok: false, refusal });
  if (typeof input.code !== 'string' || !CODE_SHAPE.test(input.code)) return invalid('OAUTH_CODE_INVALID');
  const codeHash = hashCode(input.code);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      client_id: string;
      user_id: string;
      browser_session_id: string;
      tenant_id: string | null;
      redirect_uri: string;
      code_challenge: string;
      nonce: string | null;
      scope: string;
      auth_time: Date;
      expired: boolean;
      session_live: boolean;
    }>(
      `UPDATE oauth_codes c SET used_at = now()
        WHERE code_hash = $1 AND used_at IS NULL
        RETURNING client_id, user_id, browser_session_id, tenant_id, redirect_uri, code_challenge, nonce, scope, auth_time,
                  expires_at <= now() AS expired,
                  EXISTS (SELECT 1 FROM sessions s WHERE s.id = c.browser_session_id AND s.revoked_at IS NULL AND s.expires_at > now()) AS session_live`,
      [codeHash],
    );
    const row = rows[0];
    if (!row) {
      await tx.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'authorization code reused'
          WHERE revoked_at IS NULL AND id IN (SELECT session_id FROM oauth_grants WHERE code_hash = $1)`,
        [codeHash],
      );
      return invalid('OAUTH_CODE_USED');
    }
    if (row.expired) return invalid('OAUTH_CODE_EXPIRED');
    if (row.client_id !== input.clientId) return invalid('OAUTH_CODE_OTHER_CLIENT');
    if (row.redirect_uri !== input.redirectUri) return invalid('OAUTH_REDIRECT_MISMATCH');
    if (input.codeVerifier === undefined || input.codeVerifier === null || input.codeVerifier === '')
      return invalid('OAUTH_VERIFIER_REQUIRED');
    if (!verifyPkce(input.codeVerifier, row.code_challenge)) return invalid('OAUTH_VERIFIER_MISMATCH');
    if (!row.session_live) return invalid('OAUTH_SIGN_IN_ENDED');
    return {
      ok: true,
      code: {
        codeHash,
        userId: row.user_id,
        browserSessionId: row.browser_session_id,
        tenantId: row.tenant_id,
        nonce: row.nonce,
        scope: row.scope,
        authTime: row.auth_time,
      },
    };
  });
}

/** Marks `sessionId` as issued to `clientId` through `codeHash`, on behalf of a browser session. */
export async function recordGrant(
  db: Database,
  input: {
    sessionId: string;
    clientId: string;
    codeHash: string | null;
    browserSessionId: string | null;
    scope: string;
    authTime: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO oauth_grants (session_id, client_id, code_hash, browser_session_id, scope, auth_time) VALUES ($1, $2, $3, $4, $5, $6)`,
    [input.sessionId, input.clientId, input.codeHash, input.browserSessionId, input.scope, input.authTime],
  );
}

/**
 * The grant behind an OAuth refresh token (current or already rotated), or null when the token
 * is not one this provider issued to a client. Checked before rotating, so a browser cookie
 * presented at the token endpoint is refused without being spent.
 */
export async function grantOfRefreshToken(
  db: Database,
  refreshToken: unknown,
): Promise<{ clientId: string; scope: string; authTime: Date; browserSessionId: string | null } | null> {
  if (!isRefreshTokenShaped(refreshToken)) return null;
  const hash = hashRefreshToken(refreshToken);
  const { rows } = await db.query<{
    client_id: string;
    scope: string;
    auth_time: Date;
    browser_session_id: string | null;
  }>(
    `SELECT g.client_id, g.scope, g.auth_time, g.browser_session_id FROM oauth_grants g
      WHERE g.session_id IN (SELECT id FROM sessions WHERE refresh_token_hash = $1
                             UNION SELECT session_id FROM rotated_refresh_tokens WHERE token_hash = $1)`,
    [hash],
  );
  const row = rows[0];
  return row
    ? {
        clientId: row.client_id,
        scope: row.scope,
        authTime: row.auth_time,
        browserSessionId: row.browser_session_id,
      }
    : null;
}

/**
 * A client presented a refresh token already rotated: reuse, which ends its session (a client
 * holds a single copy, so the browser's grace for tabs racing one cookie does not apply).
 */
export async function endReusedClientSession(db: Database, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh token reused' WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId],
  );
}

/** Ends a browser session and every client session issued on its behalf (RP-initiated logout). */
export async function endBrowserSession(db: Database, browserSessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout'
      WHERE revoked_at IS NULL
        AND (id = $1 OR id IN (SELECT session_id FROM oauth_grants WHERE browser_session_id = $1))`,
    [browserSessionId],
  );
}

/** Normalises a requested scope: known scopes only, `openid` required. Null when `openid` is missing. */
export function grantedScope(requested: unknown): string | null {
  if (typeof requested !== 'string' || requested.length > 500) return null;
  const asked = new Set(requested.split(' ').filter(Boolean));
  if (!asked.has('openid')) return null;
  return SUPPORTED_SCOPES.filter((scope) => asked.has(scope)).join(' ');
}
