/** Editing an API token in SQL (the update of core/domain/api-tokens.ts's ports). */
import type { ApiTokenChanges } from '../../core/domain/api-tokens';
import type { Database } from './database';

/** The owner's API tokens: a user's own personal ones, or the account's. */
interface ApiTokenOwner {
  type: 'user' | 'tenant';
  tenantId: string;
  userId: string;
}

const OWNED = `id = $1 AND tenant_id = $2 AND type = $3 AND ($3 = 'tenant' OR user_id = $4) AND kind = 'api'`;
const ownedParams = (owner: ApiTokenOwner, id: string) => [id, owner.tenantId, owner.type, owner.userId];

export async function apiTokenExists(db: Database, owner: ApiTokenOwner, id: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM api_tokens WHERE ${OWNED}`, ownedParams(owner, id));
  return rows.length > 0;
}

/** Writes the description and (account tokens) replaces the roles, in one transaction. */
export async function updateApiToken(
  db: Database,
  owner: ApiTokenOwner,
  id: string,
  changes: ApiTokenChanges,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (changes.description !== undefined)
      await tx.query(`UPDATE api_tokens SET description = $5 WHERE ${OWNED}`, [
        ...ownedParams(owner, id),
        changes.description,
      ]);
    if (changes.roleIds && owner.type === 'tenant') {
      await tx.query('DELETE FROM api_token_roles WHERE token_id = $1', [id]);
      await tx.query('INSERT INTO api_token_roles (token_id, role_id) SELECT $1, unnest($2::uuid[])', [
        id,
        changes.roleIds,
      ]);
    }
  });
}
