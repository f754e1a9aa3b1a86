// Account settings (spec 001 §2, §3; core/domain/account-settings.ts): the same requests against
// the demo backend and the server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKENDS, newAccountOwner } from './targets';

const ACCOUNT = '/tenants/resources/account-settings/v1';

for (const [name, factory] of BACKENDS) {
  describe(`contract: ${name}: account settings`, () => {
    const { call } = newAccountOwner(factory, 'account-settings');

    test('read, then changed field by field: blank texts clear, the name is trimmed', async () => {
      const initial = await call('GET', ACCOUNT);
      assert.equal(initial.status, 200);
      assert.deepEqual(
        [initial.body.currency, initial.body.dateFormat, initial.body.timeFormat],
        ['USD', 'DD/MM/YYYY', 'HH:mm'],
      );
      const changed = await call('PUT', ACCOUNT, {
        name: '  Globex  ',
        address: '1 Main Street',
        website: 'https://globex.example',
        timezone: 'Europe/Paris',
        currency: 'EUR',
      });
      assert.equal(changed.status, 200);
      assert.deepEqual(
        [changed.body.name, changed.body.website, changed.body.timezone, changed.body.currency],
        ['Globex', 'https://globex.example', 'Europe/Paris', 'EUR'],
      );
      assert.equal(changed.body.address, '1 Main Street');
      const cleared = await call('PUT', ACCOUNT, { address: '   ' });
      assert.equal(cleared.body.address, null);
      assert.equal(cleared.body.timezone, 'Europe/Paris', 'a field not sent keeps its value');
      assert.deepEqual((await call('GET', ACCOUNT)).body, cleared.body);
    });

    test('a blank company name and an unknown time zone are refused, and nothing changes', async () => {
      const before = (await call('GET', ACCOUNT)).body;
      assert.deepEqual(await call('PUT', ACCOUNT, { name: '  ', website: 'https://x.example' }), {
        status: 400,
        body: { errors: ['The company name must not be empty'], errorCodes: ['COMPANY_NAME_EMPTY'] },
      });
      const zone = await call('PUT', ACCOUNT, { timezone: 'Mars/Olympus' });
      assert.equal(zone.status, 400);
      assert.deepEqual(zone.body.errors, ['Unknown time zone "Mars/Olympus"']);
      assert.deepEqual((await call('GET', ACCOUNT)).body, before);
    });
  });
}
