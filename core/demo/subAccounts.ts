import { type Answer, fail, ok } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { type DemoTenant, membershipsOf, within } from './subAccountsData';
import { demoSubAccountManageRoutes } from './subAccountsManage';
import { demoSubAccountMemberRoutes } from './subAccountsMembers';
import type { TenantType } from '../domain/sub-accounts';
import { searchSubAccounts } from '../domain/sub-account-lists';
import { hierarchyFlat, hierarchyParents, hierarchyTree } from '../domain/sub-account-tree';
import { demoSubAccountListsRepository, describeDemoSubAccount } from './subAccountsLists';
import { subAccountsMetadata, subAccountUserCounts } from '../domain/sub-account-members';
import { demoSubAccountsRepository } from './subAccountsRepository';

export { tenantsOfUser } from './subAccountsData';
export { switchTo } from './subAccountsMembers';
// The users list's rows and scope (core/demo/usersRows.ts), next to the accounts they read.
export { listedUsers, rowExtras } from './usersRows';

/**
 * Sub-accounts, tenant switching and custom login in demo mode, with the reference server's rules
 * (server/routes/hierarchy.ts, server/routes/portal-config.ts): the same routes (by descriptor
 * name, core/contract/routes/hierarchy.ts), paging (50 accounts, 10 users), next links and
 * messages. The access check (core/demo/dispatch.ts) has required the descriptor's permission.
 */

type Json = Record<string, unknown>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>;

function create(
  db: DemoDatabase,
  user: DemoUser,
  body: Json,
  now: () => number,
  random: () => string,
): Answer {
  // The body passed the contract's schema (core/contract/requests-hierarchy.ts); a blank name is the route's refusal.
  if (typeof body.name !== 'string' || !body.name.trim()) return fail('SUB_ACCOUNT_NAME_REQUIRED');
  const parentTenantId = typeof body.parentTenantId === 'string' ? body.parentTenantId : user.tenantId;
  if (!within(db, user.tenantId, parentTenantId)) return fail('SUB_ACCOUNT_NOT_FOUND');
  // The id the client chose (checked by the contract's schema) names the account; taken: 409.
  const chosen = typeof body.tenantId === 'string' ? body.tenantId.trim() : '';
  if (chosen && db.tenants.some((t) => t.id.toLowerCase() === chosen.toLowerCase()))
    return fail('SUB_ACCOUNT_ID_TAKEN');
  const tenantId = chosen || random();
  const tenant: DemoTenant = {
    id: tenantId,
    tenantId,
    name: body.name.trim(),
    parentTenantId,
    isReseller: false,
    metadata: '{}',
    vendorId: 'demo-vendor',
    createdAt: new Date(now()).toISOString(),
    // The client SDK's TenantType, checked by the contract's schema.
    ...(typeof body.tenantType === 'string' ? { tenantType: body.tenantType as TenantType } : {}),
  };
  db.tenants.push(tenant);
  membershipsOf(db).push({ userId: user.id, tenantId, roleKeys: ['Admin'], accessAllowed: true });
  return { status: 201, body: describeDemoSubAccount(db, tenant), save: true };
}

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
    postTenantsSubTenants: (db, user, { body }) => create(db, user, body, tools.now, tools.random),
    ...demoSubAccountMemberRoutes(),
    ...demoSubAccountManageRoutes(),
  };
}
