// The users list's rows (issue 28 items 6 and 11): each member's groups and `mfaEnabled` (the client
// SDK's names), and `_includeSubTenants=true` listing the members of the accounts below too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { API, bearer, login, SIGN_UP, startTestServer } from '../../test/support/server';

let server: BuiltServer;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tenantId: string; sub: string };
const signUp = async (email: string, name: string) =>
  (
    await server.app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: { email, password: 'a-long-password-1', name },
    })
  ).json().authResponse.accessToken as string;
const list = (token: string, query = '', version = 'v2') =>
  server.app.inject({ method: 'GET', url: `${API}/users/${version}${query}`, headers: bearer(token) });

let admin: string;
let home: string;
let sub: string;
let bob: string;

before(async () => {
  server = await startTestServer();
  const stamp = Date.now();
  admin = await signUp(`rows-admin-${stamp}@example.com`, 'Ann Admin');
  home = claimsOf(admin).tenantId;
  sub = (
    await server.app.inject({
      method: 'POST',
      url: '/frontegg/tenants/resources/sub-tenants/v1',
      headers: bearer(admin),
      payload: { name: 'Branch' },
    })
  ).json().tenantId;
  // Bob: a member of the sub-account only (and of his own account).
  bob = await signUp(`rows-bob-${stamp}@example.com`, 'Bob Branch');
  await server.db.query('INSERT INTO memberships (user_id, tenant_id) VALUES ($1, $2)', [
    claimsOf(bob).sub,
    sub,
  ]);
  // A group of the admin's account with a role; the admin is in it.
  await server.db.query(
    `WITH g AS (INSERT INTO groups (tenant_id, name, color) VALUES ($1, 'Ops', '#1f6feb') RETURNING id),
          r AS (INSERT INTO group_roles (group_id, role_id) SELECT g.id, roles.id FROM g, roles WHERE roles.key = 'ReadOnly' AND roles.tenant_id IS NULL)
     INSERT INTO group_members (group_id, membership_id) SELECT g.id, m.id FROM g, memberships m WHERE m.user_id = $2 AND m.tenant_id = $1`,
    [home, claimsOf(admin).sub],
  );
});
after(() => server.close());

describe('users list rows', () => {
  it('carry the groups the member is in there, with their roles, and mfaEnabled', async () => {
    for (const version of ['v2', 'v3']) {
      const [row] = (await list(admin, '', version)).json().items;
      assert.equal(row.name, 'Ann Admin');
      assert.equal(row.mfaEnabled, false);
      assert.equal(row.mfaEnabled, row.mfaEnrolled);
      assert.deepEqual(
        row.groups.map((g: { name: string; color: string; roles: Array<{ key: string }> }) => [
          g.name,
          g.color,
          g.roles.map((r) => r.key),
        ]),
        [['Ops', '#1f6feb', ['ReadOnly']]],
      );
    }
  });

  it('_includeSubTenants=true lists the members of the accounts below too, each once', async () => {
    const own = (await list(admin)).json();
    assert.deepEqual(
      own.items.map((u: { name: string }) => u.name),
      ['Ann Admin'],
    );
    for (const version of ['v2', 'v3']) {
      const res = await list(admin, '?_includeSubTenants=true', version);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(
        body.items.map((u: { name: string; tenantId: string }) => [u.name, u.tenantId]),
        [
          ['Ann Admin', home],
          ['Bob Branch', sub],
        ],
      );
      assert.equal(body._metadata.totalItems, 2);
    }
    assert.equal((await list(admin, '?_includeSubTenants=false')).json()._metadata.totalItems, 1);
  });

  it('_includeSubTenants=true needs fe.account-hierarchy.read.subAccount (403), the plain list does not', async () => {
    // Bob keeps only the vendor's ReadOnly role (fe.secure.read.users) in his own account.
    const own = claimsOf(bob).tenantId;
    await server.db.query(
      `DELETE FROM membership_roles WHERE membership_id = (SELECT id FROM memberships WHERE user_id = $1 AND tenant_id = $2)`,
      [claimsOf(bob).sub, own],
    );
    await server.db.query(
      `INSERT INTO membership_roles (membership_id, role_id)
         SELECT m.id, r.id FROM memberships m, roles r
          WHERE m.user_id = $1 AND m.tenant_id = $2 AND r.key = 'ReadOnly' AND r.tenant_id IS NULL`,
      [claimsOf(bob).sub, own],
    );
    const email = (
      await server.app.inject({ method: 'GET', url: `${API}/users/v2/me`, headers: bearer(bob) })
    ).json().email as string;
    const reader = (await login(server.app, email, 'a-long-password-1')).accessToken;
    assert.equal((await list(reader)).statusCode, 200);
    const refused = await list(reader, '?_includeSubTenants=true');
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errorCodes, ['PERMISSION_REQUIRED']);
  });
});
