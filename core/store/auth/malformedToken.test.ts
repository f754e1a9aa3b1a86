/**
 * An access token that is not a JWT (spec 000 §8 "Malformed token": "Invalid token specified"), on
 * every path that stores a token: sign-in (password, MFA, passwordless code and magic link, social,
 * OIDC and SAML SSO, hosted login, sign-up, activation) and refresh (plain and hosted). The fake
 * server answers those calls with `accessToken: 'not-a-jwt'` and records every request: the junk
 * token must never be a bearer credential, the profile calls are not even made, the session is
 * cleared, and the user sees (or the app records) the catalogue text.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { disposeApp, getOrCreateApp, type AuthApp } from '../../app';
import { errorMessage } from '../../api/errors';
import type { Transport } from '../../api/http';
import type { ContextOptions } from '../../config/options';
import { createMemoryStorage } from '../../test-support/memoryStorage';
import { passwordlessErrorMessage } from '../../flows/passwordless';
import { InvalidTokenError } from '../../jwt';
import { buildAuthorizeRequest, completeHostedCallback } from '../../session/hostedLogin';
import { SOCIAL_PENDING_KEY, completeSocialLogin } from '../../social/socialLogin';
import { completeOidcLogin, completeSamlLogin } from '../../sso/ssoLogin';
import { loginStateChanged } from './authSlice';
import { ceremonyMessage } from './passkeyThunks';
import { signInWithMagicLink, submitPasswordlessCode } from './passwordlessThunks';
import { activateAccount } from './recoveryThunks';
import { establishSession } from './session';
import { finishSignIn, loginWithPassword, refreshSession, signUpUser } from './thunks';

const JUNK = 'not-a-jwt';
const INVALID_TOKEN = 'Invalid token specified';
const CLIENT_ID = 'kit-test';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
const GOOD_TOKEN = jwt({ sub: 'u1', email: 'a@example.com', tenantId: 't1', exp: 9_999_999_999 });

interface Seen {
  path: string;
  authorization: string | undefined;
}

/**
 * A fake identity server. Every call that hands out a session answers with `token()` (the junk token
 * unless a test switches it); the refresh answers 401 (no session) unless `refreshWith` is set. Like
 * the real server, the profile calls refuse a bearer token they cannot read with a 401 and its text.
 */
function fakeServer() {
  const seen: Seen[] = [];
  const state: { token: string; refreshWith: string | null; hostedNonce?: string } = {
    token: JUNK,
    refreshWith: null,
  };
  const session = () => ({ accessToken: state.token, refreshToken: 'r', expiresIn: 300 });
  const transport: Transport = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/frontegg/, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    seen.push({ path, authorization: headers.authorization });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const reply = (status: number, answer: unknown) =>
      new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });

    if (path.endsWith('/users/v2/me') || path.endsWith('/users/v3/me/tenants')) {
      return headers.authorization === `Bearer ${GOOD_TOKEN}`
        ? reply(200, path.endsWith('/me') ? { id: 'u1', email: 'a@example.com' } : { tenants: [] })
        : reply(401, { errors: ['The bearer token is not valid'] });
    }
    if (path.endsWith('/user/token/refresh')) {
      return state.refreshWith
        ? reply(200, { accessToken: state.refreshWith, expiresIn: 300 })
        : reply(401, { errors: ['No session'] });
    }
    if (path.endsWith('/oauth/authorize/silent') || path.endsWith('/oauth/token')) {
      // Hosted login: a valid ID token for our client (with the nonce asked for), a junk access token.
      // The silent authorize sends its nonce; the code exchange's nonce is the authorize request's.
      const nonce = typeof body.nonce === 'string' ? body.nonce : state.hostedNonce;
      return reply(200, {
        access_token: state.token,
        id_token: jwt({ aud: CLIENT_ID, nonce }),
        expires_in: 300,
      });
    }
    if (path.endsWith('/users/v1/signUp'))
      return reply(200, { shouldActivate: false, userId: 'u1', tenantId: 't1', authResponse: session() });
    if (/\/auth\/v1\/user$/.test(path) || path.endsWith('/postlogin') || path.endsWith('/users/v1/activate'))
      return reply(200, { ...session(), email: 'a@example.com' });
    return reply(200, {});
  };
  return { seen, state, transport };
}

let counter = 0;
const apps: string[] = [];
afterEach(() => {
  for (const name of apps.splice(0)) disposeApp(name);
});

