// /metadata/ip/{ip} (metadata.getIpAdressMetadata): the address checked and normalised; no location
// is known (null), never made up.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { bearer, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
let token: string;
const get = (ip: string, auth: string | null = token) =>
  server.app.inject({
    url: `/frontegg/metadata/ip/${encodeURIComponent(ip)}`,
    headers: auth ? bearer(auth) : {},
  });

before(async () => {
  server = await startTestServer();
  token = (await login(server.app)).accessToken;
});
after(() => server.close());

describe('IP metadata', () => {
  it('answers an IPv4 or IPv6 address with no location', async () => {
    const v4 = await get('203.0.113.7');
    assert.equal(v4.statusCode, 200, v4.body);
    assert.deepEqual(v4.json(), {
      ip: '203.0.113.7',
      latitude: null,
      longitude: null,
      city: null,
      country_name: null,
      country_code: null,
      zip: null,
      location: { country_flag: null, country_flag_emoji: null },
    });
    assert.equal((await get('2001:DB8::1')).json().ip, '2001:db8::1');
  });

  it('refuses what is not an address, and callers without a token', async () => {
    for (const bad of ['example.com', '999.1.1.1', '1.2.3']) {
      const res = await get(bad);
      assert.equal(res.statusCode, 400, bad);
      assert.ok(Array.isArray(res.json().errors));
    }
    assert.equal((await get('203.0.113.7', null)).statusCode, 401);
  });
});
