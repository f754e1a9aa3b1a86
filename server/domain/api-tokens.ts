/**
 * API tokens (spec 001 §3 "API token", §6 "Personal API tokens exist apart from tenant API tokens"):
 * - a personal (user) token acts as its owner in the tenant it was made in, with the owner's
 *   permissions there at the moment it is used (a member who leaves, or loses roles, takes that
 *   away from the token too);
 * - a tenant token acts for the tenant with the roles chosen at creation.
 * The secret is 32 random bytes, shown once at creation; only its SHA-256 is stored (it has 256
 * bits of entropy, so a fast hash is enough: nothing to brute-force). The client id is public.
 * A token is exchanged for a short-lived access token at POST /identity/resources/auth/v1/api-token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../storage/database';
import { emitEvent } from './connectivity';

export type ApiTokenType = 'user' | 'tenant';
/**
 * `api`: client id and secret, exchanged for a short-lived access token (POST .../auth/v1/api-token).
 * `access`: the client SDK's access tokens, whose secret is itself the bearer of every call
 * (http/bearer.ts; resolveAccessToken below). Both act alike: as their owner in the tenant they were
 * made in, or with a tenant token's roles.
 */
export type TokenKind = 'api' | 'access';

interface ApiTokenItem {
  id: string;
  tokenId: string;
  /** The public half of the credentials (legacy client-credentials form). */
  clientId: string;
  description: string;
  type: ApiTokenType;
  tenantId: string;
  createdAt: string;
  createdByUserId: string | null;
  /** Minutes of validity asked at creation; null: never expires. */
  expiresInMinutes: number | null;
  expires: string | null;
  lastUsedAt: string | null;
  /** Tenant tokens only. */
  roleIds?: string[];
}

/**
 * The `sid` of access tokens exchanged from API tokens (`api-token:{token id}`): no login session
 * is behind them, and their holder is a program, not a signed-in person.
 */
export const API_TOKEN_SESSION = 'api-token:';

/**
 * Whether these access-token claims come from an API-token exchange. Such a caller may use the API,
 * but not make what would outlive the token's deletion (other tokens, impersonation sessions) nor
 * act as a signed-in person (http/bearer.ts requireSignedInUser).
 */
export const isApiTokenAccess = (claims: { sid?: unknown }): boolean =>
  typeof claims.sid === 'string' && claims.sid.startsWith(API_TOKEN_SESSION);

const hashSecret = (secret: string) => createHash('sha256').update(`api-token:${secret}`).digest('hex');

interface Row {
  id: string;
  type: ApiTokenType;
  tenant_id: string;
  created_by_user_id: string | null;
  description: string;
  expires_at: Date | null;
  expires_in_minutes: number | null;
  last_used_at: Date | null;
  created_at: Date;
  role_ids: string[] | null;
}

const COLUMNS = `t.id, t.type, t.tenant_id, t.created_by_user_id, t.description, t.expires_at, t.expires_in_minutes, t.last_used_at, t.created_at,
  (SELECT array_agg(tr.role_id ORDER BY tr.role_id) FROM api_token_roles tr WHERE tr.token_id = t.id) AS role_ids`;

function toItem(r: Row): ApiTokenItem {
  return {
    id: r.id,
    tokenId: r.id,
    clientId: r.id,
    description: r.description,
    type: r.type,
    tenantId: r.tenant_id,
    createdAt: r.created_at.toISOString(),
    createdByUserId: r.created_by_user_id,
    expiresInMinutes: r.expires_in_minutes,
    expires: r.expires_at?.toISOString() ?? null,
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    ...(r.type === 'tenant' ? { roleIds: r.role_ids ?? [] } : {}),
  };
}

interface TokenOwner {
  type: ApiTokenType;
  tenantId: string;
  userId: string;
  /** Default `api`. */
  kind?: TokenKind;
}

