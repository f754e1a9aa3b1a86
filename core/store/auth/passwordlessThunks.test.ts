// Passwordless sign-in, reset phone number and the breached-password prompt, through the real
// thunks and HTTP client, answered by the demo backend (the contract suite holds it to the server).
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposeApp, getOrCreateApp } from '../../app';
import type { Transport } from '../../api/http';
import { createDemoBackend, STORAGE_KEY } from '../../demo/backend';
import { DEMO_ADMIN, seedDemoDatabase, type DemoDatabase } from '../../demo/data';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import { withDemoFlags } from '../../test-support/demoFlags';
import {
  changePhoneNumber,
  requestPhoneReset,
  resendPasswordless,
  sendBreachedPasswordReset,
  signInWithMagicLink,
  submitPasswordlessCode,
  verifyPhoneReset,
} from './passwordlessThunks';
import { loginWithPassword, preLogin } from './thunks';
import { demoUserRow } from '../../test-support/demoUsers';
import { demoPasswordHash } from '../../../test/support/demo-password';

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

function freshApp(
  settings: DemoDatabase['settings'] = {},
  edit?: (db: DemoDatabase) => void,
  wrap?: (inner: Transport) => Transport,
) {
  const name = `passwordless-${++counter}`;
  apps.push(name);
  const storage = createMemoryStorage();
  const db = seedDemoDatabase();
  db.settings = settings;
  edit?.(db);
  storage.setItem(STORAGE_KEY, JSON.stringify(db));
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com' },
    { transport: wrap ? wrap(backend.transport) : backend.transport },
  );
  const outbox = (to: string) =>
    ((JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase).outbox ?? []).filter((m) => m.to === to);
  const code = (to: string) => outbox(to)[0]!.text.match(/\b\d{6}\b/)![0];
  return { app, outbox, code, state: () => app.store.getState().auth };
}

test('Code strategy: pre-login sends a code, a wrong code keeps the step with the server message, the right one signs in', async () => {
  const { app, code, state } = freshApp({ authStrategy: 'Code' });
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(state().loginState.step, 'loginWithOtc');
  const sent = code(DEMO_ADMIN.email);
  assert.equal(
    await app.store.dispatch(submitPasswordlessCode(sent === '000000' ? '111111' : '000000')),
    false,
  );
  assert.equal(state().loginState.step, 'loginWithOtc');
  assert.equal(state().loginState.error, 'The code is incorrect. Check it and try again.');
  assert.equal(state().isAuthenticated, false);
  assert.equal(await app.store.dispatch(resendPasswordless()), true);
  assert.equal(state().loginState.resent, true);
  const resent = code(DEMO_ADMIN.email);
  if (resent !== sent) {
    // The new code retired the old one: it is checked against the new code, and is wrong.
    await app.store.dispatch(submitPasswordlessCode(sent));
    assert.equal(state().loginState.error, 'The code is incorrect. Check it and try again.');
  }
  assert.equal(
    await app.store.dispatch(submitPasswordlessCode(`${resent.slice(0, 3)} ${resent.slice(3)}`)),
    true,
  );
  assert.equal(state().isAuthenticated, true);
  assert.equal(state().loginState.step, 'success');
  assert.equal(state().user?.email, DEMO_ADMIN.email);
  // Reused: the code worked once.
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  await app.store.dispatch(submitPasswordlessCode(resent));
  assert.notEqual(state().loginState.error, null);
});

test('MagicLink strategy: magicLinkPreLoginSuccess, then the link token signs in once', async () => {
  const { app, outbox, state } = freshApp({ authStrategy: 'MagicLink' });
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(state().loginState.step, 'magicLinkPreLoginSuccess');
  const link = new URL(outbox(DEMO_ADMIN.email)[0]!.text.match(/https?:\/\/\S+/)![0]);
  assert.equal(link.pathname, '/account/login/magic-link');
  assert.equal(await app.store.dispatch(signInWithMagicLink(link.searchParams.get('token')!)), true);
  assert.equal(state().isAuthenticated, true);
  assert.equal(await app.store.dispatch(signInWithMagicLink(link.searchParams.get('token')!)), false);
  assert.equal(state().loginState.error, 'This sign-in link is invalid or has expired. Ask for a new one.');
  assert.equal(state().isAuthenticated, false);
});

test('SmsCode strategy with a phone: loginWithSmsOtc with the masked number; the texted code signs in', async () => {
  const { app, code, state } = freshApp({ authStrategy: 'SmsCode' }, (db) => {
    demoUserRow(db, DEMO_ADMIN.email).phone = '+15550100123';
  });
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(state().loginState.step, 'loginWithSmsOtc');
  assert.equal(state().loginState.phoneNumber, '+•••••••••23');
  assert.equal(await app.store.dispatch(submitPasswordlessCode(code('+15550100123'))), true);
});

