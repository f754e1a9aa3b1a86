/**
 * Sub-accounts on the server's platform (server/platform.ts): the store is written once over the
 * tables port (core/domain/sub-account-store.ts); the tree below an account is read here, in SQL,
 * with one recursive query (the port has no recursion); and the account switch's session.
 */
import type { SubAccountTreeReads } from '../../core/domain/sub-account-store';
import type { SubAccountTreeRow } from '../../core/domain/sub-account-tree';
import type { Database } from './database';

/** Every live tenant below `$1` (not `$1` itself), as a recursive query. */
const DESCENDANTS = `WITH RECURSIVE tree AS (
    SELECT id FROM tenants WHERE parent_tenant_id = $1 AND deleted_at IS NULL
    UNION
    SELECT t.id FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id WHERE t.deleted_at IS NULL
  )`;

/** True when `tenantId` is `rootId` or lies below it. */
async function isWithinTree(db: Database, rootId: string, tenantId: string): Promise<boolean> {
  if (rootId === tenantId) return true;
  const { rows } = await db.query<{ found: boolean }>(
    `${DESCENDANTS} SELECT EXISTS (SELECT 1 FROM tree WHERE id = $2) AS found`,
    [rootId, tenantId],
  );
  return rows[0]?.found === true;
}

/** The account (level 0) and every live account below it, by level, then name, then id. */
async function treeOf(db: Database, rootId: string): Promise<SubAccountTreeRow[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    parent_tenant_id: string | null;
    created_at: Date;
    level: number;
  }>(
    `WITH RECURSIVE tree AS (
         SELECT id, name, parent_tenant_id, created_at, 0 AS level FROM tenants WHERE id = $1
         UNION ALL
         SELECT t.id, t.name, t.parent_tenant_id, t.created_at, tree.level + 1
           FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id WHERE t.deleted_at IS NULL
       )
       SELECT * FROM tree ORDER BY level, lower(name), id`,
    [rootId],
  );
  return rows.map((r) => ({
    tenantId: r.id,
    name: r.name,
    parentTenantId: r.parent_tenant_id,
    createdAt: r.created_at.toISOString(),
    level: r.level,
  }));
}

/** The tree reads of the sub-accounts' store: the server's recursive queries. */
export const subAccountTree = (db: Database): SubAccountTreeReads => ({
  isWithin: (rootId, tenantId) => isWithinTree(db, rootId, tenantId),
  treeOf: (rootId) => treeOf(db, rootId),
});

/**
 * The account switch's session (core/domain/sub-account-store.ts writes the user's active account):
 * it acts in `tenantId`, so the next refresh issues an access token for it.
 */
export async function moveSession(
  db: Database,
  input: { userId: string; sessionId: string | null; tenantId: string },
): Promise<void> {
  await db.query('UPDATE sessions SET tenant_id = $3 WHERE id = $1 AND user_id = $2', [
    input.sessionId,
    input.userId,
    input.tenantId,
  ]);
}
