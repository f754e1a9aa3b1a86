// Custom login per account in demo mode: the same rules as the server (core/domain/login-alias.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_ADMIN } from './data';
import { createDemoBackend } from './backend';
import { createMemoryStorage } from '../test-support/memoryStorage';

const STRATEGIES = '/identity/resources/configurations/v1/auth/strategies/public';
const SIGN_IN = '/identity/resources/auth/v1/user';
type Body = { accessToken?: string; mfaAuthStrategies?: unknown; errors?: string[]; errorCodes?: string[] };

test("demo mode: an account's sign-in address gives its methods and its session, to members only; an unknown alias is 404", async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = async (method: string, path: string, body: object, token: string | null, alias?: string) => {
    const answer = await backend.handle(method, path, body as Record<string, unknown>, token, {}, alias);
    return answer as { status: number; body: Body & Record<string, unknown> };
  };
  const admin = (await call('POST', SIGN_IN, DEMO_ADMIN, null)).body.accessToken!;
  const saved = await call(
    'PUT',
    '/tenants/resources/account-settings/v1/custom-login',
    { enabled: true, loginAlias: 'demo-co' },
    admin,
  );
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const narrowed = await call(
    'PUT',
    '/identity/resources/configurations/v1/auth/strategies',
    { mainAuthStrategies: [{ strategy: 'Code' }, { strategy: 'EmailAndPassword' }] },
    admin,
  );
  assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));

  const strategies = (body: Body) =>
    (body as { mainAuthStrategies: Array<{ strategy: string }> }).mainAuthStrategies.map((s) => s.strategy);
  assert.ok(strategies((await call('GET', STRATEGIES, {}, null)).body).length > 1);
  assert.deepEqual(strategies((await call('GET', STRATEGIES, {}, null, 'Demo-Co')).body), [
    'Code',
    'EmailAndPassword',
  ]);

  const policy = await call('GET', '/identity/resources/configurations/v1/public', {}, null, 'demo-co');
  assert.equal(policy.body.authStrategy, 'Code');

  const unknown = await call('GET', STRATEGIES, {}, null, 'nobody-here');
  assert.equal(unknown.status, 404);
  assert.deepEqual(unknown.body.errorCodes, ['LOGIN_ALIAS_UNKNOWN']);

  const grace = await call(
    'POST',
    SIGN_IN,
    { email: 'grace@auth-elements.dev', password: 'demo-teammate-password' },
    null,
    'demo-co',
  );
  assert.equal(grace.status, 200, JSON.stringify(grace.body));

  // Someone with an account of their own is refused at Demo Company's address, after the password.
  const signUp = await call(
    'POST',
    '/identity/resources/users/v1/signUp',
    {
      email: 'outsider@example.com',
      password: 'Outsider-pass-2026',
      name: 'Out Sider',
      companyName: 'Elsewhere',
    },
    null,
  );
  assert.equal(signUp.status, 200, JSON.stringify(signUp.body));
  const outsider = { email: 'outsider@example.com', password: 'Outsider-pass-2026' };
  assert.equal((await call('POST', SIGN_IN, outsider, null)).status, 200);
  const refused = await call('POST', SIGN_IN, outsider, null, 'demo-co');
  assert.equal(refused.status, 403, JSON.stringify(refused.body));
  assert.deepEqual(refused.body.errorCodes, ['LOGIN_ALIAS_NOT_MEMBER']);
  const wrong = await call('POST', SIGN_IN, { ...outsider, password: 'not-it-at-all-1' }, null, 'demo-co');
  assert.equal(wrong.status, 401);
});
