import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../app';
import type { Transport } from '../api/http';
import { loadPublicPolicy } from '../store/auth/thunks';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { startSignInCalls } from './early';
import { writeSessionHint } from './hint';
import { ASSETS_VERSION } from '../version';

const BASE = 'https://auth.example.com';
const API = `${BASE}/frontegg`;
const POLICY = { authStrategy: 'EmailAndPassword', allowSignups: true };

let fetched: Array<{ url: string; init: RequestInit }> = [];
const realFetch = globalThis.fetch;
let counter = 0;
const apps: string[] = [];

beforeEach(() => {
  fetched = [];
  // What an earlier test's loader left unused.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(`auth-elements.early@${ASSETS_VERSION}`)];
  // The loader's requests: answered here, like the server would (no session, the policy).
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    fetched.push({ url, init });
    return url.endsWith('/token/refresh')
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(POLICY), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  (globalThis as { localStorage?: unknown }).localStorage = createMemoryStorage();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as { localStorage?: unknown }).localStorage;
  for (const name of apps.splice(0)) disposeApp(name);
});

/** An app as the login box makes it, whose own transport records what reaches it. */
function appSeeing(options: { requestCredentials?: RequestCredentials; tokenResolver?: () => string } = {}) {
  const name = `early-${++counter}`;
  apps.push(name);
  const sent: string[] = [];
  const transport: Transport = async (url) => {
    sent.push(url);
    if (url.endsWith('/token/refresh')) return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ from: 'transport' }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const app = getOrCreateApp(name, { baseUrl: BASE, ...options }, { transport, requestSource: 'login-box' });
  return { app, sent };
}

test("the store takes the loader's session check and policy: neither is asked for again", async () => {
  writeSessionHint(BASE, true);
  startSignInCalls(API, 'same-origin', true);
  assert.deepEqual(
    fetched.map((f) => [f.init.method, f.url]),
    [
      ['POST', `${API}/identity/resources/auth/v1/user/token/refresh`],
      ['GET', `${API}/identity/resources/configurations/v1/public`],
    ],
  );
  const { app, sent } = appSeeing();
  assert.equal(await app.ready, false);
  assert.deepEqual(await app.store.dispatch(loadPublicPolicy()), POLICY);
  assert.deepEqual(sent, []);
});

test('without a session hint the loader sends the policy only', () => {
  startSignInCalls(API, 'include', false);
  assert.deepEqual(
    fetched.map((f) => [f.init.method, f.url, f.init.credentials]),
    [['GET', `${API}/identity/resources/configurations/v1/public`, 'include']],
  );
});

test('an early answer is used once, and only for the same request', async () => {
  startSignInCalls(API, 'same-origin', false);
  // Other credentials than the loader assumed: the store asks itself, and the early answer stays.
  const other = appSeeing({ requestCredentials: 'include' });
  await other.app.ready;
  assert.deepEqual(await other.app.store.dispatch(loadPublicPolicy()), { from: 'transport' });
  assert.equal(other.sent.filter((url) => url.endsWith('/configurations/v1/public')).length, 1);
  // The same request: taken, once.
  const first = appSeeing();
  await first.app.ready;
  assert.deepEqual(await first.app.store.dispatch(loadPublicPolicy()), POLICY);
  const second = appSeeing();
  await second.app.ready;
  assert.deepEqual(await second.app.store.dispatch(loadPublicPolicy()), { from: 'transport' });
});

test('the public policy is taken also when the store sends a token by then; the session check is not', async () => {
  startSignInCalls(API, 'same-origin', true);
  const { app, sent } = appSeeing({ tokenResolver: () => 'a-token' });
  await app.ready;
  assert.deepEqual(await app.store.dispatch(loadPublicPolicy()), POLICY);
  // The refresh sent with a bearer header is not the loader's request: asked for normally.
  assert.deepEqual(sent, [`${API}/identity/resources/auth/v1/user/token/refresh`]);
});
