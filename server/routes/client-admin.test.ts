/**
 * The administration calls of the client SDK (@frontegg/rest-api 3.1.18) against the reference
 * server, made by the real client: the users page's team calls, users v3 as the client queries it,
 * member reads, ending a member's sessions, groups with `_groupsRelations`, config and bulkGet, the
 * hierarchy search with `_subTenantId=undefined`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { API, bearer, login, refresh, refreshCookieOf, startTestServer } from '../../test/support/server';
import { api, statusOfFailure, useRealClient } from '../../test/support/real-client';

let server: BuiltServer;
let address: string;
let adminToken: string;
let adminId: string;
let vendorId: string;
let counter = 0;

before(async () => {
  server = await startTestServer();
  address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = (await login(server.app)).accessToken;
  adminId = (
    await server.app.inject({ method: 'GET', url: `${API}/users/v2/me`, headers: bearer(adminToken) })
  ).json().id;
  vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
  useRealClient(address, adminToken);
});
after(() => server.close());

/** A member of the seeded tenant (password `Member-pass-2026` when `withPassword`). */
async function member(roleKeys: string[] = ['Viewer']) {
  const user = await insertUser(server.db, {
    vendorId,
    email: `client-admin-${++counter}-${Date.now()}@example.com`,
    name: `Member ${counter}`,
    passwordHash: null,
    verified: true,
  });
  await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
  return user;
}
const roleIdOf = async (key: string) =>
  (await server.db.query<{ id: string }>('SELECT id FROM roles WHERE key = $1 AND tenant_id IS NULL', [key]))
    .rows[0]!.id;
const roleKeysOf = async (userId: string) =>
  (
    await server.db.query<{ key: string }>(
      `SELECT r.key FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
         JOIN roles r ON r.id = mr.role_id WHERE m.user_id = $1 AND m.tenant_id = $2 ORDER BY r.key`,
      [userId, SEED_TENANT_ID],
    )
  ).rows.map((r) => r.key);

describe('the client SDK users page (teams)', () => {
  it('loadAvailableRoles lists the roles an admin can give', async () => {
    const roles = await api.teams.loadAvailableRoles();
    assert.ok(Array.isArray(roles));
    assert.deepEqual(
      roles.map((r) => r.key).filter((k) => ['Admin', 'Viewer'].includes(k)),
      ['Admin', 'Viewer'],
    );
    assert.ok(roles.every((r) => typeof r.id === 'string' && typeof r.name === 'string'));
  });

  it('updateUser sets the roles, also when the page sends the row back whole', async () => {
    const user = await member(['Viewer']);
    const editor = await roleIdOf('Editor');
    const updated = (await api.teams.updateUser({ id: user.id, roleIds: [editor] })) as unknown as {
      id: string;
      roleIds: string[];
      roles: Array<{ key: string }>;
    };
    assert.equal(updated.id, user.id);
    assert.deepEqual(updated.roleIds, [editor]);
    assert.deepEqual(await roleKeysOf(user.id), ['Editor']);
    // The row as the users page holds it, with the new roles.
    const row = {
      id: user.id,
      email: user.email,
      name: 'Member',
      tenantId: SEED_TENANT_ID,
      vendorId,
      roleIds: [await roleIdOf('Viewer')],
      roles: [],
      activatedForTenant: true,
      createdAt: new Date().toISOString(),
      verified: true,
    };
    await api.teams.updateUser(row as never);
    assert.deepEqual(await roleKeysOf(user.id), ['Viewer']);
    // Clearing with [""] (spec 001 §5) and an unknown field.
    await api.teams.updateUser({ id: user.id, roleIds: [''] });
    assert.deepEqual(await roleKeysOf(user.id), []);
    assert.equal(await statusOfFailure(api.teams.updateUser({ id: user.id, nickname: 'x' } as never)), 400);
    // The may-grant rule: not one's own roles.
    assert.equal(await statusOfFailure(api.teams.updateUser({ id: adminId, roleIds: [editor] })), 400);
  });

  it('deleteUser removes the member (404 the second time)', async () => {
    const user = await member();
    await api.teams.deleteUser({ userId: user.id });
    assert.deepEqual(
      (await server.db.query('SELECT 1 FROM memberships WHERE user_id = $1', [user.id])).rows,
      [],
    );
    assert.equal(await statusOfFailure(api.teams.deleteUser({ userId: user.id })), 404);
    assert.equal(await statusOfFailure(api.teams.deleteUser({ userId: adminId })), 400);
  });

  it('a member without the users permissions is refused', async () => {
    const viewer = await member(['Viewer']);
    await server.db.query(
      'UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE id = $2',
      [adminId, viewer.id],
    );
    const token = (await login(server.app, viewer.email)).accessToken;
    useRealClient(address, token);
    try {
      assert.equal(await statusOfFailure(api.teams.deleteUser({ userId: (await member()).id })), 403);
      assert.equal(await statusOfFailure(api.auth.revokeSessionsForUser(adminId)), 403);
    } finally {
      useRealClient(address, adminToken);
    }
  });
});

