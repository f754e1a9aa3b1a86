/**
 * Tenant SSO over OpenID Connect against a real provider (`oidc-provider`) on localhost: pre-login
 * by email domain, the start with PKCE, the post-login exchange, just-in-time users with the
 * connection's default roles, and refusals; the second factor after an SSO sign-in (the session
 * opens in the connection's tenant).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authorizeAtIdp, startOidcIdp, type RunningIdp } from '../../test/idp/oidc';
import type { BuiltServer } from '../app';
import { SEED_TENANT_ID } from '../seed';
import { addMembership, createTenant } from '../storage/tenants';
import { ALLOWED_ORIGIN, ME, bearer, refreshCookieOf, startTestServer } from '../../test/support/server';
import {
  AUTH_MFA,
  assertMfaRequired,
  claimsOf,
  enrolAtLogin,
  enrolAuthenticator,
  totp,
} from '../../test/support/federated-mfa';

const CALLBACK = 'http://app.test/account/oidc/callback';
const ISSUER = 'http://auth.test';
const PRELOGIN = '/frontegg/identity/resources/auth/v2/user/sso/prelogin';
const POSTLOGIN = '/frontegg/identity/resources/auth/v2/user/oidc/postlogin';

let idp: RunningIdp;
let server: BuiltServer;

before(async () => {
  idp = await startOidcIdp({
    port: 0,
    clients: [{ client_id: 'tenant-app', client_secret: 'tenant-secret', redirect_uris: [CALLBACK] }],
    accounts: {
      olivia: { email: 'olivia@acme-sso.test', name: 'Olivia OIDC' },
      outsider: { email: 'mallory@elsewhere.test' },
      otto: { email: 'otto@acme-sso.test', name: 'Otto' },
      nina: { email: 'nina@acme-sso.test', name: 'Nina' },
    },
  });
  server = await startTestServer({
    issuer: ISSUER,
    allowInsecureIdentityProviders: true,
    ssoConnections: [
      {
        key: 'acme-oidc',
        tenantId: SEED_TENANT_ID,
        protocol: 'oidc',
        domains: ['acme-sso.test'],
        issuer: idp.issuer,
        clientId: 'tenant-app',
        clientSecret: 'tenant-secret',
        redirectUris: [CALLBACK],
        defaultRoles: ['Viewer'],
      },
    ],
  });
});
after(async () => {
  await server.close();
  await idp.close();
});

/** Pre-login, the kit's redirect_uri, the start (cookie), the user at the provider: the callback address and the start cookie. */
async function signInAtIdp(login: string) {
  const pre = await server.app.inject({
    method: 'POST',
    url: PRELOGIN,
    payload: { email: `${login}@acme-sso.test` },
  });
  assert.equal(pre.statusCode, 200, pre.body);
  assert.equal(pre.json().idpType, 'oidc');
  const start = new URL(pre.json().address);
  assert.equal(start.origin, ISSUER);
  start.searchParams.set('redirect_uri', CALLBACK);
  const started = await server.app.inject({ url: start.pathname + start.search });
  assert.equal(started.statusCode, 302, started.body);
  const cookie = started.headers['set-cookie'] as string | string[] | undefined;
  const line = (Array.isArray(cookie) ? cookie : [cookie ?? '']).find((c) => c.startsWith('ae_sso='))!;
  assert.match(line, /HttpOnly/);
  const authorization = new URL(started.headers.location as string);
  assert.equal(authorization.origin, idp.issuer);
  assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(authorization.searchParams.get('nonce'));
  const back = await authorizeAtIdp(authorization.toString(), login);
  return { back, binding: line.split(';')[0]! };
}

