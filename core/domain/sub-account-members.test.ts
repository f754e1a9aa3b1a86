// The hierarchy metadata over one read of the caller's tree (core/domain/sub-account-members.ts):
// each account's count reaches any depth, an id is matched in any case, one outside the tree is 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { subAccountsMetadata } from './sub-account-members';
import type { SubAccountsRepository } from './sub-accounts';
import type { SubAccountTreeRow } from './sub-account-tree';

const row = (tenantId: string, parentTenantId: string | null, level: number): SubAccountTreeRow => ({
  tenantId,
  name: tenantId,
  parentTenantId,
  createdAt: '2026-01-01T00:00:00.000Z',
  level,
});
const TREE = [
  row('root', null, 0),
  row('a', 'root', 1),
  row('b', 'root', 1),
  row('a1', 'a', 2),
  row('a11', 'a1', 3),
];
const repo = { treeOf: async (rootId: string) => (rootId === 'root' ? TREE : []) } as SubAccountsRepository;

test("hierarchy metadata: the caller's count, and per account asked the accounts below at any depth", async () => {
  assert.deepEqual(await subAccountsMetadata(repo, 'root', undefined), { totalSubTenants: 4 });
  assert.deepEqual(await subAccountsMetadata(repo, 'root', 'A,a1,b,a'), [
    { tenantId: 'A', totalSubTenants: 2, isParent: true },
    { tenantId: 'a1', totalSubTenants: 1, isParent: true },
    { tenantId: 'b', totalSubTenants: 0, isParent: false },
    { tenantId: 'a', totalSubTenants: 2, isParent: true },
  ]);
  await assert.rejects(subAccountsMetadata(repo, 'root', 'a,elsewhere'), {
    codes: ['SUB_ACCOUNT_NOT_FOUND'],
  });
});
