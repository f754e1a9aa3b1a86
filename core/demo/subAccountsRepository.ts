/**
 * Demo mode's tree of accounts (its platform's `subAccounts.tree`, core/demo/platform.ts): walked
 * over its few stored accounts (the server reads it with one recursive query); the sub-accounts'
 * store over it is the server's (core/domain/sub-account-store.ts).
 */
import type { SubAccountTreeReads } from '../domain/sub-account-store';
import type { TenantRow } from '../domain/tenant-tables';
import { tenantRows, type DemoDatabase } from './data';
import { by } from './rows';

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
export const demoAccountTree = (db: DemoDatabase): SubAccountTreeReads => ({
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
