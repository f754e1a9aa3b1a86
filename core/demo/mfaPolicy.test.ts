// Demo mode's MFA gate reads the MFA policy the account saved on its security page, as the server's
// (server/http/sso-sign-in.ts): a SAML first factor passes a policy of ForceExceptSAML, and is asked
// for a second factor under Force; a sign-in at an account's address (its login alias) reads that
// account's policy and, after the second factor, opens there. The password sign-in's case runs on
// both backends (test/contract/mfa-rules.contract.test.ts); these need an IdP or a second account
// on the server, so they are the demo's alone.
import { MFA_POLICIES } from '../domain/security-policy-tables';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generate } from 'otplib';
import { decodeAccessToken } from '../jwt';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, seedDemoDatabase, tenantRows } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';

type Answer = { status: number; body: any };
const POLICY = '/identity/resources/configurations/v1/mfa-policy';
const SIGN_IN = '/identity/resources/auth/v1/user';
const SAML = `${SIGN_IN}/saml/postlogin`;

test("demo mode: a SAML sign-in passes the account's ForceExceptSAML, and is asked under Force", async () => {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (method: string, path: string, body: Record<string, unknown>, token: string | null) =>
    backend.handle(method, path, body, token) as Promise<Answer>;
  const login = await call('POST', SIGN_IN, { ...DEMO_ADMIN }, null);
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

test("demo mode: a sign-in at an account's address asks for that account's MFA policy, and opens there", async () => {
  const storage = createMemoryStorage();
  const db = seedDemoDatabase();
  Object.assign(
    tenantRows(db).find((t) => t.id === 'demo-europe')!,
    {
      customLoginEnabled: true,
      loginAlias: 'eu-co',
    },
  );
  const at = '2026-02-01T00:00:00.000Z';
  const mfa = { id: 'mfa-policy-eu', tenantId: 'demo-europe', enforce: true, exceptSaml: false };
  db.tables = { ...db.tables, [MFA_POLICIES.name]: [{ ...mfa, createdAt: at, updatedAt: at }] };
  storage.setItem(STORAGE_KEY, JSON.stringify(db));
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const call = (path: string, body: Record<string, unknown>, alias?: string) =>
    backend.handle('POST', path, body, null, {}, alias) as Promise<Answer>;
  const home = await call(SIGN_IN, { ...DEMO_ADMIN });
  assert.equal(typeof home.body.accessToken, 'string', 'the home account saved no policy');
  const asked = await call(SIGN_IN, { ...DEMO_ADMIN }, 'eu-co');
  assert.deepEqual([asked.status, asked.body.mfaRequired], [200, true], JSON.stringify(asked.body));
  const { mfaToken } = asked.body;
  const started = await call(`${SIGN_IN}/mfa/authenticator/enroll`, { mfaToken });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const token = await generate({ secret: started.body.secret });
  const done = await call(`${SIGN_IN}/mfa/authenticator/enroll/verify`, { mfaToken, token });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal(decodeAccessToken(done.body.accessToken).tenantId, 'demo-europe');
});
