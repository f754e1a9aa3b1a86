// The demo backend's users v3 presets (MFA_UNENROLLED, BREACHED_PASSWORDS), mfaEnrolled and the security centre, as the server rules them
// (server/routes/invite-links.test.ts): a second factor counts, a passkey alone does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN } from './data';
import { createMemoryStorage } from '../test-support/memoryStorage';

type Answer = { status: number; body: any };

async function signedInDemo() {
  const backend = createDemoBackend({ storage: createMemoryStorage(), delay: () => 0 });
  const call = (method: string, path: string, token: string | null = null) =>
    backend.handle(method, path, {}, token, {}) as Promise<Answer>;
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  return { token, call };
}

test('demo users v3: MFA_UNENROLLED leaves out members with a second factor, not those with a passkey only; mfaEnrolled follows', async () => {
  const storage = createMemoryStorage();
  const backend = createDemoBackend({ storage, delay: () => 0 });
  const call = (
    method: string,
    path: string,
    token: string | null = null,
    query: Record<string, string> = {},
  ) => backend.handle(method, path, {}, token, query) as Promise<Answer>;
  const token = (
    (await backend.handle('POST', '/identity/resources/auth/v1/user', { ...DEMO_ADMIN }, null)) as Answer
  ).body.accessToken as string;
  const all = (await call('GET', '/identity/resources/users/v3', token, { _limit: '200' })).body
    .items as Array<{ id: string; email: string; mfaEnrolled: boolean }>;
  assert.ok(all.length >= 2 && all.every((u) => !u.mfaEnrolled));
  const [withSms, withPasskey] = all;

  // Devices as the demo's MFA flows keep them: rows of the mfa_devices table (core/domain/mfa-store.ts).
  const db = JSON.parse(storage.getItem(STORAGE_KEY)!);
  const device = { name: null, secretEnc: null, lastTimeStep: null, phone: null, email: null };
  const more = { credentialId: null, publicKey: null, signCount: 0, transports: [], deviceType: null };
  const createdAt = new Date().toISOString();
  (db.tables ??= {}).mfa_devices = [
    { ...device, ...more, id: 'd1', userId: withSms!.id, kind: 'sms', phone: '+15550100', passkey: false },
    { ...device, ...more, id: 'd2', userId: withPasskey!.id, kind: 'webauthn', passkey: true },
  ].map((row, seq) => ({ ...row, createdAt, lastUsedAt: null, seq: seq + 1 }));
  storage.setItem(STORAGE_KEY, JSON.stringify(db));

  const unenrolled = (
    await call('GET', '/identity/resources/users/v3', token, { _limit: '200', _preset: 'MFA_UNENROLLED' })
  ).body;
  const ids = unenrolled.items.map((u: { id: string }) => u.id);
  assert.ok(!ids.includes(withSms!.id));
  assert.ok(ids.includes(withPasskey!.id));
  assert.equal(unenrolled._metadata.totalItems, all.length - 1);
  const after = (await call('GET', '/identity/resources/users/v3', token, { _limit: '200' })).body
    .items as Array<{ id: string; mfaEnrolled: boolean }>;
  assert.equal(after.find((u) => u.id === withSms!.id)?.mfaEnrolled, true);
  assert.equal(after.find((u) => u.id === withPasskey!.id)?.mfaEnrolled, false);
  // BREACHED_PASSWORDS: the sample teammate whose password is on the breach list (core/demo/data.ts).
  const breached = (
    await call('GET', '/identity/resources/users/v3', token, { _preset: 'BREACHED_PASSWORDS' })
  ).body as { items: Array<{ email: string }> };
  assert.deepEqual(
    breached.items.map((u) => u.email),
    ['alan@auth-elements.dev'],
  );
});

test('demo security centre: the same rules as the server, from the sample data; the campaign answers its count', async () => {
  const { token, call } = await signedInDemo();
  const recs = (await call('GET', '/security-center/resources/recommendations/v1', token)).body as {
    scoring: { score: number };
    recommendations: { items: Array<{ code: string; severity: string; metadata?: any }> };
  };
  const breached = recs.recommendations.items.find((r) => r.code === 'BREACHED_PASSWORDS_EXIST')!;
  assert.equal(breached.metadata.password.breachedPasswordUsersCount, 1);
  assert.ok(recs.scoring.score >= 0 && recs.scoring.score < 100);
  const insights = (await call('GET', '/security-center/resources/insights/v1', token)).body as {
    insights: { items: Array<{ code: string }> };
  };
  assert.ok(insights.insights.items.some((i) => i.code === 'BREACHED_PASSWORD_USERS_EXIST'));
  const sent = await call('POST', '/identity/resources/users/v1/passwords/breached/reset/bulk', token);
  assert.deepEqual([sent.status, sent.body], [200, { sent: 1, skipped: 0 }]);
});
