// The reports' schedules and a member's notifications (core/domain/reports.ts, notifications.ts),
// one suite for both stores: the domain's repositories over SQL tables on PGlite and over demo
// mode's stored rows. A member's bell is per account: the cases use a member of the suite's account.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { memoryTables } from '../../core/demo/tables';
import { notificationsRepository, type NotificationsRepository } from '../../core/domain/notifications';
import { reportSchedules, type ReportPorts } from '../../core/domain/reports';
import type { Tables } from '../../core/domain/tables';
import { repositorySuite } from '../../test/support/repository-suite';
import { sqlTables } from './tables';

interface Fixture {
  schedules: Pick<ReportPorts, 'stored' | 'save'>;
  bell: NotificationsRepository;
  /** A user the bell may ring. */
  member(): Promise<string>;
  /** Moves the clock. */
  later(ms: number): void;
}

function fixture(tables: Tables, member: () => Promise<string>): Fixture {
  let now = Date.parse('2026-11-27T12:00:00Z');
  const clock = () => now;
  return {
    schedules: reportSchedules(tables, clock),
    bell: notificationsRepository(tables, randomUUID, clock),
    member,
    later: (ms) => (now += ms),
  };
}

const SCHEDULE = { interval: 'weekly' as const, cron: '0 8 * * 1', tz: 'Europe/Paris', active: true };

repositorySuite<Fixture>(
  'reports and notifications repositories',
  {
    pglite: (db) =>
      fixture(sqlTables(db), async () => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO users (vendor_id, email, name, verified) SELECT id, $1, 'Member', true FROM vendors LIMIT 1
            RETURNING id`,
          [`${randomUUID()}@example.com`],
        );
        return rows[0]!.id;
      }),
    demo: () => fixture(memoryTables({}), async () => randomUUID()),
  },
  (context) => {
    test('a schedule is created, then replaced: created stays, updated moves; listed by template', async () => {
      const { schedules, later } = context.repos;
      const first = await schedules.save(context.tenantId, {
        templateId: 'members',
        schedule: SCHEDULE,
        status: 'active',
        dataFilters: {},
      });
      assert.equal(first.createdAt, '2026-11-27T12:00:00.000Z');
      later(60_000);
      await schedules.save(context.tenantId, {
        templateId: 'inactive-members',
        schedule: SCHEDULE,
        status: 'inactive',
        dataFilters: { days: 30 },
      });
      const again = await schedules.save(context.tenantId, {
        templateId: 'members',
        schedule: { ...SCHEDULE, active: false },
        status: 'inactive',
        dataFilters: {},
      });
      assert.deepEqual(again, {
        templateId: 'members',
        schedule: { ...SCHEDULE, active: false },
        status: 'inactive',
        dataFilters: {},
        createdAt: '2026-11-27T12:00:00.000Z',
        updatedAt: '2026-11-27T12:01:00.000Z',
      });
      const stored = await schedules.stored(context.tenantId);
      assert.deepEqual(
        stored.map((s) => [s.templateId, s.dataFilters]),
        [
          ['inactive-members', { days: 30 }],
          ['members', {}],
        ],
      );
      assert.deepEqual(await schedules.stored(randomUUID()), []);
    });

    test('the bell: pinned first, then newest first; archived out; changes and mark all read', async () => {
      const { bell, member } = context.repos;
      const userId = await member();
      const ring = (title: string) =>
        bell.add({
          tenantId: context.tenantId,
          userId,
          key: 'report.sent',
          title,
          body: '',
          severity: 'info',
          url: '',
        });
      for (const title of ['one', 'two', 'three', 'four']) await ring(title);
      const titles = async () =>
        (await bell.list(context.tenantId, userId, { offset: 0, count: 10 })).map((n) => n.title);
      assert.deepEqual(await titles(), ['four', 'three', 'two', 'one']);
      const [four, three, two] = await bell.list(context.tenantId, userId, { offset: 0, count: 3 });
      assert.equal(four!.status, 'unread');
      assert.equal(four!.isPinned, false);
      assert.equal(await bell.change(context.tenantId, userId, two!.id, { isPinned: true }), true);
      assert.equal(await bell.change(context.tenantId, userId, three!.id, { status: 'archived' }), true);
      assert.deepEqual(await titles(), ['two', 'four', 'one']);
      assert.deepEqual(
        (await bell.list(context.tenantId, userId, { offset: 1, count: 1 })).map((n) => n.title),
        ['four'],
      );
      // Another account's member has none of them.
      assert.equal(await bell.change(randomUUID(), userId, two!.id, { isPinned: false }), false);
      assert.equal(await bell.change(context.tenantId, userId, randomUUID(), { isPinned: false }), false);
      await bell.markAllRead(context.tenantId, userId);
      const statuses = (await bell.list(context.tenantId, userId, { offset: 0, count: 10 })).map(
        (n) => n.status,
      );
      assert.deepEqual(statuses, ['read', 'read', 'read']);
    });
  },
);
