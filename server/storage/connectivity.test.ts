// The connectivity repositories (core/domain/connectivity-tables.ts connectivityPorts), one suite for both stores:
// over PGlite with the server's outbox (server/storage/connectivity.ts), and over demo mode's
// platform with its stand-ins (core/demo/connectivity.ts, the area's ports `connectivityAreaPorts`). The rules in core/domain/connectivity.ts
// rely on what each case states.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { DemoDatabase } from '../../core/demo/data';
import { testCaller } from '../../core/test-support/caller';
import { demoPlatform } from '../../core/demo/platform';
import { memoryTables } from '../../core/demo/tables';
import type { ConnectivityPorts } from '../../core/domain/connectivity';
import {
  WEBHOOK_LOGS,
  connectivityAreaPorts,
  connectivityPorts,
} from '../../core/domain/connectivity-tables';
import { stamp, type Tables } from '../../core/domain/tables';
import { SecretBox } from '../domain/mfa-crypto';
import { repositorySuite } from '../../test/support/repository-suite';
import { forgetWebhookDeliveries, requeueWebhookLog, webhookTarget } from './connectivity';
import { sqlTables } from './tables';

type Repositories = Pick<ConnectivityPorts, 'webhooks' | 'notifications' | 'slack' | 'outbox'> & {
  tables: Tables;
  /** The webhook's secret as the server's worker reads it (demo mode keeps none). */
  secretOf(id: string): Promise<string | null>;
  keepsSecrets: boolean;
};

const FIELDS = {
  displayName: 'Orders',
  description: 'sync',
  url: 'https://93.184.216.34/hook',
  eventKeys: ['user.invited'],
  isActive: true,
};

/** A clock one second further at each reading, so rows are ordered by it on both stores. */
function ticking() {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  return () => (clock += 1000);
}

