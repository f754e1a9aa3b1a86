// The sub-accounts repository, one suite for both stores: the server's over PGlite
// (server/storage/sub-accounts.ts) and demo mode's over its stored accounts and memberships
// (core/demo/subAccountsRepository.ts). The rules in core/domain/sub-accounts.ts and
// sub-account-members.ts rely on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { addDemoTenant, addMembership as addDemoMembership, seedDemoDatabase } from '../../core/demo/data';
import { demoSubAccountsRepository } from '../../core/demo/subAccountsRepository';
import { builtInRoleId } from '../../core/demo/data';
import type { SubAccountsRepository } from '../../core/domain/sub-accounts';
import type { SubAccountListsRepository } from '../../core/domain/sub-account-lists';
import { subAccountSearchOver } from '../../core/domain/tenant-repositories';
import { memoryTables } from '../../core/demo/tables';
import { sqlTables } from './tables';
import { addMembership } from './tenants';
import { addMember, repositorySuite } from '../../test/support/repository-suite';
import { subAccountsRepository } from './sub-accounts';

/** The repository, and what a case sets up in each store: an account below another, a member, a role. */
interface Fixture {
  repo: SubAccountsRepository;
  child(parentId: string): Promise<string>;
  member(tenantId: string): Promise<string>;
  join(tenantId: string, userId: string): Promise<void>;
  viewerRole(): Promise<string>;
  search: SubAccountListsRepository['search'];
}

repositorySuite<Fixture>(
  'sub-accounts repository',
  {
    pglite: (db) => ({
      repo: subAccountsRepository(db),
      search: subAccountSearchOver(sqlTables(db), subAccountsRepository(db)),
      async child(parentId) {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO tenants (vendor_id, name, parent_tenant_id)
             SELECT vendor_id, 'Child', id FROM tenants WHERE id = $1 RETURNING id`,
          [parentId],
        );
        return rows[0]!.id;
      },
      async member(tenantId) {
        return addMember(sqlTables(db), tenantId, 'Member');
      },
      join: async (tenantId, userId) => {
        await addMembership(db, { userId, tenantId, roleKeys: [] });
      },
      async viewerRole() {
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM roles WHERE key = 'Viewer' AND tenant_id IS NULL`,
        );
        return rows[0]!.id;
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      const repo = demoSubAccountsRepository(db, { now: Date.now, random: () => crypto.randomUUID() });
      return {
        repo,
        search: subAccountSearchOver(memoryTables((db.tables ??= {})), repo),
        async child(parentId) {
          const id = randomUUID();
          addDemoTenant(db, {
            id,
            name: 'Child',
            parentTenantId: parentId,
            createdAt: new Date().toISOString(),
          });
          return id;
        },
        async member(tenantId) {
          return addMember(memoryTables((db.tables ??= {})), tenantId, 'Member');
        },
        join: async (tenantId, userId) => {
          addDemoMembership(
            db,
            { id: randomUUID(), userId, tenantId, createdAt: new Date().toISOString() },
            [],
          );
        },
        viewerRole: async () => builtInRoleId('Viewer'),
      };
    },
  },
  (context) => {
    test("a member's roles are set, read back and cleared; unknown roles are not assignable", async () => {
      const { repo } = context.repos;
      const viewer = await context.repos.viewerRole();
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
      const { search } = context.repos;
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
  },
);