/** The owner's tokens, newest first (a user's own personal tokens, or the tenant's tokens). */
export async function listApiTokens(db: Database, owner: TokenOwner): Promise<ApiTokenItem[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM api_tokens t
      WHERE t.tenant_id = $1 AND t.type = $2 AND ($2 = 'tenant' OR t.user_id = $3) AND t.kind = $4
      ORDER BY t.created_at DESC, t.id`,
    [owner.tenantId, owner.type, owner.userId, owner.kind ?? 'api'],
  );
  return rows.map(toItem);
}

export async function createApiToken(
  db: Database,
  owner: TokenOwner,
  input: { description: string; expiresInMinutes: number | null; roleIds: string[] },
): Promise<ApiTokenItem & { secret: string }> {
  const kind = owner.kind ?? 'api';
  const secret = `${kind === 'access' ? ACCESS_TOKEN_PREFIX : ''}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO api_tokens (type, tenant_id, user_id, created_by_user_id, secret_hash, description, expires_in_minutes, expires_at, kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7::int, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(mins => $7::int) END, $8)
       RETURNING id`,
      [
        owner.type,
        owner.tenantId,
        owner.type === 'user' ? owner.userId : null,
        owner.userId,
        hashSecret(secret),
        input.description,
        input.expiresInMinutes,
        kind,
      ],
    );
    const id = rows[0]!.id;
    if (owner.type === 'tenant' && input.roleIds.length) {
      await tx.query('INSERT INTO api_token_roles (token_id, role_id) SELECT $1, unnest($2::uuid[])', [
        id,
        input.roleIds,
      ]);
    }
    const row = (await tx.query<Row>(`SELECT ${COLUMNS} FROM api_tokens t WHERE t.id = $1`, [id])).rows[0]!;
    await emitEvent({ db: tx }, owner.tenantId, 'apiToken.created', { tokenId: id, type: owner.type });
    return { ...toItem(row), secret };
  });
}

/** Deletes one of the owner's tokens; false when there is none with that id. */
export async function deleteApiToken(db: Database, owner: TokenOwner, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM api_tokens WHERE id = $1 AND tenant_id = $2 AND type = $3 AND ($3 = 'tenant' OR user_id = $4) AND kind = $5 RETURNING id`,
    [id, owner.tenantId, owner.type, owner.userId, owner.kind ?? 'api'],
  );
  if (rows.length)
    await emitEvent({ db }, owner.tenantId, 'apiToken.deleted', { tokenId: id, type: owner.type });
  return rows.length > 0;
}

interface ResolvedApiToken {
  id: string;
  type: ApiTokenType;
  tenantId: string;
  userId: string | null;
  description: string;
}

/**
 * The live token whose client id and secret these are, or null (unknown, wrong secret or expired:
 * the caller cannot tell which). The secret is compared as hashes in constant time.
 */
export async function resolveApiToken(
  db: Database,
  clientId: string,
  secret: string,
): Promise<ResolvedApiToken | null> {
  const { rows } = await db.query<{
    id: string;
    type: ApiTokenType;
    tenant_id: string;
    user_id: string | null;
    description: string;
    secret_hash: string;
  }>(
    `SELECT id, type, tenant_id, user_id, description, secret_hash FROM api_tokens
      WHERE id = $1 AND kind = 'api' AND (expires_at IS NULL OR expires_at > now())`,
    [clientId],
  );
  const row = rows[0];
  const given = Buffer.from(hashSecret(secret));
  if (!row || !timingSafeEqual(Buffer.from(row.secret_hash), given)) return null;
  await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [row.id]);
  return {
    id: row.id,
    type: row.type,
    tenantId: row.tenant_id,
    userId: row.user_id,
    description: row.description,
  };
}

/** What an access token's secret starts with (the bearer check tells it from a JWT by its form). */
const ACCESS_TOKEN_PREFIX = 'fat_';
/** An access token's whole secret: the prefix and 32 random bytes in base64url. */
const ACCESS_TOKEN_FORM = /^fat_[A-Za-z0-9_-]{43}$/;

/**
 * The live access token whose secret this is, or null (unknown, deleted or expired: one answer).
 * Looked up by the secret's SHA-256 (the secret has 256 bits of entropy: nothing to learn from
 * the lookup's timing); its use is recorded.
 */
export async function resolveAccessToken(
  db: Database,
  secret: string,
): Promise<(ResolvedApiToken & { expires: Date | null }) | null> {
  if (!ACCESS_TOKEN_FORM.test(secret)) return null;
  const { rows } = await db.query<{
    id: string;
    type: ApiTokenType;
    tenant_id: string;
    user_id: string | null;
    description: string;
    expires_at: Date | null;
  }>(
    `UPDATE api_tokens SET last_used_at = now()
      WHERE secret_hash = $1 AND kind = 'access' AND (expires_at IS NULL OR expires_at > now())
      RETURNING id, type, tenant_id, user_id, description, expires_at`,
    [hashSecret(secret)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    tenantId: row.tenant_id,
    userId: row.user_id,
    description: row.description,
    expires: row.expires_at,
  };
}

/** Roles and permission keys a tenant token grants. */
export async function tenantTokenAuthorization(
  db: Database,
  tokenId: string,
): Promise<{ roles: string[]; permissions: string[] }> {
  const { rows } = await db.query<{ role: string; permission: string | null }>(
    `SELECT r.key AS role, p.key AS permission FROM api_token_roles tr JOIN roles r ON r.id = tr.role_id
       LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id
      WHERE tr.token_id = $1`,
    [tokenId],
  );
  return {
    roles: [...new Set(rows.map((r) => r.role))].sort(),
    permissions: [...new Set(rows.flatMap((r) => (r.permission ? [r.permission] : [])))].sort(),
  };
}
