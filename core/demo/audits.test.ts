// The demo's sample history is made of the records the server's audit hook writes for those calls
// (the descriptors' `audit` entries and core/domain/audit.ts), not of wording of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTES } from '../contract/routes';
import { createMemoryStorage } from '../test-support/memoryStorage';
import { sampleRows } from './audits';
import { createDemoBackend, STORAGE_KEY } from './backend';
import { DEMO_ADMIN, seedDemoDatabase, tenantRows, userRows, type DemoDatabase } from './data';

const SIGN_IN = '/identity/resources/auth/v1/user';

test('every sample record has an action and severity a route records', () => {
  const db = seedDemoDatabase();
  const recorded = new Set(
    ROUTES.flatMap(({ audit }) => (audit ? [audit, ...(audit.onFailure ? [audit.onFailure] : [])] : [])).map(
      ({ action, severity }) => `${action} (${severity})`,
    ),
  );
  const records = sampleRows([...userRows(db)], tenantRows(db)[0]!.id, Date.now());
  assert.ok(records.length > 0);
  for (const { action, severity } of records) assert.ok(recorded.has(`${action} (${severity})`), action);
  const signIn = records.find((r) => r.action === 'User signed in')!;
  assert.equal(signIn.description, 'Signed in with password');
});

test('the sample history is stored as rows when the log is first read, once; older than the retention, a record goes', async () => {
  const storage = createMemoryStorage();
  let time = Date.parse('2026-05-04T10:30:00Z');
  const backend = createDemoBackend({ storage, delay: () => 0, now: () => time });
  const call = (method: string, path: string, body = {}, token: string | null = null, query = {}) =>
    backend.handle(method, path, body, token, query) as Promise<{ status: number; body: any }>;
  const list = async () => {
    const token = (await call('POST', SIGN_IN, { ...DEMO_ADMIN })).body.accessToken as string;
    return (await call('GET', '/audits', {}, token, { count: '100' })).body;
  };
  const stored = () => (JSON.parse(storage.getItem(STORAGE_KEY)!) as DemoDatabase).tables!.audits!;
  const first = await list();
  assert.equal(first.total, 65, 'the sign-in and the samples');
  assert.equal(stored().length, 65, 'the samples are stored');
  assert.equal(first.data[0].action, 'User signed in');
  time += 60_000;
  assert.equal((await list()).total, 66, 'a second sign-in; the samples are not stored twice');
  // A year and a day later, only what is younger than the retention (365 days) is kept.
  time += 366 * 86_400_000;
  const later = await list();
  assert.equal(later.total, 65, 'the old rows went; a sample history of now was stored');
  assert.ok(later.data.every((r: { createdAt: string }) => Date.parse(r.createdAt) > time - 15 * 86_400_000));
});
