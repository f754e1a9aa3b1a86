import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PREVIEW_DEFAULT_FLAGS } from '../../core/featureFlags/previewFlags';
import type { BuiltServer } from '../app';
import { defineFeature, grantFeature } from '../storage/entitlements';
import { setFlag } from '../storage/feature-flags';
import { SEED_TENANT_ID } from '../seed';
import { bearer, login, startTestServer } from '../../test/support/server';

let server: BuiltServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const ENTITLEMENTS = '/frontegg/entitlements/api/v2/user-entitlements';
const FLAGS = '/frontegg/flags/api/v1/evaluate';

describe('GET entitlements', () => {
  it('needs a bearer token', async () => {
    const res = await server.app.inject({ method: 'GET', url: ENTITLEMENTS });
    assert.equal(res.statusCode, 401);
  });

  it("answers the user's permissions, the active tenant's features with expiry, and the vendor's gates", async () => {
    // The seed gives the demo tenant sso and audits; scim gates provisioning and is not in the bundle.
    const expired = new Date(Date.now() - 60_000);
    await defineFeature(server.db, 'reports', 'Reports', ['app.reports.read']);
    await grantFeature(server.db, SEED_TENANT_ID, 'reports', expired);
    const { accessToken } = await login(server.app);
    const res = await server.app.inject({ method: 'GET', url: ENTITLEMENTS, headers: bearer(accessToken) });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.permissions, ['fe.*']);
    assert.deepEqual(body.features.sso, { expireTime: null });
    assert.deepEqual(body.features.audits, { expireTime: null });
    assert.equal(body.features.reports.expireTime, expired.getTime());
    assert.equal(body.features.scim, undefined);
    assert.deepEqual(body.permissionFeatures['fe.secure.read.provisioningConfiguration'], ['scim']);
    assert.deepEqual(body.permissionFeatures['fe.secure.read.samlConfiguration'], ['sso']);
    assert.deepEqual(body.permissionFeatures['app.reports.read'], ['reports']);
  });
});

describe('POST feature flags', () => {
  const evaluate = (payload?: unknown) =>
    server.app.inject({
      method: 'POST',
      url: FLAGS,
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("answers the spec's flags off, the admin portal's preview flags and the seed's sample flag on, for an anonymous context", async () => {
    const res = await evaluate({ context: { anonymous: true } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().flags, {
      'security-center-show-login-flows': false,
      'show-passkeys-new': false,
      admin_portal_login_per_tenant: false,
      'security-center-admin-portal': false,
      'demo-new-dashboard': true,
      // On until the vendor sets them (core/featureFlags/previewFlags.ts).
      ...Object.fromEntries(Object.values(PREVIEW_DEFAULT_FLAGS).map((key) => [key, true])),
    });
  });

  it('asked keys only; unknown keys are off; no body means anonymous and every flag', async () => {
    assert.deepEqual((await evaluate({ keys: ['demo-new-dashboard', 'nope'] })).json().flags, {
      'demo-new-dashboard': true,
      nope: false,
    });
    assert.equal((await evaluate()).json().flags['demo-new-dashboard'], true);
  });

  it('a flag for listed tenants is on for that tenant context only, never for anonymous', async () => {
    await setFlag(server.db, 'tenant-beta', { tenantIds: [SEED_TENANT_ID] });
    const ask = (context: unknown) =>
      evaluate({ keys: ['tenant-beta'], context }).then((r) => r.json().flags['tenant-beta']);
    assert.equal(await ask({ tenantId: SEED_TENANT_ID }), true);
    assert.equal(await ask({ anonymous: true, tenantId: SEED_TENANT_ID }), false);
    assert.equal(await ask({ tenantId: '00000000-0000-4000-8000-000000000000' }), false);
    assert.equal(await ask({ tenantId: 'not-a-uuid' }), false);
    assert.equal(await ask(undefined), false);
  });

  it('refuses unknown fields and wrong types', async () => {
    assert.equal((await evaluate({ keys: 'a' })).statusCode, 400);
    assert.equal((await evaluate({ context: { role: 'x' } })).statusCode, 400);
    assert.equal((await evaluate({ extra: 1 })).statusCode, 400);
  });
});
