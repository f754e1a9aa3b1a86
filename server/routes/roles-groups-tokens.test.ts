import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, FAST_HASHING, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let admin: string;
const hasher = new PasswordHasher(FAST_HASHING);
let counter = 0;

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());

/** A member of the seeded tenant who can sign in, with the given vendor role keys. */
async function member(roleKeys: string[]) {
  const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  const email = `rgt${++counter}@example.com`;
  const user = await insertUser(server.db, {
    vendorId: vendor,
    email,
    name: `Member ${counter}`,
    passwordHash: await hasher.hash('Member-pass-2026'),
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return {
    id: user.id,
    email,
    token: async () => (await login(server.app, email, 'Member-pass-2026')).accessToken,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url: `${API}${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const permissionId = async (key: string) =>
  (await call('GET', '/permissions/v1', admin)).json().find((p: { key: string }) => p.key === key)
    .id as string;
const meOf = async (token: string) =>
  (await call('GET', '/users/v2/me', token)).json() as {
    permissions: Array<{ key: string }>;
    roles: Array<{ key: string }>;
  };

describe('roles and permissions', () => {
  it('lists the vendor roles paged and sorted in the database, read-only, with their permissions', async () => {
    const res = await call('GET', '/roles/v2?_sortBy=name&_order=DESC&_limit=2', admin);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body._metadata.totalItems, 4);
    assert.equal(body._metadata.totalPages, 2);
    assert.deepEqual(
      body.items.map((r: { name: string }) => r.name),
      ['Viewer', 'Read only'],
    );
    assert.equal(body.items[0].editable, false);
    assert.equal(body.items[1].permissions.length, 2, 'ReadOnly holds two permissions (spec 001 §3)');
    const search = (await call('GET', '/roles/v2?_filter=edit', admin)).json();
    assert.deepEqual(
      search.items.map((r: { key: string }) => r.key),
      ['Editor'],
    );
  });

  it('categories group the permission catalogue', async () => {
    const categories = (await call('GET', '/permissions/v1/categories', admin)).json();
    const team = categories.find((c: { key: string }) => c.key === 'team');
    assert.equal(team.name, 'Users and roles');
    assert.ok(team.permissionIds.includes(await permissionId('fe.secure.read.groups')));
  });

  it('adds, updates, gives permissions to and deletes a tenant role; the key is unique', async () => {
    const readUsers = await permissionId('fe.secure.read.users');
    const created = await call('POST', '/roles/v1', admin, {
      key: 'auditor',
      name: 'Auditor',
      description: 'Reads users',
      permissionIds: [readUsers],
    });
    assert.equal(created.statusCode, 201);
    const role = created.json();
    assert.equal(role.tenantId, SEED_TENANT_ID);
    assert.deepEqual(role.permissions, [readUsers]);
    assert.equal((await call('POST', '/roles/v1', admin, { key: 'AUDITOR', name: 'Again' })).statusCode, 409);
    assert.equal(
      (await call('POST', '/roles/v1', admin, { key: 'Admin', name: 'Clash with a vendor role' })).statusCode,
      409,
    );

    const patched = await call('PATCH', `/roles/v1/${role.id}`, admin, {
      name: 'Auditors',
      description: null,
    });
    assert.equal(patched.json().name, 'Auditors');
    assert.equal(patched.json().description, null);

    const readRoles = await permissionId('fe.secure.read.roles');
    const put = await call('PUT', `/roles/v1/${role.id}/permissions`, admin, {
      permissionIds: [readUsers, readRoles],
    });
    assert.deepEqual(put.json().permissions.sort(), [readUsers, readRoles].sort());

    assert.equal((await call('DELETE', `/roles/v1/${role.id}`, admin)).statusCode, 200);
    assert.equal((await call('DELETE', `/roles/v1/${role.id}`, admin)).statusCode, 404);
  });

  it('attaches one permission to several roles and takes it from the others', async () => {
    const a = (await call('POST', '/roles/v1', admin, { key: 'pa', name: 'PA' })).json();
    const b = (await call('POST', '/roles/v1', admin, { key: 'pb', name: 'PB' })).json();
    // A permission no built-in role holds (Editor holds fe.secure.read.groups).
    const groups = await permissionId('fe.secure.read.audits');
    const both = await call('PUT', `/permissions/v1/${groups}/roles`, admin, { roleIds: [a.id, b.id] });
    assert.equal(both.statusCode, 200);
    assert.deepEqual(both.json().roleIds.sort(), [a.id, b.id].sort());
    const one = await call('PUT', `/permissions/v1/${groups}/roles`, admin, { roleIds: [b.id] });
    assert.deepEqual(one.json().roleIds, [b.id]);
  });

  it('refuses the vendor roles, unknown fields and bad keys with 4xx and an errors list', async () => {
    const viewer = (await call('GET', '/roles/v2?_filter=Viewer', admin)).json().items[0];
    const cases: Array<[Promise<{ statusCode: number; json: () => { errors: string[] } }>, number]> = [
      [call('PATCH', `/roles/v1/${viewer.id}`, admin, { name: 'Mine now' }), 403],
      [call('DELETE', `/roles/v1/${viewer.id}`, admin), 403],
      [call('POST', '/roles/v1', admin, { key: 'has space', name: 'X' }), 400],
      [call('POST', '/roles/v1', admin, { key: 'x', name: '   ' }), 400],
      [call('POST', '/roles/v1', admin, { key: 'x', name: 'X', extra: true }), 400],
      [
        call('POST', '/roles/v1', admin, {
          key: 'x',
          name: 'X',
          permissionIds: ['00000000-0000-4000-8000-000000000000'],
        }),
        400,
      ],
      [call('PATCH', `/roles/v1/${viewer.id}`, admin, {}), 400],
      [call('GET', '/roles/v2?_sortBy=password', admin), 400],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      assert.equal(res.statusCode, status, JSON.stringify(res.json()));
      assert.ok(res.json().errors.length > 0);
    }
  });

  it('a caller cannot grant a permission they do not hold', async () => {
    // A role that may write roles, but holds nothing else.
    const write = await permissionId('fe.secure.write.roles');
    const writer = (
      await call('POST', '/roles/v1', admin, {
        key: 'role-writer',
        name: 'Role writer',
        permissionIds: [write],
      })
    ).json();
    const user = await member([]);
    const group = (await call('POST', '/groups/v1', admin, { name: 'Role writers' })).json();
    await call('POST', `/groups/v1/${group.id}/roles`, admin, { roleIds: [writer.id] });
    await call('POST', `/groups/v1/${group.id}/users`, admin, { userIds: [user.id] });
    const token = await user.token();
    const star = await permissionId('fe.*');
    const res = await call('POST', '/roles/v1', token, {
      key: 'escalate',
      name: 'Escalate',
      permissionIds: [star],
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json().errors, ['You cannot grant the fe.* permission: you do not hold it']);
    assert.equal(
      (await call('POST', '/roles/v1', token, { key: 'fine', name: 'Fine', permissionIds: [write] }))
        .statusCode,
      201,
    );
  });
});

describe('groups', () => {
  it('creates, updates, lists (paged in the database) and deletes groups; names are unique', async () => {
    const created = await call('POST', '/groups/v1', admin, { name: 'Support', color: '#336699' });
    assert.equal(created.statusCode, 201);
    assert.equal(created.json().description, null);
    assert.equal((await call('POST', '/groups/v1', admin, { name: 'support' })).statusCode, 409);
    const id = created.json().id;
    const patched = await call('PATCH', `/groups/v1/${id}`, admin, { description: 'First line' });
    assert.equal(patched.json().description, 'First line');
    assert.equal(patched.json().name, 'Support');
    const list = (await call('GET', '/groups/v1?_filter=first&_limit=5', admin)).json();
    assert.deepEqual(
      list.items.map((g: { name: string }) => g.name),
      ['Support'],
    );
    assert.equal(list._metadata.totalItems, 1);
    assert.equal((await call('DELETE', `/groups/v1/${id}`, admin)).statusCode, 200);
    assert.equal((await call('GET', `/groups/v1/${id}`, admin)).statusCode, 404);
  });

  it('members of a group hold its roles; removing them takes the permissions away', async () => {
    const user = await member([]);
    assert.deepEqual((await meOf(await user.token())).permissions, []);
    const readOnly = (await call('GET', '/roles/v2?_filter=ReadOnly', admin)).json().items[0];
    const group = (await call('POST', '/groups/v1', admin, { name: 'Readers' })).json();
    const withRole = await call('POST', `/groups/v1/${group.id}/roles`, admin, { roleIds: [readOnly.id] });
    assert.deepEqual(
      withRole.json().roles.map((r: { key: string }) => r.key),
      ['ReadOnly'],
    );
    const withUser = await call('POST', `/groups/v1/${group.id}/users`, admin, { userIds: [user.id] });
    assert.deepEqual(
      withUser.json().users.map((u: { email: string }) => u.email),
      [user.email],
    );
    const me = await meOf(await user.token());
    assert.deepEqual(
      me.permissions.map((p) => p.key),
      ['fe.secure.read.roles', 'fe.secure.read.users'],
    );
    assert.deepEqual(
      me.roles.map((r) => r.key),
      ['ReadOnly'],
    );

    await call('DELETE', `/groups/v1/${group.id}/users`, admin, { userIds: [user.id] });
    assert.deepEqual((await meOf(await user.token())).permissions, []);
    const noRoles = await call('DELETE', `/groups/v1/${group.id}/roles`, admin, { roleIds: [readOnly.id] });
    assert.deepEqual(noRoles.json().roles, []);
  });

  it('refuses strangers, empty lists and bad colours', async () => {
    const group = (await call('POST', '/groups/v1', admin, { name: 'Strict' })).json();
    const vendor = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const stranger = await insertUser(server.db, {
      vendorId: vendor,
      email: 'stranger@example.com',
      name: 'S',
      passwordHash: null,
      verified: true,
    });
    const cases: Array<[Promise<{ statusCode: number }>, number]> = [
      [call('POST', `/groups/v1/${group.id}/users`, admin, { userIds: [stranger.id] }), 400],
      [call('POST', `/groups/v1/${group.id}/users`, admin, { userIds: [] }), 400],
      [call('POST', '/groups/v1', admin, { name: 'Red', color: 'red' }), 400],
      [call('POST', '/groups/v1', admin, { name: '' }), 400],
      [call('PATCH', '/groups/v1/not-a-uuid', admin, { name: 'X' }), 400],
    ];
    for (const [pending, status] of cases) assert.equal((await pending).statusCode, status);
  });
});

describe('API tokens', () => {
  it('a tenant token: secret shown once, stored hashed, usable with its roles, then deleted', async () => {
    const readOnly = (await call('GET', '/roles/v2?_filter=ReadOnly', admin)).json().items[0];
    const created = await call('POST', '/tenants/api-tokens/v1', admin, {
      description: 'CI',
      expiresInMinutes: 30 * 1440,
      roleIds: [readOnly.id],
    });
    assert.equal(created.statusCode, 201);
    const token = created.json();
    assert.match(token.secret, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(token.expiresInMinutes, 43200);
    assert.deepEqual(token.roleIds, [readOnly.id]);
    const stored = (
      await server.db.query<{ secret_hash: string }>('SELECT secret_hash FROM api_tokens WHERE id = $1', [
        token.id,
      ])
    ).rows[0]!;
    assert.notEqual(stored.secret_hash, token.secret);
    assert.ok(!JSON.stringify(stored).includes(token.secret));
    const listed = (await call('GET', '/tenants/api-tokens/v1', admin)).json();
    assert.equal(listed[0].clientId, token.clientId);
    assert.equal(listed[0].secret, undefined, 'the secret is never shown again');

    const exchange = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.clientId, secret: token.secret },
    });
    assert.equal(exchange.statusCode, 200);
    const machine = exchange.json().accessToken as string;
    assert.equal((await call('GET', '/users/v2', machine)).statusCode, 200);
    const minted = await call('POST', '/users/api-tokens/v1', machine, { description: 'from a token' });
    assert.equal(minted.statusCode, 403, 'a token (here without the permission) cannot make tokens');
    for (const path of ['/users/v2/me', '/users/sessions/v1/me', '/users/v3/me/tenants']) {
      const res = await call('GET', path, machine);
      assert.ok(res.statusCode < 500, `${path} with an account token: ${res.statusCode}`);
    }
    assert.equal((await call('GET', '/groups/v1', machine)).statusCode, 403);
    const wrong = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.clientId, secret: 'x'.repeat(43) },
    });
    assert.equal(wrong.statusCode, 401);

    assert.equal((await call('DELETE', `/tenants/api-tokens/v1/${token.id}`, admin)).statusCode, 200);
    const after = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.clientId, secret: token.secret },
    });
    assert.equal(after.statusCode, 401);
  });

  it('a personal token never expires when no expiry is given, acts as its owner, and is private to them', async () => {
    const created = (await call('POST', '/users/api-tokens/v1', admin, { description: 'My script' })).json();
    assert.equal(created.expiresInMinutes, null);
    assert.equal(created.expires, null);
    assert.equal(created.roleIds, undefined);
    const exchange = await server.app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: created.clientId, secret: created.secret },
    });
    const me = await meOf(exchange.json().accessToken);
    assert.deepEqual(
      me.permissions.map((p) => p.key),
      ['fe.*'],
    );
    const minted = await call('POST', '/tenants/api-tokens/v1', exchange.json().accessToken, {
      description: 'from a token',
    });
    assert.equal(minted.statusCode, 403);
    assert.deepEqual(minted.json().errors, ['API tokens cannot create API tokens']);

    // Another admin sees only their own personal tokens and cannot delete this one.
    const other = await member(['Admin']);
    const otherToken = await other.token();
    assert.deepEqual((await call('GET', '/users/api-tokens/v1', otherToken)).json(), []);
    assert.equal((await call('DELETE', `/users/api-tokens/v1/${created.id}`, otherToken)).statusCode, 404);
  });

  it('validates writes and checks permissions (viewer: 403 everywhere)', async () => {
    const cases: Array<[Promise<{ statusCode: number }>, number]> = [
      [call('POST', '/users/api-tokens/v1', admin, { description: 'x', expiresInMinutes: 0 }), 400],
      [call('POST', '/users/api-tokens/v1', admin, { description: 'x', expiresInMinutes: 1.5 }), 400],
      [call('POST', '/users/api-tokens/v1', admin, { description: 'x', roleIds: [] }), 400],
      [call('POST', '/users/api-tokens/v1', admin, { description: '' }), 400],
      [
        call('POST', '/tenants/api-tokens/v1', admin, {
          description: 'x',
          roleIds: ['00000000-0000-4000-8000-000000000000'],
        }),
        400,
      ],
    ];
    for (const [pending, status] of cases) assert.equal((await pending).statusCode, status);

    const viewer = await (await member([])).token();
    for (const [method, url] of [
      ['GET', '/roles/v2'],
      ['POST', '/roles/v1'],
      ['GET', '/permissions/v1'],
      ['GET', '/permissions/v1/categories'],
      ['GET', '/groups/v1'],
      ['POST', '/groups/v1'],
      ['GET', '/users/api-tokens/v1'],
      ['POST', '/users/api-tokens/v1'],
      ['GET', '/tenants/api-tokens/v1'],
      ['POST', '/tenants/api-tokens/v1'],
    ] as const) {
      const payload =
        method === 'POST'
          ? url.includes('tokens')
            ? { description: 'x' }
            : url.includes('roles')
              ? { key: 'k', name: 'K' }
              : { name: 'G' }
          : undefined;
      const res = await call(method, url, viewer, payload);
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.match(res.json().errors[0], /^You need the fe\.secure\.\w+\.\w+ permission to do this$/);
    }
  });

  it('refuses to create tokens while the policy turns API tokens off', async () => {
    await server.db.query('UPDATE vendors SET api_tokens_enabled = false');
    try {
      const res = await call('POST', '/users/api-tokens/v1', admin, { description: 'x' });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json().errors, ['API tokens are turned off for this application']);
    } finally {
      await server.db.query('UPDATE vendors SET api_tokens_enabled = true');
    }
  });
});

describe('no escalation through the users page', () => {
  it('a users administrator cannot give or invite with a role whose permissions they lack', async () => {
    const write = await permissionId('fe.secure.write.users');
    const read = await permissionId('fe.secure.read.users');
    const usersAdmin = (
      await call('POST', '/roles/v1', admin, {
        key: 'users-admin',
        name: 'Users admin',
        permissionIds: [write, read],
      })
    ).json();
    const caller = await member([]);
    await server.db.query(
      `INSERT INTO membership_roles (membership_id, role_id)
       SELECT m.id, $1 FROM memberships m WHERE m.user_id = $2 AND m.tenant_id = $3`,
      [usersAdmin.id, caller.id, SEED_TENANT_ID],
    );
    const token = await caller.token();
    const roles = (await call('GET', '/roles/v1', admin)).json() as Array<{ id: string; key: string }>;
    const adminRole = roles.find((r) => r.key === 'Admin')!;
    const target = await member([]);

    const give = await call('PUT', `/users/v1/${target.id}/roles`, token, { roleIds: [adminRole.id] });
    assert.equal(give.statusCode, 403, give.body);
    assert.deepEqual(give.json().errors, ['You cannot grant the fe.* permission: you do not hold it']);
    assert.equal(
      (await call('PUT', `/users/v1/${target.id}/roles`, token, { roleIds: [usersAdmin.id] })).statusCode,
      200,
    );

    const invite = await call('POST', '/users/v2', token, {
      email: `escalate${Date.now()}@example.com`,
      roleIds: [adminRole.id],
    });
    assert.equal(invite.statusCode, 403, invite.body);
    assert.equal(
      (
        await call('POST', '/users/v2', token, {
          email: `fine${Date.now()}@example.com`,
          roleIds: [usersAdmin.id],
        })
      ).statusCode,
      201,
    );
  });
});

describe('no escalation through groups', () => {
  /** A member holding one tenant role with exactly these permissions. */
  async function holding(key: string, permissionKeys: string[]) {
    const permissionIds = await Promise.all(permissionKeys.map(permissionId));
    const role = await call('POST', '/roles/v1', admin, { key, name: key, permissionIds });
    assert.equal(role.statusCode, 201, role.body);
    return { role: role.json() as { id: string }, user: await member([key]) };
  }
  const usersOf = async (groupId: string) =>
    ((await call('GET', `/groups/v1/${groupId}`, admin)).json().users as Array<{ id: string }>)
      .map((u) => u.id)
      .sort();
  const rolesOfGroup = async (groupId: string) =>
    ((await call('GET', `/groups/v1/${groupId}`, admin)).json().roles as Array<{ key: string }>).map(
      (r) => r.key,
    );

  it('a groups manager cannot join a group whose roles grant what they lack, nor take anyone out of it', async () => {
    const { role, user: manager } = await holding('groups-manager', [
      'fe.secure.read.groups',
      'fe.secure.write.groups',
      'fe.secure.delete.groups',
    ]);
    const otherAdmin = await member(['Admin']);
    const adminRole = (await call('GET', '/roles/v2?_filter=Admin', admin)).json().items[0] as { id: string };
    const admins = (await call('POST', '/groups/v1', admin, { name: 'Administrators' })).json();
    await call('POST', `/groups/v1/${admins.id}/roles`, admin, { roleIds: [adminRole.id] });
    await call('POST', `/groups/v1/${admins.id}/users`, admin, { userIds: [otherAdmin.id] });
    const token = await manager.token();

    // Joining the Admin group: refused, and the next token carries nothing new.
    const join = await call('POST', `/groups/v1/${admins.id}/users`, token, { userIds: [manager.id] });
    assert.equal(join.statusCode, 403, join.body);
    assert.deepEqual(join.json().errors, ['You cannot grant the fe.* permission: you do not hold it']);
    assert.deepEqual(await usersOf(admins.id), [otherAdmin.id]);
    const me = await meOf(await manager.token());
    assert.deepEqual(
      me.permissions.map((p) => p.key),
      ['fe.secure.delete.groups', 'fe.secure.read.groups', 'fe.secure.write.groups'],
    );

    // The reverse paths: taking the other admin out of it, taking its role away, deleting it.
    assert.equal(
      (await call('DELETE', `/groups/v1/${admins.id}/users`, token, { userIds: [otherAdmin.id] })).statusCode,
      403,
    );
    assert.equal(
      (await call('DELETE', `/groups/v1/${admins.id}/roles`, token, { roleIds: [adminRole.id] })).statusCode,
      403,
    );
    assert.equal((await call('DELETE', `/groups/v1/${admins.id}`, token)).statusCode, 403);
    assert.deepEqual(await usersOf(admins.id), [otherAdmin.id]);
    assert.deepEqual(await rolesOfGroup(admins.id), ['Admin']);

    // A group of roles the manager holds: they add and remove members, but not one who holds more.
    const plain = await member([]);
    const team = (await call('POST', '/groups/v1', admin, { name: 'Group managers' })).json();
    assert.equal(
      (await call('POST', `/groups/v1/${team.id}/roles`, token, { roleIds: [role.id] })).statusCode,
      200,
    );
    const added = await call('POST', `/groups/v1/${team.id}/users`, token, {
      userIds: [plain.id, otherAdmin.id],
    });
    assert.equal(added.statusCode, 200, added.body);
    assert.equal(
      (await call('DELETE', `/groups/v1/${team.id}/users`, token, { userIds: [plain.id] })).statusCode,
      200,
    );
    const out = await call('DELETE', `/groups/v1/${team.id}/users`, token, { userIds: [otherAdmin.id] });
    assert.equal(out.statusCode, 403, out.body);
    assert.deepEqual(out.json().errors, [
      'This member holds permissions you do not have: you cannot change them',
    ]);
  });
});

describe('no escalation through roles', () => {
  it('a roles manager cannot take from a role, or delete one, that grants what they lack', async () => {
    const star = await permissionId('fe.*');
    const readUsers = await permissionId('fe.secure.read.users');
    const everything = (
      await call('POST', '/roles/v1', admin, { key: 'everything', name: 'Everything', permissionIds: [star] })
    ).json();
    const manager = await member([]);
    const managerRole = (
      await call('POST', '/roles/v1', admin, {
        key: 'roles-manager',
        name: 'Roles manager',
        permissionIds: await Promise.all(
          [
            'fe.secure.read.roles',
            'fe.secure.write.roles',
            'fe.secure.delete.roles',
            'fe.secure.read.users',
          ].map(permissionId),
        ),
      })
    ).json();
    await server.db.query(
      `INSERT INTO membership_roles (membership_id, role_id)
       SELECT m.id, $1 FROM memberships m WHERE m.user_id = $2 AND m.tenant_id = $3`,
      [managerRole.id, manager.id, SEED_TENANT_ID],
    );
    const token = await manager.token();
    const strip = await call('PUT', `/roles/v1/${everything.id}/permissions`, token, {
      permissionIds: [readUsers],
    });
    assert.equal(strip.statusCode, 403, strip.body);
    assert.equal((await call('DELETE', `/roles/v1/${everything.id}`, token)).statusCode, 403);
    const raise = await call('PUT', `/roles/v1/${managerRole.id}/permissions`, token, {
      permissionIds: [star],
    });
    assert.equal(raise.statusCode, 403);
    const onto = await call('PUT', `/permissions/v1/${star}/roles`, token, { roleIds: [managerRole.id] });
    assert.equal(onto.statusCode, 403);
    assert.deepEqual((await call('GET', '/roles/v2?_filter=everything', admin)).json().items[0].permissions, [
      star,
    ]);

    const small = (
      await call('POST', '/roles/v1', token, { key: 'small', name: 'Small', permissionIds: [readUsers] })
    ).json();
    assert.equal(
      (await call('PUT', `/roles/v1/${small.id}/permissions`, token, { permissionIds: [] })).statusCode,
      200,
    );
    assert.equal((await call('DELETE', `/roles/v1/${small.id}`, token)).statusCode, 200);
  });
});

describe('a path id that is not a uuid (the shared handlers have no params schema)', () => {
  it('is refused with 400 and an errors list on every role, group and token route', async () => {
    const role = '00000000-0000-4000-8000-000000000000';
    const cases: Array<['PUT' | 'PATCH' | 'DELETE' | 'GET' | 'POST', string, object?]> = [
      ['PATCH', '/roles/v1/not-a-uuid', { name: 'X' }],
      ['DELETE', '/roles/v1/not-a-uuid'],
      ['PUT', '/roles/v1/not-a-uuid/permissions', { permissionIds: [] }],
      ['PUT', '/permissions/v1/not-a-uuid/roles', { roleIds: [] }],
      ['GET', '/groups/v1/not-a-uuid'],
      ['DELETE', '/groups/v1/not-a-uuid'],
      ['POST', '/groups/v1/not-a-uuid/roles', { roleIds: [role] }],
      ['DELETE', '/users/api-tokens/v1/not-a-uuid'],
      ['PATCH', '/tenants/api-tokens/v1/not-a-uuid', { description: 'x' }],
      ['DELETE', '/tenants/access-tokens/v1/not-a-uuid'],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(method, path, admin, body);
      assert.equal(res.statusCode, 400, `${method} ${path}: ${res.body}`);
      assert.ok(Array.isArray(res.json().errors), path);
    }
  });
});
