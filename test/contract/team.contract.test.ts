// Tenant users listing (GET users v2): the same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

for (const [name, factory] of factories) {
  describe(`contract: ${name}: tenant users`, () => {
    let target: ContractTarget;
    let token: string;
    let email: string;
    before(async () => {
      target = await factory();
      email = `team-${Date.now()}@example.com`;
      token = (
        await target.call('POST', '/identity/resources/users/v1/signUp', {
          body: { email, password: 'a-long-password-1', name: 'Team Owner' },
        })
      ).body.authResponse.accessToken;
    });
    after(async () => {
      await target.close();
    });

    test('the new tenant lists its one user with the team fields', async () => {
      const answer = await target.call('GET', '/identity/resources/users/v2?_limit=20&_offset=0', { token });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body._metadata, { totalItems: 1, totalPages: 1 });
      const [user] = answer.body.items;
      assert.equal(user.email, email);
      assert.equal(user.name, 'Team Owner');
      assert.deepEqual(
        user.roles.map((r: { key: string }) => r.key),
        ['Admin'],
      );
      for (const key of ['verified', 'isLocked']) assert.equal(typeof user[key], 'boolean', key);
      assert.equal(user.provider, 'local');
    });

    test('filter, sort and page parameters', async () => {
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v2?_filter=nobody', { token })).body._metadata
          .totalItems,
        0,
      );
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v2?_filter=TEAM%20OWNER', { token })).body
          ._metadata.totalItems,
        1,
      );
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v2?_sortBy=email&_order=DESC', { token }))
          .status,
        200,
      );
      assert.equal(
        (await target.call('GET', '/identity/resources/users/v2?_offset=3', { token })).body.items.length,
        0,
      );
    });

    test('roles to give, and the rules of removing and re-roling members', async () => {
      const roles = await target.call('GET', '/identity/resources/roles/v1', { token });
      assert.equal(roles.status, 200);
      assert.ok(
        roles.body.some(
          (r: { key: string; name: string; id: string }) => r.key === 'Admin' && r.name && r.id,
        ),
      );
      const me = (await target.call('GET', '/identity/resources/users/v2/me', { token })).body;
      const unknown = '00000000-0000-4000-8000-0000000000ff';
      assert.equal(
        (await target.call('DELETE', `/identity/resources/users/v1/${me.id}`, { token })).status,
        400,
        'not oneself',
      );
      assert.equal(
        (
          await target.call('PUT', `/identity/resources/users/v1/${me.id}/roles`, {
            token,
            body: { roleIds: [''] },
          })
        ).status,
        400,
        "not one's own roles",
      );
      assert.equal(
        (await target.call('DELETE', `/identity/resources/users/v1/${unknown}`, { token })).status,
        404,
      );
      assert.equal(
        (
          await target.call('PUT', `/identity/resources/users/v1/${unknown}/roles`, {
            token,
            body: { roleIds: [] },
          })
        ).status,
        404,
      );
      assert.equal((await target.call('DELETE', `/identity/resources/users/v1/${unknown}`)).status, 401);
    });

    test('a bad query: 400; no token: 401', async () => {
      for (const query of ['?_sortBy=password', '?_order=UP', '?_offset=-2']) {
        const answer = await target.call('GET', `/identity/resources/users/v2${query}`, { token });
        assert.equal(answer.status, 400, query);
        assert.ok(Array.isArray(answer.body.errors));
      }
      assert.equal((await target.call('GET', '/identity/resources/users/v2')).status, 401);
    });
  });
}
