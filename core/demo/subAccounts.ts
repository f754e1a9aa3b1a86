import { type Answer, fail, ok } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { type DemoTenant, membershipsOf, within } from './subAccountsData';
import { demoSubAccountManageRoutes } from './subAccountsManage';
import { demoSubAccountMemberRoutes } from './subAccountsMembers';
import type { TenantType } from '../domain/sub-accounts';
import { searchSubAccounts } from '../domain/sub-account-lists';
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

const created = (t: DemoTenant) => t.createdAt ?? new Date(0).toISOString();
const childrenOf = (db: DemoDatabase, id: string) =>
  (db.tenants as DemoTenant[])
    .filter((t) => t.parentTenantId === id)
    .sort((a, b) => a.name.localeCompare(b.name));
const rootOf = (db: DemoDatabase, user: DemoUser) =>
  (db.tenants as DemoTenant[]).find((t) => t.tenantId === user.tenantId);

/** Hierarchy v1: every account below the active one, flat, with its level. */
const hierarchyFlat: SignedIn = (db, user) => {
  const root = rootOf(db, user);
  if (!root) return fail('SUB_ACCOUNT_NOT_FOUND');
  const flat: Array<{ tenantId: string; tenantName: string; createdAt: string; level: number }> = [];
  let level = 1;
  let layer = childrenOf(db, root.tenantId);
  while (layer.length && level < 100) {
    flat.push(
      ...layer.map((t) => ({ tenantId: t.tenantId, tenantName: t.name, createdAt: created(t), level })),
    );
    layer = layer.flatMap((t) => childrenOf(db, t.tenantId));
    level += 1;
  }
  return ok(flat);
};

/** Hierarchy v1: the active account with its children, recursively. */
const hierarchyTree: SignedIn = (db, user) => {
  const root = rootOf(db, user);
  if (!root) return fail('SUB_ACCOUNT_NOT_FOUND');
  const node = (t: DemoTenant, depth: number): unknown => ({
    tenantId: t.tenantId,
    tenantName: t.name,
    createdAt: created(t),
    children: depth < 100 ? childrenOf(db, t.tenantId).map((c) => node(c, depth + 1)) : [],
  });
  return ok(node(root, 0));
};

/** Hierarchy v1: the accounts above `tenantId` (the active one by default) up to the active one. */
const hierarchyParents: SignedIn = (db, user, { params }) => {
  const tenants = db.tenants as DemoTenant[];
  const root = rootOf(db, user);
  if (!root) return fail('SUB_ACCOUNT_NOT_FOUND');
  const from = params.tenantId ?? root.tenantId;
  if (!within(db, root.tenantId, from)) return fail('SUB_ACCOUNT_NOT_FOUND');
  const chain = [];
  let current = tenants.find((t) => t.tenantId === from);
  for (let level = 1; current && current.tenantId !== root.tenantId && level < 100; level += 1) {
    const parent = tenants.find((t) => t.tenantId === current!.parentTenantId);
    if (!parent) break;
    chain.push({
      tenantId: parent.tenantId,
      tenantName: parent.name,
      level,
      status: 'active',
      createdAt: created(parent),
    });
    current = parent;
  }
  return ok(chain);
};

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
    getTenantsHierarchyV1: hierarchyFlat,
    getTenantsHierarchyTree: hierarchyTree,
    getTenantsHierarchyParents: hierarchyParents,
    getTenantsHierarchyParentsByTenantId: hierarchyParents,
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
