// Demo mode's breached-password campaign counts each reset link against the member's sending limit,
// as the server does (core/domain/security-center.ts): a member who already got that many links in
// the window is skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIGN_IN_LIMITS } from '../domain/passwordless';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';

type Answer = { status: number; body: any };
const CAMPAIGN = '/identity/resources/users/v1/passwords/breached/reset/bulk';

test('the campaign skips a breached member whose sending limit is reached', async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (method: string, path: string, body: Record<string, unknown>, token: string | null) =>
    backend.handle(method, path, body, token) as Promise<Answer>;
  const token = (await call('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)).body
    .accessToken as string;
  assert.deepEqual((await call('POST', CAMPAIGN, {}, token)).body, { sent: 1, skipped: 0 });
  // The breached sample member asks for reset links until the window's limit.
  for (let i = 1; i < SIGN_IN_LIMITS.sendsPerEmail; i += 1)
    await call(
      'POST',
      '/identity/resources/users/v1/passwords/reset',
      { email: 'alan@auth-elements.dev' },
      null,
    );
  assert.deepEqual((await call('POST', CAMPAIGN, {}, token)).body, { sent: 0, skipped: 1 });
});
