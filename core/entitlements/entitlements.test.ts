import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import type { Transport } from '../api/http';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { loginWithPassword, logout } from '../store/auth/thunks';
import { getAppEntitlement } from './appEntitlements';
import {
  entitlementFor,
  featureEntitlement,
  normalizeEntitlements,
  permissionEntitlement,
  type UserEntitlements,
} from './entitlements';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const data: UserEntitlements = {
  permissions: ['app.reports.read', 'fe.secure.*'],
  features: {
    reports: { expireTime: null },
    sso: { expireTime: NOW + DAY },
    audits: { expireTime: NOW - DAY },
  },
  permissionFeatures: {
    'app.reports.read': ['reports'],
    'fe.secure.read.samlConfiguration': ['sso'],
    'fe.secure.read.audits': ['audits'],
    'fe.secure.read.provisioningConfiguration': ['scim'],
    'fe.secure.read.users': ['audits', 'scim'],
  },
};

const featureRows: Array<[string, ReturnType<typeof featureEntitlement>]> = [
  ['reports', { isEntitled: true }],
  ['sso', { isEntitled: true }],
  ['audits', { isEntitled: false, justification: 'BUNDLE_EXPIRED' }],
  ['scim', { isEntitled: false, justification: 'MISSING_FEATURE' }],
  ['constructor', { isEntitled: false, justification: 'MISSING_FEATURE' }],
];
for (const [key, expected] of featureRows) {
  test(`feature ${key}: ${expected.justification ?? 'entitled'}`, () =>
    assert.deepEqual(featureEntitlement(data, key, NOW), expected));
}

const permissionRows: Array<[string, ReturnType<typeof permissionEntitlement>]> = [
  ['app.reports.read', { isEntitled: true }],
  ['app.reports.write', { isEntitled: false, justification: 'MISSING_PERMISSION' }],
  ['fe.secure.read.roles', { isEntitled: true }], // held through fe.secure.*, not gated
  ['fe.secure.read.samlConfiguration', { isEntitled: true }], // gated by sso, valid
  ['fe.secure.read.audits', { isEntitled: false, justification: 'BUNDLE_EXPIRED' }],
  ['fe.secure.read.provisioningConfiguration', { isEntitled: false, justification: 'MISSING_FEATURE' }],
  ['fe.secure.read.users', { isEntitled: false, justification: 'BUNDLE_EXPIRED' }], // one gate expired, the other missing
  ['fe.connectivity.read.webhooks', { isEntitled: false, justification: 'MISSING_PERMISSION' }],
];
for (const [key, expected] of permissionRows) {
  test(`permission ${key}: ${expected.justification ?? 'entitled'}`, () =>
    assert.deepEqual(permissionEntitlement(data, key, NOW), expected));
}

test('a feature expiring exactly now is expired', () => {
  assert.deepEqual(featureEntitlement({ ...data, features: { x: { expireTime: NOW } } }, 'x', NOW), {
    isEntitled: false,
    justification: 'BUNDLE_EXPIRED',
  });
});

test('asking by both keys: the permission answers first, then the feature', () => {
  assert.deepEqual(entitlementFor(data, { permissionKey: 'nope', featureKey: 'scim' }, NOW), {
    isEntitled: false,
    justification: 'MISSING_PERMISSION',
  });
  assert.deepEqual(entitlementFor(data, { permissionKey: 'app.reports.read', featureKey: 'scim' }, NOW), {
    isEntitled: false,
    justification: 'MISSING_FEATURE',
  });
  assert.deepEqual(entitlementFor(data, {}, NOW), { isEntitled: true });
});

test('a malformed answer counts as nothing entitled', () => {
  assert.deepEqual(normalizeEntitlements(null), { permissions: [], features: {}, permissionFeatures: {} });
  assert.deepEqual(
    normalizeEntitlements({
      permissions: ['a', 3],
      features: { f: { expireTime: 'soon' } },
      permissionFeatures: { a: 'f' },
    }),
    {
      permissions: ['a'],
      features: { f: { expireTime: null } },
      permissionFeatures: {},
    },
  );
});

// Through an app: disabled throws the spec's message; enabled loads after sign-in and clears on sign-out.
const names: string[] = [];
afterEach(() => {
  for (const n of names.splice(0)) disposeApp(n);
});

function appWith(enabled: boolean | undefined) {
  const name = `entitlements-${names.length}-${Math.random()}`;
  names.push(name);
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const seen: string[] = [];
  const transport: Transport = (url, init) => {
    seen.push(`${init.method} ${new URL(url).pathname}`);
    return backend.transport(url, init);
  };
  const settings = enabled === undefined ? {} : { entitlementsOptions: { enabled } };
  return {
    app: getOrCreateApp(name, { baseUrl: 'https://auth.example.com' }, { transport, settings }),
    seen,
  };
}

test('entitlements not enabled: "You must first enable entitlements via Auth Elements options to use this function"', async () => {
  for (const enabled of [undefined, false]) {
    const { app, seen } = appWith(enabled);
    await app.ready;
    assert.throws(() => getAppEntitlement(app, { featureKey: 'sso' }), {
      message: 'You must first enable entitlements via Auth Elements options to use this function',
    });
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
    assert.equal(
      seen.some((s) => s.includes('/entitlements/')),
      false,
      'not loaded when disabled',
    );
  }
});

test('enabled: loaded after sign-in (demo admin holds fe.*), cleared on sign-out', async () => {
  const { app, seen } = appWith(true);
  await app.ready;
  assert.deepEqual(getAppEntitlement(app, { permissionKey: 'fe.secure.read.users' }), {
    isEntitled: false,
    justification: 'MISSING_PERMISSION',
  });
  await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  // Loaded in the background after the sign-in: polled, so a busy machine only slows the test (it
  // takes milliseconds; the minute is a safety net).
  for (
    const deadline = Date.now() + 60_000;
    !app.store.getState().entitlements.loaded && Date.now() < deadline;
  ) {
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.ok(seen.includes('GET /frontegg/entitlements/api/v2/user-entitlements'));
  assert.equal(app.store.getState().entitlements.loaded, true);
  assert.deepEqual(getAppEntitlement(app, { permissionKey: 'fe.secure.read.users' }), { isEntitled: true });
  assert.deepEqual(getAppEntitlement(app, { featureKey: 'sso' }), { isEntitled: true });
  assert.deepEqual(getAppEntitlement(app, { featureKey: 'no-such-feature' }), {
    isEntitled: false,
    justification: 'MISSING_FEATURE',
  });
  await app.store.dispatch(logout());
  assert.equal(app.store.getState().entitlements.loaded, false);
  assert.deepEqual(getAppEntitlement(app, { featureKey: 'sso' }), {
    isEntitled: false,
    justification: 'MISSING_FEATURE',
  });
});
