/**
 * The WebAuthn relying party (issue 24 §3.1): browsers refuse an IP address as `rp.id`, and accept
 * only the page's own domain (or a parent). Development mode without WEBAUTHN_RP_ID takes it from
 * the calling page, so the demo pages work at http://localhost:8080 although APP_URL says
 * 127.0.0.1; configured, it stays fixed whatever the caller says.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { SoftAuthenticator } from '../../test/interop/authenticator';
import { API, bearer, login, startTestServer } from '../../test/support/server';

const DEVICES = `${API}/users/webauthn/v1/devices`;
const LOCALHOST = 'http://localhost:8080';
const LOOPBACK = 'http://127.0.0.1:8080';

async function serverWith(webauthn: { rpIdFromRequest?: boolean; rpId?: string }) {
  const server = await startTestServer({
    appUrl: LOOPBACK,
    corsOrigins: [LOCALHOST, LOOPBACK],
    webauthn,
  });
  await server.db.query('UPDATE vendors SET passkeys_enabled = true');
  return server;
}

const call = (server: BuiltServer, url: string, headers: Record<string, string>, payload: object = {}) =>
  server.app.inject({ method: 'POST', url, headers, payload });

describe('development mode: the relying party is the calling page', () => {
  let server: BuiltServer;
  before(async () => {
    server = await serverWith({ rpIdFromRequest: true });
  });
  after(() => server.close());

  it('a page at http://localhost registers a passkey for "localhost" and signs in with it', async () => {
    const { accessToken } = await login(server.app);
    const headers = { origin: LOCALHOST, ...bearer(accessToken) };
    const options = (await call(server, DEVICES, headers)).json();
    assert.equal(options.rp.id, 'localhost');
    const key = new SoftAuthenticator('localhost', LOCALHOST);
    const registration = key.register(options);
    const verified = await call(server, `${DEVICES}/verify`, headers, {
      id: registration.id,
      response: registration.response,
      deviceType: 'platform',
    });
    assert.equal(verified.statusCode, 200, verified.body);

    const pre = (await call(server, `${API}/auth/v1/webauthn/prelogin`, { origin: LOCALHOST })).json();
    assert.equal(pre.rpId, 'localhost');
    const signedIn = await call(
      server,
      `${API}/auth/v2/webauthn/postlogin`,
      { origin: LOCALHOST },
      key.assert(pre.challenge),
    );
    assert.equal(signedIn.statusCode, 200, signedIn.body);
  });

  it('without an allowed Origin, the Host the call came to names it', async () => {
    const { accessToken } = await login(server.app);
    const res = await call(server, DEVICES, {
      origin: 'http://elsewhere.example',
      host: 'dev.example.test:8080',
      ...bearer(accessToken),
    });
    assert.equal(res.json().rp.id, 'dev.example.test');
  });
});

describe('configured: the relying party is fixed', () => {
  // (Without either option it is APP_URL's host name: the e2e suite and the interop suite run so.)
  it('WEBAUTHN_RP_ID wins over development mode, whatever page calls', async () => {
    const server = await serverWith({ rpId: 'auth.example.com', rpIdFromRequest: true });
    try {
      const { accessToken } = await login(server.app);
      const res = await call(server, DEVICES, { origin: LOCALHOST, ...bearer(accessToken) });
      assert.equal(res.json().rp.id, 'auth.example.com');
    } finally {
      await server.close();
    }
  });
});