describe('users v3 as the client queries it', () => {
  it('accepts _presetParams=undefined, the lower-case presets and _presetParams JSON', async () => {
    const all = await api.users.getUsersV3({ _limit: 5, _offset: 0 });
    assert.ok(all.items.length > 0);
    const inactive = await api.users.getUsersV3({
      _limit: 50,
      _offset: 0,
      _preset: 'inactive' as never,
      _presetParams: { _maxInactiveSeconds: 60 },
    });
    assert.ok(Array.isArray(inactive.items));
    assert.ok(!inactive.items.some((u: { id: string }) => u.id === adminId), 'the admin signed in just now');
    const unenrolled = await api.users.getUsersV3({
      _limit: 50,
      _offset: 0,
      _preset: 'mfa-unenrolled' as never,
    });
    assert.ok(unenrolled.items.some((u: { id: string }) => u.id === adminId));
    // Nobody signed in with a breached password here (server/routes/security-center.test.ts has one).
    const breached = await api.users.getUsersV3({ _preset: 'breached-passwords' as never });
    assert.ok(!breached.items.some((u: { id: string }) => u.id === adminId));
    assert.equal(await statusOfFailure(api.users.getUsersV3({ _preset: 'everyone' as never })), 400);
  });

  it('takes ids', async () => {
    const a = await member();
    const found = await api.users.getUsersV3({ ids: `${a.id},${adminId}` });
    assert.deepEqual(found.items.map((u: { id: string }) => u.id).sort(), [a.id, adminId].sort());
  });

  it('answers a malformed _presetParams with 400', async () => {
    for (const bad of ['{', '[]', '{"x":1}', '{"_maxInactiveSeconds":"1"}']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `${API}/users/v3?_preset=inactive&_presetParams=${encodeURIComponent(bad)}`,
        headers: bearer(adminToken),
      });
      assert.equal(res.statusCode, 400, bad);
    }
  });
});

describe('member reads and sessions', () => {
  it('getUserById, getUserAuthorization, getUsersRoles, getUsersGroups', async () => {
    const user = await member(['Viewer']);
    const byId = await api.auth.getUserById({ userId: user.id });
    assert.equal(byId.id, user.id);
    assert.equal(byId.tenantId, SEED_TENANT_ID);
    assert.equal(byId.deletedAt, null);
    const other = await insertUser(server.db, {
      vendorId,
      email: `outsider-${Date.now()}@example.com`,
      name: 'Outsider',
      passwordHash: null,
      verified: true,
    });
    assert.equal(await statusOfFailure(api.auth.getUserById({ userId: other.id })), 404);

    const mine = await api.auth.getUserAuthorization();
    assert.ok(mine.roles.some((r) => r.key === 'Admin'));
    assert.ok(mine.permissions.some((p) => p.key === 'fe.*'));

    const roles = await api.users.getUsersRoles({ ids: [user.id, other.id] });
    assert.deepEqual(roles, [
      { vendorId, tenantId: SEED_TENANT_ID, userId: user.id, roleIds: [await roleIdOf('Viewer')] },
    ]);
    const group = await api.groups.createGroup({ name: `G ${Date.now()}`, metadata: '{"team":"a"}' });
    await api.groups.addUsersToGroup(group.id, { userIds: [user.id] });
    const groups = await api.users.getUsersGroups({ ids: [user.id] });
    assert.deepEqual(groups, [{ vendorId, tenantId: SEED_TENANT_ID, userId: user.id, groupIds: [group.id] }]);
  });

  it('revokeSessionsForUser ends the member sessions in the account', async () => {
    const user = await member(['Viewer']);
    await server.db.query(
      'UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE id = $2',
      [adminId, user.id],
    );
    const session = await login(server.app, user.email);
    await api.auth.revokeSessionsForUser(user.id);
    assert.equal((await refresh(server.app, session.cookie)).statusCode, 401);
    // The admin's own session is untouched.
    assert.equal(await statusOfFailure(api.auth.revokeSessionsForUser('not-an-id')), 400);
    const outsider = await insertUser(server.db, {
      vendorId,
      email: `outsider2-${Date.now()}@example.com`,
      name: 'Outsider',
      passwordHash: null,
      verified: true,
    });
    assert.equal(await statusOfFailure(api.auth.revokeSessionsForUser(outsider.id)), 404);
    assert.ok(refreshCookieOf);
  });
});

