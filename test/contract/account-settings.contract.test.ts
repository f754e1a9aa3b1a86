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

    test('date and time formats, a logo and the metadata are saved and read back', async () => {
      const logo = `data:image/png;base64,${Buffer.from('a small png').toString('base64')}`;
      const saved = await call('PUT', ACCOUNT, {
        dateFormat: 'YYYY-MM-DD',
        timeFormat: 'hh:mm A',
        logo,
        metadata: JSON.stringify({ plan: 'gold', 'region.eu': 'yes' }),
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const read = (await call('GET', ACCOUNT)).body;
      assert.deepEqual(
        [read.dateFormat, read.timeFormat, read.logo, JSON.parse(read.metadata)],
        ['YYYY-MM-DD', 'hh:mm A', logo, { plan: 'gold', 'region.eu': 'yes' }],
      );
      assert.equal((await call('PUT', ACCOUNT, { logo: null })).body.logo, null, 'the logo removed');
    });

    test('a wrong format, logo or metadata is refused with its message, and nothing changes', async () => {
      const before = (await call('GET', ACCOUNT)).body;
      assert.equal((await call('PUT', ACCOUNT, { dateFormat: 'D M Y' })).status, 400);
      const svg = await call('PUT', ACCOUNT, { logo: `data:image/svg+xml;base64,${btoa('<svg/>')}` });
      assert.deepEqual(svg.body, {
        errors: ['The logo must be a PNG, JPEG, WebP or GIF image'],
        errorCodes: ['ACCOUNT_LOGO_TYPE'],
      });
      const big = await call('PUT', ACCOUNT, {
        logo: `data:image/png;base64,${Buffer.alloc(101 * 1024).toString('base64')}`,
      });
      assert.deepEqual(big.body.errors, ['The logo must be at most 100 KB']);
      for (const [metadata, code] of [
        ['[1]', 'ACCOUNT_METADATA_INVALID'],
        ['{"a": 1}', 'ACCOUNT_METADATA_INVALID'],
        ['{"bad key": "x"}', 'ACCOUNT_METADATA_KEY'],
        [JSON.stringify({ long: 'x'.repeat(501) }), 'ACCOUNT_METADATA_TOO_BIG'],
      ]) {
        const refused = await call('PUT', ACCOUNT, { metadata });
        assert.deepEqual([refused.status, refused.body.errorCodes], [400, [code]], metadata);
      }
      assert.deepEqual((await call('GET', ACCOUNT)).body, before);
    });
  });
}
