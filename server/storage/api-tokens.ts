/**
 * API tokens and access tokens in SQL, the server-only reads that recognise a token when it is
 * used (server/domain/api-tokens.ts): the live token of a client id with its secret's hash, an
 * access token found by its hash with its use recorded in the same statement, and the roles and
 * permissions an account token grants. Listing, making, editing and deleting them is the
 * repository of core/domain/api-token-store.ts, written once over `sqlTables` and the demo's store.
 */
import type { ApiTokenType } from '../../core/domain/api-tokens';
import type { Database } from './database';

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
