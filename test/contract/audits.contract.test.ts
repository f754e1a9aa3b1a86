// The audit log (issue 15; spec 001 §7 "Audits") as the client SDK calls it: list, stats, columns
// and CSV export, the same requests against the demo backend and the server. The records differ
// (the server's are what happened; the demo's are samples): the answers' shapes and rules do not.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIT_COLUMNS, AUDIT_SEVERITIES } from '../../core/api/audits';
import { demoTarget, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const API = '/identity/resources';

for (const [name, factory] of factories) {
  describe(`contract: ${name}: audits`, () => {
    let target: ContractTarget;
    let token: string;
    let email: string;
    const call = (method: string, path: string, body?: unknown) =>
      target.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    before(async () => {
      target = await factory();
      email = `audits-${Date.now()}@example.com`;
      token = (
        await target.call('POST', `${API}/users/v1/signUp`, {
          body: { email, password: 'a-long-password-1', name: 'Owner' },
        })
      ).body.authResponse.accessToken;
      // Something to find on the server: a change of the account's own.
      await call('POST', `${API}/configurations/v1/lockout-policy`, { enabled: true, maxAttempts: 7 });
    });
    after(async () => {
      await target.close();
    });

    test('lists the account’s records, newest first, with the client’s fields', async () => {
      const res = await call('GET', '/audits?offset=0&count=20&sortBy=createdAt&sortDirection=desc&filter=');
      assert.equal(res.status, 200);
      assert.ok(res.body.total >= 1);
      assert.ok(res.body.data.length <= 20);
      const times = res.body.data.map((r: { createdAt: string }) => r.createdAt);
      assert.deepEqual(times, [...times].sort().reverse());
      for (const record of res.body.data) assert.ok(AUDIT_SEVERITIES.includes(record.severity));
    });

    test('filters per column and searches; a filter that matches nothing gives an empty page', async () => {
      const all = (await call('GET', '/audits?count=100')).body;
      const some = all.data[0];
      const byAction = await call('GET', `/audits?action=${encodeURIComponent(some.action)}&count=100`);
      assert.ok(byAction.body.data.every((r: { action: string }) => r.action.includes(some.action)));
      const severity = await call('GET', `/audits?severity=${some.severity.toLowerCase()}&count=100`);
      assert.ok(severity.body.data.length >= 1);
      assert.ok(severity.body.data.every((r: { severity: string }) => r.severity === some.severity));
      const none = await call('GET', '/audits?filter=no-such-thing-anywhere');
      assert.deepEqual(none.body, { data: [], total: 0 });
    });

    test('sorts severity by rank', async () => {
      const res = await call('GET', '/audits?sortBy=severity&sortDirection=asc&count=100');
      const ranks = res.body.data.map((r: { severity: (typeof AUDIT_SEVERITIES)[number] }) =>
        AUDIT_SEVERITIES.indexOf(r.severity),
      );
      assert.deepEqual(
        ranks,
        [...ranks].sort((a: number, b: number) => a - b),
      );
    });

    test('answers the stats and the columns', async () => {
      const stats = await call('GET', '/audits/stats?sortBy=createdAt&sortDirection=desc&count=20');
      assert.equal(stats.status, 200);
      assert.ok(Number.isInteger(stats.body.totalToday) && Number.isInteger(stats.body.severeThisWeek));
      const metadata = await call('GET', '/metadata?entityName=audits');
      assert.deepEqual(metadata.body.rows[0].properties, AUDIT_COLUMNS);
    });

    test('exports the asked columns as CSV', async () => {
      const res = await call('POST', '/audits/export/csv/v2?sortBy=createdAt&sortDirection=desc&offset=0', {
        properties: [{ name: 'email' }, { name: 'action' }],
      });
      assert.equal(res.status, 200);
      const lines = String(res.body).trimEnd().split('\r\n');
      assert.equal(lines[0], 'User,Action');
      const total = (await call('GET', '/audits?count=1')).body.total;
      assert.equal(lines.length - 1, total);
    });

    test('exports the portal’s columns with the severity when none is asked', async () => {
      const res = await call(
        'POST',
        '/audits/export/csv/v2?sortBy=createdAt&sortDirection=desc&offset=0',
        {},
      );
      assert.equal(res.status, 200);
      assert.equal(String(res.body).split('\r\n')[0], 'Time,User,Action,Description,IP address,Severity');
    });

    test('descriptions name what changed, never a raw id', async () => {
      const { data } = (await call('GET', '/audits?count=100')).body;
      const lockout = data.find((r: { action: string }) => r.action === 'Lockout policy changed');
      assert.match(lockout.description, /^Lockout policy changed: enabled on, max attempts \d+$/);
      for (const record of data)
        assert.doesNotMatch(record.description, /[0-9a-f]{8}-[0-9a-f]{4}-/i, record.action);
    });

    test('refuses what the server refuses', async () => {
      for (const query of ['sortBy=description', 'count=x', 'createdAt=today', 'nope=1']) {
        const res = await call('GET', `/audits?${query}`);
        assert.equal(res.status, 400, query);
        assert.ok(res.body.errors.length >= 1);
      }
      const anonymous = await target.call('GET', '/audits');
      assert.equal(anonymous.status, 401);
    });
  });
}
