import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { disposeApp, getOrCreateApp } from '../app';
import type { Transport } from '../api/http';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { loginWithPassword } from '../store/auth/thunks';
import { switchTenant } from './switchTenant';

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

async function signedIn() {
  const name = `switch-${++counter}`;
  apps.push(name);
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const calls: string[] = [];
  const transport: Transport = (url, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    return backend.transport(url, init);
  };
  const app = getOrCreateApp(name, { baseUrl: 'https://auth.example.com' }, { transport });
  await app.ready;
  await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  calls.length = 0;
  return { app, calls };
}

test('switching tenant: loading set, switch called, session reloaded into the new tenant', async () => {
  const { app, calls } = await signedIn();
  const before = app.store.getState().auth;
  assert.equal(before.activeTenant?.name, 'Demo Company');
  assert.deepEqual(before.tenants.map((t) => t.name).sort(), [
    'Demo Company',
    'Demo Company Europe',
    'Demo Company Paris',
  ]);
  const seen: boolean[] = [];
  const unsubscribe = app.store.subscribe(() => seen.push(app.store.getState().auth.tenantSwitch.loading));
  assert.equal(await app.store.dispatch(switchTenant('demo-paris')), true);
  unsubscribe();
  assert.equal(seen[0], true, 'loading first');
  const after = app.store.getState().auth;
  assert.equal(after.tenantSwitch.loading, false);
  assert.equal(after.activeTenant?.tenantId, 'demo-paris');
  assert.equal(after.user?.tenantId, 'demo-paris');
  assert.notEqual(after.accessToken, before.accessToken);
  assert.deepEqual(calls.slice(0, 2), [
    'PUT /frontegg/identity/resources/users/v1/tenant',
    'POST /frontegg/identity/resources/auth/v1/user/token/refresh',
  ]);
});

test('a refused switch keeps the session and stores the message; the same tenant needs no call', async () => {
  const { app, calls } = await signedIn();
  const token = app.store.getState().auth.accessToken;
  assert.equal(await app.store.dispatch(switchTenant('demo-berlin')), false);
  assert.deepEqual(app.store.getState().auth.tenantSwitch, {
    loading: false,
    error: 'You are not a member of this account',
  });
  assert.equal(app.store.getState().auth.accessToken, token);
  assert.equal(app.store.getState().auth.activeTenant?.tenantId, 'demo-tenant');
  calls.length = 0;
  assert.equal(await app.store.dispatch(switchTenant('demo-tenant')), true);
  assert.deepEqual(calls, []);
});
