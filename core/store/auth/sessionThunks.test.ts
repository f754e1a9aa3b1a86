// Impersonation, logout route, silent logout, profile retries, quick-login registration, the stored
// pre-login URL and sign-up destinations: the store driven through the demo backend, with the
// app's timers and navigation captured.
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp, type AuthApp } from '../../app';
import type { Transport } from '../../api/http';
import { decodeAccessToken } from '../../jwt';
import { createDemoBackend } from '../../demo/backend';
import { DEMO_ADMIN } from '../../demo/data';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import { impersonateUser, logoutAndLeave, finishQuickLogin, silentLogout } from './sessionThunks';
import { loginWithPassword, refreshSession, signUpUser } from './thunks';

interface Timer {
  fn: () => void;
  ms: number;
}
let counter = 0;
const apps: string[] = [];
const globals = globalThis as unknown as Record<string, unknown>;

function harness(options: { routes?: Record<string, string>; wrap?: (inner: Transport) => Transport } = {}) {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const name = `session-${++counter}`;
  apps.push(name);
  const transport = options.wrap ? options.wrap(backend.transport) : backend.transport;
  const app: AuthApp = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com', routes: options.routes },
    { transport },
  );
  const timers: Timer[] = [];
  const navigations: string[] = [];
  const events: Array<{ type: string; payload: unknown }> = [];
  app.services.setTimer = (fn, ms) => {
    timers.push({ fn, ms });
    return timers.length;
  };
  app.services.navigate = (url) => {
    navigations.push(url);
  };
  app.bus.all$.subscribe((m) => events.push(m));
  return { app, timers, navigations, events, backend };
}
const signInAdmin = (app: AuthApp) =>
  app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));

let warnings: string[] = [];
const originalWarn = console.warn;
beforeEach(() => {
  warnings = [];
  console.warn = (...args: unknown[]) => {
    warnings.push(args.join(' '));
  };
  globals.localStorage = createMemoryStorage();
  globals.sessionStorage = createMemoryStorage();
  globals.location = { href: 'https://app.example.com/account/login' };
});
afterEach(() => {
  console.warn = originalWarn;
  for (const name of apps.splice(0)) disposeApp(name);
  delete globals.localStorage;
  delete globals.sessionStorage;
  delete globals.location;
});

test('impersonation: impersonating, success, then after 1000 ms the authenticated URL loads and the state resets; the reload restores the impersonated user', async () => {
  const { app, timers, navigations } = harness();
  await app.ready;
  await signInAdmin(app);
  navigations.length = 0;
  timers.length = 0;
  const pending = app.store.dispatch(impersonateUser({ userId: 'demo-user-3' }));
  assert.equal(app.store.getState().auth.recovery.impersonate.step, 'impersonating');
  assert.equal(await pending, true);
  assert.equal(app.store.getState().auth.recovery.impersonate.step, 'success');
  assert.deepEqual(
    timers.map((t) => t.ms),
    [1000],
  );
  assert.deepEqual(navigations, []);
  timers[0]!.fn();
  assert.deepEqual(navigations, ['/']);
  assert.deepEqual(app.store.getState().auth.recovery.impersonate, { step: 'impersonating', error: null });
  // What the reload does: the session check restores the impersonated session, marked with act.
  assert.equal(await app.store.dispatch(refreshSession()), true);
  const auth = app.store.getState().auth;
  assert.equal(auth.user?.email, 'alan@auth-elements.dev');
  assert.deepEqual((decodeAccessToken(auth.accessToken!) as { act?: unknown }).act, { sub: 'demo-user-1' });
});

const refusalRows: Array<[string, { userId: string; tenantId?: string }, string]> = [
  ['oneself', { userId: 'demo-user-1' }, 'You cannot impersonate yourself'],
  ['an unknown user', { userId: 'nobody' }, 'User not found in this account'],
  [
    'another account',
    { userId: 'demo-user-2', tenantId: 'other-tenant' },
    'You can only impersonate members of your active account',
  ],
];
for (const [name, request, message] of refusalRows) {
  test(`impersonation refused (${name}): the server's message, no reload`, async () => {
    const { app, timers, navigations, events } = harness();
    await app.ready;
    await signInAdmin(app);
    navigations.length = 0;
    timers.length = 0;
    assert.equal(await app.store.dispatch(impersonateUser(request)), false);
    assert.equal(app.store.getState().auth.recovery.impersonate.error, message);
    assert.deepEqual([timers.length, navigations.length], [0, 0]);
    assert.ok(
      events.some(
        (e) => e.type === 'auth:error' && (e.payload as { action: string }).action === 'impersonate',
      ),
    );
    assert.equal(app.store.getState().auth.user?.email, DEMO_ADMIN.email);
  });
}

