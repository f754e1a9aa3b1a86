/**
 * "Nothing there" as 204 for a caller that sends `Prefer: quiet-absence` (server/http/quiet-absence.ts,
 * issue 24 §3.5): a refresh without a session, a silent authorize without a session, an SSO
 * pre-login for a domain without SSO. Without the preference the contract's 401 and 404 stay.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BuiltServer } from '../app';
import { ALLOWED_ORIGIN, API, REFRESH, startTestServer } from '../../test/support/server';

const QUIET = { prefer: 'quiet-absence' };

describe('Prefer: quiet-absence', () => {
  let server: BuiltServer;
  before(async () => {
    server = await startTestServer({
      oauthClients: [{ clientId: 'quiet-app', redirectUris: [`${ALLOWED_ORIGIN}/callback`] }],
    });
  });
  after(() => server.close());

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { origin: ALLOWED_ORIGIN, ...headers },
      ...(payload ? { payload } : {}),
    });

  for (const [name, url, payload, status] of [
    ['refresh without a session', REFRESH, undefined, 401],
    ['refresh with an unknown cookie', REFRESH, undefined, 401],
    [
      'SSO pre-login (v2) for a domain without SSO',
      `${API}/auth/v2/user/sso/prelogin`,
      { email: 'a@no-sso.example' },
      404,
    ],
    [
      'SSO pre-login (v1) for a domain without SSO',
      `${API}/auth/v1/user/saml/prelogin`,
      { email: 'a@no-sso.example' },
      404,
    ],
    [
      'silent authorize without a session',
      '/frontegg/oauth/authorize/silent',
      { client_id: 'quiet-app' },
      401,
    ],
  ] as const) {
    it(`${name}: 204 when asked, ${status} otherwise`, async () => {
      const cookie: Record<string, string> = name.includes('unknown cookie')
        ? { cookie: `ae_refresh=${'x'.repeat(43)}` }
        : {};
      const quiet = await post(url, { ...QUIET, ...cookie }, payload);
      assert.equal(quiet.statusCode, 204, quiet.body);
      assert.equal(quiet.headers['preference-applied'], 'quiet-absence');
      assert.equal(quiet.body, '');
      const contract = await post(url, { prefer: 'respond-async, wait=5', ...cookie }, payload);
      assert.equal(contract.statusCode, status);
      assert.equal(contract.headers['preference-applied'], undefined);
    });
  }
});
