// Sub-account members across the tree (the client SDK's subTenants.loadAllUsers,
// addUserToTenantAndSubTenants, addUsersToSubTenant, removeUserFromTenantAndSubTenants): every
// account is checked before anything is written; accounts outside the tree are 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, FAST_HASHING, login, startTestServer } from '../../test/support/server';

const TREE_USERS = `${API}/sub-tenants/users/v1`;
let server: BuiltServer;
let admin: string;
let viewerRole: string;
let adminRole: string;
let n = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const memberships = async (userId: string) =>
  (
    await server.db.query<{ tenant_id: string }>('SELECT tenant_id FROM memberships WHERE user_id = $1', [
      userId,
    ])
  ).rows
    .map((r) => r.tenant_id)
    .sort();
async function member(roleKeys: string[] = [], provider?: string) {
  n += 1;
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const email = `tree-${n}@example.com`;
  const user = await insertUser(server.db, {
    vendorId: vendor,
    email,
    name: `Tree ${n}`,
    passwordHash: await new PasswordHasher(FAST_HASHING).hash('Tree-pass-2026'),
    verified: true,
    provider,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return { id: user.id, email, password: 'Tree-pass-2026' };
}
const subAccount = async (name: string) =>
  (await call('POST', '/frontegg/tenants/resources/sub-tenants/v1', { name })).json().tenantId as string;

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
  const roles = (await call('GET', `${API}/roles/v1`)).json() as Array<{ id: string; key: string }>;
  viewerRole = roles.find((r) => r.key === 'Viewer')!.id;
  adminRole = roles.find((r) => r.key === 'Admin')!.id;
});
after(() => server.close());

