import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { SEED_TENANT_NAME } from '../seed';
import { bearer, login, startTestServer } from '../../test/support/server';

const ACCOUNT = '/frontegg/tenants/resources/account-settings/v1';
const METADATA = '/frontegg/metadata?entityName=adminBox';
let server: BuiltServer;
let token: string;
before(async () => {
  server = await startTestServer();
  token = (await login(server.app)).accessToken;
});
after(() => server.close());

const put = (payload: unknown, as = token) =>
  server.app.inject({ method: 'PUT', url: ACCOUNT, headers: bearer(as), payload: payload as object });

describe('account settings', () => {
  it('answers the defaults of spec 001 §3 (DD/MM/YYYY, HH:mm, USD) and the tenant name', async () => {
    const res = await server.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.name, SEED_TENANT_NAME);
    assert.equal(body.dateFormat, 'DD/MM/YYYY');
    assert.equal(body.timeFormat, 'HH:mm');
    assert.equal(body.currency, 'USD');
  });

  it('saves company name, address, website, time zone and currency; null clears', async () => {
    const res = await put({
      name: 'Acme Renamed',
      address: '1 Main St',
      website: 'https://acme.example',
      timezone: 'Europe/Paris',
      currency: 'EUR',
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      (({ name, address, website, timezone, currency }) => ({ name, address, website, timezone, currency }))(
        res.json(),
      ),
      {
        name: 'Acme Renamed',
        address: '1 Main St',
        website: 'https://acme.example',
        timezone: 'Europe/Paris',
        currency: 'EUR',
      },
    );
    const cleared = (await put({ website: null, address: '  ' })).json();
    assert.equal(cleared.website, null);
    assert.equal(cleared.address, null);
    assert.equal(cleared.timezone, 'Europe/Paris');
    await put({ name: SEED_TENANT_NAME });
  });

  const bad: Array<[string, unknown]> = [
    ['nothing to change', {}],
    ['a blank name', { name: ' ' }],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }],
    ['a lowercase currency', { currency: 'usd' }],
    ['a website without http(s)', { website: 'javascript:alert(1)' }],
    ['an overlong address', { address: 'a'.repeat(201) }],
    ['an unknown field', { logo: 'x' }],
  ];
  for (const [name, payload] of bad) {
    it(`refuses ${name} with 400 and an errors list`, async () => {
      const res = await put(payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(Array.isArray(res.json().errors));
    });
  }

  it('needs the permissions (403) and a token (401)', async () => {
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/users/v1/signUp',
      payload: { email: `acct-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'A' },
    });
    await server.db.query(
      'DELETE FROM membership_roles WHERE membership_id IN (SELECT id FROM memberships WHERE user_id = $1)',
      [signUp.json().userId],
    );
    const email = (
      await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        signUp.json().userId,
      ])
    ).rows[0]!.email;
    const plain = (await login(server.app, email, 'a-long-password-1')).accessToken;
    assert.equal(
      (await server.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(plain) })).statusCode,
      403,
    );
    assert.equal((await put({ name: 'Hijack' }, plain)).statusCode, 403);
    assert.equal((await server.app.inject({ method: 'GET', url: ACCOUNT })).statusCode, 401);
  });
});

describe('admin-box metadata', () => {
  it('answers no rows until the vendor configures the portal, then rows[0].configuration', async () => {
    assert.deepEqual(
      (await server.app.inject({ method: 'GET', url: METADATA, headers: bearer(token) })).json(),
      { rows: [] },
    );
    const configuration = { navigation: { roles: { visibility: 'always' } } };
    await server.db.query(
      'INSERT INTO admin_box_metadata (vendor_id, configuration) SELECT id, $1::jsonb FROM vendors',
      [JSON.stringify(configuration)],
    );
    const res = await server.app.inject({ method: 'GET', url: METADATA, headers: bearer(token) });
    assert.deepEqual(res.json(), { rows: [{ entityName: 'adminBox', configuration }] });
    // Another entity answers its own row (the audits columns: server/routes/audits.test.ts).
    const audits = await server.app.inject({
      method: 'GET',
      url: '/frontegg/metadata?entityName=audits',
      headers: bearer(token),
    });
    assert.equal(audits.json().rows[0].entityName, 'audits');
    assert.equal(
      (
        await server.app.inject({
          method: 'GET',
          url: '/frontegg/metadata?entityName=saml',
          headers: bearer(token),
        })
      ).json().rows.length,
      0,
    );
    assert.equal(
      (await server.app.inject({ method: 'GET', url: '/frontegg/metadata', headers: bearer(token) }))
        .statusCode,
      400,
    );
    await server.db.query('DELETE FROM admin_box_metadata');
  });
});