function postLogin(body: Record<string, string>, cookie?: string) {
  return server.app.inject({
    method: 'POST',
    url: POSTLOGIN,
    headers: { origin: ALLOWED_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

describe('OIDC SSO', () => {
  it('pre-login answers the start address for the domain only', async () => {
    const other = await server.app.inject({
      method: 'POST',
      url: PRELOGIN,
      payload: { email: 'someone@example.com' },
    });
    assert.equal(other.statusCode, 404);
  });

  it('a new person of the domain: created just in time in the tenant with the default roles, signed in', async () => {
    const { back, binding } = await signInAtIdp('olivia');
    assert.equal(back.origin + back.pathname, CALLBACK);
    const res = await postLogin(
      {
        code: back.searchParams.get('code')!,
        redirectUri: CALLBACK,
        RelayState: back.searchParams.get('state')!,
      },
      binding,
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(refreshCookieOf(res));
    const me = (await server.app.inject({ url: ME, headers: bearer(res.json().accessToken) })).json();
    assert.equal(me.email, 'olivia@acme-sso.test');
    assert.equal(me.name, 'Olivia OIDC');
    assert.equal(me.provider, 'oidc', 'stored with the SSO protocol it signed up with');
    assert.equal(me.tenantId, SEED_TENANT_ID);
    assert.deepEqual(
      me.roles.map((r: { key: string }) => r.key),
      ['Viewer'],
    );
  });

  it('a reused state, a callback in another browser, another redirect URI, a wrong code: "Failed to authenticate", no session', async () => {
    const first = await signInAtIdp('olivia');
    const body = {
      code: first.back.searchParams.get('code')!,
      redirectUri: CALLBACK,
      RelayState: first.back.searchParams.get('state')!,
    };
    const otherBrowser = await postLogin(body);
    assert.equal(otherBrowser.statusCode, 401);
    assert.deepEqual(otherBrowser.json().errors, ['Failed to authenticate']);
    // The state was spent by that attempt: even the right browser cannot use it now.
    assert.equal((await postLogin(body, first.binding)).statusCode, 401);

    const second = await signInAtIdp('olivia');
    const wrongRedirect = await postLogin(
      {
        code: second.back.searchParams.get('code')!,
        redirectUri: 'http://app.test/elsewhere',
        RelayState: second.back.searchParams.get('state')!,
      },
      second.binding,
    );
    assert.equal(wrongRedirect.statusCode, 401);

    const third = await signInAtIdp('olivia');
    const wrongCode = await postLogin(
      { code: 'not-the-code', redirectUri: CALLBACK, RelayState: third.back.searchParams.get('state')! },
      third.binding,
    );
    assert.equal(wrongCode.statusCode, 401);
    for (const res of [otherBrowser, wrongRedirect, wrongCode]) assert.equal(refreshCookieOf(res), undefined);
  });

  it("an email outside the connection's domains is refused (the IdP cannot speak for other domains)", async () => {
    const { back, binding } = await signInAtIdp('outsider');
    const res = await postLogin(
      {
        code: back.searchParams.get('code')!,
        redirectUri: CALLBACK,
        RelayState: back.searchParams.get('state')!,
      },
      binding,
    );
    assert.equal(res.statusCode, 401);
  });

  it('the start refuses an unregistered redirect_uri or an unknown connection with a page, never a redirect', async () => {
    const bad = await server.app.inject({
      url: `/frontegg/identity/resources/auth/v1/sso/oidc/acme-oidc/start?redirect_uri=${encodeURIComponent('http://evil.test/cb')}`,
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.headers.location, undefined);
    const unknown = await server.app.inject({
      url: `/frontegg/identity/resources/auth/v1/sso/oidc/nobody/start?redirect_uri=${encodeURIComponent(CALLBACK)}`,
    });
    assert.equal(unknown.statusCode, 400);
  });

  it('malformed post-login bodies: 400 with an errors list', async () => {
    for (const payload of [
      {},
      { code: 'x', redirectUri: CALLBACK },
      { code: 'x', redirectUri: CALLBACK, RelayState: 's', extra: 1 },
      { code: 5, redirectUri: CALLBACK, RelayState: 's' },
      // The state once: RelayState (v2) or state (the client SDK's v1 body), not both.
      { code: 'x', redirectUri: CALLBACK, RelayState: 's', state: 's' },
    ]) {
      const res = await postLogin(payload as Record<string, string>);
      assert.equal(res.statusCode, 400);
      assert.ok(Array.isArray(res.json().errors));
    }
  });
});

describe('OIDC SSO and the second factor', () => {
  async function ssoSignIn(login: string) {
    const { back, binding } = await signInAtIdp(login);
    return postLogin(
      {
        code: back.searchParams.get('code')!,
        redirectUri: CALLBACK,
        RelayState: back.searchParams.get('state')!,
      },
      binding,
    );
  }

  it("a user with an authenticator app gets mfaRequired and no cookie; a real TOTP opens the session in the connection's tenant, not their active one", async () => {
    const first = await ssoSignIn('otto');
    assert.equal(first.statusCode, 200, first.body);
    const userId = claimsOf(first.json().accessToken).sub;
    const secret = await enrolAuthenticator(server.app, first.json().accessToken);
    // Otto also belongs to an account of his own, and that is his active one.
    const other = await createTenant(server.db, {
      vendorId: (
        await server.db.query<{ vendor_id: string }>('SELECT vendor_id FROM tenants WHERE id = $1', [
          SEED_TENANT_ID,
        ])
      ).rows[0]!.vendor_id,
      name: "Otto's own",
    });
    await addMembership(server.db, { userId, tenantId: other.id, roleKeys: ['Admin'] });
    await server.db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [userId, other.id]);

    const gated = await ssoSignIn('otto');
    const body = assertMfaRequired(gated, { enrolled: true, email: 'otto@acme-sso.test' });
    const verified = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      headers: { origin: ALLOWED_ORIGIN },
      payload: { mfaToken: body.mfaToken, value: await totp(secret) },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.ok(refreshCookieOf(verified));
    assert.equal(claimsOf(verified.json().accessToken).tenantId, SEED_TENANT_ID);
    const me = (await server.app.inject({ url: ME, headers: bearer(verified.json().accessToken) })).json();
    assert.equal(me.tenantId, SEED_TENANT_ID);
  });

  it("the connection's tenant enforces MFA: a new person is created, then sent to forced enrolment, then signed in to that tenant", async () => {
    await server.db.query(
      'INSERT INTO tenant_mfa_policies (tenant_id, enforce) VALUES ($1, true) ON CONFLICT (tenant_id) DO UPDATE SET enforce = true',
      [SEED_TENANT_ID],
    );
    try {
      const gated = await ssoSignIn('nina');
      const body = assertMfaRequired(gated, { enrolled: false, email: 'nina@acme-sso.test' });
      assert.equal(body.mfaDevices.authenticators.length, 0);
      const enrolled = await enrolAtLogin(server.app, body.mfaToken, ALLOWED_ORIGIN);
      assert.equal(claimsOf(enrolled.json().accessToken).tenantId, SEED_TENANT_ID);
      const me = (await server.app.inject({ url: ME, headers: bearer(enrolled.json().accessToken) })).json();
      assert.deepEqual(
        me.roles.map((r: { key: string }) => r.key),
        ['Viewer'],
      );
    } finally {
      await server.db.query('DELETE FROM tenant_mfa_policies WHERE tenant_id = $1', [SEED_TENANT_ID]);
    }
  });
});