test('impersonation without the permission is refused', async () => {
  const { app } = harness();
  await app.ready;
  await app.store.dispatch(
    loginWithPassword({ email: 'grace@auth-elements.dev', password: 'demo-teammate-password' }),
  );
  assert.equal(await app.store.dispatch(impersonateUser({ userId: 'demo-user-3' })), false);
  assert.equal(
    app.store.getState().auth.recovery.impersonate.error,
    'You need the fe.secure.write.impersonate permission to do this',
  );
});

const logoutRows: Array<[string, string, string, boolean]> = [
  ['no redirectUrl', 'https://app.example.com/account/logout', '/account/login', false],
  [
    'same-site redirectUrl',
    'https://app.example.com/account/logout?redirectUrl=%2Fgoodbye',
    'https://app.example.com/goodbye',
    false,
  ],
  [
    'another site',
    'https://app.example.com/account/logout?redirectUrl=https%3A%2F%2Fevil.example%2F',
    '/account/login',
    true,
  ],
];
for (const [name, currentUrl, expected, warned] of logoutRows) {
  test(`logout route (${name}): signed out, then ${expected}`, async () => {
    const { app, navigations, events } = harness();
    await app.ready;
    await signInAdmin(app);
    navigations.length = 0;
    await app.store.dispatch(logoutAndLeave(currentUrl));
    assert.equal(app.store.getState().auth.isAuthenticated, false);
    assert.deepEqual(navigations, [expected]);
    assert.ok(events.some((e) => e.type === 'auth:logout'));
    assert.deepEqual(
      warnings,
      warned ? ['[auth-elements] The redirect url param is not valid, the origin is a different site'] : [],
    );
  });
}

test('silent logout: signed out in place, the callback after 500 ms by default or the given delay', async () => {
  const { app, timers, navigations } = harness();
  await app.ready;
  await signInAdmin(app);
  navigations.length = 0;
  timers.length = 0;
  let called = 0;
  await app.store.dispatch(
    silentLogout(() => {
      called += 1;
    }),
  );
  assert.equal(app.store.getState().auth.isAuthenticated, false);
  assert.deepEqual(
    timers.map((t) => t.ms),
    [500],
  );
  assert.equal(called, 0);
  timers[0]!.fn();
  assert.equal(called, 1);
  await signInAdmin(app);
  timers.length = 0;
  navigations.length = 0;
  await app.store.dispatch(silentLogout(() => {}, 50));
  assert.deepEqual(
    timers.map((t) => t.ms),
    [50],
  );
  assert.deepEqual(navigations, []);
});

function failingProfile(failures: number, status: number) {
  let calls = 0;
  const wrap =
    (inner: Transport): Transport =>
    async (url, init) => {
      if (url.endsWith('/users/v2/me')) {
        calls += 1;
        if (calls <= failures)
          return new Response(JSON.stringify({ errors: [`profile down ${calls}`] }), { status });
      }
      return inner(url, init);
    };
  return { wrap, calls: () => calls };
}

/** Runs the captured timers as they are scheduled, recording their delays. */
function autoRunTimers(app: AuthApp, delays: number[]) {
  app.services.setTimer = (fn, ms) => {
    delays.push(ms);
    if (ms === 2000) setImmediate(fn);
    return 0;
  };
}

const profileRows: Array<[string, number, number, boolean, number]> = [
  ['two 503s then the profile: signed in on the 3rd attempt', 2, 503, true, 3],
  ['three 503s: 3 attempts, then the failure', 3, 503, false, 3],
  ['a 401: no retry', 1, 401, false, 1],
];
for (const [name, failures, status, signedIn, attempts] of profileRows) {
  test(`profile fetch: ${name}`, async () => {
    const counting = failingProfile(failures, status);
    const again = harness({ wrap: counting.wrap });
    await again.app.ready;
    const delays: number[] = [];
    autoRunTimers(again.app, delays);
    assert.equal(await signInAdmin(again.app), signedIn);
    assert.equal(counting.calls(), attempts);
    assert.deepEqual(
      delays.filter((ms) => ms === 2000),
      Array(attempts - 1).fill(2000),
    );
    if (!signedIn) {
      const auth = again.app.store.getState().auth;
      assert.deepEqual([auth.accessToken, auth.user, auth.isAuthenticated], [null, null, false]);
      assert.equal(auth.loginState.error, `profile down ${attempts}`);
      assert.equal(auth.loginState.email, DEMO_ADMIN.email);
    }
  });
}

