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
import { hierarchyFlat, hierarchyParents, hierarchyTree } from '../../core/domain/sub-account-tree';
import { subAccountUserCounts } from '../../core/domain/sub-account-members';
import { subAccountsRepository } from '../storage/sub-accounts';
import { uuid } from '../http/list-query';
import * as s from '../http/schemas';
import { accountOf } from '../http/route-table';

const HIERARCHY_V1 = '/tenants/resources/hierarchy/v1';

/** The reads of core/domain/sub-account-tree.ts over the SQL repository. */
export async function hierarchyV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = subAccountsRepository(ctx.db);
  app.get(HIERARCHY_V1, async (request) => hierarchyFlat(repo, accountOf(request)));
  app.get(`${HIERARCHY_V1}/tree`, async (request) => hierarchyTree(repo, accountOf(request)));
  app.get(`${HIERARCHY_V1}/parents`, async (request) =>
    hierarchyParents(repo, accountOf(request), accountOf(request)),
  );
  app.get<{ Params: { tenantId: string } }>(
    `${HIERARCHY_V1}/parents/:tenantId`,
    { schema: { params: s.strictObject({ tenantId: uuid }, ['tenantId']) } },
    async (request) => hierarchyParents(repo, accountOf(request), request.params.tenantId),
  );
  app.post<{ Body: { tenantIds: string[] } }>('/identity/resources/tenants/users/v1/count', async (request) =>
    subAccountUserCounts(repo, accountOf(request), request.body.tenantIds),
  );
}
