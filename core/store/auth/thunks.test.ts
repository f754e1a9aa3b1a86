import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getApp, getOrCreateApp } from '../../app';
import type { Transport } from '../../api/http';
import { createDemoBackend } from '../../demo/backend';
import { DEMO_ADMIN } from '../../demo/data';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import {
  loadPublicPolicy,
  loadSocialProviders,
  loginWithPassword,
  logout,
  preLogin,
  refreshSession,
  signUpUser,
} from './thunks';

let counter = 0;
function freshApp(transportWrapper?: (inner: Transport) => Transport) {
  const name = `test-${++counter}`;
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const transport = transportWrapper ? transportWrapper(backend.transport) : backend.transport;
  const app = getOrCreateApp(name, { baseUrl: 'https://auth.example.com' }, { transport });
  const events: string[] = [];
  app.bus.all$.subscribe((m) => events.push(m.type));
  return { app, events, name };
}
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

test('on load, without a session, the check ends unauthenticated and ready', async () => {
  const { app, name } = freshApp();
  apps.push(name);
  assert.equal(app.store.getState().auth.isLoading, true);
  assert.equal(await app.ready, false);
  const auth = app.store.getState().auth;
  assert.equal(auth.isLoading, false);
  assert.equal(auth.isAuthenticated, false);
});

test('pre-login without SSO and with EmailAndPassword goes to loginWithPassword', async () => {
  const { app, name } = freshApp();
  apps.push(name);
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(app.store.getState().auth.loginState.step, 'loginWithPassword');
  assert.equal(app.store.getState().auth.loginState.email, DEMO_ADMIN.email);
  assert.equal(app.store.getState().auth.publicPolicy?.authStrategy, 'EmailAndPassword');
});

test('password login signs in, loads user and tenants, keeps the token in memory, emits auth:login', async () => {
  const { app, events, name } = freshApp();
  apps.push(name);
  await app.ready;
  assert.equal(
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })),
    true,
  );
  const auth = app.store.getState().auth;
  assert.equal(auth.isAuthenticated, true);
  assert.equal(auth.user?.email, DEMO_ADMIN.email);
  assert.equal(auth.activeTenant?.name, 'Demo Company');
  assert.ok(auth.accessToken);
  assert.equal(auth.loginState.step, 'success');
  assert.ok(events.includes('auth:login'));
});

test('a wrong password clears the session and stores the error with the email', async () => {
  const { app, name } = freshApp();
  apps.push(name);
  await app.ready;
  assert.equal(
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: 'nope-nope' })),
    false,
  );
  const auth = app.store.getState().auth;
  assert.equal(auth.isAuthenticated, false);
  assert.equal(auth.accessToken, null);
  assert.equal(auth.user, null);
  assert.equal(auth.loginState.error, 'Incorrect email or password');
  assert.equal(auth.loginState.email, DEMO_ADMIN.email);
});

test('sign-up without activation is authenticated and emits signUpComplete; a reload restores it; logout ends it', async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const name = `test-${++counter}`;
  apps.push(name);
  const app = getOrCreateApp(name, { baseUrl: 'https://auth.example.com' }, { transport: backend.transport });
  const events: string[] = [];
  app.bus.all$.subscribe((m) => events.push(m.type));
  await app.ready;
  assert.equal(
    await app.store.dispatch(
      signUpUser({ email: 'new@example.com', password: 'long-enough-1', name: 'New Person' }),
    ),
    true,
  );
  assert.equal(app.store.getState().auth.isAuthenticated, true);
  assert.equal(app.store.getState().auth.signUpState.stage, 'SignUpSuccess');
  assert.ok(events.includes('auth:signUpComplete'));

  // "reload": a new app over the same backend storage restores the session through refresh
  const reloaded = `test-${++counter}`;
  apps.push(reloaded);
  const again = getOrCreateApp(
    reloaded,
    { baseUrl: 'https://auth.example.com' },
    { transport: backend.transport },
  );
  assert.equal(await again.ready, true);
  assert.equal(again.store.getState().auth.user?.email, 'new@example.com');

  await again.store.dispatch(logout());
  assert.equal(again.store.getState().auth.isAuthenticated, false);
  const third = `test-${++counter}`;
  apps.push(third);
  assert.equal(
    await getOrCreateApp(third, { baseUrl: 'https://auth.example.com' }, { transport: backend.transport })
      .ready,
    false,
  );
});

test('a failed sign-up clears tokens and shows the server message', async () => {
  const { app, name } = freshApp();
  apps.push(name);
  await app.ready;
  assert.equal(
    await app.store.dispatch(signUpUser({ email: DEMO_ADMIN.email, password: 'long-enough-1' })),
    false,
  );
  assert.equal(app.store.getState().auth.signUpState.error, 'User already exists');
  assert.equal(app.store.getState().auth.accessToken, null);
});

