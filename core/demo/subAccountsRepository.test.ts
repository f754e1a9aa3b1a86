// The roles a sub-account gives its members in demo mode are the ones it can see, as on the server
// (server/storage/sub-accounts.ts): the vendor's and its own, not another account's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROLES } from '../domain/role-tables';
import { addDemoTenant, builtInRoleId, seedDemoDatabase, userRows, type DemoDatabase } from './data';
import { demoSubAccountsRepository } from './subAccountsRepository';
import { demoRoles } from './teamAdmin';

const [admin, viewer] = [builtInRoleId('Admin'), builtInRoleId('Viewer')];

/** Stores a role of `tenantId` as a row of the roles table. */
function addRole(db: DemoDatabase, id: string, key: string, tenantId: string, name = key) {
  demoRoles(db);
  db.tables![ROLES.name]!.push({
    id,
    vendorId: 'demo-vendor',
    tenantId,
    key,
    name,
    description: null,
    defaultForCreator: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
}

test("demo sub-accounts: the vendor's roles and the account's own are assignable, another account's are not", async () => {
  const db = seedDemoDatabase();
  const parent = 'demo-tenant';
  addDemoTenant(db, {
    id: 'sub',
    name: 'Sub',
    parentTenantId: parent,
    createdAt: '2026-02-01T00:00:00.000Z',
  });
  addRole(db, 'own-role', 'Auditor', 'sub');
  addRole(db, 'parent-role', 'Clerk', parent);
  const repo = demoSubAccountsRepository(db, { now: Date.now, random: () => crypto.randomUUID() });
  const wanted = [admin, 'own-role', 'parent-role', 'no-such-role'];
  assert.deepEqual((await repo.assignableRoles('sub', wanted)).sort(), ['own-role', admin].sort());

  const userId = userRows(db)[0]!.id;
  assert.equal(
    await repo.addMembers([{ userId, tenantId: 'sub', roleIds: ['own-role'], allowAccess: true }]),
    true,
  );
  assert.deepEqual(await repo.roleIdsOf('sub', userId), ['own-role']);
  await repo.setRoles('sub', userId, [admin, 'own-role']);
  assert.deepEqual((await repo.roleIdsOf('sub', userId)).sort(), ['own-role', admin].sort());
});

test("demo sub-accounts: a member's roles are listed by their ids and names (an account's own too), by key", async () => {
  const db = seedDemoDatabase();
  const parent = 'demo-tenant';
  addDemoTenant(db, {
    id: 'sub',
    name: 'Sub',
    parentTenantId: parent,
    createdAt: '2026-02-01T00:00:00.000Z',
  });
  addRole(db, 'own-role', 'Auditor', 'sub', 'Account auditor');
  const repo = demoSubAccountsRepository(db, { now: Date.now, random: () => crypto.randomUUID() });
  const userId = userRows(db)[0]!.id;
  await repo.addMembers([{ userId, tenantId: 'sub', roleIds: [viewer, 'own-role'], allowAccess: true }]);
  const { items } = await repo.members('sub', 0, 10);
  assert.deepEqual((items[0] as { roles: unknown }).roles, [
    { id: 'own-role', key: 'Auditor', name: 'Account auditor' },
    { id: viewer, key: 'Viewer', name: 'Viewer' },
  ]);
});
