// Hosted login's token endpoint in demo mode answers an unknown grant as the server does
// (server/routes/oauth.test.ts "an unknown grant_type"), and its tokens carry the server's claims
// (core/domain/session-tokens.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeAccessToken } from '../jwt';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, seedDemoDatabase, type DemoDatabase } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { demoUserRow } from '../test-support/demoUsers';

test('demo mode: an unknown grant_type is unsupported_grant_type naming both grants', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const answer = await backend.handle(
    'POST',
    '/oauth/token',
    { grant_type: 'password', client_id: 'rp' },
    null,
  );
  assert.deepEqual(answer, {
    status: 400,
    body: {
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be authorization_code or refresh_token',
      errors: ['grant_type must be authorization_code or refresh_token'],
      errorCodes: ['FIELD_TYPE'],
    },
  });
});

test("demo mode: hosted login's tokens say what the server's say (the session, the claims by scope)", async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const login = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  const access = decodeAccessToken((login.body as { accessToken: string }).accessToken);
  const session = (JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase).session!;
  assert.equal(access.sid, session.id, 'the access token names its session');
  const silent = await backend.handle(
    'POST',
    '/oauth/authorize/silent',
    { client_id: 'rp', nonce: 'n-1' },
    null,
  );
  const body = silent.body as Record<string, string>;
  assert.deepEqual(Object.keys(body), ['access_token', 'token_type', 'expires_in', 'id_token']);
  const idToken = decodeAccessToken(body.id_token!);
  assert.deepEqual(
    [idToken.sid, idToken.nonce, idToken.aud, idToken.email, idToken.email_verified, idToken.tenantId],
    [session.id, 'n-1', 'rp', DEMO_ADMIN.email, true, access.tenantId],
  );
  assert.equal(typeof idToken.auth_time, 'number');
  const refreshToken = (JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase).session!.refreshToken;
  const grant = { grant_type: 'refresh_token', client_id: 'rp', refresh_token: refreshToken };
  const refreshed = (await backend.handle('POST', '/oauth/token', grant, null)).body as Record<
    string,
    string
  >;
  const keys = ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope', 'id_token'];
  assert.deepEqual(Object.keys(refreshed), keys);
  assert.equal(refreshed.scope, 'openid email profile');
});

test('demo mode: a name in any script signs in (the token is UTF-8, as a JWT is)', async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const db = seedDemoDatabase();
  demoUserRow(db, DEMO_ADMIN.email).name = '王小明 Zoë';
  storage.setItem(STORAGE_KEY, JSON.stringify(db));
  const login = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  assert.equal(decodeAccessToken((login.body as { accessToken: string }).accessToken).name, '王小明 Zoë');
});