test('sign-up with an invitation token does not emit signUpComplete', async () => {
  const { app, events, name } = freshApp();
  apps.push(name);
  await app.ready;
  await app.store.dispatch(
    signUpUser({ email: 'invited@example.com', password: 'long-enough-1', invitationToken: 'inv' }),
  );
  assert.equal(events.includes('auth:signUpComplete'), false);
});

test('many simultaneous refreshes make one request', async () => {
  let refreshCalls = 0;
  const { app, name } = freshApp((inner) => async (url, init) => {
    if (url.endsWith('/token/refresh')) refreshCalls++;
    return inner(url, init);
  });
  apps.push(name);
  await app.ready;
  await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
  refreshCalls = 0;
  const results = await Promise.all(Array.from({ length: 5 }, () => app.store.dispatch(refreshSession())));
  assert.deepEqual(results, [true, true, true, true, true]);
  assert.equal(refreshCalls, 1);
});

test('the app registry: same name shares one store; unknown name and store-name mismatch fail', () => {
  const { app, name } = freshApp();
  apps.push(name);
  assert.equal(getOrCreateApp(name, { baseUrl: 'https://auth.example.com' }).store, app.store);
  assert.equal(getApp(name), app);
  assert.throws(() => getApp('nobody'), { message: '[nobody] AuthElementsApp not found' });
  assert.throws(() => getOrCreateApp('other-name', { baseUrl: 'x' }, { store: app.store }), {
    message: 'Mismatch in store names',
  });
});

test('an app without a base URL refuses to start', () => {
  assert.throws(() => getOrCreateApp(`test-${++counter}`, {}), { name: 'MissingBaseUrlError' });
});

test("request source: the element's own by default, the requestSource option when given", async () => {
  const seen: string[] = [];
  const capture: Transport = async (_url, init) => {
    seen.push((init.headers as Record<string, string>)['frontegg-source']!);
    return new Response('{}', { status: 401 });
  };
  const portal = `test-${++counter}`;
  const forced = `test-${++counter}`;
  apps.push(portal, forced);
  await getOrCreateApp(
    portal,
    { baseUrl: 'https://auth.example.com' },
    { transport: capture, requestSource: 'admin-portal' },
  ).ready;
  await getOrCreateApp(
    forced,
    { baseUrl: 'https://auth.example.com', requestSource: 'login-box' },
    { transport: capture, requestSource: 'admin-portal' },
  ).ready;
  assert.deepEqual(seen, ['admin-portal', 'login-box']);
});

test('elements mounting together share one public-policy request', async () => {
  let policyCalls = 0;
  const { app, name } = freshApp((inner) => async (url, init) => {
    if (url.endsWith('/configurations/v1/public')) policyCalls++;
    return inner(url, init);
  });
  apps.push(name);
  await app.ready;
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => app.store.dispatch(loadPublicPolicy())));
  assert.equal(policyCalls, 1);
  assert.deepEqual(a, b);
  assert.deepEqual(b, c);
  assert.equal(a?.authStrategy, 'EmailAndPassword');
});

test('social providers: both lists asked for together once per app, kept in the store, a failed list asked again next time', async () => {
  const calls: string[] = [];
  let customFails = true;
  const { app, name } = freshApp((inner) => async (url, init) => {
    const path = new URL(url).pathname;
    if (path.endsWith('/sso/v2') || path.endsWith('/sso/custom/v1')) {
      calls.push(path.endsWith('/sso/v2') ? 'v2' : 'custom');
      if (path.endsWith('/sso/custom/v1') && customFails)
        return new Response('{"errors":["down"]}', { status: 503 });
    }
    return inner(url, init);
  });
  apps.push(name);
  app.services.logger.warn = () => {};
  app.services.logger.error = () => {};
  await app.ready;
  // Three callers at once (the box's start, the form, a second box): one request of each list.
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => app.store.dispatch(loadSocialProviders())));
  assert.ok(a);
  assert.deepEqual(calls.sort(), ['custom', 'v2']);
  assert.deepEqual(a, b);
  assert.deepEqual(b, c);
  // The demo's built-in provider is drawn although the custom list failed.
  assert.deepEqual(
    a.list.map((p) => p.provider),
    ['demo-id'],
  );
  assert.equal(a.complete, false);
  assert.deepEqual(app.store.getState().auth.socialProviders, a);

  // Incomplete: the next sign-in form asks again, and then it is complete and held.
  customFails = false;
  calls.length = 0;
  const again = await app.store.dispatch(loadSocialProviders());
  assert.deepEqual(calls.sort(), ['custom', 'v2']);
  assert.equal(again.complete, true);
  calls.length = 0;
  await app.store.dispatch(loadSocialProviders());
  assert.deepEqual(calls, [], 'held in the store: nothing sent');
});
