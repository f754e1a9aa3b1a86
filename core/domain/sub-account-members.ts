/**
 * A member's roles and access in the accounts of the caller's tree, and the counts the All accounts
 * page reads (spec 001 §7 "Tenants and sub-accounts"), written once over the sub-accounts repository
 * (core/domain/sub-accounts.ts; its storage for both backends: core/domain/sub-account-store.ts).
 * `mayActOn` and `mayGrant` are the
 * rule of who may act on whom (server/domain/grants.ts; core/domain/sub-account-handlers.ts).
 */
import { contractError } from '../contract/errors';
import { rowInAnyCase } from './sub-account-tree';
import { assertWithin, type SubAccountsRepository } from './sub-accounts';

/** The rule of who may act on whom, for one account (absent: none, as in the repository suites). */
interface MemberGuards {
  mayActOn?: (tenantId: string, action: 'roles' | 'access') => Promise<void>;
  mayGrant?: (tenantId: string, roleIds: string[]) => Promise<void>;
}

/** The role ids named, once each, `""` left out (`[""]` clears, spec 001 §5). */
const named = (roleIds: readonly string[]) => [...new Set(roleIds.filter((id) => id !== ''))];

/** How a role change applies: the roles become those named, are added to, or are taken away from. */
export type RoleChange = 'set' | 'add' | 'remove';

/**
 * Changes a member's roles in each account named (the per-account PUT: one `set`; the client SDK's
 * PATCH, POST and DELETE across accounts). Every account is checked first (named once, within the
 * tree, the user a member there, `mayActOn`, `mayGrant` for the roles named, every role one of that
 * account), then the roles are written: nothing is half-applied. Answers the roles each now holds.
 */
export async function changeSubAccountRoles(
  repo: SubAccountsRepository,
  input: {
    rootId: string;
    userId: string;
    mode: RoleChange;
    entries: Array<{ tenantId: string; roleIds: string[] }>;
  } & MemberGuards,
): Promise<Array<{ tenantId: string; roleIds: string[] }>> {
  const { userId } = input;
  if (new Set(input.entries.map((e) => e.tenantId)).size !== input.entries.length)
    throw contractError('SUB_ACCOUNT_NAMED_TWICE');
  const plan: Array<{ tenantId: string; roleIds: string[] }> = [];
  for (const { tenantId, roleIds } of input.entries) {
    await assertWithin(repo, input.rootId, tenantId);
    if (!(await repo.isMember(tenantId, userId))) throw contractError('SUB_ACCOUNT_USER_NOT_FOUND');
    await input.mayActOn?.(tenantId, 'roles');
    const ids = named(roleIds);
    await input.mayGrant?.(tenantId, ids);
    if ((await repo.assignableRoles(tenantId, ids)).length !== ids.length)
      throw contractError('ROLES_UNKNOWN');
    const held = input.mode === 'set' ? [] : await repo.roleIdsOf(tenantId, userId);
    const next =
      input.mode === 'set'
        ? ids
        : input.mode === 'add'
          ? [...new Set([...held, ...ids])]
          : held.filter((id) => !ids.includes(id));
    plan.push({ tenantId, roleIds: next });
  }
  for (const { tenantId, roleIds } of plan) await repo.setRoles(tenantId, userId, roleIds);
  return plan;
}

/** Allows or denies a member's access to an account of the caller's tree (a member there, `mayActOn`). */
export async function setSubAccountAccess(
  repo: SubAccountsRepository,
  input: { rootId: string; tenantId: string; userId: string; allowed: boolean } & MemberGuards,
): Promise<{ allowAccess: boolean }> {
  await assertWithin(repo, input.rootId, input.tenantId);
  if (!(await repo.isMember(input.tenantId, input.userId))) throw contractError('SUB_ACCOUNT_USER_NOT_FOUND');
  await input.mayActOn?.(input.tenantId, 'access');
  await repo.setAccess(input.tenantId, input.userId, input.allowed);
  return { allowAccess: input.allowed };
}

/** Spec 001 §7 "v2 metadata": at most this many accounts asked at once. */
const MOST_ACCOUNTS_ASKED = 200;

/**
 * The hierarchy metadata: without `tenantIds`, `{ totalSubTenants }` of the caller's account; with
 * them (the client SDK's getHierarchyMetadata, comma-separated), one `{ tenantId, totalSubTenants,
 * isParent }` per account asked, each within the caller's tree (else 404).
 */
export async function subAccountsMetadata(
  repo: SubAccountsRepository,
  rootId: string,
  tenantIds: string | undefined,
): Promise<
  { totalSubTenants: number } | Array<{ tenantId: string; totalSubTenants: number; isParent: boolean }>
> {
  // One read of the caller's tree (one query on the server, whatever the number of accounts asked).
  const tree = await repo.treeOf(rootId);
  if (tenantIds === undefined) return { totalSubTenants: Math.max(tree.length - 1, 0) };
  const ids = [...new Set(tenantIds.split(','))];
  if (ids.length > MOST_ACCOUNTS_ASKED) throw contractError('TOO_MANY_ACCOUNTS');
  // How many accounts lie below each, at any depth: the deepest first, each adds itself and its own to its parent's.
  const below = new Map(tree.map((r) => [r.tenantId, 0]));
  for (const r of tree.slice(1).reverse())
    below.set(r.parentTenantId!, below.get(r.parentTenantId!)! + below.get(r.tenantId)! + 1);
  return ids.map((tenantId) => {
    const row = rowInAnyCase(tree, tenantId);
    if (!row) throw contractError('SUB_ACCOUNT_NOT_FOUND');
    const totalSubTenants = below.get(row.tenantId)!;
    return { tenantId, totalSubTenants, isParent: totalSubTenants > 0 };
  });
}

/**
 * The client SDK's users count: `{ tenantId, totalUsers, totalAccessAllowedUsers }` once per account
 * asked (ids compared lower-case), in the order asked, each within the caller's tree (else 404).
 */
export async function subAccountUserCounts(
  repo: SubAccountsRepository,
  rootId: string,
  tenantIds: string[],
): Promise<Array<{ tenantId: string; totalUsers: number; totalAccessAllowedUsers: number }>> {
  const ids = [...new Set(tenantIds.map((id) => id.toLowerCase()))];
  for (const tenantId of ids) await assertWithin(repo, rootId, tenantId);
  const counts = await repo.memberCounts(ids);
  return ids.flatMap((tenantId) => {
    const found = counts.find((c) => c.tenantId === tenantId);
    return found ? [{ tenantId, totalUsers: found.total, totalAccessAllowedUsers: found.allowed }] : [];
  });
}
