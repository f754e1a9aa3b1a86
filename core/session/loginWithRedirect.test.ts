import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { loginWithPassword } from '../store/auth/thunks';
import { loginWithRedirect } from './loginWithRedirect';

const names: string[] = [];
afterEach(() => {
  for (const n of names.splice(0)) disposeApp(n);
});
let counter = 0;
async function app(routes = {}) {
  const name = `redirect-${++counter}`;
  names.push(name);
  const created = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com', routes },
    { transport: createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 }).transport },
  );
  const navigations: string[] = [];
  created.services.navigate = (url) => navigations.push(url);
  await created.ready;
  return { created, navigations };
}

test('signed out: to the login route with a redirectUrl back to the page', async () => {
  const { created, navigations } = await app();
  loginWithRedirect(created, 'https://host.example.com/reports?year=2026#top');
  assert.deepEqual(navigations, ['/account/login?redirectUrl=%2Freports%3Fyear%3D2026%23top']);
});

test('a configured login route is used, and on the login page itself no redirectUrl is added', async () => {
  const { created, navigations } = await app({ loginUrl: '/sign-in' });
  loginWithRedirect(created, 'https://host.example.com/sign-in');
  assert.deepEqual(navigations, ['/sign-in']);
});

test('signed in: nothing happens', async () => {
  const { created, navigations } = await app();
  await created.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  loginWithRedirect(created, 'https://host.example.com/x');
  assert.deepEqual(navigations, []);
});
