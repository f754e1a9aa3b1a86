import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { decodeJwt } from 'jose';
import { setFlag } from '../storage/feature-flags';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, login, refresh, refreshCookieOf, startTestServer } from '../../test/support/server';

const HIERARCHY = '/frontegg/tenants/resources/hierarchy/v2';
const SUB_TENANTS = '/frontegg/tenants/resources/sub-tenants/v1';
const SWITCH = `${API}/users/v1/tenant`;
const users = (tenantId: string) => `${API}/sub-tenants/v1/${tenantId}/users`;

let server: BuiltServer;
let admin: { accessToken: string; cookie: string };
let viewer: { accessToken: string; cookie: string };
let viewerId: string;

before(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const { PasswordHasher } = await import('../domain/passwords');
  const hash = await new PasswordHasher({ N: 1024, r: 8, p: 1 }).hash('Viewer-pass-2026');
  const user = await insertUser(server.db, {
    vendorId: vendor,
    email: 'viewer@example.com',
    name: 'Vera Viewer',
    passwordHash: hash,
    verified: true,
  });
  viewerId = user.id;
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys: [] });
  viewer = await login(server.app, 'viewer@example.com', 'Viewer-pass-2026');
});
after(() => server.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = admin.accessToken,
) => server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(name: string, parentTenantId?: string): Promise<string> {
  const res = await inject('POST', SUB_TENANTS, { name, ...(parentTenantId ? { parentTenantId } : {}) });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().tenantId;
}

