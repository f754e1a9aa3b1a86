import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { generate } from 'otplib';
import type { Transport } from '../../api/http';
import { createMfaApi } from '../../api/mfa';
import type { AuthResponse } from '../../api/types';
import { disposeApp, getOrCreateApp } from '../../app';
import { createDemoBackend, STORAGE_KEY } from '../../demo/backend';
import { seedDemoDatabase } from '../../demo/data';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import { withDemoFlags } from '../../test-support/demoFlags';
import { buildSocialAuthorizationUrl, completeSocialLogin } from '../../social/socialLogin';
import { completeOidcLogin, completeSamlLogin } from '../../sso/ssoLogin';
import { continueWithSecondFactor } from './federatedThunks';
import { KNOWN_FEATURE_FLAGS } from '../../featureFlags/featureFlags';
import { continueAfterSignIn, finishSignIn, loadPublicPolicy, loadSocialProviders } from './thunks';

/**
 * The second factor after a federated sign-in (spec 000 §4 "After a login response": the same
 * MFA step whatever the first factor): the shared helper as a table, then the social and OIDC
 * callbacks over the demo backend with MFA, through a real TOTP to the post-login destination.
 */

let counter = 0;
const apps: string[] = [];
const globals = globalThis as { location?: unknown; history?: unknown; localStorage?: unknown };
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
  delete globals.location;
  delete globals.history;
  delete globals.localStorage;
});

/** A page at `href` whose history.replaceState moves `location`, as a browser's does; the replacements are recorded. */
function page(href: string) {
  const replaced: string[] = [];
  globals.location = new URL(href);
  globals.history = {
    replaceState: (_state: unknown, _title: string, url: string) => {
      replaced.push(url);
      globals.location = new URL(url, (globals.location as URL).href);
    },
  };
  return replaced;
}

function appOver(transport: Transport, routes = {}) {
  const name = `federated-mfa-${++counter}`;
  apps.push(name);
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com', logLevel: 'silent', routes },
    { transport },
  );
  const navigations: string[] = [];
  app.services.navigate = (url) => navigations.push(url);
  const events: string[] = [];
  app.bus.all$.subscribe((m) => events.push(m.type));
  return { app, navigations, events };
}

const devices = { webauthn: [], phones: [], authenticators: [{ id: 'a1', name: 'Authenticator app' }] };
const strategies = [{ strategy: 'AuthenticatorApp', isActive: true }];

describe('continueWithSecondFactor: post-login answer in, step out', () => {
  const cases: Array<{
    name: string;
    response: AuthResponse;
    afterSignInUrl?: string;
    entered: boolean;
    step: string;
    address: string;
  }> = [
    {
      name: 'enrolled: loginWithTwoFactor',
      response: {
        mfaRequired: true,
        mfaToken: 't1',
        mfaEnrolled: true,
        mfaDevices: devices,
        mfaStrategies: strategies,
        email: 'a@x.test',
      },
      entered: true,
      step: 'loginWithTwoFactor',
      address: '/account/login',
    },
    {
      name: 'not enrolled: forceTwoFactor, the destination kept with the attempt',
      response: {
        mfaRequired: true,
        mfaToken: 't2',
        mfaEnrolled: false,
        mfaStrategies: strategies,
        email: 'a@x.test',
      },
      afterSignInUrl: '/welcome',
      entered: true,
      step: 'forceTwoFactor',
      address: '/account/login',
    },
    {
      name: 'mfaRequired without a token: not MFA',
      response: { mfaRequired: true },
      entered: false,
      step: 'preLogin',
      address: '',
    },
    {
      name: 'a session: not MFA, left to the caller',
      response: { accessToken: 'x.y.z', mfaRequired: false },
      afterSignInUrl: '/welcome',
      entered: false,
      step: 'preLogin',
      address: '',
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const replaced = page('https://app.example.com/account/social/success?code=spent&state=s');
      const { app } = appOver(async () => new Response('{}', { status: 200 }));
      await app.ready;
      assert.equal(
        await app.store.dispatch(continueWithSecondFactor(c.response, c.afterSignInUrl)),
        c.entered,
      );
      const auth = app.store.getState().auth;
      assert.equal(auth.loginState.step, c.step);
      assert.deepEqual(replaced, c.address ? [c.address] : []);
      assert.equal(auth.isAuthenticated, false);
      assert.equal(auth.accessToken, null);
      if (c.entered) {
        assert.equal(auth.loginState.mfa?.mfaToken, c.response.mfaToken);
        assert.equal(auth.loginState.email, 'a@x.test');
        assert.equal(auth.loginState.mfa?.afterSignInUrl, c.afterSignInUrl);
      }
    });
  }
});

