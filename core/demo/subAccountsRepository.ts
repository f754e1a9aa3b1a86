/**
 * Demo mode's tree of accounts (its platform's `subAccounts.tree`, core/demo/platform.ts): walked
 * over its few stored accounts (the server reads it with one recursive query); the sub-accounts'
 * store over it is the server's (core/domain/sub-account-store.ts).
 */
import type { SubAccountTreeReads } from '../domain/sub-account-store';
import type { Tables } from '../domain/tables';
import { TENANTS, type TenantRow } from '../domain/tenant-tables';

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

/** The stored accounts by lower-cased name, then id: within a level, the SQL's order. */
const accountsOf = (tables: Tables) =>
  tables.of(TENANTS).rows({ orderBy: [{ by: 'name', caseless: true }, { by: 'id' }] });

/** The tree reads over the stored accounts, in the server's order (by level, then as `accountsOf`). */
export const demoAccountTree = (tables: Tables): SubAccountTreeReads => ({
  isWithin: async (rootId, tenantId) => levelBelow(await accountsOf(tables), rootId, tenantId) >= 0,
  treeOf: async (rootId) =>
    (await accountsOf(tables))
      .map((tenant, _, rows) => ({ tenant, level: levelBelow(rows, rootId, tenant.id) }))
      .filter(({ level }) => level >= 0)
      .sort((a, b) => a.level - b.level)
      .map(({ tenant, level }) => ({
        tenantId: tenant.id,
        name: tenant.name,
        parentTenantId: tenant.parentTenantId,
        createdAt: tenant.createdAt,
        level,
      })),
});
