/**
 * API tokens and access tokens in SQL: the repository of core/domain/api-tokens.ts for one owner
 * and kind (demo mode's is core/demo/apiTokens.ts; server/storage/api-tokens.test.ts holds both to
 * the same cases), and the server-only reads that recognise a token when it is used
 * (server/domain/api-tokens.ts). Only a hash of the secret is stored, made by the caller's `hash`.
 */
import type {
  ApiTokenRecord,
  ApiTokenRepository,
  ApiTokenType,
  TokenKind,
} from '../../core/domain/api-tokens';
import type { Database } from './database';

/** One owner's tokens of one kind: a user's own personal ones, or the account's. */
export interface ApiTokenOwner {
  type: ApiTokenType;
  tenantId: string;
  userId: string;
  /** Default `api`. */
  kind?: TokenKind;
}

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

const toRecord = (r: Row): ApiTokenRecord => ({
  id: r.id,
  type: r.type,
  tenantId: r.tenant_id,
  createdByUserId: r.created_by_user_id,
  description: r.description,
  expiresInMinutes: r.expires_in_minutes,
  expires: r.expires_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  roleIds: r.role_ids ?? [],
});

/** The owner's tokens of their kind ($1 tenant, $2 type, $3 user, $4 kind). */
const OWNED = `t.tenant_id = $1 AND t.type = $2 AND ($2 = 'tenant' OR t.user_id = $3) AND t.kind = $4`;

/** The repository of core/domain/api-tokens.ts for one owner and kind; `hash` makes the stored hash of a secret. */
export function apiTokenRepository(
  db: Database,
  owner: ApiTokenOwner,
  hash: (secret: string) => string,
): ApiTokenRepository {
  const kind = owner.kind ?? 'api';
  const owned = [owner.tenantId, owner.type, owner.userId, kind];
  const find = async (tx: Database, id: string) =>
    (await tx.query<Row>(`SELECT ${COLUMNS} FROM api_tokens t WHERE ${OWNED} AND t.id = $5`, [...owned, id]))
      .rows[0];
  return {
    list: async () =>
      (
        await db.query<Row>(
          `SELECT ${COLUMNS} FROM api_tokens t WHERE ${OWNED} ORDER BY t.created_at DESC, t.id`,
          owned,
        )
      ).rows.map(toRecord),
    find: async (id) => {
      const row = await find(db, id);
      return row ? toRecord(row) : null;
    },
    insert: (input) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO api_tokens (type, tenant_id, user_id, created_by_user_id, secret_hash, description, expires_in_minutes, expires_at, kind)
           VALUES ($1, $2, $3, $4, $5, $6, $7::int, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(mins => $7::int) END, $8)
           RETURNING id`,
          [
            owner.type,
            owner.tenantId,
            owner.type === 'user' ? owner.userId : null,
            owner.userId,
            hash(input.secret),
            input.description,
            input.expiresInMinutes,
            kind,
          ],
        );
        const id = rows[0]!.id;
        if (owner.type === 'tenant' && input.roleIds.length)
          await tx.query('INSERT INTO api_token_roles (token_id, role_id) SELECT $1, unnest($2::uuid[])', [
            id,
            input.roleIds,
          ]);
        return toRecord((await find(tx, id))!);
      }),
    update: (id, changes) =>
      db.transaction(async (tx) => {
        if (!(await find(tx, id))) return;
        if (changes.description !== undefined)
          await tx.query('UPDATE api_tokens SET description = $2 WHERE id = $1', [id, changes.description]);
        if (changes.roleIds && owner.type === 'tenant') {
          await tx.query('DELETE FROM api_token_roles WHERE token_id = $1', [id]);
          await tx.query('INSERT INTO api_token_roles (token_id, role_id) SELECT $1, unnest($2::uuid[])', [
            id,
            changes.roleIds,
          ]);
        }
      }),
    remove: async (id) =>
      (await db.query(`DELETE FROM api_tokens t WHERE ${OWNED} AND t.id = $5 RETURNING t.id`, [...owned, id]))
        .rows.length > 0,
  };
}

/** A token as its use finds it: whose it is and what it is for. */
export interface UsedApiToken {
  id: string;
  type: ApiTokenType;
  tenantId: string;
  userId: string | null;
  description: string;
}

/** The live API token of this client id with its secret's hash (null: unknown or expired). */
export async function liveApiToken(
  db: Database,
  clientId: string,
): Promise<(UsedApiToken & { secretHash: string }) | null> {
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
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    tenantId: row.tenant_id,
    userId: row.user_id,
    description: row.description,
    secretHash: row.secret_hash,
  };
}

/** Records a use of the token. */
export async function touchApiToken(db: Database, id: string): Promise<void> {
  await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [id]);
}

/** The live access token whose secret has this hash, its use recorded (null: unknown, deleted or expired). */
export async function useAccessToken(
  db: Database,
  secretHash: string,
): Promise<(UsedApiToken & { expires: Date | null }) | null> {
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
    [secretHash],
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

/** Roles and permission keys an account token grants. */
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
