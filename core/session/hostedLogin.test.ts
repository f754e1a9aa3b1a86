import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { disposeApp, getOrCreateApp, type AuthApp } from '../app';
import type { Transport } from '../api/http';
import { createDemoBackend } from '../demo/backend';
import { DEMO_ADMIN } from '../demo/data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { establishSession } from '../store/auth/session';
import { loginWithPassword, logout, refreshSession } from '../store/auth/thunks';
import {
  HOSTED_SCOPE,
  buildAuthorizeRequest,
  completeHostedCallback,
  isCallback,
  pkceChallenge,
  randomToken,
  readCallback,
  redirectAfterFailedRefresh,
  refreshHostedTokens,
} from './hostedLogin';

const CLIENT_ID = 'kit-test';
let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

function hostedApp(
  transport: Transport,
  extra: { silentRefresh?: boolean; demoMode?: boolean; organization?: string } = {},
) {
  const name = `hosted-${++counter}`;
  apps.push(name);
  const navigations: string[] = [];
  const app = getOrCreateApp(
    name,
    {
      baseUrl: 'https://auth.example.com',
      logLevel: 'silent',
      demoMode: extra.demoMode,
      hostedLogin: {
        clientId: CLIENT_ID,
        silentRefresh: extra.silentRefresh,
        organization: extra.organization,
      },
    },
    { transport },
  );
  app.services.navigate = (url) => navigations.push(url);
  return { app, navigations };
}

/** A transport that records requests and answers from `answer`. */
function recording(
  answer: (path: string, body: Record<string, unknown>) => { status: number; body: unknown },
) {
  const calls: Array<{
    path: string;
    body: Record<string, unknown>;
    credentials: RequestCredentials | undefined;
  }> = [];
  const transport: Transport = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/frontegg/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ path, body, credentials: init.credentials });
    const reply = answer(path, body);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, transport };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
const accessToken = jwt({ sub: 'u1', email: 'a@example.com', tenantId: 't1', exp: 9_999_999_999 });

function profileAnswers(path: string) {
  if (path.endsWith('/users/v2/me'))
    return { status: 200, body: { id: 'u1', email: 'a@example.com', tenantId: 't1' } };
  if (path.endsWith('/users/v3/me/tenants'))
    return { status: 200, body: { tenants: [], activeTenant: null } };
  return null;
}

describe('PKCE (RFC 7636)', () => {
  it('the S256 challenge of the published example (appendix B)', async () => {
    assert.equal(
      await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('verifier, state and nonce come from WebCrypto, never Math.random', async () => {
    const { app } = hostedApp(recording(() => ({ status: 401, body: {} })).transport);
    await app.ready;
    const random = Math.random;
    Math.random = () => {
      throw new Error('Math.random must not be used');
    };
    try {
      const token = randomToken();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.notEqual(randomToken(), token);
      await buildAuthorizeRequest(
        app.services,
        {},
        createMemoryStorage(),
        new URL('https://app.example.com/page'),
      );
    } finally {
      Math.random = random;
    }
  });
});

describe('the authorization request', () => {
  it('asks for a code with PKCE S256, scope "openid email profile", state and nonce; keeps the verifier for the round trip', async () => {
    const { app } = hostedApp(recording(() => ({ status: 401, body: {} })).transport, {
      organization: 'acme',
    });
    const storage = createMemoryStorage();
    const url = new URL(
      await buildAuthorizeRequest(
        app.services,
        { returnTo: '/reports?x=1', tenantId: 'tenant-7' },
        storage,
        new URL('https://app.example.com/reports?x=1'),
      ),
    );
    assert.equal(url.origin + url.pathname, 'https://auth.example.com/frontegg/oauth/authorize');
    const q = url.searchParams;
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), CLIENT_ID);
    assert.equal(q.get('scope'), HOSTED_SCOPE);
    assert.equal(HOSTED_SCOPE, 'openid email profile');
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.equal(q.get('redirect_uri'), 'https://app.example.com/oauth/callback');
    assert.equal(q.get('organization'), 'acme');
    assert.equal(q.get('tenantId'), 'tenant-7');
    const pending = JSON.parse(storage.getItem(`auth-elements.hosted-login.${CLIENT_ID}`)!);
    assert.equal(q.get('state'), pending.state);
    assert.equal(q.get('nonce'), pending.nonce);
    assert.equal(q.get('code_challenge'), await pkceChallenge(pending.verifier));
    assert.equal(pending.returnTo, '/reports?x=1');
  });

  it('leaves organization and tenantId out when not given, and never returns to another origin', async () => {
    const { app } = hostedApp(recording(() => ({ status: 401, body: {} })).transport);
    const storage = createMemoryStorage();
    const url = new URL(
      await buildAuthorizeRequest(
        app.services,
        { returnTo: '//evil.example/x' },
        storage,
        new URL('https://app.example.com/'),
      ),
    );
    assert.equal(url.searchParams.has('organization'), false);
    assert.equal(url.searchParams.has('tenantId'), false);
    assert.equal(JSON.parse(storage.getItem(`auth-elements.hosted-login.${CLIENT_ID}`)!).returnTo, '/');
  });
});

describe('the callback (decisions)', () => {
  const cases: Array<{ name: string; query: string; pending: boolean; error?: RegExp }> = [
    { name: 'a matching state with a code', query: 'code=c1&state=S', pending: true },
    { name: 'a state mismatch', query: 'code=c1&state=other', pending: true, error: /state/ },
    { name: 'a missing state', query: 'code=c1', pending: true, error: /state/ },
    { name: 'an error answer', query: 'error=access_denied&state=S', pending: true, error: /access_denied/ },
    { name: 'no code', query: 'state=S', pending: true, error: /no authorization code/ },
    {
      name: 'no sign-in in progress in this tab',
      query: 'code=c1&state=S',
      pending: false,
      error: /No hosted sign-in/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.error ? 'refused' : 'accepted'}, and the stored verifier is gone either way`, () => {
      const { app } = hostedApp(recording(() => ({ status: 401, body: {} })).transport);
      const storage = createMemoryStorage();
      const key = `auth-elements.hosted-login.${CLIENT_ID}`;
      if (c.pending)
        storage.setItem(
          key,
          JSON.stringify({
            state: 'S',
            verifier: 'v'.repeat(43),
            nonce: 'N',
            redirectUri: 'https://app.example.com/oauth/callback',
            returnTo: '/',
          }),
        );
      const read = () =>
        readCallback(app.services, new URL(`https://app.example.com/oauth/callback?${c.query}`), storage);
      if (c.error) assert.throws(read, c.error);
      else assert.equal(read().code, 'c1');
      assert.equal(storage.getItem(key), null);
    });
  }

  it('recognises the callback route', () => {
    const { app } = hostedApp(recording(() => ({ status: 401, body: {} })).transport);
    assert.equal(isCallback(app.services, new URL('https://app.example.com/oauth/callback?code=1')), true);
    assert.equal(isCallback(app.services, new URL('https://app.example.com/oauth/other')), false);
  });
});

