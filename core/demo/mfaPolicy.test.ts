// Demo mode's MFA gate reads the MFA policy the account saved on its security page, as the server's
// (server/http/sso-sign-in.ts): a SAML first factor passes a policy of ForceExceptSAML, and is asked
// for a second factor under Force. The password sign-in's case runs on both backends
// (test/contract/mfa-rules.contract.test.ts); the server's SAML sign-in needs an IdP, so this one is
// the demo's alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend } from './backend';
import { DEMO_ADMIN } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';

type Answer = { status: number; body: any };
const POLICY = '/identity/resources/configurations/v1/mfa-policy';
const SAML = '/identity/resources/auth/v1/user/saml/postlogin';

test("demo mode: a SAML sign-in passes the account's ForceExceptSAML, and is asked under Force", async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (method: string, path: string, body: Record<string, unknown>, token: string | null) =>
    backend.handle(method, path, body, token) as Promise<Answer>;
  const login = await call('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null);
  const token = login.body.accessToken as string;
  const saved = await call('POST', POLICY, { enforceMFAType: 'ForceExceptSAML' }, token);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const passed = await call('POST', SAML, { code: 'demo-saml-code' }, null);
  assert.equal(passed.status, 200, JSON.stringify(passed.body));
  assert.equal(typeof passed.body.accessToken, 'string');
  assert.notEqual(passed.body.mfaRequired, true);
  await call('PATCH', POLICY, { id: saved.body.id, enforceMFAType: 'Force' }, token);
  const asked = await call('POST', SAML, { code: 'demo-saml-code' }, null);
  assert.deepEqual([asked.status, asked.body.mfaRequired, asked.body.mfaEnrolled], [200, true, false]);
});