repositorySuite<Repositories>(
  'connectivity repositories',
  {
    pglite: (db) => {
      const box = new SecretBox(randomBytes(32));
      const tables = sqlTables(db);
      const seal = (value: string, binding: string) => box.seal(value, binding);
      return {
        ...connectivityPorts(
          tables,
          { newId: randomUUID, now: ticking() },
          {
            seal,
            outbox: {
              retry: (tenantId, logId) => requeueWebhookLog(db, tenantId, logId),
              forget: (webhookId) => forgetWebhookDeliveries(db, webhookId),
            },
            // Not read by these cases (the routes' suite has the server's).
            vendorId: async () => '',
            reachable: async (url) => url.toString(),
            sendTest: async () => ({ statusCode: 0, body: '' }),
          },
        ),
        tables,
        secretOf: async (id) => (await webhookTarget(db, box, id))?.secret ?? null,
        keepsSecrets: true,
      };
    },
    demo: () => {
      const db = {} as DemoDatabase;
      // Ids shaped as the server's, so one case fits both stores.
      const platform = demoPlatform(db, { now: ticking(), random: randomUUID });
      const ports = connectivityAreaPorts(
        platform,
        testCaller({ userId: randomUUID(), tenantId: randomUUID() }),
      );
      const tables = memoryTables(db.tables!);
      return { ...ports, tables, secretOf: async () => null, keepsSecrets: false };
    },
  },
  (context) => {
    test('webhooks: created without showing the secret, updated, paged logs, removed once', async () => {
      const created = await context.repos.webhooks.create(context.tenantId, FIELDS, 'whsec_given');
      assert.equal(created.secret, null, 'a stored secret is never read back');
      const kept = context.repos.keepsSecrets ? 'whsec_given' : null;
      assert.equal(await context.repos.secretOf(created._id), kept, 'sealed for the worker, on the server');
      assert.equal(created.displayName, 'Orders');
      assert.deepEqual(created.eventKeys, ['user.invited']);
      const listed = await context.repos.webhooks.list(context.tenantId);
      assert.deepEqual(
        listed.map((w) => [w._id, w.secret]),
        [[created._id, null]],
      );
      const updated = await context.repos.webhooks.update(
        context.tenantId,
        created._id,
        { ...FIELDS, displayName: 'Orders v2', isActive: false },
        null,
      );
      assert.equal(updated?.displayName, 'Orders v2');
      assert.equal(updated?.isActive, false);
      assert.equal(updated?.secret, null);
      assert.equal(await context.repos.webhooks.update(context.tenantId, randomUUID(), FIELDS, null), null);
      const page = await context.repos.webhooks.logs(
        context.tenantId,
        created._id,
        { offset: 0, limit: 1 },
        'v',
      );
      assert.ok(page.rows.length <= 1 && page.count >= page.rows.length);
      assert.ok(page.rows.every((row) => row.webhookId === created._id));
      assert.equal(await context.repos.outbox.retry(context.tenantId, randomUUID()), false);
      assert.equal(await context.repos.webhooks.remove(context.tenantId, created._id), true);
      assert.equal(await context.repos.webhooks.remove(context.tenantId, created._id), false);
      assert.deepEqual(await context.repos.webhooks.list(context.tenantId), []);
    });

    test('webhook logs: newest first and paged, retried, gone with their webhook', async () => {
      const { repos, tenantId } = context;
      const hook = await repos.webhooks.create(tenantId, FIELDS, 'whsec_logs');
      const all = { offset: 0, limit: 100 };
      // Demo mode shows sample rows of its own at creation; the server's worker has logged nothing yet.
      const before = (await repos.webhooks.logs(tenantId, hook._id, all, 'v')).count;
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const at = Date.parse('2030-01-01T00:00:00Z');
      for (const [i, id] of ids.entries())
        await repos.tables.of(WEBHOOK_LOGS).insert({
          id,
          webhookId: hook._id,
          tenantId,
          deliveryId: null,
          eventKey: 'user.invited',
          statusCode: 200 + i,
          body: JSON.stringify({ n: i }),
          response: 'ok',
          createdAt: stamp(at + i * 1000),
        });
      const first = await repos.webhooks.logs(tenantId, hook._id, { offset: 0, limit: 2 }, 'vendor-1');
      assert.equal(first.count, before + 3);
      assert.deepEqual(
        first.rows.map((r) => [r.id, r.statusCode, r.vendorId, r.tenantId]),
        [
          [ids[2], '202', 'vendor-1', tenantId],
          [ids[1], '201', 'vendor-1', tenantId],
        ],
      );
      const next = await repos.webhooks.logs(tenantId, hook._id, { offset: 2, limit: 1 }, 'v');
      assert.deepEqual(
        next.rows.map((r) => r.id),
        [ids[0]],
      );
      assert.equal(await repos.outbox.retry(tenantId, ids[0]!), true);
      assert.equal(await repos.outbox.retry(randomUUID(), ids[0]!), false, "another account's log");
      assert.equal(await repos.webhooks.remove(tenantId, hook._id), true);
      await repos.outbox.forget(hook._id);
      assert.equal((await repos.webhooks.logs(tenantId, hook._id, all, 'v')).count, 0);
      assert.equal(await repos.outbox.retry(tenantId, ids[0]!), false, 'its webhook is gone');
    });

    test('email and SMS: a setting per channel and event, its subscriptions kept in order', async () => {
      await context.repos.notifications.create(context.tenantId, 'email', 'user.invited', true, [
        { name: 'Ops', enabled: true, recipients: ['ops@example.com'] },
      ]);
      await context.repos.notifications.create(context.tenantId, 'email', 'user.invited', false, [
        { name: 'Sales', enabled: false, recipients: ['sales@example.com'] },
      ]);
      assert.deepEqual(
        await context.repos.notifications.list(context.tenantId, 'sms'),
        [],
        'channels are apart',
      );
      const [config] = await context.repos.notifications.list(context.tenantId, 'email');
      assert.equal(config?.eventKey, 'user.invited');
      assert.equal(config?.enabled, false, 'creating again sets enabled');
      assert.deepEqual(
        config?.subscriptions.map((s) => s.name),
        ['Ops', 'Sales'],
      );
      const ops = config!.subscriptions[0]!;
      const opsId = ops.id!;
      assert.equal(
        await context.repos.notifications.setEnabled(context.tenantId, 'email', 'user.invited', true),
        true,
      );
      assert.equal(
        await context.repos.notifications.setEnabled(context.tenantId, 'sms', 'user.invited', true),
        false,
      );
      assert.equal(
        await context.repos.notifications.updateSubscription(
          context.tenantId,
          'email',
          'user.invited',
          opsId,
          {
            enabled: false,
            recipients: ['ops2@example.com'],
          },
        ),
        true,
      );
      const [after] = await context.repos.notifications.list(context.tenantId, 'email');
      assert.deepEqual(after?.subscriptions[0], {
        id: opsId,
        name: 'Ops',
        enabled: false,
        recipients: ['ops2@example.com'],
      });
      assert.equal(after?.enabled, true);
      const other = randomUUID();
      assert.equal(
        await context.repos.notifications.updateSubscription(
          context.tenantId,
          'email',
          'user.invited',
          other,
          {
            enabled: true,
            recipients: [],
          },
        ),
        false,
      );
      assert.equal(
        await context.repos.notifications.removeSubscription(
          context.tenantId,
          'email',
          'user.invited',
          opsId,
        ),
        true,
      );
      assert.equal(
        await context.repos.notifications.removeSubscription(
          context.tenantId,
          'email',
          'user.invited',
          opsId,
        ),
        false,
      );
      assert.equal(await context.repos.notifications.remove(context.tenantId, 'email', 'user.invited'), true);
      assert.equal(
        await context.repos.notifications.remove(context.tenantId, 'email', 'user.invited'),
        false,
      );
      assert.deepEqual(await context.repos.notifications.list(context.tenantId, 'email'), []);
      // The setting's subscriptions went with it.
      await context.repos.notifications.create(context.tenantId, 'email', 'user.invited', true, [
        { name: 'Again', enabled: true, recipients: ['again@example.com'] },
      ]);
      const [again] = await context.repos.notifications.list(context.tenantId, 'email');
      assert.deepEqual(
        again?.subscriptions.map((s) => s.name),
        ['Again'],
      );
    });

    test('email and SMS: the settings listed by event', async () => {
      for (const eventKey of ['user.removed', 'user.invited', 'user.created'])
        await context.repos.notifications.create(context.tenantId, 'sms', eventKey, true, []);
      const listed = await context.repos.notifications.list(context.tenantId, 'sms');
      assert.deepEqual(
        listed.map((c) => c.eventKey),
        ['user.created', 'user.invited', 'user.removed'],
      );
    });

    test('Slack: channels by name, subscriptions created, replaced and removed once', async () => {
      const zeta = await context.repos.slack.addChannel(
        context.tenantId,
        'zeta',
        'https://hooks.example.com/z',
      );
      const alpha = await context.repos.slack.addChannel(
        context.tenantId,
        'alpha',
        'https://hooks.example.com/a',
      );
      assert.deepEqual(await context.repos.slack.channels(context.tenantId), [alpha, zeta]);
      const events = [{ eventKey: 'user.invited', channelIds: [alpha.id], title: 'Invited' }];
      const created = await context.repos.slack.saveSubscription(context.tenantId, null, true, events);
      assert.ok(created?.id);
      assert.deepEqual(await context.repos.slack.subscriptions(context.tenantId), [created]);
      const replaced = await context.repos.slack.saveSubscription(context.tenantId, created!.id, false, [
        { eventKey: 'user.removed', channelIds: [zeta.id] },
      ]);
      assert.deepEqual(await context.repos.slack.subscriptions(context.tenantId), [replaced]);
      assert.equal(replaced?.id, created?.id);
      assert.equal(
        await context.repos.slack.saveSubscription(context.tenantId, randomUUID(), true, events),
        null,
      );
      assert.equal(await context.repos.slack.removeSubscription(context.tenantId, created!.id), true);
      assert.equal(await context.repos.slack.removeSubscription(context.tenantId, created!.id), false);
      assert.equal(await context.repos.slack.removeChannel(context.tenantId, zeta.id), true);
      assert.equal(await context.repos.slack.removeChannel(context.tenantId, zeta.id), false);
      assert.deepEqual(await context.repos.slack.channels(context.tenantId), [alpha]);
    });
  },
);