async function appOver(server: ReturnType<typeof fakeServer>, options: ContextOptions = {}) {
  const name = `malformed-token-${++counter}`;
  apps.push(name);
  const app = getOrCreateApp(
    name,
    { baseUrl: 'https://auth.example.com', logLevel: 'silent', ...options },
    { transport: server.transport },
  );
  const navigations: string[] = [];
  app.services.navigate = (url) => navigations.push(url);
  app.services.setTimer = () => 0; // no redirect or refresh timers in these tests
  const events: Array<{ type: string; payload: unknown }> = [];
  app.bus.all$.subscribe((m) => events.push(m));
  const errors: unknown[][] = [];
  app.services.logger = { debug() {}, info() {}, warn() {}, error: (...args) => errors.push(args) };
  await app.ready;
  return { app, navigations, events, errors };
}

/** The junk token never left as a credential, the profile calls were not made, no session is kept. */
function assertJunkNeverSent(server: ReturnType<typeof fakeServer>, app: AuthApp) {
  const carriers = server.seen.filter((r) => r.authorization === `Bearer ${JUNK}`).map((r) => r.path);
  assert.deepEqual(carriers, [], 'no request carries the junk token');
  const profileCalls = server.seen.filter((r) => /\/users\/v[23]\/me/.test(r.path)).map((r) => r.path);
  assert.deepEqual(profileCalls, [], 'the profile and tenants calls are not made with it');
  const auth = app.store.getState().auth;
  assert.equal(auth.accessToken, null);
  assert.equal(auth.expiresAt, null);
  assert.equal(auth.user, null);
  assert.equal(auth.isAuthenticated, false);
}

const errorEvents = (events: Array<{ type: string; payload: unknown }>) =>
  events.filter((e) => e.type === 'auth:error').map((e) => e.payload);