describe('the callback (exchange)', () => {
  async function callbackWith(
    tokenAnswer: (body: Record<string, unknown>, nonce: string) => { status: number; body: unknown },
  ) {
    let nonce = '';
    const rec = recording(
      (path, body) =>
        profileAnswers(path) ??
        (path.endsWith('/oauth/token')
          ? tokenAnswer(body, nonce)
          : { status: 401, body: { errors: ['no'] } }),
    );
    const { app, navigations } = hostedApp(rec.transport);
    await app.ready;
    navigations.length = 0;
    const storage = createMemoryStorage();
    const url = new URL(
      await buildAuthorizeRequest(
        app.services,
        { returnTo: '/after' },
        storage,
        new URL('https://app.example.com/start'),
      ),
    );
    nonce = url.searchParams.get('nonce')!;
    const pending = JSON.parse(storage.getItem(`auth-elements.hosted-login.${CLIENT_ID}`)!);
    const ok = await app.store.dispatch(
      completeHostedCallback(
        establishSession,
        new URL(`https://app.example.com/oauth/callback?code=the-code&state=${pending.state}`),
        storage,
      ),
    );
    return { app, ok, navigations, rec, pending, storage };
  }

  it('exchanges the code with the verifier, checks the nonce, signs in, then navigates', async () => {
    const { app, ok, navigations, rec, pending } = await callbackWith((_body, nonce) => ({
      status: 200,
      body: {
        access_token: accessToken,
        id_token: jwt({ aud: CLIENT_ID, nonce }),
        refresh_token: 'r1',
        expires_in: 300,
      },
    }));
    assert.equal(ok, true);
    const exchange = rec.calls.find((c) => c.path.endsWith('/oauth/token'))!;
    assert.deepEqual(exchange.body, {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: 'the-code',
      redirect_uri: 'https://app.example.com/oauth/callback',
      code_verifier: pending.verifier,
    });
    assert.equal(app.store.getState().auth.isAuthenticated, true);
    assert.equal(app.store.getState().auth.accessToken, accessToken);
    assert.deepEqual(navigations, ['/after']);
    // The next refresh uses the refresh-token grant with the token held in memory.
    assert.equal(await app.store.dispatch(refreshSession()), true);
    const refresh = rec.calls.filter((c) => c.path.endsWith('/oauth/token')).at(-1)!;
    assert.deepEqual(refresh.body, {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: 'r1',
    });
  });

  it('a failed exchange is logged, loading stops, no session, and navigation continues', async () => {
    const { app, ok, navigations } = await callbackWith(() => ({
      status: 400,
      body: { error: 'invalid_grant', errors: ['code_verifier does not match the code challenge'] },
    }));
    assert.equal(ok, false);
    const auth = app.store.getState().auth;
    assert.equal(auth.isAuthenticated, false);
    assert.equal(auth.isLoading, false);
    assert.equal(auth.accessToken, null);
    assert.deepEqual(navigations, ['/after']);
  });

  it('an ID token whose nonce is not ours: refused, no session', async () => {
    const { app, ok } = await callbackWith(() => ({
      status: 200,
      body: {
        access_token: accessToken,
        id_token: jwt({ aud: CLIENT_ID, nonce: 'someone-else' }),
        expires_in: 300,
      },
    }));
    assert.equal(ok, false);
    assert.equal(app.store.getState().auth.isAuthenticated, false);
  });

  it('after a failed callback the next page does not bounce back to the hosted page on its own (no loop)', async () => {
    const { app, storage, navigations } = await callbackWith(() => ({
      status: 400,
      body: { errors: ['x'] },
    }));
    navigations.length = 0;
    await redirectAfterFailedRefresh(app.services, storage, new URL('https://app.example.com/after'));
    assert.deepEqual(navigations, []);
    await redirectAfterFailedRefresh(app.services, storage, new URL('https://app.example.com/after'));
    assert.equal(navigations.length, 1, 'the marker is used once');
  });
});

