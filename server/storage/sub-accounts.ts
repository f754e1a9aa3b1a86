/**
 * Sub-accounts in SQL (the repository of core/domain/sub-accounts.ts): the tree below an account, a
 * rename, a delete (the rows below go with it: tenants.parent_tenant_id cascades) and memberships
 * ended in an account and the accounts below it. SQL only: the rules are the domain's.
 */
import type { SubAccountsRepository } from '../../core/domain/sub-accounts';
import type { Database } from './database';

/** Every live tenant below `$1` (not `$1` itself), as a recursive query. */
export const DESCENDANTS = `WITH RECURSIVE tree AS (
    SELECT id FROM tenants WHERE parent_tenant_id = $1 AND deleted_at IS NULL
    UNION
    SELECT t.id FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id WHERE t.deleted_at IS NULL
  )`;

/** True when `tenantId` is `rootId` or lies below it. */
export async function isWithinTree(db: Database, rootId: string, tenantId: string): Promise<boolean> {
  if (rootId === tenantId) return true;
  const { rows } = await db.query<{ found: boolean }>(
    `${DESCENDANTS} SELECT EXISTS (SELECT 1 FROM tree WHERE id = $2) AS found`,
    [rootId, tenantId],
  );
  return rows[0]?.found === true;
}

export function subAccountsRepository(db: Database): SubAccountsRepository {
  return {
    isWithin: (rootId, tenantId) => isWithinTree(db, rootId, tenantId),
    async rename(tenantId, name) {
      await db.query('UPDATE tenants SET name = $2, updated_at = now() WHERE id = $1', [tenantId, name]);
    },
    async remove(tenantId) {
      await db.query('DELETE FROM tenants WHERE id = $1', [tenantId]);
    },
    async isMember(tenantId, userId) {
      const { rows } = await db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
        tenantId,
        userId,
      ]);
      return rows.length > 0;
    },
    async removeMember(tenantId, userId) {
      await db.query(
        `${DESCENDANTS.replace('$1', '$2')} DELETE FROM memberships WHERE user_id = $1 AND (tenant_id = $2 OR tenant_id IN (SELECT id FROM tree))`,
        [userId, tenantId],
      );
    },
  };
}