describe('groups and the hierarchy as the client asks', () => {
  it('lists with _groupsRelations, gets one, bulkGet and config', async () => {
    const created = await api.groups.createGroup({ name: `Rel ${Date.now()}` });
    const list = await api.groups.getGroups({ _groupsRelations: 'rolesAndUsers' as never });
    assert.ok(list.some((g) => g.id === created.id));
    const one = await api.groups.getGroupById(
      { groupId: created.id },
      { _groupsRelations: 'roles' as never },
    );
    assert.equal(one.id, created.id);
    const bulk = await api.groups.getGroupsByIds(
      { groupsIds: [created.id] },
      { _groupsRelations: 'users' as never },
    );
    assert.deepEqual(
      bulk.map((g) => g.id),
      [created.id],
    );
    assert.deepEqual(await api.groups.getGroupConfiguration(), { enabled: true, rolesEnabled: true });
    assert.equal(
      await statusOfFailure(api.groups.getGroups({ _groupsRelations: 'everything' as never })),
      400,
    );
    assert.equal(await statusOfFailure(api.groups.createGroup({ name: 'Bad', metadata: 'not json' })), 400);
  });

  it('searchSubTenants sends _subTenantId=undefined and is answered', async () => {
    const page = (await api.tenants.searchSubTenants({
      _limit: 10,
      _offset: 0,
      _subTenantId: undefined,
    })) as unknown as {
      items: unknown[];
    };
    assert.ok(Array.isArray(page.items));
  });
});

