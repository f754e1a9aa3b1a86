import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, login, refresh, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let admin: { accessToken: string; userId: string };
before(async () => {
  server = await startTestServer();
  const session = await login(server.app);
  const me = (
    await server.app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: bearer(session.accessToken),
    })
  ).json();
  admin = { accessToken: session.accessToken, userId: me.id };
});
after(() => server.close());

let counter = 0;
/** A member of the seeded tenant with the given roles. */
async function member(roleKeys: string[] = ['Viewer']) {
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const user = await insertUser(server.db, {
    vendorId: vendor,
    email: `m${++counter}-${Date.now()}@example.com`,
    name: `M ${counter}`,
    passwordHash: null,
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return user.id;
}
const rolesOf = async (userId: string) =>
  (
    await server.db.query<{ key: string }>(
      `SELECT r.key FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id JOIN roles r ON r.id = mr.role_id
      WHERE m.user_id = $1 ORDER BY r.key`,
      [userId],
    )
  ).rows.map((r) => r.key);
const roleId = async (key: string) =>
  (await server.db.query<{ id: string }>('SELECT id FROM roles WHERE key = $1 AND tenant_id IS NULL', [key]))
    .rows[0]!.id;
const putRoles = (userId: string, roleIds: unknown, token = admin.accessToken) =>
  server.app.inject({
    method: 'PUT',
    url: `${API}/users/v1/${userId}/roles`,
    headers: bearer(token),
    payload: { roleIds } as object,
  });
const remove = (userId: string, token = admin.accessToken) =>
  server.app.inject({ method: 'DELETE', url: `${API}/users/v1/${userId}`, headers: bearer(token) });

describe('team members', () => {
  it('lists the assignable roles', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${API}/roles/v1`,
      headers: bearer(admin.accessToken),
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res
        .json()
        .map((r: { key: string }) => r.key)
        .sort(),
      ['Admin', 'Editor', 'ReadOnly', 'Viewer'],
    );
  });

  it('sets a member\'s roles, and [""] clears them (spec 001 §5)', async () => {
    const userId = await member(['Viewer']);
    assert.equal(
      (await putRoles(userId, [await roleId('Editor'), await roleId('ReadOnly')])).statusCode,
      200,
    );
    assert.deepEqual(await rolesOf(userId), ['Editor', 'ReadOnly']);
    assert.equal((await putRoles(userId, [''])).statusCode, 200);
    assert.deepEqual(await rolesOf(userId), []);
  });

  it("refuses unknown roles, non-members, changing one's own roles, and bad input", async () => {
    const userId = await member();
    assert.equal((await putRoles(userId, ['00000000-0000-4000-8000-000000000000'])).statusCode, 400);
    assert.deepEqual(await rolesOf(userId), ['Viewer'], 'nothing changed');
    assert.equal((await putRoles('00000000-0000-4000-8000-000000000001', [])).statusCode, 404);
    assert.equal((await putRoles(admin.userId, [])).statusCode, 400);
    for (const bad of ['Admin', [1], ['x'.repeat(40)], null]) {
      const res = await putRoles(userId, bad);
      assert.equal(res.statusCode, 400, JSON.stringify(bad));
      assert.ok(Array.isArray(res.json().errors));
    }
  });

  it('removes a member from the account and ends their sessions there; twice is 404', async () => {
    const userId = await member();
    assert.equal((await remove(userId)).statusCode, 200);
    const left = await server.db.query('SELECT 1 FROM memberships WHERE user_id = $1', [userId]);
    assert.equal(left.rows.length, 0);
    assert.equal((await remove(userId)).statusCode, 404);
  });

  it('a removed member who was signed in cannot refresh', async () => {
    const email = `signed-in-${Date.now()}@example.com`;
    const signUp = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email, password: 'a-long-password-1', name: 'Signed In' },
    });
    const userId = signUp.json().userId as string;
    await addMembership(server.db, { userId, tenantId: SEED_TENANT_ID, roleKeys: ['Viewer'] });
    await server.db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [userId, SEED_TENANT_ID]);
    const session = await login(server.app, email, 'a-long-password-1');
    assert.equal((await remove(userId)).statusCode, 200);
    assert.equal((await refresh(server.app, session.cookie)).statusCode, 401);
  });

  it('refuses removing oneself, and callers without the permission', async () => {
    assert.equal((await remove(admin.userId)).statusCode, 400);
    const signUp = await server.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email: `plain-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Plain' },
    });
    const otherTenantAdmin = signUp.json().authResponse.accessToken as string;
    const target = await member();
    assert.equal(
      (await remove(target, otherTenantAdmin)).statusCode,
      404,
      'another tenant cannot reach this member',
    );
    await server.db.query(
      `DELETE FROM membership_roles WHERE membership_id IN (SELECT id FROM memberships WHERE user_id = $1)`,
      [signUp.json().userId],
    );
    const plain = (
      await login(
        server.app,
        (
          await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
            signUp.json().userId,
          ])
        ).rows[0]!.email,
        'a-long-password-1',
      )
    ).accessToken;
    assert.equal((await remove(target, plain)).statusCode, 403);
    assert.equal((await putRoles(target, [], plain)).statusCode, 403);
  });
});

describe('no change to a member who holds more than the caller', () => {
  it('a users administrator cannot demote or remove an admin, but manages members below them', async () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: bearer(admin.accessToken), ...(payload ? { payload } : {}) });
    const permissions = (await inject('GET', `${API}/permissions/v1`)).json() as Array<{
      id: string;
      key: string;
    }>;
    const role = await inject('POST', `${API}/roles/v1`, {
      key: 'users-manager',
      name: 'Users manager',
      permissionIds: permissions
        .filter((p) => /^fe\.secure\.(read|write|delete)\.users$/.test(p.key))
        .map((p) => p.id),
    });
    assert.equal(role.statusCode, 201, role.body);
    const { PasswordHasher } = await import('../domain/passwords');
    const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const manager = await insertUser(server.db, {
      vendorId: vendor,
      email: 'users-manager@example.com',
      name: 'Users manager',
      passwordHash: await new PasswordHasher({ N: 1024, r: 8, p: 1 }).hash('Manager-pass-2026'),
      verified: true,
    });
    await addMembership(server.db, {
      userId: manager.id,
      tenantId: SEED_TENANT_ID,
      roleKeys: ['users-manager'],
    });
    const token = (await login(server.app, 'users-manager@example.com', 'Manager-pass-2026')).accessToken;

    const otherAdmin = await member(['Admin']);
    const demote = await putRoles(otherAdmin, [await roleId('Viewer')], token);
    assert.equal(demote.statusCode, 403, demote.body);
    assert.deepEqual(demote.json().errors, [
      'This member holds permissions you do not have: you cannot change them',
    ]);
    assert.equal((await remove(otherAdmin, token)).statusCode, 403);
    assert.deepEqual(await rolesOf(otherAdmin), ['Admin']);

    const below = await member(['Viewer']);
    // A role within the caller's own permissions (Editor also manages groups, which this caller cannot).
    assert.equal((await putRoles(below, [role.json().id], token)).statusCode, 200);
    assert.equal((await remove(below, token)).statusCode, 200);
    assert.equal((await putRoles(manager.id, [], token)).statusCode, 400, 'not their own roles');
  });
});
