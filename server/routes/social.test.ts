/**
 * Social login against a real OpenID Connect provider (`oidc-provider`) on localhost: the
 * providers list, the code exchange with PKCE, just-in-time users, linking by verified email,
 * and refusals; the second factor after a social sign-in (the same MFA gate as password sign-in).
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { authorizeAtIdp, startOidcIdp, type RunningIdp } from '../../test/idp/oidc';
import type { BuiltServer } from '../app';
import { SecretBox } from '../domain/secrets';
import {
  ADMIN,
  ALLOWED_ORIGIN,
  ME,
  bearer,
  refreshCookieOf,
  startTestServer,
} from '../../test/support/server';
import {
  AUTH_MFA,
  assertMfaRequired,
  claimsOf,
  enrolAtLogin,
  enrolAuthenticator,
  totp,
} from '../../test/support/federated-mfa';

const CALLBACK = 'http://app.test/account/social/success';
const POSTLOGIN = '/frontegg/identity/resources/auth/v1/user/sso/idp/postlogin';

let idp: RunningIdp;
let server: BuiltServer;

before(async () => {
  idp = await startOidcIdp({
    port: 0,
    clients: [{ client_id: 'social-app', client_secret: 'social-secret', redirect_uris: [CALLBACK] }],
    accounts: {
      ada: { email: ADMIN.email, name: 'Ada at the IdP' },
      unverified: { email: 'victim@example.com', email_verified: false },
    },
  });
  server = await startTestServer({
    allowInsecureIdentityProviders: true,
    socialProviders: [
      {
        key: 'idp',
        displayName: 'Test IdP',
        issuer: idp.issuer,
        clientId: 'social-app',
        clientSecret: 'social-secret',
        redirectUris: [CALLBACK],
      },
      {
        key: 'acme',
        displayName: 'Acme ID',
        custom: true,
        issuer: idp.issuer,
        clientId: 'social-app',
        clientSecret: 'social-secret',
        redirectUris: [CALLBACK],
      },
      {
        key: 'down',
        displayName: 'Down',
        issuer: 'http://127.0.0.1:9',
        clientId: 'x',
        redirectUris: [CALLBACK],
      },
    ],
  });
  // A known user to link by verified email.
  await server.app.inject({
    method: 'POST',
    url: '/frontegg/identity/resources/users/v1/signUp',
    headers: { origin: ALLOWED_ORIGIN },
    payload: { email: 'victim@example.com', password: 'Victim-password-1' },
  });
});
after(async () => {
  await server.close();
  await idp.close();
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What the kit does: the listed authorization address, plus state and the PKCE challenge; then the user signs in at the provider. */
async function codeFrom(login: string, key = 'idp') {
  const list =
    key === 'acme'
      ? (await server.app.inject({ url: '/frontegg/identity/resources/sso/custom/v1' })).json().providers
      : (await server.app.inject({ url: '/frontegg/identity/resources/sso/v2' })).json();
  const entry = list.find((p: { provider: string }) => p.provider === key);
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const url = new URL(entry.authorizationUrl);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  const back = await authorizeAtIdp(url.toString(), login);
  assert.equal(back.origin + back.pathname, CALLBACK);
  assert.equal(back.searchParams.get('state'), state);
  return { code: back.searchParams.get('code')!, verifier, state };
}

function postLogin(query: Record<string, string>, key = 'idp') {
  return server.app.inject({
    method: 'POST',
    url: `${POSTLOGIN.replace('/idp/', `/${key}/`)}?${new URLSearchParams(query)}`,
    headers: { origin: ALLOWED_ORIGIN },
  });
}

