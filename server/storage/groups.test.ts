// The groups repository (core/domain/group-store.ts), one suite for both stores: over PGlite
// (the server's platform) and over demo mode's (core/demo/platform.ts), with the roles and members
// both read over the tables port (core/domain/group-store.ts groupDirectory). The rules in core/domain/groups.ts rely on what each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import type { GroupListPage, GroupRepository } from '../../core/domain/groups';
import { memoryTables } from '../../core/demo/tables';
import { addMember, repositorySuite, vendorRoleId } from '../../test/support/repository-suite';
import { accountGroups } from '../../core/domain/group-store';
import { platformOver } from '../../test/support/platform';
import { sqlTables } from './tables';
import { builtInRoleId } from '../../core/demo/data';

/** The repository, and what a case sets up in each store: a member of the account, a role it offers. */
interface Fixture {
  repo(tenantId: string): GroupRepository;
  member(tenantId: string, name: string): Promise<string>;
  /** A built-in role, by key. */
  role(key: string): Promise<string>;
}

const every = (filter = ''): GroupListPage => ({
  filter,
  sortBy: 'name',
  order: 'ASC',
  page: 0,
  limit: null,
});
const names = async (repo: GroupRepository, query: GroupListPage) =>
  (await repo.list(query)).items.map((g) => g.name);

repositorySuite<Fixture>(
  'groups repository',
  {
    pglite: (db) => ({
      repo: (tenantId) => accountGroups(platformOver(db), tenantId),
      async member(tenantId, name) {
        return addMember(sqlTables(db), tenantId, name);
      },
      role: (key) => vendorRoleId(sqlTables(db), key),
    }),
    demo: () => {
      const db = seedDemoDatabase();
      return {
        repo: (tenantId) => accountGroups(demoPlatform(db, { random: randomUUID, now: Date.now }), tenantId),
        async member(tenantId, name) {
          return addMember(memoryTables((db.tables ??= {})), 'demo-tenant', name);
        },
        role: async (key) => builtInRoleId(key),
      };
    },
  },
  (context) => {
    test('groups are added, found, listed by name, filtered, paged, renamed and removed; names are unique', async () => {
      const repo = context.repos.repo(context.tenantId);
      const made = [];
      for (const [name, description] of [
        ['beta', null],
        ['Alpha', 'x-ray team'],
        ['gamma', null],
      ] as const) {
        const written = await repo.create({ name, description, color: null, metadata: { n: name } });
        assert.equal(written.kind, 'ok');
        if (written.kind === 'ok') made.push(written.group);
      }
      assert.deepEqual((await repo.create({ name: 'ALPHA' })).kind, 'duplicateName');
      assert.deepEqual(await names(repo, every()), ['Alpha', 'beta', 'gamma']);
      assert.deepEqual(await names(repo, { ...every(), order: 'DESC' }), ['gamma', 'beta', 'Alpha']);
      assert.deepEqual(await names(repo, every('X-RAY')), ['Alpha']);
      const second = await repo.list({ ...every(), page: 1, limit: 2 });
      assert.deepEqual([second.items.map((g) => g.name), second.totalItems], [['gamma'], 3]);
      const [beta, alpha, gamma] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
      assert.deepEqual(
        [alpha.metadata, alpha.description, alpha.managedBy],
        ['{"n":"Alpha"}', 'x-ray team', 'frontegg'],
      );
      assert.equal((await repo.update(beta.id, { name: 'alpha' })).kind, 'duplicateName');
      const renamed = await repo.update(alpha.id, { name: 'Delta', description: null, color: '#1f6feb' });
      assert.ok(renamed.kind === 'ok');
      assert.deepEqual(
        [renamed.group.name, renamed.group.description, renamed.group.color],
        ['Delta', null, '#1f6feb'],
      );
      assert.equal((await repo.find(alpha.id))?.name, 'Delta');
      assert.equal((await repo.update(randomUUID(), { name: 'None' })).kind, 'notFound');
      for (const group of [alpha, beta, gamma]) assert.equal(await repo.remove(group.id), true);
      assert.equal(await repo.remove(alpha.id), false);
      assert.equal(await repo.find(alpha.id), null);
      assert.deepEqual(await names(repo, every()), []);
    });

    test("a group's roles and members are the account's; what its roles grant; the configuration", async () => {
      const member = await context.repos.member(context.tenantId, 'Member');
      const repo = context.repos.repo(context.tenantId);
      const editor = await context.repos.role('Editor');
      const written = await repo.create({ name: 'Readers' });
      assert.ok(written.kind === 'ok');
      const id = written.group.id;
      const stranger = randomUUID();
      assert.deepEqual(await repo.memberIds([member, stranger]), [member]);
      assert.equal(await repo.changeRoles(randomUUID(), [editor], true), null);
      assert.equal(await repo.changeUsers(randomUUID(), [member], true), null);
      const withRole = await repo.changeRoles(id, [editor], true);
      assert.deepEqual(
        withRole?.roles.map((r) => [r.id, r.key]),
        [[editor, 'Editor']],
      );
      const withMember = await repo.changeUsers(id, [member], true);
      assert.deepEqual(
        withMember?.users.map((u) => [u.id, u.name]),
        [[member, 'Member']],
      );
      assert.deepEqual(await repo.roleIdsInGroups(), [editor]);
      const grants = await repo.roleGrants([editor, randomUUID()]);
      const granted = [...grants.keys];
      assert.deepEqual(grants.known, [editor]);
      assert.ok(granted.length > 0 && granted.every((key) => key.startsWith('fe.')), granted.join());
      assert.equal((await repo.changeUsers(id, [member], false))?.users.length, 0);
      assert.equal((await repo.changeRoles(id, [editor], false))?.roles.length, 0);
      assert.deepEqual(await repo.roleIdsInGroups(), []);

      assert.deepEqual(await repo.configuration(), { enabled: true, rolesEnabled: true });
      assert.deepEqual(await repo.saveConfiguration({ rolesEnabled: false }), {
        enabled: true,
        rolesEnabled: false,
      });
      assert.deepEqual(await repo.saveConfiguration({ enabled: false }), {
        enabled: false,
        rolesEnabled: false,
      });
      assert.deepEqual(await repo.configuration(), { enabled: false, rolesEnabled: false });
    });

    test("a group's roles and members are listed by name, case aside", async () => {
      const repo = context.repos.repo(context.tenantId);
      const written = await repo.create({ name: 'Ordered' });
      assert.ok(written.kind === 'ok');
      const id = written.group.id;
      await repo.changeRoles(
        id,
        [await context.repos.role('Viewer'), await context.repos.role('Editor')],
        true,
      );
      const members = [
        await context.repos.member(context.tenantId, 'beta'),
        await context.repos.member(context.tenantId, 'Alpha'),
      ];
      const group = await repo.changeUsers(id, members, true);
      assert.deepEqual(
        [group?.roles.map((r) => r.key), group?.users.map((u) => u.name)],
        [
          ['Editor', 'Viewer'],
          ['Alpha', 'beta'],
        ],
      );
      assert.equal(await repo.remove(id), true);
      assert.deepEqual(await repo.roleIdsInGroups(), []);
    });
  },
);
