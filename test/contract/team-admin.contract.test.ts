// Roles and permissions, groups, API tokens: the same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const API = '/identity/resources';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: roles, groups and API tokens`, () => {
    let target: ContractTarget;
    let token: string;
    const call = (method: string, path: string, body?: unknown) =>
      target.call(method, `${API}${path}`, { token, ...(body === undefined ? {} : { body }) });
    before(async () => {
      target = await factory();
      const email = `admin-${Date.now()}@example.com`;
      token = (
        await target.call('POST', `${API}/users/v1/signUp`, {
          body: { email, password: 'a-long-password-1', name: 'Owner' },
        })
      ).body.authResponse.accessToken;
    });
    after(async () => {
      await target.close();
    });

    test('the built-in roles are distinct: each says what it is for and holds its own permissions', async () => {
      const items = (await call('GET', '/roles/v2?_sortBy=name&_order=ASC')).body.items as Array<{
        key: string;
        description: string | null;
        permissions: string[];
      }>;
      const described = items.map((r) => r.description ?? '');
      assert.ok(
        described.every((d) => d.length > 10),
        described.join(' | '),
      );
      assert.equal(new Set(described).size, items.length, 'no two roles described alike');
      const sets = items.map((r) => [...r.permissions].sort().join(','));
      assert.equal(new Set(sets).size, items.length, 'no two roles hold the same permissions');
      assert.ok(items.find((r) => r.key === 'Editor')!.permissions.length > 0, 'Editor can do something');
    });

    test('roles: built-in ones read-only; an account role is added, given permissions, attached, renamed and deleted', async () => {
      const list = await call('GET', '/roles/v2?_sortBy=name&_order=ASC');
      assert.equal(list.status, 200);
      assert.deepEqual(
        list.body.items.map((r: { key: string }) => r.key),
        ['Admin', 'Editor', 'ReadOnly', 'Viewer'],
      );
      assert.equal(list.body.items[0].editable, false);
      const permissions = (await call('GET', '/permissions/v1')).body as Array<{
        id: string;
        key: string;
        categoryId: string;
      }>;
      const id = (key: string) => permissions.find((p) => p.key === key)!.id;
      const categories = (await call('GET', '/permissions/v1/categories')).body as Array<{
        key: string;
        name: string;
        permissionIds: string[];
      }>;
      assert.ok(
        categories.find((c) => c.key === 'team')!.permissionIds.includes(id('fe.secure.read.groups')),
      );

      const created = await call('POST', '/roles/v1', {
        key: 'auditor',
        name: 'Auditor',
        permissionIds: [id('fe.secure.read.users')],
      });
      assert.equal(created.status, 201);
      assert.deepEqual(created.body.permissions, [id('fe.secure.read.users')]);
      assert.equal(created.body.description, null);
      assert.equal((await call('POST', '/roles/v1', { key: 'Auditor', name: 'Twice' })).status, 409);
      assert.equal((await call('POST', '/roles/v1', { key: 'bad key', name: 'X' })).status, 400);
      assert.equal((await call('POST', '/roles/v1', { key: 'x', name: 'X', extra: 1 })).status, 400);
      assert.equal((await call('PATCH', `/roles/v1/${list.body.items[3].id}`, { name: 'Mine' })).status, 403);

      const both = await call('PUT', `/roles/v1/${created.body.id}/permissions`, {
        permissionIds: [id('fe.secure.read.users'), id('fe.secure.read.roles')],
      });
      assert.equal(both.body.permissions.length, 2);
      // A permission no built-in role holds (Editor holds fe.secure.read.groups).
      const attached = await call('PUT', `/permissions/v1/${id('fe.secure.read.audits')}/roles`, {
        roleIds: [created.body.id],
      });
      assert.equal(attached.status, 200);
      assert.deepEqual(attached.body.roleIds, [created.body.id]);
      const renamed = await call('PATCH', `/roles/v1/${created.body.id}`, {
        name: 'Auditors',
        description: 'Read only people',
      });
      assert.equal(renamed.body.name, 'Auditors');
      assert.equal(renamed.body.permissions.length, 3);
      assert.equal((await call('GET', '/roles/v2?_filter=audit')).body._metadata.totalItems, 1);
      // The rules refuse, in both backends, a role the account does not see, the vendor's roles, and
      // a permission given to a vendor's role that does not hold it.
      const [viewer, stranger] = [list.body.items[3].id, '00000000-0000-4000-8000-000000000000'];
      const audits = `/permissions/v1/${id('fe.secure.read.audits')}/roles`;
      const refused = [
        ['PATCH', `/roles/v1/${stranger}`, { name: 'None' }, 404, 'ROLE_NOT_FOUND'],
        ['DELETE', `/roles/v1/${viewer}`, undefined, 403, 'ROLE_VENDOR_WIDE'],
        ['PUT', `/roles/v1/${viewer}/permissions`, { permissionIds: [] }, 403, 'ROLE_VENDOR_WIDE'],
        ['PUT', audits, { roleIds: [created.body.id, stranger] }, 400, 'ROLES_UNKNOWN'],
        ['PUT', audits, { roleIds: [created.body.id, viewer] }, 403, 'ROLES_VENDOR_WIDE'],
      ] as const;
      for (const [method, path, body, status, code] of refused) {
        const answer = await call(method, path, body);
        assert.deepEqual([answer.status, answer.body.errorCodes], [status, [code]], `${method} ${path}`);
      }
      assert.equal((await call('DELETE', `/roles/v1/${created.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `/roles/v1/${created.body.id}`)).status, 404);
    });

    test("a role is created without the vendor's default flag, with its permissions named once", async () => {
      const permissions = (await call('GET', '/permissions/v1')).body as Array<{ id: string; key: string }>;
      const readUsers = permissions.find((p) => p.key === 'fe.secure.read.users')!.id;
      const refusals = [
        [{ key: 'default-role', name: 'Default', isDefault: true }, 'DEFAULT_ROLE_VENDOR_ONLY'],
        [
          { key: 'twice-named', name: 'Twice', permissions: [readUsers], permissionIds: [readUsers] },
          'ROLE_PERMISSIONS_BOTH',
        ],
      ] as const;
      for (const [body, code] of refusals) {
        const refused = await call('POST', '/roles/v1', body);
        assert.deepEqual([refused.status, refused.body.errorCodes], [400, [code]], code);
      }
      const keys = (await call('GET', '/roles/v2?_limit=200')).body.items.map((r: { key: string }) => r.key);
      assert.ok(!keys.includes('default-role') && !keys.includes('twice-named'), keys.join());
      // The client SDK's spelling alone, with a level (accepted, not kept), is a role.
      const created = await call('POST', '/roles/v1', {
        key: 'client-spelling',
        name: ' Client spelling ',
        description: '  ',
        isDefault: false,
        level: 2,
        permissions: [readUsers],
      });
      assert.equal(created.status, 201);
      assert.deepEqual(
        [created.body.name, created.body.description, created.body.permissions],
        ['Client spelling', null, [readUsers]],
      );
      assert.equal((await call('DELETE', `/roles/v1/${created.body.id}`)).status, 200);
    });

    test('the roles list is filtered by name or key, sorted either way and paged alike; permissions come by key', async () => {
      type Role = { key: string; name: string };
      const page = async (query: string) => (await call('GET', `/roles/v2?${query}`)).body;
      const all = (await page('_sortBy=key&_order=DESC&_limit=200')).items as Role[];
      const keys = all.map((r) => r.key);
      const lower = (k: string) => k.toLowerCase();
      assert.deepEqual(
        keys,
        [...keys].sort((a, b) => (lower(a) < lower(b) ? 1 : -1)),
      );
      const second = await page('_sortBy=key&_order=DESC&_limit=1&_offset=1');
      assert.deepEqual(
        second.items.map((r: Role) => r.key),
        [keys[1]],
      );
      assert.deepEqual(second._metadata, { totalItems: keys.length, totalPages: keys.length });
      const matching = all.filter((r) => [r.name, r.key].some((t) => lower(t).includes('ead')));
      const filtered = await page('_filter=EAD&_sortBy=name&_order=ASC');
      assert.deepEqual(filtered.items.map((r: Role) => r.key).sort(), matching.map((r) => r.key).sort());
      assert.equal(filtered._metadata.totalItems, matching.length);
      const permissionKeys = ((await call('GET', '/permissions/v1')).body as Role[]).map((p) => p.key);
      assert.deepEqual(permissionKeys, [...permissionKeys].sort());
    });

    test('groups: description only when sent; roles and members added and removed; the member holds the roles', async () => {
      const created = await call('POST', '/groups/v1', { name: 'Support' });
      assert.equal(created.status, 201);
      assert.equal(created.body.description, null);
      assert.equal((await call('POST', '/groups/v1', { name: 'support' })).status, 409);
      assert.equal((await call('POST', '/groups/v1', { name: 'X', color: 'red' })).status, 400);
      // Metadata as the client SDK sends it (a JSON string) is kept; anything but an object is refused.
      const tagged = await call('POST', '/groups/v1', { name: 'Tagged', metadata: '{"tier":2}' });
      assert.deepEqual([tagged.status, tagged.body.metadata], [201, '{"tier":2}']);
      const bad = await call('PATCH', `/groups/v1/${tagged.body.id}`, { metadata: '[1]' });
      assert.deepEqual([bad.status, bad.body.errorCodes], [400, ['METADATA_NOT_OBJECT']]);
      assert.equal((await call('DELETE', `/groups/v1/${tagged.body.id}`)).status, 200);
      const group = created.body.id as string;
      const patched = await call('PATCH', `/groups/v1/${group}`, {
        description: 'First line',
        color: '#1f6feb',
      });
      assert.deepEqual([patched.body.description, patched.body.color], ['First line', '#1f6feb']);
      const viewer = (await call('GET', '/roles/v2?_filter=viewer')).body.items[0];
      const withRole = await call('POST', `/groups/v1/${group}/roles`, { roleIds: [viewer.id] });
      assert.deepEqual(
        withRole.body.roles.map((r: { key: string }) => r.key),
        ['Viewer'],
      );
      const me = (await call('GET', '/users/v2/me')).body;
      const withMe = await call('POST', `/groups/v1/${group}/users`, { userIds: [me.id] });
      assert.deepEqual(
        withMe.body.users.map((u: { id: string }) => u.id),
        [me.id],
      );
      assert.equal((await call('POST', `/groups/v1/${group}/users`, { userIds: [] })).status, 400);
      // The rules decide what a group may take, in both backends: the account's roles and members,
      // in a group of the account.
      const stranger = '00000000-0000-4000-8000-000000000000';
      const refused = [
        [`/groups/v1/${group}/roles`, { roleIds: [viewer.id, stranger] }, 400, 'ROLES_UNKNOWN'],
        [`/groups/v1/${group}/users`, { userIds: [me.id, stranger] }, 400, 'USERS_NOT_MEMBERS'],
        [`/groups/v1/${stranger}/roles`, { roleIds: [viewer.id] }, 404, 'GROUP_NOT_FOUND'],
        [`/groups/v1/${stranger}/users`, { userIds: [me.id] }, 404, 'GROUP_NOT_FOUND'],
      ] as const;
      for (const [path, body, status, code] of refused) {
        const answer = await call('POST', path, body);
        assert.deepEqual([answer.status, answer.body.errorCodes], [status, [code]], `${path} ${code}`);
      }
      const list = await call('GET', '/groups/v1?_filter=first');
      assert.equal(list.body._metadata.totalItems, 1);
      const removed = await call('DELETE', `/groups/v1/${group}/roles`, { roleIds: [viewer.id] });
      assert.deepEqual(removed.body.roles, []);
      assert.equal((await call('DELETE', `/groups/v1/${group}`)).status, 200);
      assert.equal((await call('GET', `/groups/v1/${group}`)).status, 404);
    });

    test('API tokens: the secret once; expiry in minutes or never; roles on tenant tokens; delete', async () => {
      const viewer = (await call('GET', '/roles/v2?_filter=viewer')).body.items[0];
      const created = await call('POST', '/tenants/api-tokens/v1', {
        description: 'CI',
        expiresInMinutes: 30 * 1440,
        roleIds: [viewer.id],
      });
      assert.equal(created.status, 201);
      assert.ok(typeof created.body.secret === 'string' && created.body.secret.length >= 32);
      assert.equal(created.body.clientId, created.body.id);
      assert.equal(created.body.expiresInMinutes, 43200);
      assert.deepEqual(created.body.roleIds, [viewer.id]);
      const me = (await call('GET', '/users/v2/me')).body;
      assert.equal(created.body.createdByUserId, me.id, 'an account token names its maker');
      const listed = (await call('GET', '/tenants/api-tokens/v1')).body;
      assert.equal(listed.length, 1);
      assert.equal(listed[0].secret, undefined);
      const personal = await call('POST', '/users/api-tokens/v1', { description: 'Mine' });
      assert.equal(personal.body.expiresInMinutes, null);
      assert.equal(personal.body.roleIds, undefined);
      assert.equal(
        (await call('POST', '/users/api-tokens/v1', { description: 'Mine', roleIds: [] })).status,
        400,
      );
      assert.equal(
        (await call('POST', '/users/api-tokens/v1', { description: 'x', expiresInMinutes: 0 })).status,
        400,
      );
      assert.equal((await call('POST', '/users/api-tokens/v1', { description: '' })).status, 400);
      assert.equal((await call('DELETE', `/tenants/api-tokens/v1/${created.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `/tenants/api-tokens/v1/${created.body.id}`)).status, 404);
      assert.deepEqual((await call('GET', '/tenants/api-tokens/v1')).body, []);
    });

    test('naming the roles of a permission stamps them; a deleted role leaves the tokens and groups carrying it', async () => {
      const permissions = (await call('GET', '/permissions/v1')).body as Array<{ id: string; key: string }>;
      const audits = permissions.find((p) => p.key === 'fe.secure.read.audits')!.id;
      const role = (await call('POST', '/roles/v1', { key: 'carried', name: 'Carried' })).body;
      await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(
        (await call('PUT', `/permissions/v1/${audits}/roles`, { roleIds: [role.id] })).status,
        200,
      );
      const stamped = (await call('GET', '/roles/v2?_filter=carried')).body.items[0];
      assert.ok(stamped.updatedAt > role.updatedAt, `${stamped.updatedAt} after ${role.updatedAt}`);
      const token = await call('POST', '/tenants/api-tokens/v1', {
        description: 'Carrier',
        roleIds: [role.id],
      });
      const group = (await call('POST', '/groups/v1', { name: 'Carriers' })).body.id as string;
      assert.equal((await call('POST', `/groups/v1/${group}/roles`, { roleIds: [role.id] })).status, 200);
      assert.equal((await call('DELETE', `/roles/v1/${role.id}`)).status, 200);
      const [listed] = (await call('GET', '/tenants/api-tokens/v1')).body as Array<{ roleIds: string[] }>;
      assert.deepEqual(listed?.roleIds, []);
      assert.deepEqual((await call('GET', `/groups/v1/${group}`)).body.roles, []);
      assert.equal((await call('DELETE', `/tenants/api-tokens/v1/${token.body.id}`)).status, 200);
      assert.equal((await call('DELETE', `/groups/v1/${group}`)).status, 200);
    });
  });
}
