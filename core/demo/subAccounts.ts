import { type Answer, ok } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoSubAccountManageRoutes } from './subAccountsManage';
import { demoSubAccountMemberRoutes } from './subAccountsMembers';
import { searchSubAccounts } from '../domain/sub-account-lists';
import { hierarchyFlat, hierarchyParents, hierarchyTree } from '../domain/sub-account-tree';
import { demoSubAccountListsRepository } from './subAccountsLists';
import { subAccountsMetadata, subAccountUserCounts } from '../domain/sub-account-members';
import { demoSubAccountCreation, demoSubAccountsRepository } from './subAccountsRepository';
import { createSubAccount } from '../domain/sub-account-create';
import { demoPermissionsOf } from './teamAdmin';

export { switchTo } from './subAccountsMembers';

/**
 * Sub-accounts, tenant switching and custom login in demo mode, with the reference server's rules
 * (server/routes/hierarchy.ts, server/routes/portal-config.ts): the same routes (by descriptor
 * name, core/contract/routes/hierarchy.ts), paging (50 accounts, 10 users), next links and
 * messages. The access check (core/demo/dispatch.ts) has required the descriptor's permission.
 */

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>;

/** The sub-account routes of a signed-in caller, by descriptor name (core/contract/routes/hierarchy.ts). */
export function demoSubAccountRoutes(tools: {
  now: () => number;
  random: () => string;
}): DemoRoutes<SignedIn> {
  return {
    getTenantsHierarchyV2: async (db, user, { query }) =>
      ok(
        await searchSubAccounts(
          { ...demoSubAccountsRepository(db), ...demoSubAccountListsRepository(db) },
          user.tenantId,
          query,
        ),
      ),
    getTenantsHierarchyMetadata: async (db, user, { query }) =>
      ok(await subAccountsMetadata(demoSubAccountsRepository(db), user.tenantId, query._tenantIds)),
    getTenantsHierarchyV1: async (db, user) =>
      ok(await hierarchyFlat(demoSubAccountsRepository(db), user.tenantId)),
    getTenantsHierarchyTree: async (db, user) =>
      ok(await hierarchyTree(demoSubAccountsRepository(db), user.tenantId)),
    getTenantsHierarchyParents: async (db, user) =>
      ok(await hierarchyParents(demoSubAccountsRepository(db), user.tenantId, user.tenantId)),
    getTenantsHierarchyParentsByTenantId: async (db, user, { params }) =>
      ok(await hierarchyParents(demoSubAccountsRepository(db), user.tenantId, params.tenantId!)),
    // Checked by the contract (core/contract/routes/platform.ts).
    postTenantsUsersCount: async (db, user, { body }) =>
      ok(
        await subAccountUserCounts(demoSubAccountsRepository(db), user.tenantId, body.tenantIds as string[]),
      ),
    postTenantsSubTenants: async (db, user, { body }) =>
      ok(
        await createSubAccount(demoSubAccountCreation(db, tools), {
          rootId: user.tenantId,
          creator: { sub: user.id, roles: user.roleKeys, permissions: demoPermissionsOf(db, user) },
          body: body as Parameters<typeof createSubAccount>[1]['body'],
          idOf: (_parentId, chosen) => chosen,
        }),
        true,
        201,
      ),
    ...demoSubAccountMemberRoutes(),
    ...demoSubAccountManageRoutes(),
  };
}
