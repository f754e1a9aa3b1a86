import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../../app';
import type { Transport } from '../../api/http';
import { createDemoBackend, STORAGE_KEY } from '../../demo/backend';
import { DEMO_ADMIN, seedDemoDatabase, type DemoDatabase } from '../../demo/data';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import { activateAccount, requestPasswordReset, resetPassword, startActivation } from './recoveryThunks';
import { loginWithPassword, signUpUser } from './thunks';

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

/** An app over a demo backend, with navigation and timers recorded instead of run. */
async function harness(options: { activation?: boolean; wrap?: (inner: Transport) => Transport } = {}) {
  const storage = createMemoryStorage();
  if (options.activation)
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        ...seedDemoDatabase(),
        settings: { signUpRequiresActivation: true },
      } satisfies DemoDatabase),
    );
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const name = `recovery-${++counter}`;
  apps.push(name);
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com' },
    { transport: options.wrap ? options.wrap(backend.transport) : backend.transport },
  );
  const navigations: string[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  app.services.navigate = (url) => navigations.push(url);
  app.services.setTimer = (fn, ms) => {
    timers.push({ fn, ms });
    return timers.length;
  };
  await app.ready;
  const outboxLink = async (to: string) => {
    const response = await backend.transport(
      `https://x.invalid/frontegg/dev/outbox?to=${encodeURIComponent(to)}`,
      { method: 'GET' },
    );
    const text: string = (await response.json()).messages[0].text;
    const link = new URL(text.match(/https?:\/\/\S+/)![0]);
    return { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };
  };
  return { app, navigations, timers, outboxLink };
}

test('forgot password: success step; then the link sets a new password', async () => {
  const { app, outboxLink } = await harness();
  assert.equal(await app.store.dispatch(requestPasswordReset(DEMO_ADMIN.email)), true);
  assert.equal(app.store.getState().auth.recovery.forgotPassword.step, 'success');
  const link = await outboxLink(DEMO_ADMIN.email);
  assert.equal(await app.store.dispatch(resetPassword(link, 'brand-new-password')), true);
  assert.equal(app.store.getState().auth.recovery.resetPassword.step, 'success');
  assert.equal(
    await app.store.dispatch(resetPassword(link, 'another-password')),
    false,
    'the link works once',
  );
  assert.equal(
    app.store.getState().auth.recovery.resetPassword.error,
    'This password reset link is invalid or has expired. Ask for a new one.',
  );
});

test('forgot password: a network failure shows "Unknown error occurred"', async () => {
  const { app } = await harness({
    wrap: (inner) => async (url, init) =>
      url.includes('passwords/reset') ? Promise.reject(new TypeError('Failed to fetch')) : inner(url, init),
  });
  assert.equal(await app.store.dispatch(requestPasswordReset('someone@example.com')), false);
  const state = app.store.getState().auth.recovery.forgotPassword;
  assert.deepEqual(
    [state.step, state.error, state.email],
    ['forgotPassword', 'Unknown error occurred', 'someone@example.com'],
  );
});

test('activation: signs out whoever is signed in, activates, shows success, continues after 1000 ms', async () => {
  const { app, navigations, timers, outboxLink } = await harness({ activation: true });
  await app.store.dispatch(signUpUser({ email: 'new@example.com', password: 'new-password-1' }));
  assert.equal(app.store.getState().auth.signUpState.shouldActivate, true);
  await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  assert.equal(app.store.getState().auth.user?.email, DEMO_ADMIN.email);

  await app.store.dispatch(startActivation(await outboxLink('new@example.com')));
  const auth = app.store.getState().auth;
  assert.equal(auth.recovery.activate.step, 'success');
  assert.equal(auth.user?.email, 'new@example.com', 'the admin was signed out, the new user is signed in');
  assert.deepEqual(navigations, []);
  assert.equal(timers.at(-1)!.ms, 1000);
  timers.at(-1)!.fn();
  assert.deepEqual(navigations, ['/']);
});

test('activation: a used or forged link goes to resend with the server message', async () => {
  const { app } = await harness({ activation: true });
  await app.store.dispatch(startActivation({ userId: 'demo-user-1', token: 'forged' }));
  const state = app.store.getState().auth.recovery.activate;
  assert.deepEqual(
    [state.step, state.error],
    ['resend', 'This activation link is invalid or has expired. Ask for a new one.'],
  );
});

test('activation: redirectLocation wins over the success screen', async () => {
  const { app, navigations, outboxLink } = await harness({
    activation: true,
    wrap: (inner) => async (url, init) => {
      const response = await inner(url, init);
      if (!url.endsWith('/activate') || !response.ok) return response;
      return new Response(
        JSON.stringify({ ...(await response.json()), redirectLocation: 'https://app.example.com/welcome' }),
        { status: 200 },
      );
    },
  });
  await app.store.dispatch(signUpUser({ email: 'redirect@example.com', password: 'new-password-1' }));
  assert.equal(await app.store.dispatch(activateAccount(await outboxLink('redirect@example.com'))), true);
  assert.deepEqual(navigations, ['https://app.example.com/welcome']);
  assert.notEqual(app.store.getState().auth.recovery.activate.step, 'success');
});
