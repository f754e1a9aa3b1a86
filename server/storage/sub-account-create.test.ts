// The sub-account creation's part of the sub-accounts' store (core/domain/sub-account-store.ts),
// one suite for both stores: over PGlite and over demo mode's stored tables
// (test/support/sub-account-stores.ts). core/domain/sub-account-create.ts relies on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { repositorySuite } from '../../test/support/repository-suite';
import { subAccountStores, type SubAccountFixture } from '../../test/support/sub-account-stores';

repositorySuite<SubAccountFixture>('sub-account creation', subAccountStores, (context) => {
  test('an account is added below its parent, without members; a taken id is answered null', async () => {
    const { repo } = context.repos;
    const create = repo;
    const tenantId = randomUUID();
    const account = {
      parentId: context.tenantId,
      name: 'Branch',
      tenantId,
      tenantType: 'reseller' as const,
    };
    const created = await create.insert(account);
    assert.deepEqual(
      { ...created, createdAt: typeof created?.createdAt },
      {
        id: tenantId,
        tenantId,
        name: 'Branch',
        parentTenantId: context.tenantId,
        createdAt: 'string',
        numberOfUsers: 0,
        numberOfChildren: 0,
        metadata: {},
        tenantType: 'reseller',
      },
    );
    assert.equal(await repo.isWithin(context.tenantId, tenantId), true);
    assert.equal(await create.insert({ ...account, name: 'Again' }), null);
    const chosenByStore = await create.insert({ ...account, tenantId: null, tenantType: null });
    assert.notEqual(chosenByStore?.tenantId, tenantId);
    assert.equal(chosenByStore?.tenantType, null);
  });

  test("creator roles: the creator defaults and the vendor's roles with the keys asked, with their permissions", async () => {
    const create = context.repos.repo;
    const roles = await create.creatorRoles(context.tenantId, ['Viewer']);
    assert.deepEqual(roles.map((r) => [r.key, r.forCreator]).sort(), [
      ['Admin', true],
      ['Viewer', false],
    ]);
    // Admin grants every permission.
    assert.deepEqual(roles.find((r) => r.forCreator)!.permissions, ['fe.*']);
  });

  test('the creator becomes a member with the roles given; no such user: false', async () => {
    const { repo } = context.repos;
    const create = repo;
    const tenantId = (await create.insert({
      parentId: context.tenantId,
      name: 'Joined',
      tenantId: randomUUID(),
      tenantType: null,
    }))!.tenantId;
    const [viewer] = await create
      .creatorRoles(tenantId, ['Viewer'])
      .then((r) => r.filter((x) => !x.forCreator));
    const userId = await context.repos.user(context.tenantId);
    assert.equal(await create.addCreator(tenantId, userId, [viewer!.id]), true);
    assert.equal(await repo.isMember(tenantId, userId), true);
    assert.deepEqual(await repo.roleIdsOf(tenantId, userId), [viewer!.id]);
    assert.equal(await create.addCreator(tenantId, randomUUID(), []), false);
  });
});
