// The connectivity repositories, one suite for both stores: the server's over PGlite
// (server/storage/connectivity.ts) and demo mode's over its stored settings
// (core/demo/connectivity.ts). The rules in core/domain/connectivity.ts rely on what each case states.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { demoConnectivityPorts } from '../../core/demo/connectivity';
import type { DemoDatabase } from '../../core/demo/data';
import type { ConnectivityPorts } from '../../core/domain/connectivity';
import { SecretBox } from '../domain/mfa-crypto';
import { repositorySuite } from '../../test/support/repository-suite';
import { notificationRepository, slackRepository, webhookRepository } from './connectivity';

type Repositories = Pick<ConnectivityPorts, 'webhooks' | 'notifications' | 'slack'>;

const FIELDS = {
  displayName: 'Orders',
  description: 'sync',
  url: 'https://93.184.216.34/hook',
  eventKeys: ['user.invited'],
  isActive: true,
};

repositorySuite<Repositories>(
  'connectivity repositories',
  {
    pglite: (db) => {
      const box = new SecretBox(randomBytes(32));
      return {
        webhooks: webhookRepository(db, box),
        notifications: notificationRepository(db),
        slack: slackRepository(db, box),
      };
    },
    demo: () => {
      let clock = Date.parse('2026-01-01T00:00:00Z');
      // Ids shaped as the server's, so one case fits both stores.
      const clockAndIds = { now: () => (clock += 1000), random: randomUUID };
      return demoConnectivityPorts({} as DemoDatabase, 'demo-tenant', clockAndIds);
    },
  },
  (context) => {
    test('webhooks: created without showing the secret, updated, paged logs, removed once', async () => {
      const created = await context.repos.webhooks.create(context.tenantId, FIELDS, 'whsec_given');
      assert.equal(created.secret, null, 'a stored secret is never read back');
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
      const page = await context.repos.webhooks.logs(context.tenantId, created._id, { offset: 0, limit: 1 });
      assert.ok(page.rows.length <= 1 && page.count >= page.rows.length);
      assert.ok(page.rows.every((row) => row.webhookId === created._id));
      assert.equal(await context.repos.webhooks.retry(context.tenantId, randomUUID()), false);
      assert.equal(await context.repos.webhooks.remove(context.tenantId, created._id), true);
      assert.equal(await context.repos.webhooks.remove(context.tenantId, created._id), false);
      assert.deepEqual(await context.repos.webhooks.list(context.tenantId), []);
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