describe('social providers configuration', () => {
  it('lists the active providers with an authorization address; custom providers apart; an unreachable one left out', async () => {
    const list = (await server.app.inject({ url: '/frontegg/identity/resources/sso/v2' })).json();
    assert.deepEqual(
      list.map((p: { provider: string }) => p.provider),
      ['idp'],
    );
    const url = new URL(list[0].authorizationUrl);
    assert.equal(url.origin, idp.issuer);
    assert.equal(url.searchParams.get('client_id'), 'social-app');
    assert.equal(url.searchParams.get('redirect_uri'), CALLBACK);
    assert.equal(url.searchParams.get('scope'), 'openid email profile');
    assert.equal(list[0].displayName, 'Test IdP');
    const custom = (await server.app.inject({ url: '/frontegg/identity/resources/sso/custom/v1' })).json();
    assert.deepEqual(
      custom.providers.map((p: { provider: string }) => p.provider),
      ['acme'],
    ); // The client SDK's v1 shape of the same list, and v2 for a signed-in user.
    assert.equal(list[0].clientId, 'social-app');
    assert.equal(list[0].redirectUrl, CALLBACK);
    assert.deepEqual((await server.app.inject({ url: '/frontegg/identity/resources/sso/v1' })).json(), [
      { type: 'idp', clientId: 'social-app', redirectUrl: CALLBACK, active: true },
    ]);
    const authenticated = '/frontegg/identity/resources/sso/v2/authenticated';
    assert.equal((await server.app.inject({ url: authenticated })).statusCode, 401);
  });

  it('stores the client secret sealed, never in clear', async () => {
    const { rows } = await server.db.query<{ client_secret_encrypted: string }>(
      "SELECT client_secret_encrypted FROM social_providers WHERE key = 'idp'",
    );
    assert.ok(!rows[0]!.client_secret_encrypted.includes('social-secret'));
    assert.match(rows[0]!.client_secret_encrypted, /^v1\./);
    assert.throws(() =>
      new SecretBox(randomBytes(32).toString('base64')).open(rows[0]!.client_secret_encrypted),
    );
  });
});

describe('social post-login', () => {
  it('a new person: created just in time with a tenant of their own, signed in, isNewUser true; the second time, the same user', async () => {
    const { code, verifier, state } = await codeFrom('newcomer');
    const res = await postLogin({ code, redirectUri: CALLBACK, code_verifier: verifier, state });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.isNewUser, true);
    assert.equal(body.email, 'newcomer@idp.example');
    assert.equal(body.name, 'User newcomer');
    assert.ok(body.userId && body.tenantId && body.accessToken);
    assert.ok(refreshCookieOf(res));
    const me = await server.app.inject({ url: ME, headers: bearer(body.accessToken) });
    assert.equal(me.json().email, 'newcomer@idp.example');
    assert.equal(me.json().provider, 'idp', 'stored with the social provider it signed up with');
    assert.ok(
      me.json().roles.some((r: { key: string }) => r.key === 'Admin'),
      'the creator of their own tenant',
    );

    const again = await codeFrom('newcomer');
    const second = await postLogin({
      code: again.code,
      redirectUri: CALLBACK,
      code_verifier: again.verifier,
      state: again.state,
    });
    assert.equal(second.json().isNewUser, false);
    assert.equal(second.json().userId, body.userId);
  });

  it('a verified email of an existing account links to it (custom provider too)', async () => {
    const { code, verifier } = await codeFrom('ada', 'acme');
    const res = await postLogin({ code, redirectUri: CALLBACK, code_verifier: verifier }, 'acme');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().isNewUser, false);
    assert.equal(res.json().email, ADMIN.email);
    const me = await server.app.inject({ url: ME, headers: bearer(res.json().accessToken) });
    assert.equal(me.json().provider, 'local', 'a linked account keeps the provider it was created with');
  });

  it('an unverified email never takes over an existing account', async () => {
    const { code, verifier } = await codeFrom('unverified');
    const res = await postLogin({ code, redirectUri: CALLBACK, code_verifier: verifier });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json().errors, ['Failed to authenticate']);
    assert.equal(refreshCookieOf(res), undefined);
  });

  it('a wrong PKCE verifier, a reused code, an unregistered redirect URI or an unknown provider: "Failed to authenticate", no session', async () => {
    const first = await codeFrom('someone');
    const wrong = await postLogin({
      code: first.code,
      redirectUri: CALLBACK,
      code_verifier: pkce().verifier,
    });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json().errors, ['Failed to authenticate']);

    const second = await codeFrom('someone');
    assert.equal(
      (await postLogin({ code: second.code, redirectUri: CALLBACK, code_verifier: second.verifier }))
        .statusCode,
      200,
    );
    const reused = await postLogin({
      code: second.code,
      redirectUri: CALLBACK,
      code_verifier: second.verifier,
    });
    assert.equal(reused.statusCode, 401);

    const third = await codeFrom('someone');
    const otherRedirect = await postLogin({
      code: third.code,
      redirectUri: 'http://evil.test/account/social/success',
      code_verifier: third.verifier,
    });
    assert.equal(otherRedirect.statusCode, 401);
    assert.equal((await postLogin({ code: 'x', redirectUri: CALLBACK }, 'nobody')).statusCode, 401);
    for (const res of [wrong, reused, otherRedirect]) assert.equal(refreshCookieOf(res), undefined);
  });

  it('malformed input: 400 with an errors list; a foreign origin: 403', async () => {
    assert.equal((await postLogin({ redirectUri: CALLBACK })).statusCode, 400);
    assert.equal(
      (await postLogin({ code: 'x', redirectUri: CALLBACK, code_verifier: 'short' })).statusCode,
      400,
    );
    assert.equal((await postLogin({ code: 'x', redirectUri: CALLBACK, surprise: '1' })).statusCode, 400);
    const bad = await server.app.inject({
      method: 'POST',
      url: `/frontegg/identity/resources/auth/v1/user/sso/BAD!/postlogin?code=x&redirectUri=y`,
      headers: { origin: ALLOWED_ORIGIN },
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(Array.isArray(bad.json().errors));
    const foreign = await server.app.inject({
      method: 'POST',
      url: `${POSTLOGIN}?code=x&redirectUri=${encodeURIComponent(CALLBACK)}`,
      headers: { origin: 'http://evil.test' },
    });
    assert.equal(foreign.statusCode, 403);
  });
});

