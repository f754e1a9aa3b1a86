// Managing sub-accounts (issue 28 items 1 and 12): rename, delete, members added to or removed from
// one account or across the tree, and the hierarchy search's sort, the same cases against the demo backend and
// the server (the rules: core/domain/sub-accounts.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tenantId: string };
const SUB_TENANTS = '/tenants/resources/sub-tenants/v1';
const SEARCH = '/tenants/resources/hierarchy/v2';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: managing sub-accounts`, () => {
    let target: ContractTarget;
    let token: string;
    let home: string;
    const create = async (accountName: string, parentTenantId?: string) =>
      (
        await target.call('POST', SUB_TENANTS, {
          token,
          body: { name: accountName, ...(parentTenantId ? { parentTenantId } : {}) },
        })
      ).body.tenantId as string;
    const names = async (query: string) =>
      ((await target.call('GET', `${SEARCH}${query}`, { token })).body.items as Array<{ name: string }>).map(
        (t) => t.name,
      );
    before(async () => {
      target = await factory();
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email: `manager-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Mona' },
      });
      token = signUp.body.authResponse.accessToken;
      home = claimsOf(token).tenantId;
    });
    after(async () => {
      await target.close();
    });

    test('rename: trimmed and listed under the new name; blank 400, own account 400, unknown 404', async () => {
      const id = await create('Old name');
      const renamed = await target.call('PATCH', `${SUB_TENANTS}/${id}`, {
        token,
        body: { name: '  New name ' },
      });
      assert.equal(renamed.status, 200);
      assert.deepEqual(renamed.body, { tenantId: id, name: 'New name', tenantType: null });
      assert.deepEqual(await names('?_filter=New%20name'), ['New name']);
      const blank = await target.call('PATCH', `${SUB_TENANTS}/${id}`, { token, body: { name: '   ' } });
      assert.equal(blank.status, 400);
      assert.deepEqual(blank.body.errors, ['Enter a name for the sub-account']);
      const own = await target.call('PATCH', `${SUB_TENANTS}/${home}`, { token, body: { name: 'Mine' } });
      assert.equal(own.status, 400);
      assert.deepEqual(own.body.errors, ['Rename your own account in the account settings']);
      const unknown = await target.call('PATCH', `${SUB_TENANTS}/${crypto.randomUUID()}`, {
        token,
        body: { name: 'X' },
      });
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body.errors, ['Sub-account not found']);
    });

    test('hierarchy metadata: the tree count, or one entry per account asked (the client reads an array)', async () => {
      const parent = await create('Counted parent');
      await create('Counted child', parent);
      const METADATA = '/tenants/resources/hierarchy/v2/metadata';
      const all = await target.call('GET', METADATA, { token });
      assert.equal(all.status, 200);
      assert.ok(all.body.totalSubTenants >= 2);
      const asked = await target.call('GET', `${METADATA}?_tenantIds=${parent}`, { token });
      assert.equal(asked.status, 200);
      assert.deepEqual(asked.body, [{ tenantId: parent, totalSubTenants: 1, isParent: true }]);
    });

    test('delete: the account and those below it are gone; own account 400; twice 404', async () => {
      const parent = await create('Doomed parent');
      await create('Doomed child', parent);
      assert.equal((await target.call('DELETE', `${SUB_TENANTS}/${parent}`, { token })).status, 200);
      assert.deepEqual(await names('?_filter=Doomed'), []);
      assert.equal((await target.call('DELETE', `${SUB_TENANTS}/${parent}`, { token })).status, 404);
      const own = await target.call('DELETE', `${SUB_TENANTS}/${home}`, { token });
      assert.equal(own.status, 400);
      assert.deepEqual(own.body.errors, ['You cannot delete the account you are signed in to']);
    });

    test('a member removed from one account leaves it and the accounts below; again 404', async () => {
      const top = await create('Members top');
      const below = await create('Members below', top);
      const me = (await target.call('GET', '/identity/resources/users/v2/me', { token })).body.id as string;
      // The creator is a member of each account created.
      const usersOf = async (id: string) =>
        (
          (await target.call('GET', `/identity/resources/sub-tenants/v1/${id}/users`, { token })).body
            .items as Array<{ id: string }>
        ).map((u) => u.id);
      assert.deepEqual(await usersOf(below), [me]);
      const path = `/identity/resources/sub-tenants/v1/${top}/users/${me}`;
      assert.equal((await target.call('DELETE', path, { token })).status, 200);
      assert.deepEqual(await usersOf(top), []);
      assert.deepEqual(await usersOf(below), []);
      const again = await target.call('DELETE', path, { token });
      assert.equal(again.status, 404);
      assert.deepEqual(again.body.errors, ['User not found in this sub-account']);
    });

    test('across the tree (removeUserFromTenantAndSubTenants): all checked before any change', async () => {
      const a = await create('Across A');
      const b = await create('Across B');
      const me = (await target.call('GET', '/identity/resources/users/v2/me', { token })).body.id as string;
      const remove = (tenantIds: string[]) =>
        target.call('DELETE', '/identity/resources/sub-tenants/users/v1', {
          token,
          body: { userId: me, subTenants: tenantIds.map((tenantId) => ({ tenantId })) },
        });
      const outside = await remove([a, crypto.randomUUID()]);
      assert.equal(outside.status, 404);
      const members = async (id: string) =>
        (await target.call('GET', `/identity/resources/sub-tenants/v1/${id}/users`, { token })).body._metadata
          .totalItems as number;
      assert.equal(await members(a), 1, 'nothing half-applied');
      assert.equal((await remove([a, b])).status, 200);
      assert.deepEqual([await members(a), await members(b)], [0, 0]);
      assert.equal((await remove([a])).status, 404);
    });

    test('addUserToTenantAndSubTenants: a member of the account joins an account and one below it, with roles', async () => {
      const top = await create('Join top');
      const below = await create('Join below', top);
      const email = `joiner-${Date.now()}@example.com`;
      const invited = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email, name: 'Jo' },
      });
      assert.ok(invited.status < 300, JSON.stringify(invited.body));
      const roles = (await target.call('GET', '/identity/resources/roles/v2', { token })).body
        .items as Array<{
        id: string;
        key: string;
      }>;
      const viewer = roles.find((r) => r.key === 'Viewer')!.id;
      const add = (subTenants: Array<{ tenantId: string; roleIds?: string[] }>, who = email) =>
        target.call('POST', '/identity/resources/sub-tenants/users/v1', {
          token,
          body: { user: { email: who }, subTenants },
        });
      const unknown = await add([{ tenantId: top }, { tenantId: crypto.randomUUID() }]);
      assert.equal(unknown.status, 404);
      const rolesIn = async (id: string) =>
        (
          (await target.call('GET', `/identity/resources/sub-tenants/v1/${id}/users`, { token })).body
            .items as Array<{
            email: string;
            roles: Array<{ key: string }>;
          }>
        )
          .filter((u) => u.email === email)
          .map((u) => u.roles.map((r) => r.key));
      assert.deepEqual(await rolesIn(top), [], 'nothing half-applied');
      const added = await add([{ tenantId: top, roleIds: [viewer] }, { tenantId: below }]);
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.deepEqual(await rolesIn(top), [['Viewer']]);
      assert.deepEqual(await rolesIn(below), [[]]);
      assert.equal((await add([{ tenantId: below }])).status, 409);
      const stranger = await add([{ tenantId: top }], 'nobody-here@example.com');
      assert.equal(stranger.status, 404);
      assert.deepEqual(stranger.body.errors, [
        'No member of your account or of an account above this one has this email',
      ]);
    });

    test("a member's roles across accounts: an account named twice 400; an unknown role changes nothing", async () => {
      const top = await create('Roles top');
      const below = await create('Roles below', top);
      const email = `roles-${Date.now()}@example.com`;
      const invited = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email, name: 'Ro' },
      });
      assert.ok(invited.status < 300, JSON.stringify(invited.body));
      const userId = invited.body.id as string;
      const joined = await target.call('POST', '/identity/resources/sub-tenants/users/v1', {
        token,
        body: { user: { email }, subTenants: [{ tenantId: top }, { tenantId: below }] },
      });
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
      const roles = (await target.call('GET', '/identity/resources/roles/v2', { token })).body
        .items as Array<{
        id: string;
        key: string;
      }>;
      const viewer = roles.find((r) => r.key === 'Viewer')!.id;
      const change = (method: string, subTenantsRoles: Array<{ tenantId: string; roleIds: string[] }>) =>
        target.call(method, `/identity/resources/sub-tenants/users/v1/${userId}/roles`, {
          token,
          body: { subTenantsRoles },
        });
      const rolesIn = async (id: string) =>
        (
          (await target.call('GET', `/identity/resources/sub-tenants/v1/${id}/users`, { token })).body
            .items as Array<{ email: string; roles: Array<{ key: string }> }>
        )
          .filter((u) => u.email === email)
          .flatMap((u) => u.roles.map((r) => r.key));
      const twice = await change('PATCH', [
        { tenantId: top, roleIds: [viewer] },
        { tenantId: top, roleIds: [] },
      ]);
      assert.equal(twice.status, 400);
      assert.deepEqual(twice.body.errors, ['Each account may be named once']);
      const unknown = await change('PATCH', [
        { tenantId: top, roleIds: [viewer] },
        { tenantId: below, roleIds: [crypto.randomUUID()] },
      ]);
      assert.equal(unknown.status, 400);
      assert.deepEqual(await rolesIn(top), [], 'nothing half-applied');
      const added = await change('POST', [{ tenantId: top, roleIds: [viewer, viewer] }]);
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual(added.body, { subTenantsRoles: [{ tenantId: top, roleIds: [viewer] }] });
      assert.deepEqual(await rolesIn(top), ['Viewer']);
      const removed = await change('DELETE', [{ tenantId: top, roleIds: [viewer] }]);
      assert.deepEqual(removed.body, { subTenantsRoles: [{ tenantId: top, roleIds: [] }] });
      assert.deepEqual(await rolesIn(top), []);
    });

    test("tenant types (the client SDK's TenantType): set on create and edit, returned and listed; others 400", async () => {
      const created = await target.call('POST', SUB_TENANTS, {
        token,
        body: { name: 'Typed', tenantType: 'reseller' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.tenantType, 'reseller');
      const id = created.body.tenantId as string;
      const typeOf = async () =>
        (
          (await target.call('GET', `${SEARCH}?_filter=Typed`, { token })).body.items as Array<{
            tenantId: string;
            tenantType: string | null;
          }>
        ).find((t) => t.tenantId === id)?.tenantType;
      assert.equal(await typeOf(), 'reseller');
      const edited = await target.call('PATCH', `${SUB_TENANTS}/${id}`, {
        token,
        body: { name: 'Typed', tenantType: 'test' },
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual(edited.body, { tenantId: id, name: 'Typed', tenantType: 'test' });
      assert.equal(await typeOf(), 'test');
      // A rename alone keeps the type.
      const renamed = await target.call('PATCH', `${SUB_TENANTS}/${id}`, {
        token,
        body: { name: 'Typed again' },
      });
      assert.equal(renamed.body.tenantType, 'test');
      const untyped = await target.call('POST', SUB_TENANTS, { token, body: { name: 'Untyped' } });
      assert.equal(untyped.body.tenantType, null);
      for (const [method, path, body] of [
        ['POST', SUB_TENANTS, { name: 'Bad', tenantType: 'partner' }],
        ['PATCH', `${SUB_TENANTS}/${id}`, { name: 'Bad', tenantType: 'CUSTOMER' }],
      ] as const)
        assert.equal(
          (await target.call(method, path, { token, body })).status,
          400,
          `${method} ${body.tenantType}`,
        );
    });

    test('the search sorts by name, createdAt or tenantId, ascending or descending, and the next link keeps it', async () => {
      const parent = await create('Sorted');
      for (const child of ['Bravo', 'alpha', 'Charlie']) await create(child, parent);
      const query = (extra: string) => `?_subTenantId=${parent}${extra}`;
      assert.deepEqual(await names(query('')), ['alpha', 'Bravo', 'Charlie']);
      assert.deepEqual(await names(query('&_sortBy=name&_order=DESC')), ['Charlie', 'Bravo', 'alpha']);
      const byId = (
        (await target.call('GET', `${SEARCH}${query('&_sortBy=tenantId')}`, { token })).body.items as Array<{
          tenantId: string;
        }>
      ).map((t) => t.tenantId);
      assert.deepEqual(byId, [...byId].sort());
      const page = await target.call('GET', `${SEARCH}${query('&_sortBy=createdAt&_order=desc&_limit=1')}`, {
        token,
      });
      assert.match(page.body._links.next, /_sortBy=createdAt&_order=desc/);
      for (const bad of ['&_sortBy=color', '&_order=up'])
        assert.equal((await target.call('GET', `${SEARCH}${query(bad)}`, { token })).status, 400, bad);
    });

    test("the members across the tree: the client SDK's user, their own account first", async () => {
      const email = (
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string }
      ).email;
      await create('Members tree');
      const res = await target.call('GET', `/identity/resources/sub-tenants/users/v1?_filter=${email}`, {
        token,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [me] = res.body.items as Array<Record<string, unknown> & { tenantIds: string[] }>;
      assert.deepEqual(Object.keys(me!), [
        'id',
        'sub',
        'email',
        'name',
        'verified',
        'mfaEnrolled',
        'provider',
        'phoneNumber',
        'profilePictureUrl',
        'metadata',
        'createdAt',
        'tenantId',
        'tenantIds',
        'tenants',
      ]);
      assert.deepEqual(
        [me!.name, me!.phoneNumber, me!.profilePictureUrl, me!.metadata, me!.tenantId, me!.tenantIds[0]],
        ['Mona', null, null, '{}', home, home],
      );
      assert.ok(me!.tenantIds.length >= 2);
      assert.deepEqual(Object.keys((me!.tenants as object[])[0]!), [
        'tenantId',
        'roles',
        'activated',
        'lastLogin',
      ]);
    });

    test("an account id in capitals names the same account (the server's UUIDs) when members are added", async () => {
      const top = await create('Caps top');
      const below = await create('Caps below', top);
      const email = `caps-${Date.now()}@example.com`;
      const invited = await target.call('POST', '/identity/resources/users/v2', {
        token,
        body: { email, name: 'Cy' },
      });
      assert.ok(invited.status < 300, JSON.stringify(invited.body));
      const added = await target.call('POST', '/identity/resources/sub-tenants/users/v1', {
        token,
        body: { user: { email }, subTenants: [{ tenantId: below.toUpperCase() }] },
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      const users = await target.call('GET', `/identity/resources/sub-tenants/v1/${below}/users`, { token });
      assert.ok((users.body.items as Array<{ email: string }>).some((u) => u.email === email));
    });
  });
}