describe('sub-account members across the tree', () => {
  it('adds a member to several accounts, lists them once with those accounts, removes them from some', async () => {
    const [a, b] = [await subAccount('Tree A'), await subAccount('Tree B')];
    const person = await member([], 'github');
    const added = await call('POST', TREE_USERS, {
      user: { email: person.email },
      subTenants: [{ tenantId: a, roleIds: [viewerRole] }, { tenantId: b }],
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(await memberships(person.id), [SEED_TENANT_ID, a, b].sort());

    const page = await call(
      'GET',
      `${TREE_USERS}?_offset=0&_limit=200&_filter=${encodeURIComponent(person.email)}`,
    );
    assert.equal(page.statusCode, 200, page.body);
    const { items, totalPages } = page.json() as {
      items: Array<{
        id: string;
        provider: string;
        tenantId: string;
        tenantIds: string[];
        tenants: Array<{ tenantId: string; roles: Array<{ key: string }> }>;
      }>;
      totalPages: number;
    };
    assert.equal(totalPages, 1);
    assert.equal(items.length, 1);
    assert.equal(items[0]!.tenantId, SEED_TENANT_ID, "the caller's own account first");
    assert.equal(items[0]!.provider, 'github', 'the provider the user signed up with');
    assert.deepEqual([...items[0]!.tenantIds].sort(), [SEED_TENANT_ID, a, b].sort());
    assert.deepEqual(
      items[0]!.tenants.find((t) => t.tenantId === a)?.roles.map((r) => r.key),
      ['Viewer'],
    );

    const removed = await call('DELETE', TREE_USERS, {
      userId: person.id,
      subTenants: [{ tenantId: a }, { tenantId: b }],
    });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(await memberships(person.id), [SEED_TENANT_ID]);
  });

  it('adds several members to one account (v2), all or none', async () => {
    const a = await subAccount('Tree C');
    const [one, two] = [await member(), await member()];
    const stranger = 'nobody-here@example.com';
    const refused = await call('POST', `${API}/sub-tenants/users/v2/`, {
      users: [{ email: one.email }, { email: stranger }],
      tenantId: a,
    });
    assert.equal(refused.statusCode, 404);
    assert.deepEqual(await memberships(one.id), [SEED_TENANT_ID], 'nothing half-applied');
    const added = await call('POST', `${API}/sub-tenants/users/v2/`, {
      users: [{ email: one.email }, { email: two.email }],
      tenantId: a,
      roleIds: [viewerRole],
      allowSubAccountAccess: true,
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(await memberships(two.id), [SEED_TENANT_ID, a].sort());
  });

  it('refuses accounts outside the tree, roles the caller lacks and members above them, before writing', async () => {
    const a = await subAccount('Tree D');
    const outside = (
      await server.db.query<{ id: string }>(
        `INSERT INTO tenants (vendor_id, name) SELECT id, 'Elsewhere' FROM vendors LIMIT 1 RETURNING id`,
      )
    ).rows[0]!.id;
    const person = await member();
    const foreign = await call('POST', TREE_USERS, {
      user: { email: person.email },
      subTenants: [{ tenantId: a }, { tenantId: outside }],
    });
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(await memberships(person.id), [SEED_TENANT_ID]);

    // A sub-account manager who holds only the hierarchy permissions.
    const roleKey = `tree-manager-${Date.now()}`;
    const role = await call('POST', `${API}/roles/v1`, { key: roleKey, name: 'Tree manager' });
    assert.equal(role.statusCode, 201, role.body);
    const perms = (await call('GET', `${API}/permissions/v1`)).json() as Array<{ id: string; key: string }>;
    await call('PUT', `${API}/roles/v1/${role.json().id}/permissions`, {
      permissionIds: perms.filter((p) => p.key.startsWith('fe.account-hierarchy.')).map((p) => p.id),
    });
    const manager = await member([roleKey]);
    const token = (await login(server.app, manager.email, manager.password)).accessToken;
    assert.equal((await call('GET', TREE_USERS, undefined, token)).statusCode, 200, 'the manager may list');
    const raise = await call(
      'POST',
      TREE_USERS,
      { user: { email: person.email }, subTenants: [{ tenantId: a, roleIds: [adminRole] }] },
      token,
    );
    assert.equal(raise.statusCode, 403, raise.body);
    const above = await member(['Admin']);
    await call('POST', TREE_USERS, { user: { email: above.email }, subTenants: [{ tenantId: a }] });
    const out = await call(
      'DELETE',
      TREE_USERS,
      { userId: above.id, subTenants: [{ tenantId: a }, { tenantId: SEED_TENANT_ID }] },
      token,
    );
    assert.equal(out.statusCode, 403, out.body);
    assert.deepEqual(await memberships(above.id), [SEED_TENANT_ID, a].sort());
    // A viewer (no hierarchy permission) may not even list.
    const viewer = await member(['Viewer']);
    const viewerToken = (await login(server.app, viewer.email, viewer.password)).accessToken;
    assert.equal((await call('GET', TREE_USERS, undefined, viewerToken)).statusCode, 403);
  });

  it('a member of an account joins an account below it, not a sibling (issue 28 item 1)', async () => {
    const parent = await subAccount('Across parent');
    const child = (
      await call('POST', '/frontegg/tenants/resources/sub-tenants/v1', {
        name: 'Across child',
        parentTenantId: parent,
      })
    ).json().tenantId as string;
    const sibling = await subAccount('Across sibling');
    // A person of the parent account only (not of the caller's).
    const person = await member();
    await call('POST', TREE_USERS, { user: { email: person.email }, subTenants: [{ tenantId: parent }] });
    await server.db.query('DELETE FROM memberships WHERE user_id = $1 AND tenant_id = $2', [
      person.id,
      SEED_TENANT_ID,
    ]);
    const toSibling = await call('POST', `${API}/sub-tenants/v1/${sibling}/users`, { email: person.email });
    assert.equal(toSibling.statusCode, 404, toSibling.body);
    assert.deepEqual(toSibling.json().errors, [
      'No member of your account or of an account above this one has this email',
    ]);
    const toChild = await call('POST', TREE_USERS, {
      user: { email: person.email.toUpperCase() },
      subTenants: [{ tenantId: child, roleIds: [viewerRole] }],
    });
    assert.equal(toChild.statusCode, 201, toChild.body);
    assert.deepEqual(await memberships(person.id), [parent, child].sort());
    // A caller who may not grant Admin cannot hand it out across the tree either.
    const viewerOfTree = await member(['Viewer']);
    const token = (await login(server.app, viewerOfTree.email, viewerOfTree.password)).accessToken;
    const refused = await call(
      'POST',
      TREE_USERS,
      { user: { email: viewerOfTree.email }, subTenants: [{ tenantId: child }] },
      token,
    );
    assert.equal(refused.statusCode, 403, refused.body);
  });
});