describe('sub-accounts', () => {
  let emea: string;
  let paris: string;

  before(async () => {
    emea = await create('EMEA');
    for (let i = 1; i <= 60; i += 1) await create(`Branch ${String(i).padStart(2, '0')}`);
    paris = await create('Paris office', emea);
    await create('Berlin office', emea);
  });

  it('lists the children of the active tenant 50 at a time, by name, with a next link until the last page', async () => {
    const first = (await inject('GET', HIERARCHY)).json();
    assert.equal(first.items.length, 50);
    assert.equal(first.items[0].name, 'Branch 01');
    assert.match(first._links.next, /_offset=50/);
    assert.deepEqual(Object.keys(first.items[0]).sort(), [
      'createdAt',
      'id',
      'metadata',
      'name',
      'numberOfChildren',
      'numberOfUsers',
      'parentTenantId',
      'tenantId',
      'tenantType',
    ]);
    const second = (await inject('GET', `/frontegg${first._links.next}`)).json();
    assert.deepEqual(
      second.items.map((t: { name: string }) => t.name),
      [
        'Branch 51',
        'Branch 52',
        'Branch 53',
        'Branch 54',
        'Branch 55',
        'Branch 56',
        'Branch 57',
        'Branch 58',
        'Branch 59',
        'Branch 60',
        'EMEA',
      ],
    );
    assert.equal(second._links.next, '');
    const emeaItem = second.items.at(-1);
    assert.equal(emeaItem.numberOfChildren, 2);
    assert.equal(emeaItem.numberOfUsers, 1, 'the creator is a member');
  });

  it("lists a sub-account's children, and a search finds accounts anywhere in the tree", async () => {
    const children = (await inject('GET', `${HIERARCHY}?_subTenantId=${emea}`)).json();
    assert.deepEqual(
      children.items.map((t: { name: string }) => t.name),
      ['Berlin office', 'Paris office'],
    );
    const found = (await inject('GET', `${HIERARCHY}?_filter=office`)).json();
    assert.deepEqual(
      found.items.map((t: { name: string }) => t.name),
      ['Berlin office', 'Paris office'],
    );
    const literal = (await inject('GET', `${HIERARCHY}?_filter=%25`)).json();
    assert.equal(literal.items.length, 0, 'a % is searched literally');
    assert.equal((await inject('GET', `${HIERARCHY}/metadata`)).json().totalSubTenants, 63);
  });

  it("refuses a path id that is not a uuid with 400 or 404 and an errors list (the shared handlers' path ids)", async () => {
    const bad = 'not-a-uuid';
    const across = `${API}/sub-tenants/users/v1/${bad}`;
    for (const [method, url, payload] of [
      ['PATCH', `${SUB_TENANTS}/${bad}`, { name: 'A' }],
      ['DELETE', `${SUB_TENANTS}/${bad}`, undefined],
      ['GET', users(bad), undefined],
      ['POST', users(bad), { email: 'viewer@example.com' }],
      ['DELETE', `${users(bad)}/${viewerId}`, undefined],
      ['PUT', `${users(SEED_TENANT_ID)}/${bad}/roles`, { roleIds: [] }],
      ['PUT', `${users(SEED_TENANT_ID)}/${bad}/access`, { allowAccess: true }],
      ['PUT', `${across}/access`, { allowAccess: true }],
      ['PATCH', `${across}/roles`, { subTenantsRoles: [{ tenantId: SEED_TENANT_ID, roleIds: [] }] }],
      ['GET', `/frontegg/tenants/resources/hierarchy/v1/parents/${bad}`, undefined],
    ] as const) {
      const res = await inject(method, url, payload);
      assert.ok([400, 404].includes(res.statusCode), `${method} ${url}: ${res.statusCode} ${res.body}`);
      assert.ok(Array.isArray(res.json().errors), url);
    }
  });

  it('refuses bad input with 400 and an errors list, and another tree with 404', async () => {
    for (const url of [
      `${HIERARCHY}?_limit=abc`,
      `${HIERARCHY}?_subTenantId=nope`,
      `${HIERARCHY}?_extra=1`,
    ]) {
      const res = await inject('GET', url);
      assert.equal(res.statusCode, 400, url);
      assert.ok(Array.isArray(res.json().errors));
    }
    for (const payload of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'A', parentTenantId: 'bad' },
      { name: 'A', extra: 1 },
      { name: '   ' },
    ]) {
      const res = await inject('POST', SUB_TENANTS, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(res.json().errors.length > 0);
    }
    const stranger = (
      await server.db.query<{ id: string }>(
        `INSERT INTO tenants (vendor_id, name) SELECT id, 'Elsewhere' FROM vendors LIMIT 1 RETURNING id`,
      )
    ).rows[0]!.id;
    assert.equal((await inject('GET', `${HIERARCHY}?_subTenantId=${stranger}`)).statusCode, 404);
    assert.equal(
      (await inject('POST', SUB_TENANTS, { name: 'Hijack', parentTenantId: stranger })).statusCode,
      404,
    );
    assert.equal((await inject('GET', users(stranger))).statusCode, 404);
  });

  it('refuses a caller without the sub-account permission with 403', async () => {
    assert.equal((await inject('GET', HIERARCHY, undefined, viewer.accessToken)).statusCode, 403);
    assert.equal((await inject('POST', SUB_TENANTS, { name: 'Nope' }, viewer.accessToken)).statusCode, 403);
    assert.equal((await inject('GET', users(paris), undefined, viewer.accessToken)).statusCode, 403);
  });

  it('renames and deletes a sub-account with what is below it', async () => {
    const temp = await create('Temporary');
    const child = await create('Temporary child', temp);
    assert.equal(
      (await inject('PATCH', `${SUB_TENANTS}/${temp}`, { name: 'Renamed' })).json().name,
      'Renamed',
    );
    assert.equal(
      (await inject('PATCH', `${SUB_TENANTS}/${SEED_TENANT_ID}`, { name: 'Mine' })).statusCode,
      400,
    );
    assert.equal((await inject('DELETE', `${SUB_TENANTS}/${temp}`)).statusCode, 200);
    assert.equal(
      (await server.db.query('SELECT 1 FROM tenants WHERE id = ANY($1::uuid[])', [[temp, child]])).rows
        .length,
      0,
    );
  });

  it('adds a member to a sub-account, sets their roles there, and allows or denies their access', async () => {
    const add = await inject('POST', users(paris), {
      email: 'VIEWER@example.com',
      roleIds: [],
      allowSubAccountAccess: false,
    });
    assert.equal(add.statusCode, 201, add.body);
    assert.equal((await inject('POST', users(paris), { email: 'viewer@example.com' })).statusCode, 409);
    assert.equal((await inject('POST', users(paris), { email: 'nobody@example.com' })).statusCode, 404);

    const list = (await inject('GET', users(paris))).json();
    assert.equal(list._metadata.totalItems, 2);
    const member = list.items.find((u: { email: string }) => u.email === 'viewer@example.com');
    assert.equal(member.subAccountAccessAllowed, false);
    assert.deepEqual(member.roles, []);

    const roles = (await inject('GET', `${API}/roles/v1`)).json() as Array<{ id: string; key: string }>;
    const editor = roles.find((r) => r.key === 'Editor')!;
    assert.deepEqual(
      (await inject('PUT', `${users(paris)}/${viewerId}/roles`, { roleIds: [editor.id] })).json().roleIds,
      [editor.id],
    );
    assert.equal(
      (
        await inject('PUT', `${users(paris)}/${viewerId}/roles`, {
          roleIds: ['00000000-0000-4000-8000-000000000000'],
        })
      ).statusCode,
      400,
    );
    assert.equal(
      (await inject('PUT', `${users(paris)}/${viewerId}/roles`, { roleIds: 'Editor' })).statusCode,
      400,
    );

    // Denied: the viewer cannot switch into Paris.
    assert.equal((await inject('PUT', SWITCH, { tenantId: paris }, viewer.accessToken)).statusCode, 403);
    assert.equal(
      (await inject('PUT', `${users(paris)}/${viewerId}/access`, { allowAccess: true })).statusCode,
      200,
    );
    assert.equal(
      (await inject('PUT', `${users(paris)}/${viewerId}/access`, { allowAccess: 'yes' })).statusCode,
      400,
    );
    const after = (await inject('GET', users(paris)))
      .json()
      .items.find((u: { email: string }) => u.email === 'viewer@example.com');
    assert.equal(after.subAccountAccessAllowed, true);
    assert.deepEqual(
      after.roles.map((r: { key: string }) => r.key),
      ['Editor'],
    );

    // Allowed: the viewer switches, and the refreshed token carries Paris and the Editor role.
    assert.equal((await inject('PUT', SWITCH, { tenantId: paris }, viewer.accessToken)).statusCode, 200);
    const refreshed = await refresh(server.app, viewer.cookie);
    assert.equal(refreshed.statusCode, 200);
    const claims = decodeJwt(refreshed.json().accessToken) as { tenantId: string; roles: string[] };
    assert.equal(claims.tenantId, paris);
    assert.deepEqual(claims.roles, ['Editor']);
    viewer.cookie = refreshCookieOf(refreshed) ?? viewer.cookie;

    // Denied again: at the next refresh the session moves back to a tenant the viewer may use.
    assert.equal(
      (await inject('PUT', `${users(paris)}/${viewerId}/access`, { allowAccess: false })).statusCode,
      200,
    );
    const moved = decodeJwt((await refresh(server.app, viewer.cookie)).json().accessToken) as {
      tenantId: string;
    };
    assert.equal(moved.tenantId, SEED_TENANT_ID);

    assert.equal((await inject('DELETE', `${users(paris)}/${viewerId}`)).statusCode, 200);
    assert.equal((await inject('GET', users(paris))).json()._metadata.totalItems, 1);
  });
});

