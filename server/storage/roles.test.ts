// The roles repository (core/domain/role-store.ts), one suite for both stores: over PGlite
// (the server's platform) and over demo mode's (core/demo/platform.ts). The rules in core/domain/roles.ts rely on what
// each case states.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { permissionId } from '../../core/demo/teamAdmin';
import type { PermissionItem, RoleItem, RoleListPage, RolePorts } from '../../core/domain/roles';
import { sqlTables } from './tables';
import { memoryTables } from '../../core/demo/tables';
import { addMember, repositorySuite } from '../../test/support/repository-suite';
import { accountRoleStore } from '../../core/domain/role-store';
import { platformOver } from '../../test/support/platform';

interface Fixture {
  repo(tenantId: string): RolePorts<RoleItem, PermissionItem>;
  /** The catalogue's permission of this key. */
  permission(key: string): Promise<string>;
  /** A new member of the account holding its role of this key. */
  holder(tenantId: string, roleKey: string): Promise<void>;
}

const page = (filter: string, changes: Partial<RoleListPage> = {}): RoleListPage => ({
  filter,
  sortBy: 'name',
  order: 'ASC',
  page: 0,
  limit: 50,
  ...changes,
});

repositorySuite<Fixture>(
  'roles repository',
  {
    pglite: (db) => ({
      repo: (tenantId) => accountRoleStore(platformOver(db), tenantId),
      async permission(key) {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM permissions WHERE key = $1', [key]);
        return rows[0]!.id;
      },
      async holder(tenantId, roleKey) {
        await addMember(sqlTables(db), tenantId, 'Holder', [roleKey]);
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      return {
        repo: (tenantId) =>
          accountRoleStore(demoPlatform(db, { now: Date.now, random: randomUUID }), tenantId),
        permission: async (key) => permissionId(key),
        async holder(tenantId, roleKey) {
          await addMember(memoryTables((db.tables ??= {})), tenantId, 'Holder', [roleKey]);
        },
      };
    },
  },
  (context) => {
    test("the account's roles are added, listed with the vendor's (merged in order, paged), changed and removed", async () => {
      const repo = context.repos.repo(context.tenantId);
      const tag = randomUUID().slice(0, 8);
      const read = await context.repos.permission('fe.secure.read.roles');
      const audits = await context.repos.permission('fe.secure.read.audits');
      const made: RoleItem[] = [];
      for (const name of ['beta', 'Alpha', 'gamma']) {
        const written = await repo.create({
          key: `${name}-${tag}`,
          name: `${name} ${tag}`,
          description: null,
          permissionIds: name === 'beta' ? [read, audits, read] : [],
        });
        assert.equal(written.kind, 'ok');
        if (written.kind === 'ok') made.push(written.role);
      }
      const [beta, alpha] = made as [RoleItem, RoleItem, RoleItem];
      assert.deepEqual(beta.permissions, [read, audits].sort());
      assert.deepEqual(
        [beta.editable, beta.isDefault, beta.tenantId, beta.usersCount],
        [true, false, context.tenantId, 0],
      );
      const names = async (query: RoleListPage) => (await repo.list(query)).items.map((r) => r.name);
      assert.deepEqual(await names(page(tag)), [`Alpha ${tag}`, `beta ${tag}`, `gamma ${tag}`]);
      assert.deepEqual(await names(page(tag.toUpperCase(), { order: 'DESC' })), [
        `gamma ${tag}`,
        `beta ${tag}`,
        `Alpha ${tag}`,
      ]);
      // The vendor's roles and the account's, in one order and one count.
      const all = await repo.list(page('', { limit: 100 }));
      const sorted = [...all.items].sort((a, b) =>
        a.name.toLowerCase() === b.name.toLowerCase()
          ? a.id.localeCompare(b.id)
          : a.name.toLowerCase() < b.name.toLowerCase()
            ? -1
            : 1,
      );
      assert.deepEqual(
        all.items.map((r) => r.id),
        sorted.map((r) => r.id),
      );
      assert.ok(all.items.some((r) => r.key === 'Admin' && !r.editable && r.tenantId === null));
      assert.equal(all.totalItems, all.items.length);
      const second = await repo.list(page('', { page: 1, limit: 2 }));
      assert.deepEqual(
        [second.items.map((r) => r.id), second.totalItems],
        [all.items.slice(2, 4).map((r) => r.id), all.totalItems],
      );
      // Keys are unique in the account, the vendor's included, in any letter case.
      assert.equal(
        (await repo.create({ key: 'admin', name: 'x', description: null, permissionIds: [] })).kind,
        'duplicateKey',
      );
      assert.equal((await repo.update(alpha.id, { key: `BETA-${tag}` })).kind, 'duplicateKey');
      // The members holding a role are counted.
      await context.repos.holder(context.tenantId, `gamma-${tag}`);
      const counted = (await repo.list(page(`gamma-${tag}`))).items;
      assert.deepEqual(
        counted.map((r) => r.usersCount),
        [1],
      );
      const renamed = await repo.update(alpha.id, { key: `delta-${tag}`, description: 'Deltas' });
      assert.ok(renamed.kind === 'ok');
      assert.deepEqual(
        [renamed.role.key, renamed.role.name, renamed.role.description],
        [`delta-${tag}`, `Alpha ${tag}`, 'Deltas'],
      );
      const admin = all.items.find((r) => r.key === 'Admin')!;
      assert.equal((await repo.update(admin.id, { name: 'Mine' })).kind, 'notFound');
      assert.equal(await repo.remove(admin.id), false);
      for (const role of made) assert.equal(await repo.remove(role.id), true);
      assert.equal(await repo.remove(alpha.id), false);
      assert.deepEqual(await names(page(tag)), []);
    });

    test('permissions: the catalogue and categories, what roles grant, which roles hold a permission', async () => {
      const repo = context.repos.repo(context.tenantId);
      const tag = randomUUID().slice(0, 8);
      const read = await context.repos.permission('fe.secure.read.roles');
      const audits = await context.repos.permission('fe.secure.read.audits');
      const created = await repo.create({
        key: `r-${tag}`,
        name: 'r',
        description: null,
        permissionIds: [read],
      });
      assert.ok(created.kind === 'ok');
      const role = created.role;
      const replaced = await repo.setPermissions(role.id, [audits]);
      assert.deepEqual(replaced?.permissions, [audits]);
      assert.equal(await repo.setPermissions(randomUUID(), [audits]), null);
      assert.deepEqual([...(await repo.grantedBy([role.id, '']))], ['fe.secure.read.audits']);
      const [held] = await repo.holdings([role.id, randomUUID()]);
      assert.deepEqual(held, { id: role.id, own: true, permissionIds: [audits] });
      const catalogue = await repo.permissions();
      assert.deepEqual(
        catalogue.map((p) => p.key),
        [...catalogue.map((p) => p.key)].sort(),
      );
      assert.ok(catalogue.find((p) => p.id === audits)!.roleIds.includes(role.id));
      const moved = await repo.setPermissionRoles(read, [role.id]);
      assert.ok(moved.roleIds.includes(role.id));
      const dropped = await repo.setPermissionRoles(audits, []);
      assert.ok(!dropped.roleIds.includes(role.id));
      assert.deepEqual((await repo.holdings([role.id]))[0]?.permissionIds, [read]);
      assert.deepEqual(
        await repo.permissionKeys([read, randomUUID()]),
        new Map([[read, 'fe.secure.read.roles']]),
      );
      const categories = await repo.categories();
      assert.ok(categories.length > 0);
      // Made together (the server's migration, the demo's first use): in the order of their names.
      assert.deepEqual(
        categories.map((c) => c.name),
        categories.map((c) => c.name).sort(),
      );
      assert.ok(categories.some((c) => c.permissionIds.includes(read) && c.feCategory));
      assert.equal(await repo.remove(role.id), true);
    });
  },
);
