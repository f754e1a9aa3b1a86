// The administration calls of the client SDK (@frontegg/rest-api 3.1.18): the same requests, as
// that client writes them, against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const API = '/identity/resources';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: the client SDK's administration calls`, () => {
    let target: ContractTarget;
    let token: string;
    let roles: Array<{ id: string; key: string; name: string }>;
    const call = (method: string, path: string, body?: unknown) =>
      target.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    const roleId = (key: string) => roles.find((r) => r.key === key)!.id;
    const invite = async () => {
      const invited = await call('POST', `${API}/users/v2`, {
        email: `member-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        name: 'Member',
        roleIds: [roleId('Viewer')],
        provider: 'local',
        skipInviteEmail: true,
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
      return invited.body.id as string;
    };
    before(async () => {
      target = await factory();
      token = (
        await target.call('POST', `${API}/users/v1/signUp`, {
          body: { email: `owner-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Owner' },
        })
      ).body.authResponse.accessToken;
      const listed = await call('GET', '/team/resources/roles/v1');
      assert.equal(listed.status, 200);
      roles = listed.body;
    });
    after(async () => {
      await target.close();
    });

    test('the users page: team roles, a member updated from its row, removed', async () => {
      assert.ok(Array.isArray(roles));
      assert.ok(['Admin', 'Editor', 'Viewer'].every((key) => roles.some((r) => r.key === key)));
      const memberId = await invite();
      const updated = await call('PUT', '/team/resources/members/v1', {
        id: memberId,
        email: 'ignored@example.com',
        name: 'Member',
        roleIds: [roleId('Editor')],
        activatedForTenant: false,
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.id, memberId);
      assert.deepEqual(updated.body.roleIds, [roleId('Editor')]);
      assert.equal(
        (await call('PUT', '/team/resources/members/v1', { id: memberId, nickname: 'x' })).status,
        400,
      );

      const byRoles = await call('GET', `${API}/users/v3/roles?ids=${memberId}`);
      assert.equal(byRoles.status, 200);
      assert.equal(byRoles.body.length, 1);
      assert.equal(byRoles.body[0].userId, memberId);
      assert.deepEqual(byRoles.body[0].roleIds, [roleId('Editor')]);
      const byGroups = await call('GET', `${API}/users/v3/groups?ids=${memberId}`);
      assert.equal(byGroups.status, 200);
      assert.deepEqual(byGroups.body[0].groupIds, []);
      assert.equal((await call('GET', `${API}/users/v3/roles`)).status, 400);
      // Each id trimmed and counted once (one handler reads them for both backends).
      const spaced = await call('GET', `${API}/users/v3/roles?ids=%20${memberId},${memberId}`);
      assert.deepEqual(
        [spaced.status, spaced.body.map((m: { userId: string }) => m.userId)],
        [200, [memberId]],
      );
      assert.deepEqual((await call('GET', `${API}/users/v3/groups?ids=,`)).body.errorCodes, [
        'USER_IDS_INVALID',
      ]);

      const one = await call('GET', `${API}/users/v1/${memberId}`);
      assert.equal(one.status, 200);
      assert.equal(one.body.id, memberId);
      assert.equal(one.body.deletedAt, null);

      const revoked = await call('POST', `${API}/users/sessions/v1/revoke`, { userId: memberId });
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.equal(typeof revoked.body.revoked, 'number');

      assert.equal((await call('DELETE', `/team/resources/members/v1/${memberId}`)).status, 200);
      assert.equal((await call('DELETE', `/team/resources/members/v1/${memberId}`)).status, 404);
      assert.equal((await call('GET', `${API}/users/v1/${memberId}`)).status, 404);
    });

    test("the caller's own authorization", async () => {
      const mine = await call('GET', `${API}/users/v1/me/authorization`);
      assert.equal(mine.status, 200);
      assert.ok(mine.body.roles.some((r: { key: string }) => r.key === 'Admin'));
      assert.ok(mine.body.permissions.some((p: { key: string }) => p.key === 'fe.*'));
    });

    test('users v3 as the client queries it', async () => {
      const plain = await call('GET', `${API}/users/v3?_limit=10&_offset=0&_presetParams=undefined`);
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
      const unenrolled = await call('GET', `${API}/users/v3?_preset=mfa-unenrolled&_presetParams=undefined`);
      assert.equal(unenrolled.status, 200);
      assert.equal(unenrolled.body.items.length, unenrolled.body._metadata.totalItems);
      const params = encodeURIComponent(JSON.stringify({ _maxInactiveSeconds: 60 }));
      const inactive = await call('GET', `${API}/users/v3?_preset=inactive&_presetParams=${params}`);
      assert.equal(inactive.status, 200);
      assert.ok(!inactive.body.items.some((u: { name: string }) => u.name === 'Owner'));
      for (const bad of ['[]', '{"other":1}', '{']) {
        const res = await call(
          'GET',
          `${API}/users/v3?_preset=inactive&_presetParams=${encodeURIComponent(bad)}`,
        );
        assert.equal(res.status, 400, bad);
      }
      assert.equal((await call('GET', `${API}/users/v3?_preset=breached-passwords`)).status, 200);
    });

    test('users v3 refuses _maxInactiveSeconds without the INACTIVE preset, and another account', async () => {
      for (const query of ['_maxInactiveSeconds=60', '_preset=mfa-unenrolled&_maxInactiveSeconds=60']) {
        const res = await call('GET', `${API}/users/v3?${query}`);
        assert.deepEqual(
          [res.status, res.body.errors],
          [400, ['_maxInactiveSeconds needs _preset=INACTIVE']],
          query,
        );
      }
      const me = (await call('GET', `${API}/users/v2/me`)).body;
      const own = await call('GET', `${API}/users/v3?_tenantId=${me.tenantId}`);
      assert.equal(own.status, 200, JSON.stringify(own.body));
      const other = await call('GET', `${API}/users/v3?_tenantId=${me.id}`);
      assert.equal(other.status, 403, JSON.stringify(other.body));
    });

    test('groups: _groupsRelations, configuration and bulkGet', async () => {
      const created = await call('POST', `${API}/groups/v1`, { name: 'Support' });
      assert.equal(created.status, 201);
      // The client's getGroups (no paging asked): an array of every group; the kit's page: a page.
      for (const query of ['', '?_groupsRelations=rolesAndUsers']) {
        const list = await call('GET', `${API}/groups/v1${query}`);
        assert.equal(list.status, 200);
        assert.ok(list.body.some((g: { id: string }) => g.id === created.body.id));
      }
      const paged = await call('GET', `${API}/groups/v1?_offset=0&_limit=10`);
      assert.ok(paged.body.items.some((g: { id: string }) => g.id === created.body.id));
      assert.equal(typeof paged.body._metadata.totalItems, 'number');
      const config = await call('GET', `${API}/groups/v1/config`);
      assert.deepEqual(config.body, { enabled: true, rolesEnabled: true });
      const off = await call('POST', `${API}/groups/v1/config`, { rolesEnabled: false });
      assert.deepEqual([off.status, off.body], [200, { enabled: true, rolesEnabled: false }]);
      assert.deepEqual((await call('GET', `${API}/groups/v1/config`)).body, off.body);
      assert.equal((await call('POST', `${API}/groups/v1/config`, { roles: true })).status, 400);
      const on = await call('POST', `${API}/groups/v1/config`, { enabled: true, rolesEnabled: true });
      assert.deepEqual(on.body, { enabled: true, rolesEnabled: true });
      const bulk = await call('POST', `${API}/groups/v1/bulkGet?_groupsRelations=roles`, {
        groupsIds: [created.body.id],
      });
      assert.equal(bulk.status, 200);
      assert.deepEqual(
        bulk.body.map((g: { id: string }) => g.id),
        [created.body.id],
      );
      assert.equal((await call('POST', `${API}/groups/v1/bulkGet`, { groupsIds: [] })).status, 400);
    });

    test('metadata, vendor info, flags and entitlements as the client reads them', async () => {
      const box = await call('GET', '/metadata/admin-box');
      assert.equal(box.status, 200);
      assert.ok(Array.isArray(box.body.rows));
      const ip = await call('GET', '/metadata/ipme');
      assert.equal(ip.status, 200);
      assert.ok('ip' in ip.body && 'country_code' in ip.body);
      const vendor = await target.call('GET', '/vendors/public');
      assert.deepEqual(Object.keys(vendor.body).sort(), ['icon', 'logo', 'name', 'whiteLabelMode']);
      const flags = await target.call('GET', '/flags');
      assert.equal(flags.status, 200);
      assert.ok(Object.values(flags.body).every((v) => v === 'on' || v === 'off'));
      // The kit's evaluate call (core/contract/requests-flags.ts): bodiless is every flag; a bad body, one message.
      const evaluated = await target.call('POST', '/flags/api/v1/evaluate', {});
      assert.equal(evaluated.status, 200);
      assert.equal(typeof evaluated.body.flags, 'object');
      const refused = await target.call('POST', '/flags/api/v1/evaluate', {
        body: { keys: ['fe-roles-page'], context: { anonymous: true, plan: 'pro' } },
      });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.errors, ['Unknown field "plan"']);
      const entitlements = await call('GET', '/entitlements/api/v1/user-entitlements');
      assert.equal(entitlements.status, 200);
      assert.deepEqual(entitlements.body.permissions['fe.secure.read.users'], { isEntitled: true });
      assert.ok(
        Object.values(entitlements.body.features as Record<string, { isEntitled: boolean }>).every(
          (e) => typeof e.isEntitled === 'boolean',
        ),
      );
      assert.equal((await target.call('GET', '/entitlements/api/v1/user-entitlements')).status, 401);
    });

    test('invite link: expires beside expiresAt; the configuration with the client fields', async () => {
      const created = await call('POST', `${API}/tenants/invites/v1/user`, { expiresInMinutes: 60 });
      assert.equal(created.status, 201);
      assert.equal(typeof created.body.token, 'string');
      assert.equal(created.body.expires, created.body.expiresAt);
      const read = await call('GET', `${API}/tenants/invites/v1/user`);
      assert.equal(read.body.expires, created.body.expires);
      const config = await call('GET', `${API}/tenants/invites/v1/configuration`);
      assert.equal(config.body.tenantInvitationsAllowed, true);
      assert.equal(config.body.emailsEnabled, true);
    });

    test('impersonation takes the client body { impersonatedUserId, actorToken, redirectUrl }', async () => {
      const me = (await call('GET', `${API}/users/v2/me`)).body;
      const self = await call('POST', `${API}/impersonation/v1`, {
        impersonatedUserId: me.id,
        actorToken: token,
        redirectUrl: '/',
      });
      assert.equal(self.status, 400, JSON.stringify(self.body));
      assert.deepEqual(self.body.errors, ['You cannot impersonate yourself']);
      const both = await call('POST', `${API}/impersonation/v1`, {
        userId: me.id,
        impersonatedUserId: me.id,
      });
      assert.equal(both.status, 400);
      const foreignActor = await call('POST', `${API}/impersonation/v1`, {
        impersonatedUserId: me.id,
        actorToken: 'not-this-session',
      });
      assert.equal(foreignActor.status, 401);
      // Without a bearer (the client's impersonation page holds only the actor's token): the same rules.
      const bodyOnly = await target.call('POST', `${API}/impersonation/v1`, {
        body: { impersonatedUserId: me.id, actorToken: token },
      });
      assert.equal(bodyOnly.status, 400, JSON.stringify(bodyOnly.body));
      assert.deepEqual(bodyOnly.body.errors, ['You cannot impersonate yourself']);
      const noProof = await target.call('POST', `${API}/impersonation/v1`, {
        body: { impersonatedUserId: me.id, actorToken: 'not-a-token' },
      });
      assert.equal(noProof.status, 401);
    });

    test('hierarchy v1 (list, tree, parents), users count, account tokens at v2', async () => {
      const me = (await call('GET', `${API}/users/v2/me`)).body;
      const child = await call('POST', '/tenants/resources/sub-tenants/v1', { name: 'Branch' });
      assert.equal(child.status, 201, JSON.stringify(child.body));
      const childId = child.body.tenantId as string;
      const grandchild = (
        await call('POST', '/tenants/resources/sub-tenants/v1', { name: 'Shop', parentTenantId: childId })
      ).body.tenantId as string;
      const flat = await call('GET', '/tenants/resources/hierarchy/v1');
      assert.deepEqual(
        flat.body.map((t: { tenantId: string; level: number }) => [t.tenantId, t.level]),
        [
          [childId, 1],
          [grandchild, 2],
        ],
      );
      const tree = await call('GET', '/tenants/resources/hierarchy/v1/tree');
      assert.equal(tree.body.tenantId, me.tenantId);
      assert.equal(tree.body.children[0].children[0].tenantId, grandchild);
      assert.deepEqual((await call('GET', '/tenants/resources/hierarchy/v1/parents')).body, []);
      const parents = await call('GET', `/tenants/resources/hierarchy/v1/parents/${grandchild}`);
      assert.deepEqual(
        parents.body.map((t: { tenantId: string; level: number }) => [t.tenantId, t.level]),
        [
          [childId, 1],
          [me.tenantId, 2],
        ],
      );
      const count = await call('POST', `${API}/tenants/users/v1/count`, {
        tenantIds: [me.tenantId, childId],
      });
      assert.equal(count.status, 200);
      assert.deepEqual(count.body[1], { tenantId: childId, totalUsers: 1, totalAccessAllowedUsers: 1 });
      const unknown = name.startsWith('demo') ? 'demo-nowhere' : '00000000-0000-4000-8000-000000000001';
      assert.equal(
        (await call('POST', `${API}/tenants/users/v1/count`, { tenantIds: [unknown] })).status,
        404,
      );
      // The All accounts page asks for none when there are none, and may ask for one twice.
      const none = await call('POST', `${API}/tenants/users/v1/count`, { tenantIds: [] });
      assert.deepEqual([none.status, none.body], [200, []]);
      const twice = await call('POST', `${API}/tenants/users/v1/count`, { tenantIds: [childId, childId] });
      assert.deepEqual(twice.body, [count.body[1]]);

      const token = await call('POST', `${API}/tenants/api-tokens/v2`, {
        description: 'From the client',
        roleIds: [roleId('Viewer')],
      });
      assert.equal(token.status, 201, JSON.stringify(token.body));
      assert.deepEqual(token.body.roleIds, [roleId('Viewer')]);
    });

    test('sub-account members: the client paths answer, and refuse what is wrong alike', async () => {
      const unknownTenant = name.startsWith('demo') ? 'demo-nowhere' : '00000000-0000-4000-8000-000000000001';
      const unknownUser = name.startsWith('demo') ? 'demo-nobody' : '00000000-0000-4000-8000-000000000002';
      const noAccount = await call('PATCH', `${API}/sub-tenants/users/v1/${unknownUser}/roles`, {
        subTenantsRoles: [{ tenantId: unknownTenant, roleIds: [] }],
      });
      assert.equal(noAccount.status, 404);
      const empty = await call('PATCH', `${API}/sub-tenants/users/v1/${unknownUser}/roles`, {
        subTenantsRoles: [],
      });
      assert.equal(empty.status, 400);
      const noMember = await call('PUT', `${API}/sub-tenants/users/v1/${unknownUser}/access`, {
        allowAccess: true,
      });
      assert.equal(noMember.status, 404);
    });

    test('the hierarchy search with _subTenantId=undefined', async () => {
      const res = await call(
        'GET',
        '/tenants/resources/hierarchy/v2?_limit=10&_offset=0&_subTenantId=undefined',
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.ok(Array.isArray(res.body.items));
    });
  });
}
