import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { disposeApp, getOrCreateApp } from '../app';
import type { Transport } from '../api/http';
import { resolveRoutes } from '../config/routes';
import { createDemoBackend } from '../demo/backend';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { pkceChallenge } from '../session/pkce';
import { loadSocialProviders } from '../store/auth/thunks';
import {
  QUICK_LOGIN_FLAG,
  SOCIAL_PENDING_KEY,
  buildSocialAuthorizationUrl,
  completeSocialLogin,
  decideAfterSocialLogin,
  socialPostLoginQuery,
} from './socialLogin';

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

function appWith(transport: Transport, routes = {}) {
  const name = `social-${++counter}`;
  apps.push(name);
  const app = getOrCreateApp(name, { baseUrl: 'https://auth.example.com', routes }, { transport });
  const navigations: string[] = [];
  app.services.navigate = (url) => navigations.push(url);
  const events: Array<{ type: string; payload: unknown }> = [];
  app.bus.all$.subscribe((m) => events.push(m));
  return { app, navigations, events };
}

function demo() {
  return createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
}

describe('the post-login query (spec 000 §5: each field only when present)', () => {
  const cases: Array<[Parameters<typeof socialPostLoginQuery>[0], Record<string, string>]> = [
    [
      { code: 'c', id_token: null, redirectUri: 'https://a/cb', code_verifier: 'v', state: 's' },
      { code: 'c', redirectUri: 'https://a/cb', code_verifier: 'v', state: 's' },
    ],
    [
      { code: null, id_token: 't', redirectUri: 'https://a/cb', code_verifier: undefined, state: '' },
      { id_token: 't', redirectUri: 'https://a/cb' },
    ],
    [{ code: '', id_token: '', redirectUri: '', code_verifier: '', state: '' }, {}],
  ];
  for (const [fields, expected] of cases) {
    it(`${JSON.stringify(fields)} -> ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(socialPostLoginQuery(fields), expected));
  }
});

describe('where a social sign-in goes', () => {
  const routes = resolveRoutes({ signUpSuccessUrl: '/welcome' });
  const plain = resolveRoutes();
  const cases: Array<{
    name: string;
    input: Parameters<typeof decideAfterSocialLogin>[0];
    expected: ReturnType<typeof decideAfterSocialLogin>;
  }> = [
    {
      name: 'a new user with signUpSuccessUrl',
      input: {
        result: { isNewUser: true },
        routes,
        origin: 'https://app.example.com',
        redirectUrl: '/reports',
      },
      expected: { kind: 'signUpSuccess', url: '/welcome' },
    },
    {
      name: 'a new user without signUpSuccessUrl',
      input: {
        result: { isNewUser: true },
        routes: plain,
        origin: 'https://app.example.com',
        redirectUrl: null,
      },
      expected: { kind: 'postLogin', url: '/', warning: undefined },
    },
    {
      name: 'a known user with a redirectUrl of the site',
      input: {
        result: { isNewUser: false },
        routes,
        origin: 'https://app.example.com',
        redirectUrl: '/reports?x=1',
      },
      expected: { kind: 'postLogin', url: '/reports?x=1', warning: undefined },
    },
    {
      name: 'a redirectUrl of another site',
      input: {
        result: {},
        routes: plain,
        origin: 'https://app.example.com',
        redirectUrl: 'https://evil.example/x',
      },
      expected: { kind: 'postLogin', url: '/', warning: 'redirectNotAllowed' },
    },
    {
      name: 'a redirectUrl to an auth route',
      input: {
        result: {},
        routes: plain,
        origin: 'https://app.example.com',
        redirectUrl: '/account/social/success',
      },
      expected: { kind: 'postLogin', url: '/', warning: undefined },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(decideAfterSocialLogin(c.input), c.expected));
});

describe('the buttons and the redirect', () => {
  it('lists the providers (v2 and custom), active ones with an address, each once', async () => {
    const transport: Transport = async (url) => {
      const path = new URL(url).pathname;
      const body = path.endsWith('/sso/v2')
        ? [
            { provider: 'google', authorizationUrl: 'https://g/auth', displayName: 'Google' },
            { provider: 'off', authorizationUrl: 'https://o', active: false },
            { provider: 'bad' },
          ]
        : path.endsWith('/sso/custom/v1')
          ? {
              providers: [
                { provider: 'acme', authorizationUrl: 'https://acme/auth' },
                { provider: 'google', authorizationUrl: 'https://dup' },
              ],
            }
          : {};
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const { app } = appWith(transport);
    assert.deepEqual(
      (await app.store.dispatch(loadSocialProviders())).list.map((p) => p.provider),
      ['google', 'acme'],
    );
  });

  it('a failed list draws no buttons instead of failing the sign-in screen', async () => {
    const { app } = appWith(async () => new Response('{"errors":["down"]}', { status: 500 }));
    app.services.logger.warn = () => {};
    app.services.logger.error = () => {};
    assert.deepEqual(await app.store.dispatch(loadSocialProviders()), { list: [], complete: false });
  });

  it("adds state and an S256 challenge of the stored verifier; keeps the server's redirect_uri and the page's redirectUrl", async () => {
    const { app } = appWith(demo().transport);
    const storage = createMemoryStorage();
    const url = new URL(
      await buildSocialAuthorizationUrl(
        app.services,
        {
          provider: 'google',
          authorizationUrl:
            'https://idp.example/auth?client_id=x&redirect_uri=https%3A%2F%2Fapp.example.com%2Faccount%2Fsocial%2Fsuccess',
        },
        storage,
        new URL('https://app.example.com/account/login?redirectUrl=%2Freports'),
      ),
    );
    const pending = JSON.parse(storage.getItem(SOCIAL_PENDING_KEY)!);
    assert.equal(url.searchParams.get('state'), pending.state);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('code_challenge'), await pkceChallenge(pending.verifier));
    assert.equal(pending.redirectUri, 'https://app.example.com/account/social/success');
    assert.equal(pending.redirectUrl, '/reports');
    assert.equal(pending.provider, 'google');
  });
});

describe('the callback', () => {
  async function startDemo(routes = {}) {
    const backend = demo();
    const env = appWith(backend.transport, routes);
    await env.app.ready;
    const storage = createMemoryStorage();
    const [provider] = (await env.app.store.dispatch(loadSocialProviders())).list;
    const url = new URL(
      await buildSocialAuthorizationUrl(
        env.app.services,
        provider!,
        storage,
        new URL('https://app.example.com/account/login'),
      ),
    );
    return { ...env, storage, callback: url };
  }

  it('a new user: signed in, sign-up-complete and user-verified emitted, quick-login marker cleared, then to signUpSuccessUrl', async () => {
    const local = createMemoryStorage();
    local.setItem(QUICK_LOGIN_FLAG, 'true');
    (globalThis as { localStorage?: unknown }).localStorage = local;
    try {
      const { app, navigations, events, storage, callback } = await startDemo({
        signUpSuccessUrl: '/welcome',
      });
      // The demo provider's "authorization page" is the callback route itself, on the page's origin.
      assert.equal(callback.pathname, '/account/social/success');
      assert.equal(await app.store.dispatch(completeSocialLogin(callback, storage)), true);
      assert.equal(app.store.getState().auth.isAuthenticated, true);
      assert.equal(app.store.getState().auth.user?.email, 'sam.social@demo.example');
      assert.equal(app.store.getState().auth.user?.provider, 'demo-id', 'stored with its social provider');
      const types = events.map((e) => e.type);
      assert.ok(types.includes('auth:signUpComplete'));
      assert.ok(types.includes('auth:userVerified'));
      assert.ok(types.includes('auth:login'));
      assert.equal(local.getItem(QUICK_LOGIN_FLAG), null);
      assert.deepEqual(navigations, ['/welcome']);
      assert.equal(storage.getItem(SOCIAL_PENDING_KEY), null, 'the verifier is gone');
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('the second time: not new, no sign-up events, the post-login destination', async () => {
    const first = await startDemo();
    await first.app.store.dispatch(completeSocialLogin(first.callback, first.storage));
    const storage = createMemoryStorage();
    const [provider] = (await first.app.store.dispatch(loadSocialProviders())).list;
    const url = new URL(
      await buildSocialAuthorizationUrl(
        first.app.services,
        provider!,
        storage,
        new URL('https://app.example.com/account/login'),
      ),
    );
    first.events.length = 0;
    first.navigations.length = 0;
    assert.equal(await first.app.store.dispatch(completeSocialLogin(url, storage)), true);
    assert.equal(
      first.events.some((e) => e.type === 'auth:signUpComplete'),
      false,
    );
    assert.deepEqual(first.navigations, ['/']);
  });

  const refusals: Array<[string, (url: URL, storage: ReturnType<typeof createMemoryStorage>) => void]> = [
    ['a state mismatch', (url) => url.searchParams.set('state', 'forged')],
    ['no sign-in in progress in this tab', (_url, storage) => storage.removeItem(SOCIAL_PENDING_KEY)],
    [
      'an error from the provider',
      (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      },
    ],
    ['a code the server refuses', (url) => url.searchParams.set('code', 'wrong')],
  ];
  for (const [name, tamper] of refusals) {
    it(`${name}: "Failed to authenticate", no session`, async () => {
      const { app, navigations, storage, callback } = await startDemo();
      app.services.logger.warn = () => {};
      tamper(callback, storage);
      assert.equal(await app.store.dispatch(completeSocialLogin(callback, storage)), false);
      const auth = app.store.getState().auth;
      assert.equal(auth.isAuthenticated, false);
      assert.equal(auth.accessToken, null);
      assert.equal(auth.loginState.error, 'Failed to authenticate');
      assert.equal(auth.loginState.loading, false);
      assert.deepEqual(navigations, []);
    });
  }

  it('a refusal the server explains keeps its words (e.g. sign-up disabled)', async () => {
    const backend = demo();
    // The demo backend, except that the post-login answers 403 with the server's message.
    const transport: Transport = (url, init) =>
      new URL(url).pathname.endsWith('/postlogin')
        ? Promise.resolve(new Response(JSON.stringify({ errors: ['Sign up is disabled'] }), { status: 403 }))
        : backend.transport(url, init);
    const { app } = appWith(transport);
    await app.ready;
    app.services.logger.warn = () => {};
    const storage = createMemoryStorage();
    const [provider] = (await app.store.dispatch(loadSocialProviders())).list;
    const url = new URL(
      await buildSocialAuthorizationUrl(
        app.services,
        provider!,
        storage,
        new URL('https://app.example.com/account/login'),
      ),
    );
    assert.equal(await app.store.dispatch(completeSocialLogin(url, storage)), false);
    assert.equal(app.store.getState().auth.loginState.error, 'Sign up is disabled');
  });
});
