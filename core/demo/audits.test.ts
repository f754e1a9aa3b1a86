// The demo's sample history is made of the records the server's audit hook writes for those calls
// (the descriptors' `audit` entries and core/domain/audit.ts), not of wording of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTES } from '../contract/routes';
import { samples } from './audits';
import { seedDemoDatabase, tenantRows } from './data';

test('every sample record has an action and severity a route records', () => {
  const db = seedDemoDatabase();
  const recorded = new Set(
    ROUTES.flatMap(({ audit }) => (audit ? [audit, ...(audit.onFailure ? [audit.onFailure] : [])] : [])).map(
      ({ action, severity }) => `${action} (${severity})`,
    ),
  );
  const records = samples(db, tenantRows(db)[0]!.id, Date.now());
  assert.ok(records.length > 0);
  for (const { action, severity } of records) assert.ok(recorded.has(`${action} (${severity})`), action);
  const signIn = records.find((r) => r.action === 'User signed in')!;
  assert.equal(signIn.description, 'Signed in with password');
});