test('SmsCode without a phone: the reset-phone-number route (verify, change), then the SMS code step', async () => {
  const { app, code, state } = freshApp({ authStrategy: 'SmsCode' });
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(state().recovery.resetPhone.active, true);
  assert.equal(state().recovery.resetPhone.step, 'verify');
  assert.equal(
    await app.store.dispatch(verifyPhoneReset('12345')),
    false,
    'a malformed code is refused by the backend',
  );
  assert.equal(await app.store.dispatch(verifyPhoneReset(code(DEMO_ADMIN.email))), true);
  assert.equal(state().recovery.resetPhone.step, 'change');
  assert.equal(await app.store.dispatch(changePhoneNumber('call me')), false);
  assert.equal(
    state().recovery.resetPhone.error,
    'Enter a phone number with its country code, like +44 20 7946 0958.',
  );
  assert.equal(await app.store.dispatch(changePhoneNumber('+44 20 7946 0958')), true);
  assert.equal(state().recovery.resetPhone.active, false);
  assert.equal(state().loginState.step, 'loginWithSmsOtc');
  assert.equal(await app.store.dispatch(submitPasswordlessCode(code('+442079460958'))), true);
});

test('reset phone number from its route: request by email first', async () => {
  const { app, state } = freshApp();
  await app.ready;
  assert.equal(await app.store.dispatch(requestPhoneReset(DEMO_ADMIN.email)), true);
  assert.equal(state().recovery.resetPhone.step, 'verify');
  assert.ok(state().recovery.resetPhone.token);
});

test('breached password with the flag on: breachedPassword (not signed in), then breachedPasswordSuccess with a reset email', async () => {
  const { app, outbox, state } = freshApp({}, (db) => {
    withDemoFlags(db, { 'security-center-show-login-flows': true });
    demoUserRow(db, DEMO_ADMIN.email).passwordHash = demoPasswordHash('password1');
  });
  await app.ready;
  assert.equal(
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: 'password1' })),
    false,
  );
  assert.equal(state().loginState.step, 'breachedPassword');
  assert.equal(state().isAuthenticated, false);
  assert.equal(state().accessToken, null);
  assert.equal(await app.store.dispatch(sendBreachedPasswordReset()), true);
  assert.equal(state().loginState.step, 'breachedPasswordSuccess');
  assert.equal(outbox(DEMO_ADMIN.email)[0]!.subject, 'Reset your password');
});

test('breached password with the flag off: an ordinary sign-in', async () => {
  const { app, state } = freshApp({}, (db) => {
    demoUserRow(db, DEMO_ADMIN.email).passwordHash = demoPasswordHash('password1');
  });
  await app.ready;
  assert.equal(
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: 'password1' })),
    true,
  );
  assert.equal(state().isAuthenticated, true);
});

test('repeated wrong passwords: the rate-limit message, and the right password is refused while locked', async () => {
  const { app, state } = freshApp();
  await app.ready;
  for (let i = 0; i < 10; i += 1)
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: `wrong-${i}` }));
  assert.equal(state().loginState.error, 'Incorrect email or password');
  assert.equal(await app.store.dispatch(loginWithPassword(DEMO_ADMIN)), false);
  assert.equal(state().loginState.error, 'Too many failed attempts. Try again in 15 minutes.');
});

test('a network failure on a passwordless call shows "Failed to authenticate"', async () => {
  const { app, state } = freshApp(
    { authStrategy: 'Code' },
    undefined,
    (inner) => (url, init) =>
      url.includes('/postlogin') ? Promise.reject(new TypeError('Failed to fetch')) : inner(url, init),
  );
  await app.ready;
  await app.store.dispatch(preLogin(DEMO_ADMIN.email));
  assert.equal(await app.store.dispatch(submitPasswordlessCode('123456')), false);
  assert.equal(state().loginState.error, 'Failed to authenticate');
});

test('pre-login with an OIDC SSO address: redirectToSSO, navigation after 2000 ms with redirect_uri appended', async () => {
  const { app, state } = freshApp(
    { authStrategy: 'Code' },
    undefined,
    (inner) => (url, init) =>
      url.endsWith('/user/sso/prelogin')
        ? Promise.resolve(
            new Response(
              JSON.stringify({ address: 'https://idp.example.com/authorize?client_id=c', idpType: 'oidc' }),
              { status: 200 },
            ),
          )
        : inner(url, init),
  );
  await app.ready;
  const timers: Array<[() => void, number]> = [];
  const navigated: string[] = [];
  app.services.setTimer = (fn, ms) => {
    timers.push([fn, ms]);
    return timers.length;
  };
  app.services.navigate = (url) => {
    navigated.push(url);
  };
  await app.store.dispatch(preLogin('ada@corp.example.com'));
  assert.equal(
    state().loginState.step,
    'redirectToSSO',
    'an SSO address wins over the passwordless strategy',
  );
  const sso = timers.find(([, ms]) => ms === 2000);
  assert.ok(sso, 'a 2000 ms timer');
  assert.deepEqual(navigated, []);
  sso[0]();
  const target = new URL(navigated[0]!);
  assert.equal(target.origin, 'https://idp.example.com');
  assert.equal(target.searchParams.get('client_id'), 'c');
  assert.equal(target.searchParams.get('redirect_uri'), 'https://auth.example.com/account/oidc/callback');
});