describe('a sign-in answered with a token that is not a JWT', () => {
  it('password: "Invalid token specified" on the form, with the email', async () => {
    const server = fakeServer();
    const { app, events } = await appOver(server);
    const ok = await app.store.dispatch(loginWithPassword({ email: 'a@example.com', password: 'secret-1' }));
    assert.equal(ok, false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
    assert.equal(app.store.getState().auth.loginState.email, 'a@example.com');
    assert.deepEqual(errorEvents(events), [{ action: 'login', message: INVALID_TOKEN }]);
  });

  it('the end of MFA (and of a passkey sign-in): finishSignIn fails with the catalogue text', async () => {
    const server = fakeServer();
    const { app } = await appOver(server);
    app.store.dispatch(loginStateChanged({ step: 'loginWithTwoFactor', email: 'a@example.com' }));
    await assert.rejects(app.store.dispatch(finishSignIn({ accessToken: JUNK, expiresIn: 300 })), (error) => {
      // The MFA screens show errorMessage(error); the passkey sign-in shows ceremonyMessage(error).
      assert.equal(errorMessage(error), INVALID_TOKEN);
      assert.equal(
        ceremonyMessage(error, { cancelled: 'c', unsupported: 'u', wrongAddress: 'w' }),
        INVALID_TOKEN,
      );
      return true;
    });
    assertJunkNeverSent(server, app);
  });

  it('passwordless code', async () => {
    const server = fakeServer();
    const { app, events } = await appOver(server);
    app.store.dispatch(loginStateChanged({ step: 'loginWithOtc', email: 'a@example.com' }));
    assert.equal(await app.store.dispatch(submitPasswordlessCode('123456')), false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
    assert.deepEqual(errorEvents(events), [{ action: 'login', message: INVALID_TOKEN }]);
  });

  it('magic link', async () => {
    const server = fakeServer();
    const { app } = await appOver(server);
    assert.equal(await app.store.dispatch(signInWithMagicLink('link-token')), false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
  });

  it('social login callback', async () => {
    const server = fakeServer();
    const { app, events, navigations } = await appOver(server);
    const storage = createMemoryStorage();
    storage.setItem(
      SOCIAL_PENDING_KEY,
      JSON.stringify({
        provider: 'google',
        state: 's1',
        verifier: 'v1',
        redirectUri: 'https://app.example.com/account/social/success',
        redirectUrl: null,
      }),
    );
    const ok = await app.store.dispatch(
      completeSocialLogin(new URL('https://app.example.com/account/social/success?code=c&state=s1'), storage),
    );
    assert.equal(ok, false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
    assert.deepEqual(errorEvents(events), [{ action: 'socialLogin', message: INVALID_TOKEN }]);
    assert.deepEqual(navigations, []);
  });

  for (const [protocol, complete, address] of [
    ['OIDC', completeOidcLogin, 'https://app.example.com/account/oidc/callback?code=c&state=s'],
    ['SAML', completeSamlLogin, 'https://app.example.com/account/saml/callback?code=c'],
  ] as const) {
    it(`${protocol} SSO callback: the SSO failure step says why`, async () => {
      const server = fakeServer();
      const { app, events } = await appOver(server);
      assert.equal(await app.store.dispatch(complete(new URL(address))), false);
      assertJunkNeverSent(server, app);
      assert.equal(app.store.getState().auth.loginState.step, 'loginWithSSOFailed');
      assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
      assert.deepEqual(errorEvents(events), [{ action: 'ssoLogin', message: INVALID_TOKEN }]);
    });
  }

  it('sign-up without activation', async () => {
    const server = fakeServer();
    const { app } = await appOver(server);
    const ok = await app.store.dispatch(
      signUpUser({ email: 'a@example.com', password: 'long-enough-1', name: 'A' }),
    );
    assert.equal(ok, false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.signUpState.error, INVALID_TOKEN);
  });

  it('account activation', async () => {
    const server = fakeServer();
    const { app } = await appOver(server);
    assert.equal(
      await app.store.dispatch(activateAccount({ userId: 'u1', token: 't1' }, 'a-password-1')),
      false,
    );
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.recovery.activate.error, INVALID_TOKEN);
  });

  it('hosted login callback: the failed exchange is logged with the catalogue text', async () => {
    const server = fakeServer();
    // Signed in on load (the silent refresh gives a good token); the callback's junk token ends that session.
    server.state.token = GOOD_TOKEN;
    const storage = createMemoryStorage();
    const { app, errors, navigations } = await appOver(server, { hostedLogin: { clientId: CLIENT_ID } });
    server.state.token = JUNK;
    const authorize = new URL(
      await buildAuthorizeRequest(
        app.services,
        { returnTo: '/after' },
        storage,
        new URL('https://app.example.com/'),
      ),
    );
    server.state.hostedNonce = authorize.searchParams.get('nonce')!;
    assert.equal(app.store.getState().auth.isAuthenticated, true);
    server.seen.length = 0;
    const ok = await app.store.dispatch(
      completeHostedCallback(
        establishSession,
        new URL(`https://app.example.com/oauth/callback?code=c&state=${authorize.searchParams.get('state')}`),
        storage,
      ),
    );
    assert.equal(ok, false);
    assertJunkNeverSent(server, app);
    const logged = errors.find(([text]) => text === 'Hosted login: the code exchange failed');
    assert.ok(logged, 'the failure is logged');
    assert.equal((logged[1] as Error).message, INVALID_TOKEN);
    assert.deepEqual(navigations, ['/after'], 'navigation continues (spec 000 §8)');
  });

  it('the display helpers turn the malformed-token error into the catalogue text', () => {
    assert.equal(errorMessage(new InvalidTokenError()), INVALID_TOKEN);
    assert.equal(passwordlessErrorMessage(new InvalidTokenError()), INVALID_TOKEN);
    // another bundle's copy of the class is recognised by its kind
    assert.equal(errorMessage({ kind: 'InvalidTokenError', message: 'x' }), INVALID_TOKEN);
  });
});

describe('a refresh answered with a token that is not a JWT', () => {
  it('on load: no session, and the sign-in form says why', async () => {
    const server = fakeServer();
    server.state.refreshWith = JUNK;
    const { app, events, errors } = await appOver(server);
    assert.equal(await app.ready, false);
    assertJunkNeverSent(server, app);
    const auth = app.store.getState().auth;
    assert.equal(auth.isLoading, false);
    assert.equal(auth.loginState.step, 'preLogin');
    assert.equal(auth.loginState.error, INVALID_TOKEN);
    assert.deepEqual(errorEvents(events), [{ action: 'refresh', message: INVALID_TOKEN }]);
    assert.ok(errors.some(([text]) => text === INVALID_TOKEN));
  });

  it('while signed in: the session ends (auth:logout) and the junk token is never used', async () => {
    const server = fakeServer();
    server.state.refreshWith = GOOD_TOKEN;
    const { app, events } = await appOver(server);
    assert.equal(app.store.getState().auth.isAuthenticated, true);
    assert.equal(app.store.getState().auth.accessToken, GOOD_TOKEN);
    server.seen.length = 0;
    server.state.refreshWith = JUNK;
    assert.equal(await app.store.dispatch(refreshSession()), false);
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
    assert.ok(events.some((e) => e.type === 'auth:logout'));
    assert.deepEqual(errorEvents(events), [{ action: 'refresh', message: INVALID_TOKEN }]);
  });

  it('hosted login: the silent refresh answer with a junk access token is not used', async () => {
    const server = fakeServer();
    const { app, events } = await appOver(server, { hostedLogin: { clientId: CLIENT_ID } });
    assert.ok(server.seen.some((r) => r.path.endsWith('/oauth/authorize/silent')));
    assertJunkNeverSent(server, app);
    assert.equal(app.store.getState().auth.loginState.error, INVALID_TOKEN);
    assert.deepEqual(errorEvents(events), [{ action: 'refresh', message: INVALID_TOKEN }]);
  });
});
