// "Nothing there" is 204 for the kit (Prefer: quiet-absence, server/http/quiet-absence.ts): a
// signed-out visitor's refresh, an email without SSO and a silent authorize without a session are
// the same answers as the contract's 401/404, without an error status in the browser's console.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveOptions } from '../config/options';
import { createAuthApi } from './auth';
import { isApiError } from './errors';
import { federatedApi } from './federated';
import { createHttpClient } from './http';
import { createLogger } from './logger';

function clientAnswering(status: number, body = '') {
  const prefer: Array<string | undefined> = [];
  const http = createHttpClient({
    options: resolveOptions({ baseUrl: 'https://auth.example.com' }),
    requestSource: 'login-box',
    getAccessToken: () => undefined,
    transport: async (_url, init) => {
      prefer.push((init.headers as Record<string, string>).prefer);
      return new Response(status === 204 ? null : body, { status });
    },
    logger: createLogger('silent'),
    navigate: () => {},
  });
  return { http, prefer };
}

const noSession = (error: unknown) => isApiError(error) && error.status === 401;

for (const [status, body] of [
  [204, ''],
  [401, '{"errors":["Session expired, please sign in again"]}'],
] as const) {
  test(`refresh and silent authorize without a session (${status}): a 401 ApiError, asked with Prefer: quiet-absence`, async () => {
    const { http, prefer } = clientAnswering(status, body);
    await assert.rejects(createAuthApi(http).refreshToken(), noSession);
    await assert.rejects(federatedApi({ http }).oauthSilent({ client_id: 'c' }), noSession);
    assert.deepEqual(prefer, ['quiet-absence', 'quiet-absence']);
  });
}

test('SSO pre-login for an email without SSO: null for 204 and for 404, asked with Prefer: quiet-absence', async () => {
  for (const status of [204, 404]) {
    const { http, prefer } = clientAnswering(status, status === 404 ? '{"errors":["No SSO"]}' : '');
    assert.equal(await createAuthApi(http).ssoPreLogin('a@example.com'), null);
    assert.deepEqual(prefer, ['quiet-absence']);
  }
});
