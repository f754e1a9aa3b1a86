import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { loginWithPassword, logout } from '../store/auth/thunks';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { afterPaint, readSessionHint, writeSessionHint } from './hint';

const BASE = 'https://auth.example.com';
const scope = globalThis as { localStorage?: unknown };
let counter = 0;
const apps: string[] = [];
afterEach(() => {
  delete scope.localStorage;
  for (const name of apps.splice(0)) disposeApp(name);
});

function freshApp() {
  const name = `hint-${++counter}`;
  apps.push(name);
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  return getOrCreateApp(name, { baseUrl: BASE }, { transport: backend.transport });
}

test('without storage the hint is unknown, and the first session check keeps the form waiting', async () => {
  assert.equal(readSessionHint(BASE), undefined);
  writeSessionHint(BASE, true); // nowhere to write: no throw
  const app = freshApp();
  assert.equal(app.store.getState().auth.sessionCheckBehindForm, false);
  assert.equal(app.store.getState().auth.isLoading, true);
  await app.ready;
});

test('no session seen in this browser: the session check runs behind the form', async () => {
  scope.localStorage = createMemoryStorage();
  const app = freshApp();
  const auth = app.store.getState().auth;
  assert.equal(auth.isLoading, true);
  assert.equal(auth.sessionCheckBehindForm, true);
  assert.equal(await app.ready, false);
  assert.equal(app.store.getState().auth.isLoading, false);
});

test('a sign-in sets the hint for its base URL, a sign-out clears it; the next check then waits or not', async () => {
  scope.localStorage = createMemoryStorage();
  const app = freshApp();
  await app.ready;
  assert.equal(readSessionHint(BASE), false);
  assert.equal(
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })),
    true,
  );
  assert.equal(readSessionHint(BASE), true);
  assert.equal(readSessionHint('https://other.example.com'), false);
  // A new page of this browser: the form waits for the check (a signed-in visitor sees no form).
  const next = freshApp();
  assert.equal(next.store.getState().auth.sessionCheckBehindForm, false);
  await next.ready;
  await app.store.dispatch(logout());
  assert.equal(readSessionHint(BASE), false);
});

test('a session check that finds no session clears a stale hint', async () => {
  scope.localStorage = createMemoryStorage();
  writeSessionHint(BASE, true);
  const app = freshApp();
  assert.equal(app.store.getState().auth.sessionCheckBehindForm, false);
  assert.equal(await app.ready, false);
  assert.equal(readSessionHint(BASE), false);
});

test('afterPaint resolves where nothing paints (no requestAnimationFrame)', async () => {
  await afterPaint();
});
