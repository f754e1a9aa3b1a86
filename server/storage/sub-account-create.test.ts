// The sub-account creation repository, one suite for both stores: the server's over PGlite
// (server/storage/sub-account-create.ts) and demo mode's over its stored accounts
// (core/demo/subAccountsRepository.ts). core/domain/sub-account-create.ts relies on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase, userRows } from '../../core/demo/data';
import { demoSubAccountsRepository } from '../../core/demo/subAccountsRepository';
import type { SubAccountCreationRepository } from '../../core/domain/sub-account-create';
import type { SubAccountsRepository } from '../../core/domain/sub-accounts';
import { insertUser } from './users';
import { repositorySuite } from '../../test/support/repository-suite';
import { subAccountCreation } from './sub-account-create';
import { subAccountsRepository } from './sub-accounts';

interface Fixture {
  create: SubAccountCreationRepository;
  repo: SubAccountsRepository;
  /** A user of the store (a member of no new account yet). */
  user(): Promise<string>;
}

repositorySuite<Fixture>(
  'sub-account creation repository',
  {
    pglite: (db) => ({
      create: subAccountCreation(db),
      repo: subAccountsRepository(db),
      async user() {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1');
        const user = await insertUser(db, {
          vendorId: rows[0]!.id,
          email: `creator-${randomUUID()}@example.com`,
          name: 'Creator',
          passwordHash: null,
          verified: true,
        });
        return user.id;
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      const repo = demoSubAccountsRepository(db, {
        now: () => Date.parse('2026-03-01T00:00:00Z'),
        random: randomUUID,
      });
      return { create: repo, repo, user: async () => userRows(db)[0]!.id };
    },
  },
  (context) => {
    test('an account is added below its parent, without members; a taken id is answered null', async () => {
      const { create, repo } = context.repos;
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
      const { create } = context.repos;
      const roles = await create.creatorRoles(context.tenantId, ['Viewer']);
      assert.deepEqual(roles.map((r) => [r.key, r.forCreator]).sort(), [
        ['Admin', true],
        ['Viewer', false],
      ]);
      // Admin grants every permission.
      assert.deepEqual(roles.find((r) => r.forCreator)!.permissions, ['fe.*']);
    });

    test('the creator becomes a member with the roles given; no such user: false', async () => {
      const { create, repo } = context.repos;
      const tenantId = (await create.insert({
        parentId: context.tenantId,
        name: 'Joined',
        tenantId: randomUUID(),
        tenantType: null,
      }))!.tenantId;
      const [viewer] = await create
        .creatorRoles(tenantId, ['Viewer'])
        .then((r) => r.filter((x) => !x.forCreator));
      const userId = await context.repos.user();
      assert.equal(await create.addCreator(tenantId, userId, [viewer!.id]), true);
      assert.equal(await repo.isMember(tenantId, userId), true);
      assert.deepEqual(await repo.roleIdsOf(tenantId, userId), [viewer!.id]);
      assert.equal(await create.addCreator(tenantId, randomUUID(), []), false);
    });
  },
);
