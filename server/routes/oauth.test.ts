/**
 * Hosted login's OpenID provider, driven over real HTTP by a certified relying-party library
 * (`openid-client`, OpenID Certified) acting as a third-party client: discovery, authorization
 * code with PKCE, token exchange, ID-token validation, refresh and logout. The browser's part
 * (following redirects, signing in on the hosted page) is done with fetch and a cookie.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as oidc from 'openid-client';
import { ERROR_CATALOGUE } from '../../core/contract/errors';
import type { BuiltServer } from '../app';
import { s256Challenge } from '../domain/oauth';
import { ADMIN, ME, startTestServer } from '../../test/support/server';

const CLIENT_ID = 'rp-test';
const REDIRECT_URI = 'http://rp.test/callback';
const POST_LOGOUT_URI = 'http://rp.test/signed-out';
const OAUTH = '/frontegg/oauth';

let server: BuiltServer;
let issuer: string;
let config: oidc.Configuration;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    issuer,
    staticRoot: fileURLToPath(new URL('../..', import.meta.url)),
    oauthClients: [
      {
        clientId: CLIENT_ID,
        name: 'Test <RP>',
        redirectUris: [REDIRECT_URI],
        postLogoutRedirectUris: [POST_LOGOUT_URI],
      },
    ],
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  config = await oidc.discovery(new URL(issuer), CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
});
after(() => server.close());

/** A browser's sign-in on this server: the `ae_refresh` cookie. */
async function browserSignIn(): Promise<string> {
  const res = await fetch(`${issuer}/frontegg/identity/resources/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(res.status, 200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ae_refresh='));
  return cookie!.split(';')[0]!;
}

/** Follows the authorization request as a browser with `cookie` would: the address it lands on. */
async function authorize(
  url: URL | string,
  cookie?: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

interface Started {
  verifier: string;
  state: string;
  nonce: string;
  url: URL;
}

async function start(extra: Record<string, string> = {}): Promise<Started> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { verifier, state, nonce, url };
}

/** A code for a signed-in browser. */
async function codeFor(
  cookie: string,
  extra: Record<string, string> = {},
): Promise<Started & { callback: URL }> {
  const started = await start(extra);
  const answer = await authorize(started.url, cookie);
  assert.equal(answer.status, 302, answer.body);
  return { ...started, callback: new URL(answer.location!) };
}

function tokenRequest(body: Record<string, string>) {
  return fetch(`${issuer}${OAUTH}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
}

describe('PKCE S256 (RFC 7636)', () => {
  it('matches the published example of RFC 7636 appendix B', () => {
    assert.equal(
      s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('OpenID Connect provider with openid-client as a third-party client', () => {
  it('publishes a discovery document the library accepts (code flow, S256, ES256)', () => {
    const meta = config.serverMetadata();
    assert.equal(meta.issuer, issuer);
    assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(meta.id_token_signing_alg_values_supported, ['ES256']);
    assert.equal(meta.authorization_endpoint, `${issuer}${OAUTH}/authorize`);
    // Where the client SDK calls: /frontegg/oauth/*.
    assert.equal(meta.token_endpoint, `${issuer}/frontegg/oauth/token`);
    assert.equal(meta.end_session_endpoint, `${issuer}/frontegg/oauth/logout`);
  });

  it('sets the session cookie for hosted login too (/frontegg/oauth); the old /identity/resources/auth/v1/oauth paths are gone', async () => {
    const res = await fetch(`${issuer}/frontegg/identity/resources/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const paths = res.headers
      .getSetCookie()
      .filter((c) => c.startsWith('ae_refresh='))
      .map((c) => /Path=([^;]+)/i.exec(c)![1]);
    assert.deepEqual(paths.sort(), ['/frontegg/identity/resources/auth', '/frontegg/oauth']);
    const old = await fetch(`${issuer}/frontegg/identity/resources/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'x' }),
    });
    assert.equal(old.status, 404);
  });

  it('sends a browser without a session to the hosted sign-in page, which is the login box', async () => {
    const { url } = await start();
    const answer = await authorize(url);
    assert.equal(answer.status, 302);
    const hosted = new URL(answer.location!, issuer);
    assert.equal(hosted.pathname, '/oauth/login');
    const back = hosted.searchParams.get('redirectUrl')!;
    assert.ok(back.startsWith(`${OAUTH}/authorize?`), back);
    const page = await fetch(new URL(hosted, issuer));
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<auth-login-box base-url="http:\/\/127\.0\.0\.1:\d+"><\/auth-login-box>/);
    assert.match(html, /Sign in to continue to Test &#60;RP&#62;/, 'the client name is escaped');
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  });

  it('completes code + PKCE, validates the ID token (nonce), refreshes with rotation and logs out', async () => {
    const cookie = await browserSignIn();
    const { verifier, state, nonce, url } = await start();
    // Without a session the browser signs in on the hosted page, which returns to this request.
    const first = await authorize(url);
    const back = new URL(first.location!, issuer).searchParams.get('redirectUrl')!;
    const answer = await authorize(new URL(back, issuer), cookie);
    assert.equal(answer.status, 302);
    const callback = new URL(answer.location!);
    assert.equal(callback.origin + callback.pathname, REDIRECT_URI);
    assert.equal(callback.searchParams.get('iss'), issuer);

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    assert.equal(claims.iss, issuer);
    assert.equal(claims.aud, CLIENT_ID);
    assert.equal(claims.nonce, nonce);
    assert.equal(claims.email, ADMIN.email);
    assert.equal(typeof claims.auth_time, 'number');
    assert.ok(tokens.refresh_token);
    assert.equal(tokens.expires_in, 300);

    // The access token is an ordinary one: the API accepts it.
    const me = await fetch(`${issuer}${ME}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(me.status, 200);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    assert.equal(info.email, ADMIN.email);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'the refresh token rotates');
    assert.equal(refreshed.claims()!.sub, claims.sub);
    // The rotated-out token is refused (and, being a reuse, ends that session).
    await assert.rejects(
      oidc.refreshTokenGrant(config, tokens.refresh_token!),
      (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
    );
    await assert.rejects(
      oidc.refreshTokenGrant(config, refreshed.refresh_token!),
      (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
    );

    // A fresh grant, then RP-initiated logout ends the browser session and the client's session.
    const again = await codeFor(cookie);
    const second = await oidc.authorizationCodeGrant(config, again.callback, {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    });
    const logoutUrl = oidc.buildEndSessionUrl(config, {
      id_token_hint: second.id_token!,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    });
    const out = await authorize(logoutUrl, cookie);
    assert.equal(out.status, 302);
    assert.equal(out.location, `${POST_LOGOUT_URI}?state=bye`);
    await assert.rejects(
      oidc.refreshTokenGrant(config, second.refresh_token!),
      (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
    );
    const silent = await fetch(`${issuer}${OAUTH}/authorize/silent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ client_id: CLIENT_ID }),
    });
    assert.equal(silent.status, 401);
    // prompt=none now answers login_required instead of a code.
    const none = await authorize((await start({ prompt: 'none' })).url, cookie);
    assert.equal(new URL(none.location!).searchParams.get('error'), 'login_required');
  });

  it('signs out without client_id or id_token_hint (the client SDK) only to a registered address', async () => {
    const cookie = await browserSignIn();
    const unknown = await authorize(
      `${issuer}${OAUTH}/logout?post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      cookie,
    );
    assert.equal(unknown.status, 400, 'an address no client registered: no redirect');
    assert.equal(unknown.location, null);
    // The client SDK fetches (no text/html in Accept): the catalogue's message, which it shows.
    assert.deepEqual(JSON.parse(unknown.body), {
      errors: [ERROR_CATALOGUE.OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED.message],
      errorCodes: ['OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED'],
    });
    // A browser navigating here gets a page; near misses of the registered address are other addresses.
    for (const near of [
      `${POST_LOGOUT_URI}/x`,
      `${POST_LOGOUT_URI}?a=1`,
      'http://rp.test/',
      'https://rp.test/signed-out',
    ]) {
      const res = await fetch(
        `${issuer}${OAUTH}/logout?post_logout_redirect_uri=${encodeURIComponent(near)}`,
        {
          redirect: 'manual',
          headers: { cookie, accept: 'text/html' },
        },
      );
      assert.equal(res.status, 400, near);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    }
    const out = await authorize(
      `${issuer}${OAUTH}/logout?post_logout_redirect_uri=${encodeURIComponent(POST_LOGOUT_URI)}&state=s1`,
      cookie,
    );
    assert.equal(out.status, 302);
    assert.equal(out.location, `${POST_LOGOUT_URI}?state=s1`);
    // The client SDK reads the address from the body.
    assert.equal(out.body, `${POST_LOGOUT_URI}?state=s1`);
    const silent = await fetch(`${issuer}${OAUTH}/authorize/silent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ client_id: CLIENT_ID }),
    });
    assert.equal(silent.status, 401, 'signed out');
  });

  it("silent authorization turns the browser session into tokens for the client's own pages only", async () => {
    const cookie = await browserSignIn();
    const call = (origin: string) =>
      fetch(`${issuer}${OAUTH}/authorize/silent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify({ client_id: CLIENT_ID, nonce: 'n-1' }),
      });
    assert.equal((await call('http://evil.test')).status, 403);
    const res = await call('http://rp.test');
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 300);
    assert.equal(body.refresh_token, undefined, 'the browser session stays in its cookie');
    assert.ok(
      res.headers.getSetCookie().some((c) => c.startsWith('ae_refresh=')),
      'the cookie rotates',
    );
  });
});

describe("the client SDK's hosted-login calls (no client_id, no grant_type, silent without a body)", () => {
  it('exchanges a code and a refresh token named by the grant alone, and answers a bodiless silent authorize by Origin', async () => {
    const cookie = await browserSignIn();
    const { callback, verifier } = await codeFor(cookie);
    const token = (body: Record<string, unknown>) =>
      fetch(`${issuer}${OAUTH}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const exchanged = await token({
      code: callback.searchParams.get('code'),
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
    });
    assert.equal(exchanged.status, 200);
    const tokens = (await exchanged.json()) as { refresh_token: string; id_token: string };
    assert.ok(tokens.id_token);
    const refreshed = await token({ refresh_token: tokens.refresh_token });
    assert.equal(refreshed.status, 200);
    // Still bound to the code's client, verifier and redirect URI.
    const other = await codeFor(cookie);
    const wrongVerifier = await token({
      code: other.callback.searchParams.get('code'),
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
    });
    assert.equal(wrongVerifier.status, 400);
    assert.equal((await token({ code: 'nope', code_verifier: verifier })).status, 401);

    const silent = (headers: Record<string, string>) =>
      fetch(`${issuer}${OAUTH}/authorize/silent`, { method: 'POST', headers: { cookie, ...headers } });
    const ok = await silent({ origin: 'http://rp.test' });
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal(((await ok.json()) as { token_type: string }).token_type, 'Bearer');
    assert.equal((await silent({ origin: 'http://evil.test' })).status, 400, 'no client on that origin');
  });
});