/** A demo backend whose vendor enforces MFA (the demo's switch), in its own storage. */
function enforcedDemo(flags: Record<string, boolean> = {}) {
  const storage = createMemoryStorage();
  storage.setItem(
    STORAGE_KEY,
    JSON.stringify({ ...withDemoFlags(seedDemoDatabase(), flags), settings: { mfaEnforced: true } }),
  );
  return createDemoBackend({ storage, delay: () => 0 });
}

/** Forced enrolment with the authenticator app as the MFA step does it: a real TOTP of the secret. */
async function enrolAuthenticator(app: ReturnType<typeof appOver>['app']) {
  const mfaToken = app.store.getState().auth.loginState.mfa!.mfaToken;
  const api = createMfaApi(app.services.http!);
  const { secret } = await api.enrollAuthenticator(mfaToken);
  const response = await api.verifyAuthenticatorEnrollment({ mfaToken, token: await generate({ secret }) });
  assert.ok(response.recoveryCode);
  return response;
}

describe('the federated callbacks with an mfaRequired answer', () => {
  it('social, a brand-new user where MFA is enforced: sign-up events, forced enrolment, no session, the code gone; after the TOTP, signUpSuccessUrl', async () => {
    const local = createMemoryStorage();
    local.setItem('register-quick-login', 'true');
    globals.localStorage = local;
    const { app, navigations, events } = appOver(enforcedDemo().transport, { signUpSuccessUrl: '/welcome' });
    await app.ready;
    const storage = createMemoryStorage();
    const [provider] = (await app.store.dispatch(loadSocialProviders())).list;
    const callback = new URL(
      await buildSocialAuthorizationUrl(
        app.services,
        provider!,
        storage,
        new URL('https://app.example.com/account/login'),
      ),
    );
    const replaced = page(callback.href);

    assert.equal(await app.store.dispatch(completeSocialLogin(callback, storage)), true);
    const auth = app.store.getState().auth;
    assert.equal(auth.loginState.step, 'forceTwoFactor');
    assert.equal(auth.loginState.email, 'sam.social@demo.example');
    assert.equal(auth.isAuthenticated, false);
    assert.equal(auth.accessToken, null, 'no session kept before the second factor');
    assert.deepEqual(navigations, []);
    assert.deepEqual(replaced, ['/account/login'], 'code and state leave the address bar');
    assert.deepEqual(
      events.filter((e) => e !== 'auth:ready'),
      ['auth:signUpComplete', 'auth:userVerified'],
    );
    assert.equal(local.getItem('register-quick-login'), null);

    await app.store.dispatch(finishSignIn(await enrolAuthenticator(app)));
    assert.equal(app.store.getState().auth.user?.email, 'sam.social@demo.example');
    assert.deepEqual(navigations, ['/welcome']);
    assert.ok(events.includes('auth:login'));
  });

  it('social, a brand-new user, MFA enforced and passkeys offered: the passkey prompt after the TOTP, then signUpSuccessUrl, not the authenticated URL', async () => {
    globals.localStorage = createMemoryStorage();
    const { app, navigations } = appOver(
      enforcedDemo({ [KNOWN_FEATURE_FLAGS.showPasskeysNew]: true }).transport,
      { signUpSuccessUrl: '/welcome' },
    );
    await app.ready;
    await app.store.dispatch(loadPublicPolicy());
    const storage = createMemoryStorage();
    const [provider] = (await app.store.dispatch(loadSocialProviders())).list;
    page(
      await buildSocialAuthorizationUrl(
        app.services,
        provider!,
        storage,
        new URL('https://app.example.com/account/login'),
      ),
    );
    assert.equal(
      await app.store.dispatch(completeSocialLogin(new URL((globals.location as URL).href), storage)),
      true,
    );

    await app.store.dispatch(finishSignIn(await enrolAuthenticator(app)));
    assert.equal(app.store.getState().auth.loginState.step, 'promptPasskeys');
    assert.deepEqual(navigations, [], 'the prompt first');
    await app.store.dispatch(continueAfterSignIn());
    assert.deepEqual(navigations, ['/welcome']);
    assert.equal(app.store.getState().auth.loginState.afterSignInUrl, null, 'used once');
  });

  it('OIDC SSO: loginWithTwoFactor for an enrolled user, no session; after the TOTP, the authenticated URL', async () => {
    const backend = enforcedDemo();
    // First sign-in: Olivia enrols (enforced), so the second one finds her authenticator app.
    const first = appOver(backend.transport);
    await first.app.ready;
    page('https://app.example.com/account/oidc/callback?code=demo-oidc-code&state=demo-sso-state');
    assert.equal(
      await first.app.store.dispatch(completeOidcLogin(new URL((globals.location as URL).href))),
      true,
    );
    assert.equal(first.app.store.getState().auth.loginState.step, 'forceTwoFactor');
    const mfaToken = first.app.store.getState().auth.loginState.mfa!.mfaToken;
    const api = createMfaApi(first.app.services.http!);
    const { secret } = await api.enrollAuthenticator(mfaToken);
    await api.verifyAuthenticatorEnrollment({ mfaToken, token: await generate({ secret }) });

    const { app, navigations, events } = appOver(backend.transport);
    await app.ready;
    const replaced = page(
      'https://app.example.com/account/oidc/callback?code=demo-oidc-code&state=demo-sso-state',
    );
    assert.equal(await app.store.dispatch(completeOidcLogin(new URL((globals.location as URL).href))), true);
    const auth = app.store.getState().auth;
    assert.equal(auth.loginState.step, 'loginWithTwoFactor');
    assert.equal(auth.loginState.mfa?.devices.authenticators.length, 1);
    assert.equal(auth.isAuthenticated, false);
    assert.equal(auth.accessToken, null);
    assert.deepEqual(replaced, ['/account/login']);
    assert.deepEqual(navigations, []);
    assert.equal(events.includes('auth:login'), false);

    const verified = await createMfaApi(app.services.http!).verifyAuthenticator({
      mfaToken: auth.loginState.mfa!.mfaToken,
      value: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    await app.store.dispatch(finishSignIn(verified));
    assert.equal(app.store.getState().auth.user?.email, 'olivia@sso.demo.example');
    assert.deepEqual(navigations, ['/']);
  });

  it('SAML SSO: a new person where MFA is enforced goes to forced enrolment, no session, the code gone', async () => {
    const { app, navigations, events } = appOver(enforcedDemo().transport);
    await app.ready;
    const replaced = page('https://app.example.com/account/saml/callback?code=demo-saml-code');
    assert.equal(await app.store.dispatch(completeSamlLogin(new URL((globals.location as URL).href))), true);
    const auth = app.store.getState().auth;
    assert.equal(auth.loginState.step, 'forceTwoFactor');
    assert.equal(auth.loginState.email, 'sam@saml.demo.example');
    assert.equal(auth.isAuthenticated, false);
    assert.equal(auth.accessToken, null);
    assert.deepEqual(replaced, ['/account/login']);
    assert.deepEqual(navigations, []);
    assert.equal(events.includes('auth:login'), false);
  });
});
