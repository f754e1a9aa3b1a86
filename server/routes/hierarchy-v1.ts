/**
 * The client SDK's hierarchy calls (@frontegg/rest-api 3.1.18 `tenants`), read-only, within the
 * caller's tree (fe.account-hierarchy.read.subAccount; an account outside the tree is 404, as on
 * the v2 routes):
 * - GET /tenants/resources/hierarchy/v1: every account below the active one, flat, with its `level`
 *   (1 = a child), ordered by level then name: `[{ tenantId, tenantName, createdAt, level }]`;
 * - GET /tenants/resources/hierarchy/v1/tree: the active account with its `children`, recursively;
 * - GET /tenants/resources/hierarchy/v1/parents[/{tenantId}]: the accounts above the given one (the
 *   active one by default) up to the active account, nearest first, `level` 1 = the parent. Accounts
 *   above the active one are outside the caller's tree and never shown (docs/contract.md);
 * - POST /identity/resources/tenants/users/v1/count { tenantIds }: `[{ tenantId, totalUsers,
 *   totalAccessAllowedUsers }]` (members whose access to that account is not denied), once per
 *   account asked, in the order asked; `[]` for none (the All accounts page of an account without
 *   sub-accounts asks for none).
 * Deleted accounts are left out everywhere.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { assertWithin } from '../domain/hierarchy';
import { subAccountUserCounts } from '../../core/domain/sub-account-members';
import { subAccountsRepository } from '../storage/sub-accounts';
import { uuid } from '../http/list-query';
import * as s from '../http/schemas';
import { accountOf } from '../http/route-table';

const HIERARCHY_V1 = '/tenants/resources/hierarchy/v1';
/** The All accounts page's read permission (as server/routes/hierarchy.ts). */

interface Row {
  id: string;
  name: string;
  parent_tenant_id: string | null;
  created_at: Date;
  level: number;
}

interface TreeNode {
  tenantId: string;
  tenantName: string;
  createdAt: string;
  children: TreeNode[];
}

/** The active tenant (level 0) and every live account below it, with their depth. */
async function treeRows(ctx: AppContext, rootId: string): Promise<Row[]> {
  const { rows } = await ctx.db.query<Row>(
    `WITH RECURSIVE tree AS (
       SELECT id, name, parent_tenant_id, created_at, 0 AS level FROM tenants WHERE id = $1
       UNION ALL
       SELECT t.id, t.name, t.parent_tenant_id, t.created_at, tree.level + 1
         FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id WHERE t.deleted_at IS NULL
     )
     SELECT * FROM tree ORDER BY level, lower(name), id`,
    [rootId],
  );
  return rows;
}

export async function hierarchyV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = subAccountsRepository(ctx.db);
  app.get(HIERARCHY_V1, async (request) => {
    const rows = await treeRows(ctx, accountOf(request));
    return rows
      .filter((r) => r.level > 0)
      .map((r) => ({
        tenantId: r.id,
        tenantName: r.name,
        createdAt: r.created_at.toISOString(),
        level: r.level,
      }));
  });

  app.get(`${HIERARCHY_V1}/tree`, async (request) => {
    const rows = await treeRows(ctx, accountOf(request));
    const nodes = new Map<string, TreeNode>();
    for (const r of rows)
      nodes.set(r.id, {
        tenantId: r.id,
        tenantName: r.name,
        createdAt: r.created_at.toISOString(),
        children: [],
      });
    for (const r of rows.slice(1)) nodes.get(r.parent_tenant_id!)?.children.push(nodes.get(r.id)!);
    return nodes.get(rows[0]!.id);
  });

  const parents = async (rootId: string, tenantId: string) => {
    await assertWithin(ctx.db, rootId, tenantId);
    const { rows } = await ctx.db.query<Row>(
      `WITH RECURSIVE up AS (
         SELECT id, name, parent_tenant_id, created_at, 0 AS level FROM tenants WHERE id = $1
         UNION ALL
         SELECT t.id, t.name, t.parent_tenant_id, t.created_at, up.level + 1
           FROM tenants t JOIN up ON t.id = up.parent_tenant_id WHERE up.id <> $2
       )
       SELECT * FROM up WHERE level > 0 ORDER BY level`,
      [tenantId, rootId],
    );
    return rows.map((r) => ({
      tenantId: r.id,
      tenantName: r.name,
      level: r.level,
      status: 'active',
      createdAt: r.created_at.toISOString(),
    }));
  };

  app.get(`${HIERARCHY_V1}/parents`, async (request) => {
    const rootId = accountOf(request);
    return parents(rootId, rootId);
  });

  app.get<{ Params: { tenantId: string } }>(
    `${HIERARCHY_V1}/parents/:tenantId`,
    { schema: { params: s.strictObject({ tenantId: uuid }, ['tenantId']) } },
    async (request) => parents(accountOf(request), request.params.tenantId),
  );

  app.post<{ Body: { tenantIds: string[] } }>('/identity/resources/tenants/users/v1/count', async (request) =>
    subAccountUserCounts(repo, accountOf(request), request.body.tenantIds),
  );
}
