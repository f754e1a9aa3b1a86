/**
 * Demo mode's sub-accounts' store: the server's (core/domain/sub-account-store.ts, written once over
 * the tables port) over the page's stored tables. What is the demo's own: the tree below an account,
 * walked over its few stored accounts (the server reads it with one recursive query), and an id the
 * client chose, which is the account's own (demo ids are no UUIDs), taken in any case.
 */
import type { SubAccountHandlerPorts } from '../domain/sub-account-handlers';
import { subAccountStoreOver, type SubAccountTreeReads } from '../domain/sub-account-store';
import type { TenantRow } from '../domain/tenant-tables';
import { tenantRows, type DemoDatabase } from './data';
import { by, type DemoClock } from './rows';
import { memoryTables } from './tables';
import { demoRoles } from './teamAdmin';

/** How far `tenantId` lies below `rootId` (0: itself), or -1 outside its tree (or no such account). */
function levelBelow(rows: readonly TenantRow[], rootId: string, tenantId: string): number {
  let tenant = rows.find((t) => t.id === tenantId);
  for (let level = 0; tenant && level <= 100; level += 1) {
    if (tenant.id === rootId) return level;
    const parentId = tenant.parentTenantId;
    tenant = parentId ? rows.find((t) => t.id === parentId) : undefined;
  }
  return -1;
}

const within = (db: DemoDatabase, rootId: string, tenantId: string) =>
  levelBelow(tenantRows(db), rootId, tenantId) >= 0;

/** `rootId` (level 0) and every stored account below it. */
const demoTree = (db: DemoDatabase, rootId: string) =>
  tenantRows(db)
    .map((tenant, _, rows) => ({ tenant, level: levelBelow(rows, rootId, tenant.id) }))
    .filter(({ level }) => level >= 0);

/** The tree's order, the SQL's: by level, then lower-cased name, then id. */
const TREE_ORDER = by<{ tenant: TenantRow; level: number }>(
  ({ level }) => level,
  ({ tenant }) => tenant.name.toLowerCase(),
  ({ tenant }) => tenant.id,
);

/** The tree reads over the stored accounts, in the server's order. */
const treeReads = (db: DemoDatabase): SubAccountTreeReads => ({
  isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
  treeOf: async (rootId) =>
    demoTree(db, rootId)
      .sort(TREE_ORDER)
      .map(({ tenant, level }) => ({
        tenantId: tenant.id,
        name: tenant.name,
        parentTenantId: tenant.parentTenantId,
        createdAt: tenant.createdAt,
        level,
      })),
});

/** The accounts', memberships', lists' and creation's ports over the page's stored tables. */
export function demoSubAccountsRepository(
  db: DemoDatabase,
  clock: DemoClock,
): SubAccountHandlerPorts['accounts'] {
  // The built-in roles are rows seeded on first use.
  demoRoles(db);
  const tables = memoryTables((db.tables ??= {}));
  const store = subAccountStoreOver(tables, { now: clock.now, newId: clock.random }, treeReads(db));
  const repo: SubAccountHandlerPorts['accounts'] = {
    ...store,
    // The id the client chose is the account's own, taken in any case (the server's: a UUID of the name in lower case).
    insert: async (account) =>
      account.tenantId && tenantRows(db).some((t) => t.id.toLowerCase() === account.tenantId!.toLowerCase())
        ? null
        : store.insert(account),
    // The demo answers one call at a time: a creation's transaction is the store itself.
    transaction: (work) => work(repo),
  };
  return repo;
}