test('quick-login registration: the flag switches the flow once, is cleared, and "Set it up" marks the user done', async () => {
  const storage = globals.localStorage as Storage;
  storage.setItem('register-quick-login', 'passkeys');
  const { app, navigations, events } = harness();
  await app.ready;
  await signInAdmin(app);
  let state = app.store.getState().auth.loginState;
  assert.deepEqual([state.flow, state.quickLoginToRegister], ['RegisterQuickLogin', 'passkeys']);
  assert.equal(storage.getItem('register-quick-login'), null);
  assert.deepEqual(navigations, [], 'no post-login navigation while the flow asks');
  await app.store.dispatch(finishQuickLogin('register'));
  state = app.store.getState().auth.loginState;
  assert.equal(state.flow, 'Login');
  assert.equal(storage.getItem('demo-user-1-register-quick-login'), 'true');
  assert.ok(
    events.some(
      (e) => e.type === 'auth:registerQuickLogin' && (e.payload as { method: string }).method === 'passkeys',
    ),
  );
  assert.deepEqual(navigations, ['/']);
  // The marker stops the flag from asking this user again.
  storage.setItem('register-quick-login', 'passkeys');
  await signInAdmin(app);
  assert.equal(app.store.getState().auth.loginState.flow, 'Login');
});

test('quick-login registration: "Not now" continues without the marker', async () => {
  const storage = globals.localStorage as Storage;
  storage.setItem('register-quick-login', 'sms');
  const { app, navigations } = harness();
  await app.ready;
  await signInAdmin(app);
  await app.store.dispatch(finishQuickLogin('later'));
  assert.equal(storage.getItem('demo-user-1-register-quick-login'), null);
  assert.equal(app.store.getState().auth.loginState.flow, 'Login');
  assert.deepEqual(navigations, ['/']);
});

test('the stored pre-login URL is followed once after sign-in', async () => {
  (globals.sessionStorage as Storage).setItem('auth-elements.preLoginUrl', '/reports?q=1');
  const { app, navigations } = harness();
  await app.ready;
  await signInAdmin(app);
  assert.deepEqual(navigations, ['/reports?q=1']);
  assert.equal((globals.sessionStorage as Storage).getItem('auth-elements.preLoginUrl'), null);
});

test('sign-up signed in: to signUpSuccessUrl when configured, else the post-login destination (redirectUrl honoured)', async () => {
  const configured = harness({ routes: { signUpSuccessUrl: '/welcome' } });
  await configured.app.ready;
  assert.equal(
    await configured.app.store.dispatch(signUpUser({ email: 'su-1@example.com', password: 'long-enough-1' })),
    true,
  );
  assert.deepEqual(configured.navigations, ['/welcome']);

  globals.location = { href: 'https://app.example.com/account/sign-up?redirectUrl=%2Fonboarding' };
  const plain = harness();
  await plain.app.ready;
  assert.equal(
    await plain.app.store.dispatch(signUpUser({ email: 'su-2@example.com', password: 'long-enough-1' })),
    true,
  );
  assert.deepEqual(plain.navigations, ['/onboarding']);
});

test('sign-up needing MFA: no session is kept, the login MFA step follows, signUpComplete still emitted', async () => {
  const { app, events } = harness({
    wrap: (inner) => async (url, init) => {
      if (!url.endsWith('/signUp')) return inner(url, init);
      return new Response(
        JSON.stringify({
          shouldActivate: false,
          userId: 'u',
          tenantId: 't',
          authResponse: { mfaRequired: true, mfaToken: 'mfa-1', mfaEnrolled: false },
        }),
        { status: 200 },
      );
    },
  });
  await app.ready;
  assert.equal(
    await app.store.dispatch(signUpUser({ email: 'mfa@example.com', password: 'long-enough-1' })),
    false,
  );
  const auth = app.store.getState().auth;
  assert.deepEqual(
    [auth.isAuthenticated, auth.accessToken, auth.loginState.step, auth.signUpState.stage],
    [false, null, 'forceTwoFactor', 'SignUp'],
  );
  assert.ok(events.some((e) => e.type === 'auth:signUpComplete'));
});

test('a refresh that fails after sign-in (cookie expired or revoked) returns the box to the first sign-in step, not a dead "success" screen', async () => {
  let refuseRefresh = false;
  const { app, events } = harness({
    wrap: (inner) => async (url, init) =>
      refuseRefresh && url.includes('/auth/v1/user/token/refresh')
        ? new Response(JSON.stringify({ errors: ['Session expired'] }), { status: 401 })
        : inner(url, init),
  });
  await app.ready;
  await signInAdmin(app);
  assert.equal(app.store.getState().auth.loginState.step, 'success');
  refuseRefresh = true;
  assert.equal(await app.store.dispatch(refreshSession()), false);
  const auth = app.store.getState().auth;
  assert.equal(auth.isAuthenticated, false);
  assert.equal(auth.loginState.step, 'preLogin');
  assert.equal(auth.loginState.email ?? '', '');
  assert.ok(events.some((e) => e.type === 'auth:logout'));
});
