import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { disposeApp, getOrCreateApp } from '../app';
import { createDemoBackend } from '../demo/backend';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { preLogin } from '../store/auth/thunks';
import { SSO_FAILURE_REDIRECT_DELAY_MS, completeOidcLogin, completeSamlLogin } from './ssoLogin';

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
  delete (globalThis as { location?: unknown }).location;
});

/** An app over the demo backend whose timers and navigations are recorded, on a page of https://app.example.com. */
async function demoApp() {
  (globalThis as { location?: unknown }).location = new URL('https://app.example.com/account/login');
  const name = `sso-${++counter}`;
  apps.push(name);
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com', logLevel: 'silent' },
    { transport: backend.transport },
  );
  const navigations: string[] = [];
  const timers: Array<{ ms: number; fn: () => void }> = [];
  app.services.navigate = (url) => navigations.push(url);
  app.services.setTimer = (fn, ms) => {
    timers.push({ fn, ms });
    return timers.length;
  };
  await app.ready;
  return { app, navigations, timers };
}

/** A callback that fails: loginWithSSOFailed, "Failed to authenticate", no session, the authenticated URL after 1000 ms. */
async function assertFailedCallback(complete: typeof completeOidcLogin, address: string) {
  const { app, navigations, timers } = await demoApp();
  const ok = await app.store.dispatch(complete(new URL(address)));
  assert.equal(ok, false);
  const auth = app.store.getState().auth;
  assert.equal(auth.loginState.step, 'loginWithSSOFailed');
  assert.equal(auth.loginState.error, 'Failed to authenticate');
  assert.equal(auth.isAuthenticated, false);
  assert.deepEqual(navigations, []);
  assert.equal(SSO_FAILURE_REDIRECT_DELAY_MS, 1000);
  timers.find((t) => t.ms === SSO_FAILURE_REDIRECT_DELAY_MS)!.fn();
  assert.deepEqual(navigations, ['/']);
}

describe('OIDC SSO in the kit', () => {
  it('pre-login of an SSO domain: redirectToSSO, redirect_uri appended, navigation after 2000 ms', async () => {
    const { app, navigations, timers } = await demoApp();
    await app.store.dispatch(preLogin('olivia@sso.demo.example'));
    assert.equal(app.store.getState().auth.loginState.step, 'redirectToSSO');
    const timer = timers.find((t) => t.ms === 2000)!;
    assert.ok(timer);
    timer.fn();
    const target = new URL(navigations[0]!);
    assert.equal(target.origin, 'https://app.example.com', "demo mode stays on the page's origin");
    assert.equal(target.pathname, '/account/oidc/callback');
    assert.equal(target.searchParams.get('redirect_uri'), 'https://app.example.com/account/oidc/callback');
  });

  it('the callback signs in through the post-login, then goes to the authenticated URL', async () => {
    const { app, navigations } = await demoApp();
    const ok = await app.store.dispatch(
      completeOidcLogin(
        new URL('https://app.example.com/account/oidc/callback?code=demo-oidc-code&state=demo-sso-state'),
      ),
    );
    assert.equal(ok, true);
    assert.equal(app.store.getState().auth.user?.email, 'olivia@sso.demo.example');
    assert.equal(app.store.getState().auth.user?.provider, 'oidc', 'stored with its SSO protocol');
    assert.deepEqual(navigations, ['/']);
  });

  const failures: Array<[string, string]> = [
    ['a code the server refuses', 'code=wrong&state=demo-sso-state'],
    ['no state', 'code=demo-oidc-code'],
    ['an error from the identity provider', 'error=access_denied&state=demo-sso-state'],
  ];
  for (const [name, query] of failures) {
    it(`${name}: loginWithSSOFailed, "Failed to authenticate", no session, the authenticated URL after 1000 ms`, async () => {
      await assertFailedCallback(completeOidcLogin, `https://app.example.com/account/oidc/callback?${query}`);
    });
  }
});

describe('SAML SSO in the kit', () => {
  it('pre-login of a SAML domain: redirectToSSO, the address kept as given (no redirect_uri), navigation after 2000 ms', async () => {
    const { app, navigations, timers } = await demoApp();
    await app.store.dispatch(preLogin('sam@saml.demo.example'));
    assert.equal(app.store.getState().auth.loginState.step, 'redirectToSSO');
    timers.find((t) => t.ms === 2000)!.fn();
    const target = new URL(navigations[0]!);
    assert.equal(target.origin, 'https://app.example.com', "demo mode stays on the page's origin");
    assert.equal(target.pathname, '/account/saml/callback');
    assert.equal(target.searchParams.get('redirect_uri'), null);
  });

  it('the callback spends the SSO code through the post-login, then goes to the authenticated URL', async () => {
    const { app, navigations } = await demoApp();
    const ok = await app.store.dispatch(
      completeSamlLogin(new URL('https://app.example.com/account/saml/callback?code=demo-saml-code')),
    );
    assert.equal(ok, true);
    assert.equal(app.store.getState().auth.user?.email, 'sam@saml.demo.example');
    assert.equal(app.store.getState().auth.user?.provider, 'saml', 'stored with its SSO protocol');
    assert.equal(app.store.getState().auth.loginState.step, 'success');
    assert.deepEqual(navigations, ['/']);
  });

  const failures: Array<[string, string]> = [
    ['a code the server refuses', 'code=wrong'],
    ['no code', ''],
    ["the server refused the identity provider's response", 'error=sso_failed'],
    ['an error with a code', 'code=demo-saml-code&error=sso_failed'],
  ];
  for (const [name, query] of failures) {
    it(`${name}: loginWithSSOFailed, "Failed to authenticate", no session, the authenticated URL after 1000 ms`, async () => {
      await assertFailedCallback(completeSamlLogin, `https://app.example.com/account/saml/callback?${query}`);
    });
  }
});
