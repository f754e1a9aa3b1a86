/**
 * Tenant SSO over SAML against an identity provider built with another SAML library (`samlify`,
 * test/idp/saml.ts): pre-login by email domain, the AuthnRequest, the assertion consumer service's
 * checks (signature, audience, recipient, destination, time window, InResponseTo, replay,
 * RelayState, domains), the single-use code bound to the starting browser, just-in-time users.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startSamlIdp, type ResponseOverrides, type RunningSamlIdp } from '../../test/idp/saml';
import type { BuiltServer } from '../app';
import { SEED_TENANT_ID } from '../seed';
import {
  ALLOWED_ORIGIN,
  ME,
  bearer,
  refresh,
  refreshCookieOf,
  startTestServer,
} from '../../test/support/server';
import {
  AUTH_MFA,
  assertMfaRequired,
  claimsOf,
  enrolAuthenticator,
  totp,
} from '../../test/support/federated-mfa';

const ISSUER = 'http://auth.test';
const CALLBACK = 'http://app.test/account/saml/callback';
const OTHER_CALLBACK = 'http://admin.app.test/account/saml/callback';
const SSO = '/frontegg/identity/resources/auth/v1/sso/saml/acme-saml';
const ENTITY_ID = `${ISSUER}${SSO}/metadata`;
const ACS = `${ISSUER}${SSO}/acs`;
const POSTLOGIN = '/frontegg/identity/resources/auth/v1/user/saml/postlogin';

// A second connection whose IdP requires signed AuthnRequests (test-only service provider key).
const SIGNED_SSO = '/frontegg/identity/resources/auth/v1/sso/saml/acme-signed';
const SP_KEY = readFileSync(new URL('../../test/idp/saml-keys/sp.key', import.meta.url), 'utf8');
const SP_CERT = readFileSync(new URL('../../test/idp/saml-keys/sp.crt', import.meta.url), 'utf8');

let idp: RunningSamlIdp;
let signedIdp: RunningSamlIdp;
let server: BuiltServer;

before(async () => {
  idp = await startSamlIdp({
    port: 0,
    sp: { entityId: ENTITY_ID, acsUrl: ACS },
    accounts: {
      sam: { email: 'sam@acme-saml.test', name: 'Sam SAML' },
      outsider: { email: 'mallory@elsewhere.test' },
      tess: { email: 'tess@acme-saml.test', name: 'Tess TOTP' },
    },
  });
  signedIdp = await startSamlIdp({
    port: 0,
    sp: {
      entityId: `${ISSUER}${SIGNED_SSO}/metadata`,
      acsUrl: `${ISSUER}${SIGNED_SSO}/acs`,
      signingCertificate: SP_CERT,
    },
    accounts: { sig: { email: 'sig@signed-saml.test', name: 'Sig Signed' } },
  });
  server = await startTestServer({
    issuer: ISSUER,
    samlSigning: { privateKey: SP_KEY, certificate: SP_CERT },
    ssoConnections: [
      {
        key: 'acme-saml',
        tenantId: SEED_TENANT_ID,
        protocol: 'saml',
        domains: ['acme-saml.test'],
        entryPoint: idp.ssoUrl,
        idpIssuer: idp.entityId,
        idpCertificates: [idp.certificate],
        callbackUrls: [CALLBACK, OTHER_CALLBACK],
        defaultRoles: ['Viewer'],
      },
      {
        key: 'acme-signed',
        tenantId: SEED_TENANT_ID,
        protocol: 'saml',
        domains: ['signed-saml.test'],
        entryPoint: signedIdp.ssoUrl,
        idpIssuer: signedIdp.entityId,
        idpCertificates: [signedIdp.certificate],
        callbackUrls: [CALLBACK],
        signRequests: true,
      },
    ],
  });
});
after(async () => {
  await server.close();
  await idp.close();
  await signedIdp.close();
});

/** The server's start: the AuthnRequest address at the IdP and the starting browser's cookie. */
async function start(query = '', sso = SSO) {
  const started = await server.app.inject({ url: `${sso}/start${query}` });
  assert.equal(started.statusCode, 302, started.body);
  const cookies = started.headers['set-cookie'] as string | string[] | undefined;
  const line = (Array.isArray(cookies) ? cookies : [cookies ?? '']).find((c) => c.startsWith('ae_saml='))!;
  assert.match(line, /HttpOnly/);
  return { authnRequest: started.headers.location as string, binding: line.split(';')[0]! };
}

