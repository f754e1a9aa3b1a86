/**
 * The client SDK's hierarchy reads (@frontegg/rest-api 3.1.18 `tenants`: getHierarchyV1 and its tree
 * and parents), within the caller's tree, written once over the sub-accounts repository's `treeOf`
 * (server/storage/sub-accounts.ts in SQL, core/demo/subAccountsRepository.ts over the page's data).
 * Accounts above the caller's active one are outside its tree and never shown (docs/contract.md);
 * an account outside the tree is 404, as on the v2 routes.
 */
import { contractError } from '../contract/errors';

/** An account of a tree: `level` 0 is the tree's root, 1 its children. */
export interface SubAccountTreeRow {
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  createdAt: string;
  level: number;
}

export interface SubAccountTreeRepository {
  /** `rootId` (level 0) and every live account below it, by level, then name (any case), then id. */
  treeOf(rootId: string): Promise<SubAccountTreeRow[]>;
}

interface SubAccountTreeNode {
  tenantId: string;
  tenantName: string;
  createdAt: string;
  children: SubAccountTreeNode[];
}

/** GET hierarchy v1: every account below the active one, flat, with its level (1 = a child). */
export async function hierarchyFlat(repo: SubAccountTreeRepository, rootId: string) {
  return (await repo.treeOf(rootId))
    .filter((r) => r.level > 0)
    .map((r) => ({ tenantId: r.tenantId, tenantName: r.name, createdAt: r.createdAt, level: r.level }));
}

/** GET hierarchy v1/tree: the active account with its children, recursively. */
export async function hierarchyTree(
  repo: SubAccountTreeRepository,
  rootId: string,
): Promise<SubAccountTreeNode> {
  const rows = await repo.treeOf(rootId);
  if (!rows[0]) throw contractError('SUB_ACCOUNT_NOT_FOUND');
  const nodes = new Map<string, SubAccountTreeNode>();
  for (const r of rows)
    nodes.set(r.tenantId, { tenantId: r.tenantId, tenantName: r.name, createdAt: r.createdAt, children: [] });
  for (const r of rows.slice(1)) nodes.get(r.parentTenantId!)?.children.push(nodes.get(r.tenantId)!);
  return nodes.get(rows[0].tenantId)!;
}

/**
 * The row of `tenantId` compared in any case (the server's ids are UUIDs, the same in any case;
 * demo mode's are its own in any case), or undefined outside the tree.
 */
export const rowInAnyCase = (rows: readonly SubAccountTreeRow[], tenantId: string) =>
  rows.find((r) => r.tenantId.toLowerCase() === tenantId.toLowerCase());

/** `row` and the rows above it up to the tree's root (level 0), nearest first. */
export function upToRoot(rows: readonly SubAccountTreeRow[], row: SubAccountTreeRow): SubAccountTreeRow[] {
  const byId = new Map(rows.map((r) => [r.tenantId, r]));
  const chain = [row];
  while (chain.at(-1)!.level > 0) chain.push(byId.get(chain.at(-1)!.parentTenantId!)!);
  return chain;
}

/**
 * GET hierarchy v1/parents[/{tenantId}]: the accounts above `tenantId` up to the active account,
 * nearest first, `level` 1 = the parent; 404 outside the tree.
 */
export async function hierarchyParents(repo: SubAccountTreeRepository, rootId: string, tenantId: string) {
  const rows = await repo.treeOf(rootId);
  const row = rows.find((r) => r.tenantId === tenantId);
  if (!row) throw contractError('SUB_ACCOUNT_NOT_FOUND');
  return upToRoot(rows, row)
    .slice(1)
    .map((parent, index) => ({
      tenantId: parent.tenantId,
      tenantName: parent.name,
      level: index + 1,
      status: 'active',
      createdAt: parent.createdAt,
    }));
}
