/**
 * Sub-accounts on the server (the repository of core/domain/sub-accounts.ts): the tree below an
 * account, read with one recursive query, and the memberships in an account and the accounts
 * below it, in SQL; a rename and a delete are the accounts' rows (core/domain/tenant-tables.ts).
 */
import type { SubAccountsRepository } from '../../core/domain/sub-accounts';
import { subAccountRowsOver } from '../../core/domain/tenant-repositories';
import type { SubAccountTreeRow } from '../../core/domain/sub-account-tree';
import type { Database } from './database';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

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

export function subAccountsRepository(db: Database): SubAccountsRepository {
  return {
    isWithin: (rootId, tenantId) => isWithinTree(db, rootId, tenantId),
    ...subAccountRowsOver(sqlTables(db), SERVER_ROW_CLOCK),
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
    async memberByEmail(email, tenantIds) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id
          WHERE m.tenant_id = ANY($1::uuid[]) AND lower(u.email) = lower($2) LIMIT 1`,
        [tenantIds, email],
      );
      return rows[0]?.id ?? null;
    },
    async assignableRoles(tenantId, roleIds) {
      if (roleIds.length === 0) return [];
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM roles WHERE id = ANY($1::uuid[]) AND (tenant_id IS NULL OR tenant_id = $2)
            AND vendor_id = (SELECT vendor_id FROM tenants WHERE id = $2)`,
        [roleIds, tenantId],
      );
      return rows.map((r) => r.id);
    },
    async addMembers(members) {
      // A membership there by then rolls the transaction back (nothing written), answered as false.
      const taken = new Error('already a member');
      return db
        .transaction(async (tx) => {
          for (const { userId, tenantId, roleIds, allowAccess } of members) {
            const inserted = await tx.query<{ id: string }>(
              `INSERT INTO memberships (user_id, tenant_id, access_allowed) VALUES ($1, $2, $3)
              ON CONFLICT (user_id, tenant_id) DO NOTHING RETURNING id`,
              [userId, tenantId, allowAccess],
            );
            if (!inserted.rows[0]) throw taken;
            if (roleIds.length)
              await tx.query(
                'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[])',
                [inserted.rows[0].id, roleIds],
              );
          }
          return true;
        })
        .catch((error: unknown) => {
          if (error === taken) return false;
          throw error;
        });
    },
    async roleIdsOf(tenantId, userId) {
      const { rows } = await db.query<{ role_id: string }>(
        `SELECT mr.role_id FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
          WHERE m.tenant_id = $1 AND m.user_id = $2`,
        [tenantId, userId],
      );
      return rows.map((r) => r.role_id);
    },
    async setRoles(tenantId, userId, roleIds) {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          'SELECT id FROM memberships WHERE tenant_id = $1 AND user_id = $2',
          [tenantId, userId],
        );
        if (!rows[0]) return;
        await tx.query('DELETE FROM membership_roles WHERE membership_id = $1', [rows[0].id]);
        if (roleIds.length)
          await tx.query(
            'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[])',
            [rows[0].id, roleIds],
          );
      });
    },
    async setAccess(tenantId, userId, allowed) {
      await db.query('UPDATE memberships SET access_allowed = $3 WHERE tenant_id = $1 AND user_id = $2', [
        tenantId,
        userId,
        allowed,
      ]);
    },
    treeOf: (rootId) => treeOf(db, rootId),
    async memberCounts(tenantIds) {
      const { rows } = await db.query<{ tenant_id: string; total: number; allowed: number }>(
        `SELECT t.id AS tenant_id, (SELECT count(*)::int FROM memberships m WHERE m.tenant_id = t.id) AS total,
                (SELECT count(*)::int FROM memberships m WHERE m.tenant_id = t.id AND m.access_allowed) AS allowed
           FROM tenants t WHERE t.id = ANY($1::uuid[])`,
        [tenantIds],
      );
      return rows.map((r) => ({ tenantId: r.tenant_id, total: r.total, allowed: r.allowed }));
    },
  };
}

/**
 * The account switch (core/domain/sub-account-handlers.ts putUsersTenant): the session acts in
 * `tenantId`, so the next refresh issues an access token for it, and the user's next sign-in starts there.
 */
export async function moveSession(
  db: Database,
  input: { userId: string; sessionId: string; tenantId: string },
): Promise<void> {
  await db.query('UPDATE sessions SET tenant_id = $3 WHERE id = $1 AND user_id = $2', [
    input.sessionId,
    input.userId,
    input.tenantId,
  ]);
  await db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [input.userId, input.tenantId]);
}
