// Profile update and admin-box metadata: the same cases against the demo backend and the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];

for (const [name, factory] of factories) {
  describe(`contract: ${name}: profile and portal metadata`, () => {
    let target: ContractTarget;
    let token: string;
    before(async () => {
      target = await factory();
      const user = {
        email: `profile-${Date.now()}@example.com`,
        password: 'a-long-password-1',
        name: 'Profile Person',
      };
      token = (await target.call('POST', '/identity/resources/users/v1/signUp', { body: user })).body
        .authResponse.accessToken;
    });
    after(async () => {
      await target.close();
    });

    test('PUT /users/v2/me updates name, phone and metadata and answers the user', async () => {
      const answer = await target.call('PUT', '/identity/resources/users/v2/me', {
        token,
        body: {
          name: 'Renamed',
          phoneNumber: '+1 555 0100',
          metadata: '{"address":"1 Main St","jobTitle":"CTO"}',
        },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.name, 'Renamed');
      assert.equal(answer.body.phoneNumber, '+1 555 0100');
      assert.deepEqual(JSON.parse(answer.body.metadata), { address: '1 Main St', jobTitle: 'CTO' });
      const me = await target.call('GET', '/identity/resources/users/v2/me', { token });
      assert.equal(me.body.name, 'Renamed');
      const cleared = await target.call('PUT', '/identity/resources/users/v2/me', {
        token,
        body: { phoneNumber: null },
      });
      assert.equal(cleared.body.phoneNumber, null);
      assert.equal(cleared.body.name, 'Renamed');
    });

    const bad: Array<[string, unknown]> = [
      ['an empty body', {}],
      ['a blank name', { name: '  ' }],
      ['letters in the phone', { phoneNumber: 'call me' }],
      ['metadata that is not an object', { metadata: '[1]' }],
      ['an email change', { email: 'x@example.com' }],
      // The metadata's limits (core/domain/profile.ts parseMetadata), sign-up's too.
      ['metadata nested deeper than 10 levels', { metadata: `${'{"a":'.repeat(11)}1${'}'.repeat(11)}` }],
      [
        'metadata over 10,000 bytes',
        { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'x'.repeat(490)])) },
      ],
      ['metadata holding U+0000', { metadata: { note: 'a\u0000b' } }],
    ];
    for (const [label, body] of bad) {
      test(`PUT /users/v2/me refuses ${label} with 400`, async () => {
        const answer = await target.call('PUT', '/identity/resources/users/v2/me', { token, body });
        assert.equal(answer.status, 400, JSON.stringify(answer.body));
        assert.ok(Array.isArray(answer.body.errors) && answer.body.errors.length > 0);
      });
    }

    test('PUT /users/v2/me with metadata null clears it to an empty object', async () => {
      await target.call('PUT', '/identity/resources/users/v2/me', { token, body: { metadata: '{"a":"b"}' } });
      const cleared = await target.call('PUT', '/identity/resources/users/v2/me', {
        token,
        body: { metadata: null },
      });
      assert.equal(cleared.status, 200);
      assert.equal(cleared.body.metadata, '{}');
    });

    test('PUT the profile picture without a multipart file: 400', async () => {
      const answer = await target.call('PUT', '/team/resources/profile/me/image/v1', { token, body: {} });
      assert.deepEqual(
        [answer.status, answer.body.errors],
        [400, ['Send the picture as multipart/form-data with one file']],
      );
    });

    test('sessions: the list holds the current session, marked, with the same fields on both; /current answers it; an unknown one cannot be ended', async () => {
      const list = await target.call('GET', '/identity/resources/users/sessions/v1/me', { token });
      assert.equal(list.status, 200);
      assert.ok(Array.isArray(list.body) && list.body.length >= 1);
      const current = list.body.filter((s: { current: boolean }) => s.current);
      assert.equal(current.length, 1);
      for (const key of ['id', 'createdAt', 'lastUsedAt'])
        assert.equal(typeof current[0][key], 'string', key);
      assert.deepEqual(Object.keys(current[0]).sort(), [
        'createdAt',
        'current',
        'id',
        'ipAddress',
        'lastUsedAt',
        'userAgent',
      ]);
      const answer = await target.call('GET', '/identity/resources/users/sessions/v1/me/current', { token });
      assert.equal(answer.body.id, current[0].id);
      const unknown = await target.call(
        'DELETE',
        '/identity/resources/users/sessions/v1/me/00000000-0000-4000-8000-000000000000',
        { token },
      );
      assert.deepEqual([unknown.status, unknown.body.errorCodes], [404, ['SESSION_NOT_FOUND']]);
      const others = await target.call('DELETE', '/identity/resources/users/sessions/v1/me/all', { token });
      assert.equal(others.status, 200);
      assert.equal(typeof others.body.revoked, 'number');
      assert.equal((await target.call('GET', '/identity/resources/users/sessions/v1/me')).status, 401);
    });

    test('PUT /users/v2/me without a token: 401', async () => {
      assert.equal(
        (await target.call('PUT', '/identity/resources/users/v2/me', { body: { name: 'X' } })).status,
        401,
      );
    });

    test('GET /metadata?entityName=adminBox answers rows (server: none configured; demo: its sample navigation)', async () => {
      const answer = await target.call('GET', '/metadata?entityName=adminBox', { token });
      assert.equal(answer.status, 200);
      if (name === 'reference server') assert.deepEqual(answer.body.rows, []);
      // Demo mode shows the pages hidden by default (roles, groups, API tokens) to those allowed.
      else assert.equal(answer.body.rows[0].configuration.navigation.roles.visibility, 'byPermissions');
    });
  });
}