describe('social post-login and the second factor', () => {
  /** A social sign-in all the way: the provider's code, then the post-login (with the browser's cookies). */
  async function socialSignIn(login: string, cookie?: string) {
    const { code, verifier, state } = await codeFrom(login);
    return server.app.inject({
      method: 'POST',
      url: `${POSTLOGIN}?${new URLSearchParams({ code, redirectUri: CALLBACK, code_verifier: verifier, state })}`,
      headers: { origin: ALLOWED_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  }

  it('a user with an authenticator app gets mfaRequired and no cookie; a real TOTP opens the session in their tenant; a remembered browser skips it', async () => {
    const first = await socialSignIn('totp-user');
    assert.equal(first.statusCode, 200, first.body);
    const { accessToken, tenantId, userId } = first.json();
    const secret = await enrolAuthenticator(server.app, accessToken);

    const gated = await socialSignIn('totp-user');
    const body = assertMfaRequired(gated, { enrolled: true, email: 'totp-user@idp.example' });
    assert.equal(body.isNewUser, false);
    assert.equal(body.mfaDevices.authenticators.length, 1);

    const wrong = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      headers: { origin: ALLOWED_ORIGIN },
      payload: { mfaToken: body.mfaToken, value: (await totp(secret)) === '000000' ? '000001' : '000000' },
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(refreshCookieOf(wrong), undefined);
    const verified = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      headers: { origin: ALLOWED_ORIGIN },
      payload: { mfaToken: body.mfaToken, value: await totp(secret), rememberDevice: true },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.ok(refreshCookieOf(verified));
    const claims = claimsOf(verified.json().accessToken);
    assert.equal(claims.sub, userId);
    assert.equal(claims.tenantId, tenantId);
    const me = await server.app.inject({ url: ME, headers: bearer(verified.json().accessToken) });
    assert.equal(me.json().email, 'totp-user@idp.example');

    // Remember-device works as for password sign-in: this browser's cookie skips the second factor...
    const remember = verified.cookies.find((c) => c.name === 'ae_mfa_device');
    assert.ok(remember?.httpOnly);
    const remembered = await socialSignIn('totp-user', `ae_mfa_device=${remember!.value}`);
    assert.equal(remembered.statusCode, 200, remembered.body);
    assert.ok(remembered.json().accessToken);
    assert.equal(remembered.json().userId, userId);
    assert.ok(refreshCookieOf(remembered));
    // ...and another browser still gets the MFA step.
    assertMfaRequired(await socialSignIn('totp-user'), { enrolled: true, email: 'totp-user@idp.example' });
  });

  it('a tenant that enforces MFA: a user without a second factor is sent to forced enrolment, then signed in to that tenant', async () => {
    const first = await socialSignIn('enforced-user');
    assert.equal(first.statusCode, 200, first.body);
    const { tenantId } = first.json();
    await server.db.query('INSERT INTO tenant_mfa_policies (tenant_id, enforce) VALUES ($1, true)', [
      tenantId,
    ]);

    const gated = await socialSignIn('enforced-user');
    const body = assertMfaRequired(gated, { enrolled: false, email: 'enforced-user@idp.example' });
    assert.equal(body.isNewUser, false);
    assert.equal(body.mfaDevices.authenticators.length, 0);
    const enrolled = await enrolAtLogin(server.app, body.mfaToken, ALLOWED_ORIGIN);
    assert.equal(claimsOf(enrolled.json().accessToken).tenantId, tenantId);
  });
});
