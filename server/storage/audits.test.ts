// The audit log's storage (core/domain/audit.ts records, core/domain/audit-log.ts reads), one
// suite for both stores: the server's over PGlite and demo mode's over its stored rows, the one
// reading of core/domain/audit-log.ts over each. Each case files its records under an account of
// its own.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { AUDIT_SEVERITIES, type AuditQuery } from '../../core/contract/audits';
import { memoryTables } from '../../core/demo/tables';
import type { AuditEvent } from '../../core/domain/audit';
import { AUDITS, auditLogPorts, recordAudit, type AuditLogPorts } from '../../core/domain/audit-log';
import { stamp, type Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { platformOver } from '../../test/support/platform';
import { sqlTables } from './tables';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

interface Store {
  tables: Tables;
  ports: AuditLogPorts;
}

/** Records `events` in the new account it answers, the n-th `hoursAgo[n]` hours before NOW. */
async function account(
  { tables }: Store,
  events: Array<Partial<AuditEvent> & { hoursAgo: number }>,
): Promise<string> {
  const tenantId = randomUUID();
  for (const { hoursAgo, ...event } of events)
    await recordAudit(
      tables,
      { now: () => NOW - hoursAgo * HOUR, newId: randomUUID },
      {
        tenantId,
        severity: 'Info',
        resource: 'tests',
        action: 'Something done',
        description: 'done',
        ...event,
      },
    );
  return tenantId;
}

const query = (asked: Partial<AuditQuery> = {}): AuditQuery => ({
  offset: 0,
  count: 20,
  sortBy: 'createdAt',
  sortDirection: 'desc',
  filters: {},
  ...asked,
});

repositorySuite<Store>(
  'audit log storage',
  {
    pglite: (db) => ({
      tables: sqlTables(db),
      ports: auditLogPorts(sqlTables(db), { now: () => NOW }, () => platformOver(db).vendorId()),
    }),
    demo: () => {
      const tables = memoryTables({});
      return { tables, ports: auditLogPorts(tables, { now: () => NOW }, async () => 'demo-vendor') };
    },
  },
  (context) => {
    test('a record is read as the client reads it, newest first, only in its account', async () => {
      const store = context.repos;
      const tenantId = await account(store, [
        {
          hoursAgo: 2,
          actorUserId: randomUUID(),
          actorEmail: 'ada@example.com',
          impersonatorEmail: 'vendor@example.com',
          ip: '203.0.113.9',
          userAgent: 'Agent/1',
          severity: 'High',
          action: 'User invited',
          description: 'User invited: grace@example.com',
          details: { email: 'grace@example.com', roleIds: ['Viewer'] },
        },
        { hoursAgo: 1, description: 'x'.repeat(1200) },
      ]);
      await account(store, [{ hoursAgo: 0, description: 'elsewhere' }]);
      const { data, total } = await store.ports.page(tenantId, query());
      assert.equal(total, 2);
      assert.equal(data[0]!.description.length, 1000, 'a description is clipped');
      const { _id, vendorId: _vendor, user, ...read } = data[1]!;
      assert.ok(_id && user);
      const at = new Date(NOW - 2 * HOUR).toISOString();
      assert.deepEqual(read, {
        createdAt: at,
        updatedAt: at,
        time: at,
        email: 'ada@example.com',
        actorMail: 'vendor@example.com',
        ip: '203.0.113.9',
        userAgent: 'Agent/1',
        severity: 'High',
        resource: 'tests',
        action: 'User invited',
        description: 'User invited: grace@example.com',
        json: [
          { key: 'email', value: 'grace@example.com' },
          { key: 'roleIds', value: ['Viewer'] },
        ],
        tenantId,
        __v: 0,
      });
    });

    test('pages, filters per column and searches who, what and where in any case', async () => {
      const store = context.repos;
      const tenantId = await account(store, [
        { hoursAgo: 5, actorEmail: 'ada@example.com', action: 'User signed in', ip: '198.51.100.7' },
        { hoursAgo: 4, actorEmail: 'grace@example.com', action: 'Role created', severity: 'Medium' },
        { hoursAgo: 3, actorEmail: 'ada@example.com', action: 'Role deleted', severity: 'Critical' },
        { hoursAgo: 30, action: 'Policy saved', description: 'Lockout: max attempts 5', severity: 'High' },
      ]);
      const actions = async (asked: Partial<AuditQuery>) =>
        (await store.ports.page(tenantId, query(asked))).data.map((r) => r.action);
      assert.deepEqual(await actions({ filters: { email: 'ADA@' } }), ['Role deleted', 'User signed in']);
      assert.deepEqual(await actions({ filter: 'role' }), ['Role deleted', 'Role created']);
      assert.deepEqual(await actions({ filter: 'MAX ATTEMPTS' }), ['Policy saved']);
      assert.deepEqual(await actions({ filter: '198.51.100' }), ['User signed in']);
      assert.deepEqual(await actions({ filter: 'ada@example.com role' }), ['Role deleted']);
      assert.deepEqual(await actions({ filters: { severity: 'critical' } }), ['Role deleted']);
      assert.deepEqual(await actions({ filters: { action: 'role', email: 'grace' } }), ['Role created']);
      const yesterday = new Date(NOW - 30 * HOUR).toISOString().slice(0, 10);
      assert.deepEqual(await actions({ filters: { createdAt: yesterday } }), ['Policy saved']);
      assert.deepEqual(await actions({ filter: '100%_' }), []);
      const second = await store.ports.page(tenantId, query({ offset: 1, count: 2 }));
      assert.deepEqual(
        [second.total, second.data.map((r) => r.action)],
        [4, ['Role created', 'User signed in']],
      );
    });

    test('sorts by severity by rank, by email, either way', async () => {
      const store = context.repos;
      const tenantId = await account(store, [
        { hoursAgo: 1, severity: 'Medium', actorEmail: 'b@example.com' },
        { hoursAgo: 2, severity: 'Critical', actorEmail: 'c@example.com' },
        { hoursAgo: 3, severity: 'Info', actorEmail: 'a@example.com' },
        { hoursAgo: 4, severity: 'High', actorEmail: null },
      ]);
      const read = async (asked: Partial<AuditQuery>, field: 'severity' | 'email') =>
        (await store.ports.page(tenantId, query(asked))).data.map((r) => r[field]);
      assert.deepEqual(await read({ sortBy: 'severity', sortDirection: 'asc' }, 'severity'), [
        'Info',
        'Medium',
        'High',
        'Critical',
      ]);
      assert.deepEqual(await read({ sortBy: 'severity' }, 'severity'), [
        'Critical',
        'High',
        'Medium',
        'Info',
      ]);
      assert.deepEqual(await read({ sortBy: 'email', sortDirection: 'asc' }, 'email'), [
        '',
        'a@example.com',
        'b@example.com',
        'c@example.com',
      ]);
    });

    test('the stats count since a time, of some severities; the export reads every match in order', async () => {
      const store = context.repos;
      const tenantId = await account(store, [
        { hoursAgo: 1, severity: 'High' },
        { hoursAgo: 2, severity: 'Info', action: 'Plain' },
        { hoursAgo: 50, severity: 'Critical' },
        { hoursAgo: 200, severity: 'High' },
      ]);
      const since = (hours: number) => new Date(NOW - hours * HOUR);
      assert.equal(await store.ports.count(tenantId, since(3)), 2);
      assert.equal(await store.ports.count(tenantId, since(100), ['High', 'Critical']), 2);
      assert.equal(await store.ports.count(tenantId, since(1)), 1, 'a record made at `since` counts');
      const exported = [];
      for await (const batch of store.ports.batches(tenantId, { sortBy: 'createdAt', sortDirection: 'asc' }))
        exported.push(...batch.map((r) => r.severity));
      assert.deepEqual(exported, ['High', 'Critical', 'Info', 'High']);
      const severe = [];
      const filters = { severity: 'high' };
      for await (const batch of store.ports.batches(tenantId, {
        sortBy: 'createdAt',
        sortDirection: 'desc',
        filters,
      }))
        severe.push(...batch.map((r) => r.createdAt));
      assert.deepEqual(
        severe,
        [since(1), since(200)].map((d) => d.toISOString()),
      );
    });

    test('the search spans the four columns as one text; a day that is no date matches none; none sorts first', async () => {
      const store = context.repos;
      const tenantId = await account(store, [
        { hoursAgo: 1, actorEmail: null, action: 'Key made', description: 'for CI', ip: '10.1.2.3' },
        { hoursAgo: 2, actorEmail: 'ada@example.com', action: 'Key made', description: 'by hand', ip: null },
        {
          hoursAgo: 3,
          actorEmail: 'bob@example.com',
          action: 'Signed in',
          ip: '1.1.1.1',
          userAgent: 'Agent/2',
        },
      ]);
      const descriptions = async (asked: Partial<AuditQuery>) =>
        (await store.ports.page(tenantId, query(asked))).data.map((r) => r.description);
      assert.deepEqual(
        await descriptions({ filter: ' key MADE for ci 10.1' }),
        ['for CI'],
        'a null as empty',
      );
      assert.deepEqual(await descriptions({ filter: 'example.com key' }), ['by hand']);
      assert.deepEqual(await descriptions({ filter: 'hand ' }), ['by hand'], 'the space before a null ip');
      assert.deepEqual(await descriptions({ filters: { createdAt: '2026-02-31' } }), []);
      assert.deepEqual(await descriptions({ filters: { userAgent: 'agent/' } }), ['done']);
      assert.deepEqual(await descriptions({ sortBy: 'ip', sortDirection: 'asc' }), [
        'by hand',
        'done',
        'for CI',
      ]);
      const byAgent = await descriptions({ sortBy: 'userAgent', sortDirection: 'desc' });
      assert.equal(byAgent[0], 'done', 'no agent: an empty text, last descending');
    });

    test('the export reads every match once across batches, by rank; the total counts them', async () => {
      const store = context.repos;
      const tenantId = await account(store, []);
      const total = 1_205;
      await store.tables.of(AUDITS).insertAll(
        Array.from({ length: total }, (_, i) => ({
          id: randomUUID(),
          createdAt: stamp(NOW - (i % 3) * HOUR),
          tenantId,
          actorUserId: null,
          actorEmail: `u${i}@example.com`,
          impersonatorEmail: null,
          ip: null,
          userAgent: null,
          severity: AUDIT_SEVERITIES[i % 4]!,
          resource: 'tests',
          action: 'Bulk',
          description: `n${i}`,
          details: {},
        })),
      );
      const exported: string[] = [];
      const severities: string[] = [];
      for await (const batch of store.ports.batches(tenantId, { sortBy: 'severity', sortDirection: 'asc' }))
        for (const r of batch) {
          exported.push(r.description);
          severities.push(r.severity);
        }
      assert.equal(new Set(exported).size, total);
      assert.equal(exported.length, total);
      const ranks = severities.map((s) => AUDIT_SEVERITIES.indexOf(s as never));
      assert.deepEqual(
        ranks,
        [...ranks].sort((a, b) => a - b),
      );
      assert.equal((await store.ports.page(tenantId, query())).total, total);
    });
  },
);
