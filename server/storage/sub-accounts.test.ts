// The sub-accounts' store (core/domain/sub-account-store.ts), one suite for both stores: over
// PGlite (the server's tables, with its recursive tree reads: server/storage/sub-accounts.ts) and
// over demo mode's stored tables (with core/demo/subAccountTree.ts). The rules in
// core/domain/sub-accounts.ts, sub-account-members.ts and sub-account-lists.ts rely on what each
// case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { ROLES } from '../../core/domain/role-tables';
import { stamp } from '../../core/domain/tables';
import { TENANTS } from '../../core/domain/tenant-tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { subAccountStores, type SubAccountFixture } from '../../test/support/sub-account-stores';

repositorySuite<SubAccountFixture>('sub-accounts store', subAccountStores, (context) => {
  test("a member's roles are set, read back and cleared; unknown roles are not assignable", async () => {
    const { repo } = context.repos;
    const viewer = await context.repos.role('Viewer');
    const userId = await context.repos.member(context.tenantId);
    assert.deepEqual(await repo.roleIdsOf(context.tenantId, userId), []);
    assert.deepEqual(await repo.assignableRoles(context.tenantId, [viewer, randomUUID()]), [viewer]);
    await repo.setRoles(context.tenantId, userId, [viewer]);
    assert.deepEqual(await repo.roleIdsOf(context.tenantId, userId), [viewer]);
    await repo.setRoles(context.tenantId, userId, []);
    assert.deepEqual(await repo.roleIdsOf(context.tenantId, userId), []);
  });

  test('members are added all or none: one already a member, nothing is written and the answer is false', async () => {
    const { repo } = context.repos;
    const top = await context.repos.child(context.tenantId);
    const first = await context.repos.member(context.tenantId);
    const second = await context.repos.member(context.tenantId);
    await context.repos.join(top, second);
    const add = (userId: string) => ({ userId, tenantId: top, roleIds: [], allowAccess: true });
    assert.equal(await repo.addMembers([add(first), add(second)]), false);
    assert.equal(await repo.isMember(top, first), false);
    assert.equal(await repo.addMembers([add(first)]), true);
    assert.equal(await repo.isMember(top, first), true);
  });

  test("the search: an account's children with their members and accounts below counted, sorted, then the tree by name", async () => {
    const { search } = context.repos.repo;
    const top = await context.repos.child(context.tenantId);
    const [first, second] = [await context.repos.child(top), await context.repos.child(top)];
    await context.repos.child(first);
    await context.repos.member(first);
    const query = {
      rootId: top,
      filter: '',
      offset: 0,
      limit: 10,
      sortBy: 'tenantId' as const,
      order: 'DESC' as const,
    };
    const page = await search(query);
    const expected = [
      [first, 1, 1],
      [second, 0, 0],
    ].sort((a, b) => (a[0]! < b[0]! ? 1 : -1));
    assert.deepEqual(
      page.items.map((i) => [i.tenantId, i.numberOfUsers, i.numberOfChildren]),
      expected,
    );
    assert.equal(page.totalItems, 2);
    assert.equal((await search({ ...query, limit: 1 })).items.length, 1);
    assert.equal((await search({ ...query, limit: 1 })).totalItems, 2);
    // A filter, in any case, finds the accounts of the whole tree below the root (not the root).
    assert.equal((await search({ ...query, filter: 'CHIL' })).totalItems, 3);
    assert.equal((await search({ ...query, filter: 'nothing' })).totalItems, 0);
  });

  test('the tree of an account: itself at level 0, then those below by level, each with its parent', async () => {
    const { repo } = context.repos;
    const top = await context.repos.child(context.tenantId);
    const below = await context.repos.child(top);
    const tree = await repo.treeOf(top);
    assert.deepEqual(
      tree.map((r) => [r.tenantId, r.parentTenantId, r.level]),
      [
        [top, context.tenantId, 0],
        [below, top, 1],
      ],
    );
    assert.equal(typeof tree[0]!.createdAt, 'string');
    assert.deepEqual(await repo.treeOf(randomUUID()), []);
  });

  test('the tree reaches any depth; members and allowed members per account asked', async () => {
    const { repo } = context.repos;
    const top = await context.repos.child(context.tenantId);
    const below = await context.repos.child(top);
    await context.repos.child(below);
    assert.equal((await repo.treeOf(top)).length, 3);
    assert.equal((await repo.treeOf(below)).length, 2);
    await context.repos.member(top);
    const second = await context.repos.member(context.tenantId);
    await context.repos.join(top, second);
    await repo.setAccess(top, second, false);
    const counts = await repo.memberCounts([top, below, randomUUID()]);
    assert.deepEqual(
      counts.sort((a, b) => (a.tenantId === top ? -1 : b.tenantId === top ? 1 : 0)),
      [
        { tenantId: top, total: 2, allowed: 1 },
        { tenantId: below, total: 0, allowed: 0 },
      ],
    );
    await repo.setAccess(top, second, true);
    assert.deepEqual(await repo.memberCounts([top]), [{ tenantId: top, total: 2, allowed: 2 }]);
  });

  test('a member leaves the account and every account below it, not those above; found by address in any case', async () => {
    const { repo } = context.repos;
    const top = await context.repos.child(context.tenantId);
    const below = await context.repos.child(top);
    const email = `Leaver-${randomUUID()}@Example.com`;
    const userId = await context.repos.user(context.tenantId, { email: email.toLowerCase() });
    for (const tenantId of [context.tenantId, top, below]) await context.repos.join(tenantId, userId);
    assert.equal(await repo.memberByEmail(email, [top]), userId);
    assert.equal(await repo.memberByEmail(email, [randomUUID()]), null);
    await repo.removeMember(top, userId);
    assert.deepEqual(await Promise.all([context.tenantId, top, below].map((t) => repo.isMember(t, userId))), [
      true,
      false,
      false,
    ]);
  });

  test("an account's members by name with their roles and access, paged; the tree's members once each, filtered and sorted", async () => {
    const { repo } = context.repos;
    const top = await context.repos.child(context.tenantId);
    const below = await context.repos.child(top);
    const viewer = await context.repos.role('Viewer');
    const bea = await context.repos.user(top, { name: 'bea' });
    const al = await context.repos.user(top, { name: 'Al' });
    await context.repos.join(top, bea, [viewer]);
    await context.repos.join(top, al);
    await context.repos.join(below, bea);
    await repo.setAccess(top, al, false);
    const page = await repo.members(top, 0, 10);
    assert.equal(page.totalItems, 2);
    assert.deepEqual(
      page.items.map((i) => {
        const item = i as { id: string; roles: Array<{ id: string }>; subAccountAccessAllowed: boolean };
        return [item.id, item.roles.map((r) => r.id), item.subAccountAccessAllowed];
      }),
      [
        [al, [], false],
        [bea, [viewer], true],
      ],
    );
    assert.deepEqual(
      (await repo.members(top, 1, 1)).items.map((i) => (i as { id: string }).id),
      [bea],
    );
    const query = { offset: 0, limit: 10, filter: '', sortBy: 'name' as const, order: 'DESC' as const };
    const tree = await repo.treeMembers(top, query);
    assert.equal(tree.totalItems, 2);
    assert.deepEqual(
      tree.items.map((m) => [m.id, m.memberships.map((ms) => [ms.tenantId, ms.roles.length]), m.mfaEnrolled]),
      [
        [
          bea,
          [
            [top, 1],
            [below, 0],
          ],
          false,
        ],
        [al, [[top, 0]], false],
      ],
    );
    // From the account below, only the memberships within its tree show.
    assert.deepEqual(
      (await repo.treeMembers(below, query)).items.map((m) => [m.id, m.memberships.map((ms) => ms.tenantId)]),
      [[bea, [below]]],
    );
    assert.deepEqual(
      (await repo.treeMembers(top, { ...query, filter: 'BEA' })).items.map((m) => m.id),
      [bea],
    );
  });

  test("an account's own roles and the vendor's are assignable, another account's are not; members' roles listed by key", async () => {
    const { repo, tables } = context.repos;
    const sub = await context.repos.child(context.tenantId);
    const role = async (tenantId: string, key: string, name: string) => {
      const at = stamp(Date.now());
      const vendorId = (await tables.of(TENANTS).row({ id: tenantId }))!.vendorId;
      const fields = { description: null, defaultForCreator: false, createdAt: at, updatedAt: at };
      return (await tables.of(ROLES).insert({ id: randomUUID(), vendorId, tenantId, key, name, ...fields }))
        .id;
    };
    const own = await role(sub, 'Auditor', 'Account auditor');
    const parents = await role(context.tenantId, 'Clerk', 'Clerk');
    const viewer = await context.repos.role('Viewer');
    const wanted = [viewer, own, parents, randomUUID()];
    assert.deepEqual((await repo.assignableRoles(sub, wanted)).sort(), [own, viewer].sort());
    const userId = await context.repos.member(context.tenantId);
    await repo.addMembers([{ userId, tenantId: sub, roleIds: [viewer, own], allowAccess: true }]);
    const { items } = await repo.members(sub, 0, 10);
    assert.deepEqual((items[0] as { roles: unknown }).roles, [
      { id: own, key: 'Auditor', name: 'Account auditor' },
      { id: viewer, key: 'Viewer', name: 'Viewer' },
    ]);
  });
});