describe('PUT /users/v1/tenant (switch)', () => {
  it('switches a member of several tenants; the refreshed access token carries the new tenant and /me follows', async () => {
    const fresh = await login(server.app);
    const branch = await create('Switch target');
    const res = await inject('PUT', SWITCH, { tenantId: branch }, fresh.accessToken);
    assert.equal(res.statusCode, 200, res.body);
    const refreshed = await refresh(server.app, fresh.cookie);
    const token = refreshed.json().accessToken;
    assert.equal((decodeJwt(token) as { tenantId: string }).tenantId, branch);
    const tenants = (await inject('GET', `${API}/users/v3/me/tenants`, undefined, token)).json();
    assert.equal(tenants.activeTenant.tenantId, branch);
    // And back.
    assert.equal((await inject('PUT', SWITCH, { tenantId: SEED_TENANT_ID }, token)).statusCode, 200);
    assert.equal(
      (
        decodeJwt((await refresh(server.app, refreshCookieOf(refreshed)!)).json().accessToken) as {
          tenantId: string;
        }
      ).tenantId,
      SEED_TENANT_ID,
    );
  });

  it('refuses a tenant the user does not belong to (403), bad ids (400) and no token (401)', async () => {
    const other = (
      await server.db.query<{ id: string }>(
        `INSERT INTO tenants (vendor_id, name) SELECT id, 'Not yours' FROM vendors LIMIT 1 RETURNING id`,
      )
    ).rows[0]!.id;
    const refused = await inject('PUT', SWITCH, { tenantId: other });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errors, ['You are not a member of this account']);
    assert.equal((await inject('PUT', SWITCH, { tenantId: 'x' })).statusCode, 400);
    assert.equal((await inject('PUT', SWITCH, {})).statusCode, 400);
    assert.equal((await inject('PUT', SWITCH, { tenantId: other, extra: true })).statusCode, 400);
    assert.equal(
      (await server.app.inject({ method: 'PUT', url: SWITCH, payload: { tenantId: other } })).statusCode,
      401,
    );
  });
});