describe('metadata, vendor, flags, entitlements, invite link, impersonation as the client calls them', () => {
  it('getAdminBoxMetadata: nothing saved yet is rows: []; getCurrentUserIpMetadata; getVendorPublicInfo', async () => {
    assert.deepEqual(await api.metadata.getAdminBoxMetadata(), { rows: [] });
    const ip = await api.metadata.getCurrentUserIpMetadata();
    assert.equal(ip.ip, '127.0.0.1');
    assert.equal(ip.country_code, null);
    const vendor = await api.vendor.getVendorPublicInfo();
    assert.equal(vendor.whiteLabelMode, false);
    assert.equal(typeof vendor.name, 'string');
    assert.equal(vendor.logo, '');
  });

  it('loadFeatureFlags: "on"/"off", evaluated for the signed-in user', async () => {
    const { setFlag } = await import('../storage/feature-flags');
    await setFlag(server.db, 'client-admin-flag', { enabled: false, tenantIds: [SEED_TENANT_ID] });
    const flags = await api.featureFlags.loadFeatureFlags();
    assert.equal(flags['client-admin-flag'], 'on');
    assert.ok(Object.values(flags).every((v) => v === 'on' || v === 'off'));
    useRealClient(address, null);
    try {
      assert.equal((await api.featureFlags.loadFeatureFlags())['client-admin-flag'], 'off');
    } finally {
      useRealClient(address, adminToken);
    }
  });

  it('loadEntitlements: decided permissions and features', async () => {
    const answer = await api.entitlements.loadEntitlements();
    assert.deepEqual(answer.permissions['fe.secure.read.users'], { isEntitled: true });
    const entries = Object.values(answer.features);
    assert.ok(entries.every((e) => typeof e.isEntitled === 'boolean'));
    const missing = Object.entries(answer.features).find(([, e]) => !e.isEntitled);
    if (missing) assert.ok(['MISSING_FEATURE', 'BUNDLE_EXPIRED'].includes(missing[1].justification!));
  });

  it('invite link: token and expires on creation, expires when read; the configuration', async () => {
    const created = await api.teams.createInviteUserLink({ expiresInMinutes: 60 });
    assert.equal(typeof created.token, 'string');
    assert.ok(Date.parse(String(created.expires)) > Date.now());
    const read = await api.teams.getInviteUserLink();
    assert.equal(read.expires, created.expires);
    assert.equal(read.token, created.token, 'the client reads the token on every answer');
    const config = await api.teams.getInviteLinkConfiguration();
    assert.deepEqual(
      { allowed: config.tenantInvitationsAllowed, emails: config.emailsEnabled },
      { allowed: true, emails: true },
    );
  });

  it('impersonate: { impersonatedUserId, actorToken }', async () => {
    const target = await member(['Viewer']);
    await server.db.query(
      'UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE id = $2',
      [adminId, target.id],
    );
    // A fresh admin session: impersonating ends the impersonator's session.
    const own = (await login(server.app)).accessToken;
    useRealClient(address, own);
    try {
      assert.equal(
        await statusOfFailure(
          api.impersonate.impersonate({ impersonatedUserId: target.id, actorToken: adminToken }),
        ),
        401,
      );
      const answer = await api.impersonate.impersonate({
        impersonatedUserId: target.id,
        actorToken: own,
        redirectUrl: '/',
      });
      assert.equal(answer.tokenType, 'Bearer');
      const claims = JSON.parse(Buffer.from(answer.accessToken.split('.')[1]!, 'base64url').toString());
      assert.equal(claims.sub, target.id);
      assert.deepEqual(claims.act, { sub: adminId });
    } finally {
      useRealClient(address, adminToken);
    }
  });
});

describe('hierarchy v1, users count and tenant API tokens v2 as the client calls them', () => {
  it('getSubTenants, getSubTenantsAsTree, getParentTenants(ById), getTenantsUsersCount', async () => {
    const child = await api.subTenants.createSubTenant({ name: `Branch ${Date.now()}` } as never);
    const childId = (child as unknown as { tenantId: string }).tenantId;
    const grandchild = (await api.subTenants.createSubTenant({
      name: `Shop ${Date.now()}`,
      parentTenantId: childId,
    } as never)) as unknown as { tenantId: string };

    const flat = (await api.tenants.getSubTenants()) as unknown as Array<{ tenantId: string; level: number }>;
    assert.equal(flat.find((t) => t.tenantId === childId)?.level, 1);
    assert.equal(flat.find((t) => t.tenantId === grandchild.tenantId)?.level, 2);

    const tree = await api.tenants.getSubTenantsAsTree();
    assert.equal(tree.tenantId, SEED_TENANT_ID);
    const branch = tree.children.find((c) => c.tenantId === childId)!;
    assert.deepEqual(
      branch.children.map((c) => c.tenantId),
      [grandchild.tenantId],
    );

    assert.deepEqual(await api.tenants.getParentTenants(), []);
    const parents = await api.tenants.getParentTenantsById(grandchild.tenantId);
    assert.deepEqual(
      parents.map((p) => [p.tenantId, p.level]),
      [
        [childId, 1],
        [SEED_TENANT_ID, 2],
      ],
    );
    const outside = await server.db.query<{ id: string }>(
      "INSERT INTO tenants (vendor_id, name) VALUES ($1, 'Elsewhere') RETURNING id",
      [vendorId],
    );
    assert.equal(await statusOfFailure(api.tenants.getParentTenantsById(outside.rows[0]!.id)), 404);

    const counts = await api.tenants.getTenantsUsersCount({ tenantIds: [SEED_TENANT_ID, childId] });
    assert.equal(counts[0]!.tenantId, SEED_TENANT_ID);
    assert.ok(counts[0]!.totalUsers > 1);
    assert.deepEqual(counts[1], { tenantId: childId, totalUsers: 1, totalAccessAllowedUsers: 1 });
    assert.equal(
      await statusOfFailure(api.tenants.getTenantsUsersCount({ tenantIds: [outside.rows[0]!.id] })),
      404,
    );
  });

  it('updateTenantApiTokensData creates an account token at v2, with the may-grant rule', async () => {
    const viewer = await roleIdOf('Viewer');
    const created = (await api.auth.updateTenantApiTokensData({
      description: 'From the client',
      roleIds: [viewer],
    })) as unknown as { clientId: string; secret: string; roleIds: string[] };
    assert.equal(typeof created.secret, 'string');
    assert.deepEqual(created.roleIds, [viewer]);
    const listed = await api.auth.getTenantApiTokensData();
    assert.ok(
      (listed as unknown as Array<{ clientId: string }>).some((t) => t.clientId === created.clientId),
    );
  });
});