/** Posts a response to the ACS as the browser would (a form): where the browser is sent next. */
async function postToAcs(form: { SAMLResponse: string; RelayState: string }) {
  const res = await server.app.inject({
    method: 'POST',
    url: `${SSO}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1' },
    payload: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).toString(),
  });
  return res;
}

function postLogin(code: string, cookie?: string) {
  return server.app.inject({
    method: 'POST',
    url: POSTLOGIN,
    headers: { origin: ALLOWED_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { code },
  });
}

/** A whole sign-in up to the kit's callback, the IdP's response shaped by `overrides`. */
async function signInAtIdp(login: string, overrides?: ResponseOverrides) {
  const { authnRequest, binding } = await start();
  const response = await idp.respond(authnRequest, login, overrides);
  const acs = await postToAcs(response);
  assert.equal(acs.statusCode, 303, acs.body);
  return { back: new URL(acs.headers.location as string), binding, response };
}

async function assertRefused(overrides: ResponseOverrides, login = 'sam') {
  const { back } = await signInAtIdp(login, overrides);
  assert.equal(back.origin + back.pathname, CALLBACK);
  assert.equal(back.searchParams.get('error'), 'sso_failed');
  assert.equal(back.searchParams.get('code'), null);
}

describe('SAML SSO', () => {
  it('pre-login (v2 and the legacy v1) answers the start address and "saml" for the domain', async () => {
    for (const url of [
      '/frontegg/identity/resources/auth/v2/user/sso/prelogin',
      '/frontegg/identity/resources/auth/v1/user/saml/prelogin',
    ]) {
      const pre = await server.app.inject({ method: 'POST', url, payload: { email: 'Sam@Acme-SAML.test' } });
      assert.equal(pre.statusCode, 200, pre.body);
      assert.deepEqual(pre.json(), { address: `${ISSUER}${SSO}/start`, idpType: 'saml' });
    }
  });

  it("serves the service provider's metadata: entity ID and the HTTP-POST assertion consumer service", async () => {
    const res = await server.app.inject({ url: `${SSO}/metadata` });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /samlmetadata\+xml/);
    assert.ok(res.body.includes(`entityID="${ENTITY_ID}"`));
    assert.ok(res.body.includes(`Location="${ACS}"`));
    assert.equal(
      (await server.app.inject({ url: '/frontegg/identity/resources/auth/v1/sso/saml/nobody/metadata' }))
        .statusCode,
      404,
    );
  });

  it('the AuthnRequest goes to the IdP by redirect, with this connection as issuer and ACS', async () => {
    const { authnRequest } = await start();
    const url = new URL(authnRequest);
    assert.equal(url.origin + url.pathname, idp.ssoUrl);
    assert.ok(url.searchParams.get('SAMLRequest'));
    assert.ok(url.searchParams.get('RelayState'));
  });

  it('a new person of the domain: the ACS sends the browser to the kit with a code; post-login signs in to the tenant with the default roles; refresh keeps the session', async () => {
    const { back, binding } = await signInAtIdp('sam');
    assert.equal(back.origin + back.pathname, CALLBACK);
    const code = back.searchParams.get('code')!;
    assert.ok(code.length >= 40);
    const res = await postLogin(code, binding);
    assert.equal(res.statusCode, 200, res.body);
    const cookie = refreshCookieOf(res);
    assert.ok(cookie);
    const me = (await server.app.inject({ url: ME, headers: bearer(res.json().accessToken) })).json();
    assert.equal(me.email, 'sam@acme-saml.test');
    assert.equal(me.name, 'Sam SAML');
    assert.equal(me.provider, 'saml', 'stored with the SSO protocol it signed up with');
    assert.equal(me.tenantId, SEED_TENANT_ID);
    assert.deepEqual(
      me.roles.map((r: { key: string }) => r.key),
      ['Viewer'],
    );
    const refreshed = await refresh(server.app, cookie);
    assert.equal(refreshed.statusCode, 200, refreshed.body);

    // The second time the same person is found by their SAML identity, not created again.
    const again = await signInAtIdp('sam');
    const second = await postLogin(again.back.searchParams.get('code')!, again.binding);
    assert.equal(second.statusCode, 200);
    const meAgain = (await server.app.inject({ url: ME, headers: bearer(second.json().accessToken) })).json();
    assert.equal(meAgain.id, me.id);
  });

  it("the client SDK's post-login body { RelayState, SAMLResponse }: checked like the ACS, bound to the starting browser, single use", async () => {
    // The page posts what the identity provider posted to it: SAMLResponse and RelayState.
    const post = (payload: { SAMLResponse?: string; RelayState?: string; code?: string }, cookie?: string) =>
      server.app.inject({
        method: 'POST',
        url: POSTLOGIN,
        headers: { origin: ALLOWED_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload:
          'acsUrl' in payload
            ? { SAMLResponse: payload.SAMLResponse, RelayState: payload.RelayState }
            : payload,
      });
    const first = await start();
    const response = await idp.respond(first.authnRequest, 'sam');
    // Another browser (no start cookie) is refused, and that spends the request.
    assert.equal((await post(response)).statusCode, 401);
    const second = await start();
    const fresh = await idp.respond(second.authnRequest, 'sam');
    assert.equal((await post({ ...fresh, RelayState: 'forged' }, second.binding)).statusCode, 401);
    const third = await start();
    const ok = await idp.respond(third.authnRequest, 'sam');
    const res = await post(ok, third.binding);
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().accessToken);
    assert.equal((await post(ok, third.binding)).statusCode, 401, 'a replay is refused');
    for (const payload of [
      {},
      { SAMLResponse: 'x' },
      { RelayState: 'x' },
      { code: 'c', SAMLResponse: 'x', RelayState: 'y' },
    ])
      assert.equal((await post(payload)).statusCode, 400, JSON.stringify(payload));
  });

  it('a registered redirect_uri picks the kit callback; an unregistered one or an unknown connection gets a page, never a redirect', async () => {
    const { authnRequest, binding } = await start(`?redirect_uri=${encodeURIComponent(OTHER_CALLBACK)}`);
    const acs = await postToAcs(await idp.respond(authnRequest, 'sam'));
    const back = new URL(acs.headers.location as string);
    assert.equal(back.origin + back.pathname, OTHER_CALLBACK);
    assert.equal((await postLogin(back.searchParams.get('code')!, binding)).statusCode, 200);

    const bad = await server.app.inject({
      url: `${SSO}/start?redirect_uri=${encodeURIComponent('http://evil.test/cb')}`,
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.headers.location, undefined);
    const unknown = await server.app.inject({
      url: '/frontegg/identity/resources/auth/v1/sso/saml/nobody/start',
    });
    assert.equal(unknown.statusCode, 400);
  });

  it('the code: single use, only in the browser that started, unknown codes refused — "Failed to authenticate", no session', async () => {
    const first = await signInAtIdp('sam');
    const code = first.back.searchParams.get('code')!;
    const otherBrowser = await postLogin(code);
    assert.equal(otherBrowser.statusCode, 401);
    assert.deepEqual(otherBrowser.json().errors, ['Failed to authenticate']);
    // Spent by that attempt: even the right browser cannot use it now.
    const reused = await postLogin(code, first.binding);
    assert.equal(reused.statusCode, 401);
    const forged = await postLogin('not-a-code', first.binding);
    assert.equal(forged.statusCode, 401);
    for (const res of [otherBrowser, reused, forged]) assert.equal(refreshCookieOf(res), undefined);
  });

  it('a replayed response is refused: the same SAMLResponse posted twice signs in once', async () => {
    const { back, response } = await signInAtIdp('sam');
    assert.ok(back.searchParams.get('code'));
    const replay = await postToAcs(response);
    assert.equal(replay.statusCode, 303);
    assert.equal(new URL(replay.headers.location as string).searchParams.get('error'), 'sso_failed');
  });

  it('an assertion accepted once is refused in the answer to another request', async () => {
    const assertionId = `_reused-${Date.now()}`;
    const first = await signInAtIdp('sam', { assertionId });
    assert.ok(first.back.searchParams.get('code'));
    await assertRefused({ assertionId });
  });

  it('a tampered assertion (the email changed after signing) is refused', async () => {
    await assertRefused({ tamper: (xml) => xml.replace(/sam@acme-saml\.test/g, 'admin@acme-saml.test') });
  });

  it('an expired or not-yet-valid assertion is refused', async () => {
    await assertRefused({ notOnOrAfter: new Date(Date.now() - 10 * 60_000) });
    await assertRefused({ notBefore: new Date(Date.now() + 10 * 60_000) });
  });

  it('an assertion for another audience, recipient or destination is refused', async () => {
    await assertRefused({ audience: 'http://other-sp.test/metadata' });
    await assertRefused({ recipient: 'http://other-sp.test/acs' });
    await assertRefused({ destination: 'http://other-sp.test/acs' });
  });

  it('an assertion signed with another key, or issued by another entity, is refused', async () => {
    await assertRefused({ signer: 'impostor' });
    await assertRefused({ issuer: 'http://impostor.test/metadata' });
  });

  it('an unsolicited response (no InResponseTo) or one answering an unknown request is refused', async () => {
    await assertRefused({ inResponseTo: null });
    await assertRefused({ inResponseTo: '_never-sent' });
  });

  it("a RelayState that is not the request's is refused", async () => {
    const { authnRequest } = await start();
    const response = await idp.respond(authnRequest, 'sam');
    const acs = await postToAcs({ ...response, RelayState: 'forged' });
    assert.equal(new URL(acs.headers.location as string).searchParams.get('error'), 'sso_failed');
  });

  it("an email outside the connection's domains is refused (the IdP cannot speak for other domains)", async () => {
    await assertRefused({}, 'outsider');
  });

  it('bad ACS input: 400 with an errors list for a malformed body, the error redirect for a response that is not SAML, never a 500', async () => {
    for (const payload of ['', 'RelayState=x', 'SAMLResponse=a&SAMLResponse=b', 'SAMLResponse=a&extra=1']) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${SSO}/acs`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      assert.equal(res.statusCode, 400, payload);
      assert.ok(Array.isArray(res.json().errors));
    }
    for (const SAMLResponse of [
      'not base64 at all!',
      Buffer.from('<not-saml/>').toString('base64'),
      Buffer.from('<<<').toString('base64'),
    ]) {
      const res = await postToAcs({ SAMLResponse, RelayState: 'x' });
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(new URL(res.headers.location as string).searchParams.get('error'), 'sso_failed');
    }
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/auth/v1/sso/saml/nobody/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=x',
    });
    assert.equal(unknown.statusCode, 400);
  });

  it('signed AuthnRequests (signRequests): RSA-SHA256 over the redirect query, verified by the IdP with the published certificate; a changed request fails its check', async () => {
    const metadata = await server.app.inject({ url: `${SIGNED_SSO}/metadata` });
    assert.match(metadata.body, /AuthnRequestsSigned="true"/);
    const certBody = SP_CERT.replace(/-----[A-Z ]+-----|\s/g, '');
    assert.ok(
      metadata.body.replace(/\s/g, '').includes(certBody),
      'the metadata carries the signing certificate',
    );
    assert.doesNotMatch(
      (await server.app.inject({ url: `${SSO}/metadata` })).body,
      /AuthnRequestsSigned="true"/,
    );

    const { authnRequest, binding } = await start('', SIGNED_SSO);
    const url = new URL(authnRequest);
    assert.equal(url.searchParams.get('SigAlg'), 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    assert.ok(url.searchParams.get('Signature'));
    const response = await signedIdp.respond(authnRequest, 'sig');
    const acs = await server.app.inject({
      method: 'POST',
      url: `${SIGNED_SSO}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse: response.SAMLResponse,
        RelayState: response.RelayState,
      }).toString(),
    });
    const back = new URL(acs.headers.location as string);
    const res = await postLogin(back.searchParams.get('code')!, binding);
    assert.equal(res.statusCode, 200, res.body);

    // The same request with another RelayState: the signature no longer matches, the IdP refuses it.
    const tampered = new URL((await start('', SIGNED_SSO)).authnRequest);
    tampered.searchParams.set('RelayState', 'changed');
    await assert.rejects(signedIdp.respond(tampered.toString(), 'sig'));
    // And a request without a signature is refused by this IdP too.
    await assert.rejects(signedIdp.respond((await start()).authnRequest, 'sig'));
  });

  it("a connection that signs its requests needs the server's SAML key: the server does not start without it", async () => {
    await assert.rejects(
      startTestServer({
        issuer: ISSUER,
        ssoConnections: [
          {
            key: 'no-key',
            tenantId: SEED_TENANT_ID,
            protocol: 'saml',
            domains: ['no-key.test'],
            entryPoint: 'http://idp.test/sso',
            idpCertificates: [idp.certificate],
            callbackUrls: [CALLBACK],
            signRequests: true,
          },
        ],
      }),
      /SAML_SP_PRIVATE_KEY/,
    );
  });

  it('malformed post-login bodies: 400 with an errors list', async () => {
    for (const payload of [{}, { code: 5 }, { code: '' }, { code: 'x', extra: 1 }]) {
      const res = await server.app.inject({
        method: 'POST',
        url: POSTLOGIN,
        headers: { origin: ALLOWED_ORIGIN },
        payload,
      });
      assert.equal(res.statusCode, 400);
      assert.ok(Array.isArray(res.json().errors));
    }
  });
});

describe('SAML SSO and the second factor', () => {
  it("a user with an authenticator app gets mfaRequired and no cookie; a real TOTP opens the session in the connection's tenant", async () => {
    const first = await signInAtIdp('tess');
    const signedIn = await postLogin(first.back.searchParams.get('code')!, first.binding);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const secret = await enrolAuthenticator(server.app, signedIn.json().accessToken);

    const again = await signInAtIdp('tess');
    const gated = await postLogin(again.back.searchParams.get('code')!, again.binding);
    const body = assertMfaRequired(gated, { enrolled: true, email: 'tess@acme-saml.test' });
    const verified = await server.app.inject({
      method: 'POST',
      url: `${AUTH_MFA}/verify`,
      headers: { origin: ALLOWED_ORIGIN },
      payload: { mfaToken: body.mfaToken, value: await totp(secret) },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.ok(refreshCookieOf(verified));
    assert.equal(claimsOf(verified.json().accessToken).tenantId, SEED_TENANT_ID);
  });
});