describe('POST /metadata (admin-box configuration)', () => {
  const post = (payload: object, token = admin.accessToken) =>
    inject('POST', '/frontegg/metadata', payload, token);

  it('is refused to anyone but a vendor administrator', async () => {
    const res = await post({
      entityName: 'adminBox',
      actions: [{ path: 'profile.fields.phoneNumber.appearance', value: 'hidden' }],
    });
    assert.equal(res.statusCode, 403);
  });

  it('applies checked path/value actions; GET /metadata returns them; null removes one', async () => {
    await server.db.query(`UPDATE users SET super_user = true WHERE email = 'admin@example.com'`);
    const set = await post({
      entityName: 'adminBox',
      actions: [
        { path: 'profile.fields.phoneNumber.appearance', value: 'hidden' },
        { path: 'account.tabs.customLogin.appearance', value: 'hidden' },
        { path: 'navigation.roles.visibility', value: 'always' },
      ],
    });
    assert.equal(set.statusCode, 200, set.body);
    const read = (await inject('GET', '/frontegg/metadata?entityName=adminBox')).json();
    assert.deepEqual(read.rows[0].configuration, {
      profile: { fields: { phoneNumber: { appearance: 'hidden' } } },
      account: { tabs: { customLogin: { appearance: 'hidden' } } },
      navigation: { roles: { visibility: 'always' } },
    });
    await post({
      entityName: 'adminBox',
      actions: [{ path: 'account.tabs.customLogin.appearance', value: null }],
    });
    assert.deepEqual(
      (await inject('GET', '/frontegg/metadata?entityName=adminBox')).json().rows[0].configuration.account,
      { tabs: { customLogin: {} } },
    );
  });

  it('refuses unknown paths and values with 400 and one message each', async () => {
    const res = await post({
      entityName: 'adminBox',
      actions: [
        { path: 'profile.fields.email.appearance', value: 'hidden' },
        { path: 'account.tabs.settings.appearance', value: 'viewOnly' },
        { path: '__proto__.polluted', value: 'x' },
        { path: 'navigation.users.visibility', value: 'sometimes' },
      ],
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [
      'Unknown field "email" in profile',
      'account.tabs.settings.appearance must be one of hidden, edit',
      'Unknown metadata path "__proto__.polluted"',
      'navigation.users.visibility must be one of always, hidden, byPermissions',
    ]);
    assert.equal((await post({ entityName: 'other', actions: [] })).statusCode, 400);
    assert.equal(
      (await post({ entityName: 'adminBox', actions: [{ path: 'x', value: 1 }] })).statusCode,
      400,
    );
  });
});

describe('custom login per account', () => {
  const URL = '/frontegg/tenants/resources/account-settings/v1/custom-login';

  it('is refused while the admin_portal_login_per_tenant flag is off', async () => {
    assert.equal((await inject('GET', URL)).statusCode, 403);
  });

  it('saves a login alias and turns custom login on; account settings then say hasCustomLogin', async () => {
    await setFlag(server.db, 'admin_portal_login_per_tenant', { enabled: true });
    assert.deepEqual((await inject('GET', URL)).json(), { enabled: false, loginAlias: null });
    const saved = await inject('PUT', URL, { enabled: true, loginAlias: 'acme-demo' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), { enabled: true, loginAlias: 'acme-demo' });
    assert.equal(
      (await inject('GET', '/frontegg/tenants/resources/account-settings/v1')).json().hasCustomLogin,
      true,
    );
  });

  it('validates the alias, refuses one taken by another account (409) and a viewer (403)', async () => {
    for (const loginAlias of ['ab', 'Acme', 'acme--demo', '-acme', 'a'.repeat(41), 'acme demo']) {
      assert.equal((await inject('PUT', URL, { enabled: true, loginAlias })).statusCode, 400, loginAlias);
    }
    assert.equal((await inject('PUT', URL, { enabled: true, loginAlias: null })).statusCode, 400);
    const other = await create('Alias holder');
    await server.db.query(`UPDATE tenants SET login_alias = 'taken-alias' WHERE id = $1`, [other]);
    assert.equal((await inject('PUT', URL, { enabled: true, loginAlias: 'taken-alias' })).statusCode, 409);
    assert.equal(
      (await inject('PUT', URL, { enabled: false, loginAlias: null }, viewer.accessToken)).statusCode,
      403,
    );
  });
});

describe('no escalation through sub-accounts', () => {
  let counter = 0;
  /** A member of the seeded tenant with these role keys, signed in. */
  async function member(roleKeys: string[]) {
    const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const { PasswordHasher } = await import('../domain/passwords');
    const email = `sub-esc-${++counter}@example.com`;
    const user = await insertUser(server.db, {
      vendorId: vendor,
      email,
      name: `Sub ${counter}`,
      passwordHash: await new PasswordHasher({ N: 1024, r: 8, p: 1 }).hash('Member-pass-2026'),
      verified: true,
    });
    await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
    return { id: user.id, email, signIn: () => login(server.app, email, 'Member-pass-2026') };
  }
  const permissionsIn = (token: string) => (decodeJwt(token) as { permissions: string[] }).permissions;
  const rolesIn = async (tenantId: string, userId: string) =>
    (
      await server.db.query<{ key: string }>(
        `SELECT r.key FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
           JOIN roles r ON r.id = mr.role_id WHERE m.tenant_id = $1 AND m.user_id = $2 ORDER BY r.key`,
        [tenantId, userId],
      )
    ).rows.map((r) => r.key);
  const isMember = async (tenantId: string, userId: string) =>
    (
      await server.db.query<{ access_allowed: boolean }>(
        'SELECT access_allowed FROM memberships WHERE tenant_id = $1 AND user_id = $2',
        [tenantId, userId],
      )
    ).rows[0]?.access_allowed;

  it('a sub-accounts manager cannot raise themselves, give roles they lack, or act on a member who holds more', async () => {
    const permissions = (await inject('GET', `${API}/permissions/v1`)).json() as Array<{
      id: string;
      key: string;
    }>;
    const idOf = (key: string) => permissions.find((p) => p.key === key)!.id;
    const created = await inject('POST', `${API}/roles/v1`, {
      key: 'sub-accounts-manager',
      name: 'Sub-accounts manager',
      permissionIds: [
        idOf('fe.account-hierarchy.read.subAccount'),
        idOf('fe.account-hierarchy.write.subAccount'),
      ],
    });
    assert.equal(created.statusCode, 201, created.body);
    const roles = (await inject('GET', `${API}/roles/v1`)).json() as Array<{ id: string; key: string }>;
    const adminRole = roles.find((r) => r.key === 'Admin')!.id;
    const manager = await member(['sub-accounts-manager']);
    const otherAdmin = await member(['Admin']);
    const plain = await member([]);
    const session = await manager.signIn();
    const token = session.accessToken;
    const own = users(SEED_TENANT_ID);

    // Their own roles in their own account: refused, and the next token carries nothing new.
    const self = await inject('PUT', `${own}/${manager.id}/roles`, { roleIds: [adminRole] }, token);
    assert.equal(self.statusCode, 400, self.body);
    assert.deepEqual(self.json().errors, ['You cannot change your own roles']);
    assert.deepEqual(await rolesIn(SEED_TENANT_ID, manager.id), ['sub-accounts-manager']);
    const next = (await refresh(server.app, session.cookie)).json().accessToken as string;
    assert.ok(!permissionsIn(next).includes('fe.*'), permissionsIn(next).join());

    // Admin for someone else; the other admin demoted, denied access, removed: all refused.
    const give = await inject('PUT', `${own}/${plain.id}/roles`, { roleIds: [adminRole] }, token);
    assert.equal(give.statusCode, 403, give.body);
    assert.deepEqual(give.json().errors, ['You cannot grant the fe.* permission: you do not hold it']);
    const demote = await inject('PUT', `${own}/${otherAdmin.id}/roles`, { roleIds: [''] }, token);
    assert.equal(demote.statusCode, 403, demote.body);
    assert.deepEqual(demote.json().errors, [
      'This member holds permissions you do not have: you cannot change them',
    ]);
    assert.equal(
      (await inject('PUT', `${own}/${otherAdmin.id}/access`, { allowAccess: false }, token)).statusCode,
      403,
    );
    assert.equal((await inject('DELETE', `${own}/${otherAdmin.id}`, undefined, token)).statusCode, 403);
    assert.deepEqual(await rolesIn(SEED_TENANT_ID, otherAdmin.id), ['Admin']);
    assert.equal(await isMember(SEED_TENANT_ID, otherAdmin.id), true);
    assert.deepEqual(await rolesIn(SEED_TENANT_ID, plain.id), []);

    // A new sub-account: its creator gets no role they could not give themselves.
    const branch = await inject('POST', SUB_TENANTS, { name: 'Manager branch' }, token);
    assert.equal(branch.statusCode, 201, branch.body);
    const branchId = branch.json().tenantId as string;
    assert.deepEqual(await rolesIn(branchId, manager.id), []);

    // Adding someone there with Admin: refused; with a role that grants nothing the manager lacks: fine.
    const viewerRole = roles.find((r) => r.key === 'Viewer')!.id;
    const addAdmin = await inject(
      'POST',
      users(branchId),
      { email: plain.email, roleIds: [adminRole] },
      token,
    );
    assert.equal(addAdmin.statusCode, 403, addAdmin.body);
    assert.equal(await isMember(branchId, plain.id), undefined);
    const add = await inject('POST', users(branchId), { email: plain.email, roleIds: [viewerRole] }, token);
    assert.equal(add.statusCode, 201, add.body);
    assert.deepEqual(await rolesIn(branchId, plain.id), ['Viewer']);
    assert.equal(
      (await inject('PUT', `${users(branchId)}/${plain.id}/roles`, { roleIds: [adminRole] }, token))
        .statusCode,
      403,
    );
    assert.equal(
      (await inject('PUT', `${users(branchId)}/${plain.id}/access`, { allowAccess: true }, token)).statusCode,
      200,
    );
    assert.equal(
      (await inject('DELETE', `${users(branchId)}/${plain.id}`, undefined, token)).statusCode,
      200,
    );
  });

  it('an administrator still manages the members of their account and its sub-accounts', async () => {
    const roles = (await inject('GET', `${API}/roles/v1`)).json() as Array<{ id: string; key: string }>;
    const adminRole = roles.find((r) => r.key === 'Admin')!.id;
    const otherAdmin = await member(['Admin']);
    const own = users(SEED_TENANT_ID);
    assert.equal((await inject('PUT', `${own}/${otherAdmin.id}/roles`, { roleIds: [''] })).statusCode, 200);
    assert.equal(
      (await inject('PUT', `${own}/${otherAdmin.id}/roles`, { roleIds: [adminRole] })).statusCode,
      200,
    );
    const branch = await create('Admin branch');
    assert.deepEqual(await rolesIn(branch, (decodeJwt(admin.accessToken) as { sub: string }).sub), ['Admin']);
    assert.equal(
      (await inject('POST', users(branch), { email: otherAdmin.email, roleIds: [adminRole] })).statusCode,
      201,
    );
    assert.equal(
      (await inject('PUT', `${users(branch)}/${otherAdmin.id}/access`, { allowAccess: false })).statusCode,
      200,
    );
    assert.equal((await inject('DELETE', `${users(branch)}/${otherAdmin.id}`)).statusCode, 200);
  });
});
