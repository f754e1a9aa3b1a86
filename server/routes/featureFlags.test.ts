// The vendor's flag switches (GET /flags/api/v1/flags, PUT /flags/api/v1/flags/:key): a vendor
// administrator only, the body checked, every change audited; evaluation sees the change at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PREVIEW_DEFAULT_FLAGS } from '../../core/featureFlags/previewFlags';
import { PORTAL_FLAGS } from '../../core/portal/pages';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { SEED_VENDOR_ADMIN_EMAIL, SEED_VENDOR_ADMIN_PASSWORD, seedShowcase } from '../seed';
import { bearer, FAST_HASHING, login, startTestServer } from '../../test/support/server';

const FLAGS = '/frontegg/flags/api/v1/flags';
let server: BuiltServer;
let vendor: string;
let admin: string;
before(async () => {
  server = await startTestServer();
  await seedShowcase(server.db, new PasswordHasher(FAST_HASHING));
  vendor = (await login(server.app, SEED_VENDOR_ADMIN_EMAIL, SEED_VENDOR_ADMIN_PASSWORD)).accessToken;
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());

const put = (key: string, payload: unknown, token = vendor) =>
  server.app.inject({
    method: 'PUT',
    url: `${FLAGS}/${key}`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('the vendor turns feature flags on and off', () => {
  it('lists every flag the portal reads, defined or not', async () => {
    const res = await server.app.inject({ url: FLAGS, headers: bearer(vendor) });
    assert.equal(res.statusCode, 200, res.body);
    const keys = (res.json().items as Array<{ key: string }>).map((f) => f.key);
    for (const key of PORTAL_FLAGS) assert.ok(keys.includes(key), key);
  });

  it('refuses a tenant administrator (403) and a caller without a token (401), and changes nothing', async () => {
    assert.equal((await server.app.inject({ url: FLAGS, headers: bearer(admin) })).statusCode, 403);
    const refused = await put('security-center-admin-portal', { enabled: false }, admin);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json().errorCodes, ['FLAGS_VENDOR_ONLY']);
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: `${FLAGS}/security-center-admin-portal`,
      payload: { enabled: false },
    });
    assert.equal(anonymous.statusCode, 401);
    const flags = await server.app.inject({ url: '/frontegg/flags', headers: bearer(admin) });
    assert.equal(flags.json()['security-center-admin-portal'], 'on');
  });

  it('checks the body and the key', async () => {
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, extra: 1 }]) {
      const res = await put('fe-roles-page', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(res.json().errors.length > 0);
    }
    const unknown = await put('no-such-flag', { enabled: true });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json().errorCodes, ['FLAG_NOT_FOUND']);
  });

  it('turns a flag off for everyone, evaluation follows, and the change is audited', async () => {
    const off = await put('security-center-admin-portal', { enabled: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().enabled, false);
    const flags = await server.app.inject({ url: '/frontegg/flags', headers: bearer(admin) });
    assert.equal(flags.json()['security-center-admin-portal'], 'off');
    // A flag the portal reads is created on first use.
    await server.db.query(`DELETE FROM feature_flags WHERE key = 'fe-usage-page'`);
    assert.equal((await put('fe-usage-page', { enabled: true })).json().enabled, true);
    const { rows } = await server.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audits WHERE action = 'Feature flag changed' ORDER BY created_at`,
    );
    assert.equal(rows.length, 2);
    assert.deepEqual(
      { key: rows[0]!.details.key, enabled: rows[0]!.details.enabled },
      { key: 'security-center-admin-portal', enabled: false },
    );
  });
});

describe('preview-default flags (spec 001 §1: the admin portal flags in preview are on by default)', () => {
  const evaluate = async (keys: string[], token?: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: '/frontegg/flags/api/v1/evaluate',
        ...(token ? { headers: bearer(token) } : {}),
        payload: { keys },
      })
    ).json().flags;

  it('are on before the vendor sets them, listed as on, and off once the vendor turns one off', async () => {
    await server.db.query(`DELETE FROM feature_flags WHERE key LIKE 'admin_portal_%'`);
    const keys = Object.values(PREVIEW_DEFAULT_FLAGS);
    assert.deepEqual(await evaluate([...keys, 'no-such-flag']), {
      ...Object.fromEntries(keys.map((key) => [key, true])),
      'no-such-flag': false,
    });
    const all = (await server.app.inject({ url: '/frontegg/flags', headers: bearer(admin) })).json();
    assert.equal(all[PREVIEW_DEFAULT_FLAGS.passkeys], 'on');
    const listed = (await server.app.inject({ url: FLAGS, headers: bearer(vendor) })).json().items;
    assert.deepEqual(
      listed.find((f: { key: string }) => f.key === PREVIEW_DEFAULT_FLAGS.groups),
      { key: PREVIEW_DEFAULT_FLAGS.groups, description: null, enabled: true, tenantIds: [], userIds: [] },
    );
    const off = await put(PREVIEW_DEFAULT_FLAGS.passkeys, { enabled: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal((await evaluate([PREVIEW_DEFAULT_FLAGS.passkeys]))[PREVIEW_DEFAULT_FLAGS.passkeys], false);
    assert.equal((await evaluate([PREVIEW_DEFAULT_FLAGS.groups]))[PREVIEW_DEFAULT_FLAGS.groups], true);
  });
});