describe('refresh', () => {
  it('silent refresh first (credentials included, nonce checked)', async () => {
    const rec = recording(
      (path, body) =>
        profileAnswers(path) ??
        (path.endsWith('/oauth/authorize/silent')
          ? {
              status: 200,
              body: {
                access_token: accessToken,
                id_token: jwt({ aud: CLIENT_ID, nonce: body.nonce }),
                expires_in: 300,
              },
            }
          : { status: 404, body: {} }),
    );
    const { app } = hostedApp(rec.transport);
    assert.equal(await app.ready, true);
    const silent = rec.calls.find((c) => c.path.endsWith('/oauth/authorize/silent'))!;
    assert.equal(silent.credentials, 'include');
    assert.equal(silent.body.client_id, CLIENT_ID);
    assert.ok(typeof silent.body.nonce === 'string');
  });

  it('a failed silent refresh logs "couldn\'t refresh user token with oauth service", clears the session and redirects to the hosted page', async () => {
    const logged: unknown[][] = [];
    const rec = recording(() => ({
      status: 401,
      body: { error: 'login_required', errors: ['Session expired, please sign in again'] },
    }));
    const { app, navigations } = hostedApp(rec.transport);
    const errors: unknown[][] = [];
    // No session at the identity server is expected: said at info level, never as an error with a stack.
    app.services.logger.info = (...args: unknown[]) => void logged.push(args);
    app.services.logger.error = (...args: unknown[]) => void errors.push(args);
    await app.ready;
    navigations.length = 0;
    await assert.rejects(refreshHostedTokens(app.services), /couldn't refresh user token with oauth service/);
    assert.ok(logged.some((args) => args[0] === "couldn't refresh user token with oauth service"));
    assert.deepEqual(errors, []);
    await redirectAfterFailedRefresh(
      app.services,
      createMemoryStorage(),
      new URL('https://app.example.com/reports'),
    );
    const target = new URL(navigations[0]!);
    assert.equal(target.pathname, '/frontegg/oauth/authorize');
    assert.equal(app.store.getState().auth.isAuthenticated, false);
  });

  it('silent refresh can be disabled', async () => {
    const rec = recording(() => ({ status: 401, body: {} }));
    const { app } = hostedApp(rec.transport, { silentRefresh: false });
    await app.ready;
    assert.equal(
      rec.calls.some((c) => c.path.endsWith('/oauth/authorize/silent')),
      false,
    );
  });

  it("no redirect from the kit's own routes (callback, login)", async () => {
    const { app, navigations } = hostedApp(recording(() => ({ status: 401, body: {} })).transport);
    await app.ready;
    navigations.length = 0;
    await redirectAfterFailedRefresh(
      app.services,
      createMemoryStorage(),
      new URL('https://app.example.com/account/login'),
    );
    await redirectAfterFailedRefresh(
      app.services,
      createMemoryStorage(),
      new URL('https://app.example.com/oauth/callback'),
    );
    assert.deepEqual(navigations, []);
  });
});

describe('demo mode', () => {
  it('answers from the demo session without leaving the page: login route, silent refresh, OAuth logout', async () => {
    const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
    const { app, navigations } = hostedApp(backend.transport, { demoMode: true });
    assert.equal(await app.ready, false);
    // The stand-in for the hosted page is the page's own login route.
    navigations.length = 0;
    await redirectAfterFailedRefresh(
      app.services,
      createMemoryStorage(),
      new URL('https://app.example.com/reports'),
    );
    assert.deepEqual(navigations, ['/account/login?redirectUrl=%2Freports']);
    // The embedded box signs in against the demo backend; back on the page, the silent authorize restores the session.
    await app.store.dispatch(loginWithPassword({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
    assert.equal(await app.store.dispatch(refreshSession()), true);
    assert.equal(app.store.getState().auth.user?.email, DEMO_ADMIN.email);
    await app.store.dispatch(logout());
    assert.equal(await app.store.dispatch(refreshSession()), false);
  });
});

export type { AuthApp };
