// The kit's sign-in calls on the client SDK's (@frontegg/rest-api 3.1.18) paths and bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveOptions } from '../config/options';
import { createHttpClient } from './http';
import { createLogger } from './logger';
import { createPasswordlessApi } from './passwordless';
import { createProfileApi } from './profile';

function recordingHttp(seen: Array<{ method: string; url: string; body: unknown; credentials?: string }>) {
  return createHttpClient({
    options: resolveOptions({ baseUrl: 'https://auth.example.com' }),
    requestSource: 'login-box',
    getAccessToken: () => 'token',
    transport: async (url, init) => {
      seen.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(init.body as string) : undefined,
        credentials: init.credentials,
      });
      return new Response('{}', { status: 200 });
    },
    logger: createLogger('silent'),
    navigate: () => {},
  });
}

test('passwordless: lower-case types in the path, post-login body { token } (plus the email for a code)', async () => {
  const seen: Array<{ method: string; url: string; body: unknown; credentials?: string }> = [];
  const api = createPasswordlessApi(recordingHttp(seen));
  await api.preLogin('SmsCode', 'a@example.com');
  await api.postLogin('Code', { email: 'a@example.com', token: '123456' });
  await api.postLogin('MagicLink', { token: 'link-token' });
  const base = 'https://auth.example.com/frontegg/identity/resources/auth/v1/passwordless';
  assert.deepEqual(seen, [
    {
      method: 'POST',
      url: `${base}/smscode/prelogin`,
      body: { email: 'a@example.com' },
      credentials: 'include',
    },
    {
      method: 'POST',
      url: `${base}/code/postlogin`,
      body: { email: 'a@example.com', token: '123456' },
      credentials: 'include',
    },
    {
      method: 'POST',
      url: `${base}/magiclink/postlogin`,
      body: { token: 'link-token' },
      credentials: 'include',
    },
  ]);
});

test('password change: POST /users/v1/passwords/change { password, newPassword }', async () => {
  const seen: Array<{ method: string; url: string; body: unknown; credentials?: string }> = [];
  await createProfileApi(recordingHttp(seen)).changePassword('old-password-1', 'new-password-2');
  assert.equal(seen[0]!.method, 'POST');
  assert.equal(
    seen[0]!.url,
    'https://auth.example.com/frontegg/identity/resources/users/v1/passwords/change',
  );
  assert.deepEqual(seen[0]!.body, { password: 'old-password-1', newPassword: 'new-password-2' });
});
