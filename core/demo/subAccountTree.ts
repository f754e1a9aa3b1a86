/**
 * Demo mode's tree reads of the sub-accounts' store (core/domain/sub-account-store.ts): the server
 * reads the tree below an account with one recursive query; demo mode reads its few accounts, rows
 * of `tenants`, once and walks down from the root, in the SQL's order.
 */
import type { SubAccountTreeReads } from '../domain/sub-account-store';
import type { SubAccountTreeRow } from '../domain/sub-account-tree';
import type { Tables } from '../domain/tables';
import { TENANTS } from '../domain/tenant-tables';
import { by } from './rows';

/** The tree's order, the SQL's: by level, then lower-cased name, then id. */
const TREE_ORDER = by<SubAccountTreeRow>(
  ({ level }) => level,
  ({ name }) => name.toLowerCase(),
  ({ tenantId }) => tenantId,
);

/** `rootId` (level 0) and every live account below it, over the stored accounts. */
export function demoTreeReads(tables: Tables): SubAccountTreeReads {
  const treeOf = async (rootId: string) => {
    const accounts = await tables.of(TENANTS).rows();
    const root = accounts.find((t) => t.id === rootId);
    const tree: SubAccountTreeRow[] = [];
    const add = (tenant: (typeof accounts)[number], level: number) =>
      tree.push({
        tenantId: tenant.id,
        name: tenant.name,
        parentTenantId: tenant.parentTenantId,
        createdAt: tenant.createdAt,
        level,
      });
    if (root) add(root, 0);
    // Breadth first: each account's children once (a visited id is never walked again).
    for (let i = 0; i < tree.length; i += 1) {
      const { tenantId, level } = tree[i]!;
      for (const child of accounts)
        if (
          child.parentTenantId === tenantId &&
          child.deletedAt === null &&
          !tree.some((r) => r.tenantId === child.id)
        )
          add(child, level + 1);
    }
    return tree.sort(TREE_ORDER);
  };
  return {
    treeOf,
    isWithin: async (rootId, tenantId) =>
      rootId === tenantId || (await treeOf(rootId)).some((r) => r.level > 0 && r.tenantId === tenantId),
  };
}