describe('bad input is refused with a clear error and no session', () => {
  it('a wrong code_verifier: invalid_grant, and the code is spent', async () => {
    const cookie = await browserSignIn();
    const { callback, state, nonce } = await codeFor(cookie);
    await assert.rejects(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
        expectedNonce: nonce,
      }),
      (error: oidc.ResponseBodyError) =>
        error.error === 'invalid_grant' && /code_verifier does not match/.test(error.error_description!),
    );
  });

  it('a missing code_verifier: invalid_grant', async () => {
    const cookie = await browserSignIn();
    const { callback } = await codeFor(cookie);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.error, 'invalid_grant');
    assert.deepEqual(body.errors, ['code_verifier is required']);
    assert.equal(body.access_token, undefined);
  });

  it('a reused code: refused, and the tokens issued with it stop working', async () => {
    const cookie = await browserSignIn();
    const { callback, verifier, state, nonce } = await codeFor(cookie);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    assert.equal(replay.status, 400);
    assert.equal(((await replay.json()) as { error: string }).error, 'invalid_grant');
    await assert.rejects(
      oidc.refreshTokenGrant(config, tokens.refresh_token!),
      (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
    );
  });

  it('a redirect URI that is not registered (even a prefix of one): an error page, never a redirect', async () => {
    const cookie = await browserSignIn();
    for (const redirect_uri of ['http://evil.test/callback', `${REDIRECT_URI}/more`, `${REDIRECT_URI}?x=1`]) {
      const started = await start({ redirect_uri });
      const answer = await authorize(started.url, cookie);
      assert.equal(answer.status, 400);
      assert.equal(answer.location, null);
      assert.match(answer.body, /not registered/);
    }
    const unknownClient = new URL(
      `${issuer}${OAUTH}/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&response_type=code&scope=openid`,
    );
    assert.equal((await authorize(unknownClient, cookie)).status, 400);
  });

  it('a redirect URI at the token endpoint other than the one authorized: invalid_grant', async () => {
    const cookie = await browserSignIn();
    const { callback, verifier } = await codeFor(cookie);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: callback.searchParams.get('code')!,
      redirect_uri: 'http://rp.test/other',
      code_verifier: verifier,
    });
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant');
  });

  it('no PKCE, or the plain method: invalid_request back at the client, no code', async () => {
    const cookie = await browserSignIn();
    const plain = await authorize((await start({ code_challenge_method: 'plain' })).url, cookie);
    const noPkce = new URL((await start()).url);
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    for (const answer of [plain, await authorize(noPkce, cookie)]) {
      const back = new URL(answer.location!);
      assert.equal(back.searchParams.get('error'), 'invalid_request');
      assert.equal(back.searchParams.get('code'), null);
    }
  });

  it('a state mismatch: the relying party refuses the callback before any token request', async () => {
    const cookie = await browserSignIn();
    const { callback, verifier, nonce } = await codeFor(cookie);
    await assert.rejects(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: 'another-state',
        expectedNonce: nonce,
      }),
    );
  });

  it('a browser refresh cookie is not an OAuth refresh token, and is not spent by trying', async () => {
    const cookie = await browserSignIn();
    const res = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      refresh_token: cookie.slice('ae_refresh='.length),
    });
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant');
    const silent = await fetch(`${issuer}${OAUTH}/authorize/silent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ client_id: CLIENT_ID }),
    });
    assert.equal(silent.status, 200);
  });

  it('an unknown grant_type: unsupported_grant_type naming both grants (the same answer as the demo backend)', async () => {
    const res = await tokenRequest({ grant_type: 'password', client_id: CLIENT_ID });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be authorization_code or refresh_token',
      errors: ['grant_type must be authorization_code or refresh_token'],
      errorCodes: ['FIELD_TYPE'],
    });
  });

  it('malformed token requests: 4xx with an errors list, never 500', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ grant_type: 'password', client_id: CLIENT_ID }, 400],
      [{ grant_type: 'authorization_code', client_id: 'nobody' }, 401],
      [{ grant_type: 'authorization_code', client_id: CLIENT_ID, surprise: 'x' }, 400],
      [
        {
          grant_type: 'authorization_code',
          client_id: CLIENT_ID,
          code: 'short',
          code_verifier: 'x',
          redirect_uri: REDIRECT_URI,
        },
        400,
      ],
    ];
    for (const [body, status] of cases) {
      const res = await tokenRequest(body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.ok(Array.isArray(((await res.json()) as { errors: unknown }).errors));
    }
    const repeated = await fetch(`${issuer}${OAUTH}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=a&grant_type=b',
    });
    assert.equal(repeated.status, 400);
  });
});