describe('sub-account members as the client changes them', () => {
  it('setUserRolesForSubTenants and updateSubAccountAccess, with the may-grant rule', async () => {
    const branch = (await api.subTenants.createSubTenant({
      name: `Roles ${Date.now()}`,
    } as never)) as unknown as {
      tenantId: string;
    };
    const person = await member(['Viewer']);
    await addMembership(server.db, { userId: person.id, tenantId: branch.tenantId, roleKeys: ['Viewer'] });
    const editor = await roleIdOf('Editor');
    await api.subTenants.setUserRolesForSubTenants(person.id, {
      subTenantsRoles: [{ tenantId: branch.tenantId, roleIds: [editor] }],
    });
    const held = await server.db.query<{ key: string }>(
      `SELECT r.key FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
         JOIN roles r ON r.id = mr.role_id WHERE m.user_id = $1 AND m.tenant_id = $2`,
      [person.id, branch.tenantId],
    );
    assert.deepEqual(
      held.rows.map((r) => r.key),
      ['Editor'],
    );
    assert.deepEqual(await roleKeysOf(person.id), ['Viewer'], 'the active account is untouched');
    const viewerId = await roleIdOf('Viewer');
    await api.subTenants.addUserRolesForSubTenants(person.id, {
      subTenantsRoles: [{ tenantId: branch.tenantId, roleIds: [viewerId] }],
    });
    const keysThere = async () =>
      (
        await server.db.query<{ key: string }>(
          `SELECT r.key FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
             JOIN roles r ON r.id = mr.role_id WHERE m.user_id = $1 AND m.tenant_id = $2 ORDER BY r.key`,
          [person.id, branch.tenantId],
        )
      ).rows.map((r) => r.key);
    assert.deepEqual(await keysThere(), ['Editor', 'Viewer']);
    await api.subTenants.removeUserRolesFromSubTenants(person.id, {
      subTenantsRoles: [{ tenantId: branch.tenantId, roleIds: [editor] }],
    });
    assert.deepEqual(await keysThere(), ['Viewer']);
    // Not one's own roles; an unknown account; an unknown role: nothing written.
    assert.equal(
      await statusOfFailure(
        api.subTenants.setUserRolesForSubTenants(adminId, {
          subTenantsRoles: [{ tenantId: branch.tenantId, roleIds: [editor] }],
        }),
      ),
      400,
    );
    assert.equal(
      await statusOfFailure(
        api.subTenants.setUserRolesForSubTenants(person.id, {
          subTenantsRoles: [{ tenantId: '00000000-0000-4000-8000-000000000009', roleIds: [] }],
        }),
      ),
      404,
    );
    assert.equal(
      await statusOfFailure(
        api.subTenants.setUserRolesForSubTenants(person.id, {
          subTenantsRoles: [{ tenantId: branch.tenantId, roleIds: ['00000000-0000-4000-8000-000000000009'] }],
        }),
      ),
      400,
    );

    await api.subTenants.updateSubAccountAccess(person.id, { allowAccess: false });
    const access = await server.db.query<{ access_allowed: boolean }>(
      'SELECT access_allowed FROM memberships WHERE user_id = $1 AND tenant_id = $2',
      [person.id, SEED_TENANT_ID],
    );
    assert.equal(access.rows[0]!.access_allowed, false);
    assert.equal(
      await statusOfFailure(api.subTenants.updateSubAccountAccess(adminId, { allowAccess: false })),
      400,
    );
  });
});
