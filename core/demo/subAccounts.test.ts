// Custom login per account in demo mode follows the feature flag, as on the server
// (core/domain/sub-account-handlers.ts): off in the demo's settings, the tab's calls are refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_ADMIN, seedDemoDatabase } from './data';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { withDemoFlags } from '../test-support/demoFlags';

const CUSTOM_LOGIN = '/tenants/resources/account-settings/v1/custom-login';

test('demo mode: custom login per account is refused while admin_portal_login_per_tenant is off', async () => {
  const storage = createMemoryStorage();
  const db = seedDemoDatabase();
  withDemoFlags(db, { admin_portal_login_per_tenant: false });
  storage.setItem(STORAGE_KEY, JSON.stringify(db));
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const signedIn = await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  const token = (signedIn.body as { accessToken: string }).accessToken;
  for (const [method, body] of [
    ['GET', {}],
    ['PUT', { enabled: true, loginAlias: 'demo-co' }],
  ] as const) {
    const answer = await backend.handle(method, CUSTOM_LOGIN, body, token);
    assert.deepEqual(
      [answer.status, (answer.body as { errorCodes: string[] }).errorCodes],
      [403, ['CUSTOM_LOGIN_DISABLED']],
      method,
    );
  }
});
