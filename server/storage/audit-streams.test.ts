// The audit streams' repository (core/domain/audit-streams.ts), one suite for both stores: over the
// server's store on PGlite (the audit_streams table and its outbox queue) and over demo mode's
// stored rows with a queue that holds nothing; the attempts' log (audit_stream_logs) over both.
// The queue itself is the server's alone (server/routes/audit-streams.test.ts drives it).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { memoryTables } from '../../core/demo/tables';
import { auditStreamStore } from '../../core/domain/audit-stream-handlers';
import {
  auditStreamLogsTable,
  auditStreamRepository,
  streamAttempts,
  type AuditStreamRepository,
  type AuditStreamStore,
} from '../../core/domain/audit-streams';
import type { Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { auditStreamQueue } from './audit-streams';
import { databaseOf, sqlTables } from './tables';

const NOW = Date.parse('2026-11-27T12:00:00Z');
/** What the suite's sealer made of each secret, by what it is bound to. */
const sealed = new Map<string, string>();
const seal = (plain: string, boundTo: string) => {
  sealed.set(boundTo, plain);
  return `sealed:${boundTo}`;
};

function memoryStore(): AuditStreamStore {
  const store: AuditStreamStore = {
    tables: memoryTables({}),
    queue: {
      follow: async () => {},
      drop: async () => {},
      deliveries: async () => ({ items: [], total: 0, pending: 0, delivered: 0, failed: 0 }),
      backfill: async () => 0,
    },
    transaction: (fn) => fn(store),
  };
  return store;
}

const stream = (name: string, token: string | null = null) => ({
  name,
  url: 'https://siem.example.com/in',
  format: token ? ('splunk-hec' as const) : ('json' as const),
  token,
  signingSecret: `whsec_${name}`,
});

repositorySuite<{ repo: AuditStreamRepository; tables: Tables }>(
  'audit streams repository',
  {
    pglite: (db) => ({
      repo: auditStreamRepository(
        auditStreamStore(sqlTables(db), (tables) => auditStreamQueue(databaseOf(tables) ?? db, () => NOW)),
        seal,
        randomUUID,
        () => NOW,
      ),
      tables: sqlTables(db),
    }),
    demo: () => {
      const store = memoryStore();
      return { repo: auditStreamRepository(store, seal, randomUUID, () => NOW), tables: store.tables };
    },
  },
  (context) => {
    test('a stream is created active, its token and secret sealed to it; listed in the order made', async () => {
      const { repo } = context.repos;
      const first = await repo.create(context.tenantId, stream('first', 'hec-token'));
      assert.deepEqual(
        { ...first, id: undefined },
        {
          id: undefined,
          name: 'first',
          url: 'https://siem.example.com/in',
          format: 'splunk-hec',
          state: 'active',
          hasToken: true,
          failingSince: null,
          alertedAt: null,
          lastDeliveredAt: null,
          createdAt: new Date(NOW).toISOString(),
        },
      );
      assert.equal(sealed.get(`audit-stream-token:${first.id}`), 'hec-token');
      assert.equal(sealed.get(`audit-stream-secret:${first.id}`), 'whsec_first');
      const second = await repo.create(context.tenantId, stream('second'));
      assert.equal(second.hasToken, false);
      const ids = (await repo.list(context.tenantId)).map((s) => s.id);
      assert.deepEqual(ids, [first.id, second.id].sort());
      assert.deepEqual(await repo.list(randomUUID()), []);
    });

    test('paused and resumed, removed; another account can do neither', async () => {
      const { repo } = context.repos;
      const made = await repo.create(context.tenantId, stream('third'));
      assert.equal(await repo.setState(randomUUID(), made.id, 'paused'), null);
      assert.equal((await repo.setState(context.tenantId, made.id, 'paused'))?.state, 'paused');
      assert.equal((await repo.list(context.tenantId)).find((s) => s.id === made.id)?.state, 'paused');
      assert.equal((await repo.setState(context.tenantId, made.id, 'active'))?.state, 'active');
      assert.equal(await repo.remove(randomUUID(), made.id), false);
      assert.equal(await repo.remove(context.tenantId, made.id), true);
      assert.equal(await repo.remove(context.tenantId, made.id), false);
      assert.equal(await repo.setState(context.tenantId, made.id, 'paused'), null);
    });

    test('the log pages the attempts newest first with their total; it goes with its stream', async () => {
      const { repo, tables } = context.repos;
      const made = await repo.create(context.tenantId, stream('logged'));
      const logs = tables.of(auditStreamLogsTable);
      for (const n of [1, 2, 3])
        await logs.insert({
          id: randomUUID(),
          streamId: made.id,
          deliveryId: randomUUID(),
          eventId: randomUUID(),
          attempt: n,
          statusCode: n === 3 ? 200 : 500,
          ok: n === 3,
          response: `answer ${n}`,
          durationMs: 10 * n,
          createdAt: new Date(NOW + n * 1000).toISOString(),
        });
      const { items, total } = await streamAttempts(tables, made.id, 1, 1, true);
      assert.equal(total, 3);
      assert.deepEqual(
        items.map(({ id: _id, eventId: _event, ...item }) => item),
        [
          {
            attempt: 2,
            status: 500,
            ok: false,
            response: 'answer 2',
            durationMs: 20,
            sent: true,
            createdAt: new Date(NOW + 2000).toISOString(),
          },
        ],
      );
      await repo.remove(context.tenantId, made.id);
      assert.equal(await logs.count({ where: { streamId: made.id } }), 0);
    });
  },
);
