// The directory (SCIM) configurations as the admin portal calls them: list, create (the token shown
// once), change, count and delete, and an unknown id, the same requests against the demo backend and
// the server. The demo provisions nobody and the server's new account has no SCIM users: both count 0.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, newAccountOwner } from './targets';

const CONFIGURATIONS = '/directory/resources/v1/configurations/scim2';
const TEMP = '/directory/resources/scim/temp';
const UNKNOWN = { errors: ['SCIM configuration not found'], errorCodes: ['SCIM_CONFIGURATION_NOT_FOUND'] };

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: directory`, () => {
    const owner = newAccountOwner(factory, 'directory');
    const { call } = owner;

    test('a configuration is created with its token once, listed, changed, counted and deleted', async () => {
      const created = await call('POST', CONFIGURATIONS, { source: 'okta', syncToUserManagement: false });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.connectionName, 'Okta');
      assert.equal(created.body.syncToUserManagement, false);
      const id = created.body.id as string;
      // The token names its configuration (32 hex), then 32 random bytes in base64url.
      assert.match(created.body.token, /^scim_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
      assert.equal(created.body.token.split('_')[1], id.replace(/-/g, ''));
      const listed = await call('GET', CONFIGURATIONS);
      assert.equal(listed.status, 200);
      const mine = listed.body.find((c: { id: string }) => c.id === id);
      assert.equal(mine?.token, undefined, 'the token is shown once');
      const changed = await call('PATCH', `${CONFIGURATIONS}/${id}`, { syncToUserManagement: true });
      assert.deepEqual([changed.status, changed.body], [200, {}]);
      const again = await call('GET', CONFIGURATIONS);
      assert.equal(again.body.find((c: { id: string }) => c.id === id)?.syncToUserManagement, true);
      const counted = await call('GET', `${TEMP}/${id}/Users/count`);
      assert.deepEqual([counted.status, counted.body], [200, { count: 0 }]);
      const removed = await call('DELETE', `${CONFIGURATIONS}/${id}`);
      assert.deepEqual([removed.status, removed.body], [200, {}]);
      const gone = await call('GET', `${TEMP}/${id}/Users/count`);
      assert.deepEqual([gone.status, gone.body], [404, UNKNOWN]);
    });

    test('an unknown configuration: 404 with the catalogue message for change, delete and count', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, path, body] of [
        ['PATCH', `${CONFIGURATIONS}/${id}`, { syncToUserManagement: true }],
        ['DELETE', `${CONFIGURATIONS}/${id}`, undefined],
        ['GET', `${TEMP}/${id}/Users/count`, undefined],
      ] as const) {
        const res = await call(method, path, body);
        assert.deepEqual([res.status, res.body], [404, UNKNOWN], `${method} ${path}`);
      }
    });
  });
}
