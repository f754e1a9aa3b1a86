// The connectivity repositories, one suite for both stores: the server's over PGlite
// (server/storage/connectivity.ts) and demo mode's over its stored settings
// (core/demo/connectivity.ts). The rules in core/domain/connectivity.ts rely on what each case states.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { demoConnectivityPorts, type DemoConnectivity } from '../../core/demo/connectivity';
import type { ConnectivityPorts } from '../../core/domain/connectivity';
import type { BuiltServer } from '../app';
import { SecretBox } from '../domain/mfa-crypto';
import { createTenant } from '../domain/tenants';
import { getVendorSettings } from '../domain/vendor';
import { startTestServer } from '../../test/support/server';
import { notificationRepository, slackRepository, webhookRepository } from './connectivity';

type Repositories = Pick<ConnectivityPorts, 'webhooks' | 'notifications' | 'slack'>;
interface Store {
  name: string;
  /** The repositories and a fresh account of this store. */
  open(): Promise<{ repos: Repositories; tenantId: string }>;
  close(): Promise<void>;
}

let server: BuiltServer | undefined;
const STORES: Store[] = [
  {
    name: 'PGlite',
    async open() {
      server ??= await startTestServer();
      const vendorId = (await getVendorSettings(server.db)).id;
      const tenant = await createTenant(server.db, { vendorId, name: 'Connectivity repository suite' });
      const box = new SecretBox(randomBytes(32));
      return {
        repos: {
          webhooks: webhookRepository(server.db, box),
          notifications: notificationRepository(server.db),
          slack: slackRepository(server.db, box),
        },
        tenantId: tenant.id,
      };
    },
    close: async () => server?.close(),
  },
  {
    name: 'demo storage',
    async open() {
      let clock = Date.parse('2026-01-01T00:00:00Z');
      const mine: DemoConnectivity = {};
      // Ids shaped as the server's, so one case fits both stores.
      const ports = demoConnectivityPorts(mine, 'demo-tenant', () => (clock += 1000), randomUUID);
      return { repos: ports, tenantId: 'demo-tenant' };
    },
    close: async () => {},
  },
];

const FIELDS = {
  displayName: 'Orders',
  description: 'sync',
  url: 'https://93.184.216.34/hook',
  eventKeys: ['user.invited'],
  isActive: true,
};

for (const store of STORES) {
  describe(`connectivity repositories: ${store.name}`, () => {
    let repos: Repositories;
    let tenantId: string;
    before(async () => ({ repos, tenantId } = await store.open()));
    after(() => store.close());

    test('webhooks: created without showing the secret, updated, paged logs, removed once', async () => {
      const created = await repos.webhooks.create(tenantId, FIELDS, 'whsec_given');
      assert.equal(created.secret, null, 'a stored secret is never read back');
      assert.equal(created.displayName, 'Orders');
      assert.deepEqual(created.eventKeys, ['user.invited']);
      assert.equal(await repos.webhooks.has(tenantId, created._id), true);
      assert.equal(await repos.webhooks.has(tenantId, randomUUID()), false);
      const listed = await repos.webhooks.list(tenantId);
      assert.deepEqual(
        listed.map((w) => [w._id, w.secret]),
        [[created._id, null]],
      );
      const updated = await repos.webhooks.update(
        tenantId,
        created._id,
        { ...FIELDS, displayName: 'Orders v2', isActive: false },
        null,
      );
      assert.equal(updated?.displayName, 'Orders v2');
      assert.equal(updated?.isActive, false);
      assert.equal(updated?.secret, null);
      assert.equal(await repos.webhooks.update(tenantId, randomUUID(), FIELDS, null), null);
      const page = await repos.webhooks.logs(tenantId, created._id, { offset: 0, limit: 1 });
      assert.ok(page.rows.length <= 1 && page.count >= page.rows.length);
      assert.ok(page.rows.every((row) => row.webhookId === created._id));
      assert.equal(await repos.webhooks.retry(tenantId, randomUUID()), false);
      assert.equal(await repos.webhooks.remove(tenantId, created._id), true);
      assert.equal(await repos.webhooks.remove(tenantId, created._id), false);
      assert.deepEqual(await repos.webhooks.list(tenantId), []);
    });

    test('email and SMS: a setting per channel and event, its subscriptions kept in order', async () => {
      await repos.notifications.create(tenantId, 'email', 'user.invited', true, [
        { name: 'Ops', enabled: true, recipients: ['ops@example.com'] },
      ]);
      await repos.notifications.create(tenantId, 'email', 'user.invited', false, [
        { name: 'Sales', enabled: false, recipients: ['sales@example.com'] },
      ]);
      assert.deepEqual(await repos.notifications.list(tenantId, 'sms'), [], 'channels are apart');
      const [config] = await repos.notifications.list(tenantId, 'email');
      assert.equal(config?.eventKey, 'user.invited');
      assert.equal(config?.enabled, false, 'creating again sets enabled');
      assert.deepEqual(
        config?.subscriptions.map((s) => s.name),
        ['Ops', 'Sales'],
      );
      const ops = config!.subscriptions[0]!;
      const opsId = ops.id!;
      assert.equal(await repos.notifications.setEnabled(tenantId, 'email', 'user.invited', true), true);
      assert.equal(await repos.notifications.setEnabled(tenantId, 'sms', 'user.invited', true), false);
      assert.equal(
        await repos.notifications.updateSubscription(tenantId, 'email', 'user.invited', opsId, {
          enabled: false,
          recipients: ['ops2@example.com'],
        }),
        true,
      );
      const [after] = await repos.notifications.list(tenantId, 'email');
      assert.deepEqual(after?.subscriptions[0], {
        id: opsId,
        name: 'Ops',
        enabled: false,
        recipients: ['ops2@example.com'],
      });
      assert.equal(after?.enabled, true);
      const other = randomUUID();
      assert.equal(
        await repos.notifications.updateSubscription(tenantId, 'email', 'user.invited', other, {
          enabled: true,
          recipients: [],
        }),
        false,
      );
      assert.equal(
        await repos.notifications.removeSubscription(tenantId, 'email', 'user.invited', opsId),
        true,
      );
      assert.equal(
        await repos.notifications.removeSubscription(tenantId, 'email', 'user.invited', opsId),
        false,
      );
      assert.equal(await repos.notifications.remove(tenantId, 'email', 'user.invited'), true);
      assert.equal(await repos.notifications.remove(tenantId, 'email', 'user.invited'), false);
      assert.deepEqual(await repos.notifications.list(tenantId, 'email'), []);
    });

    test('Slack: channels by name, subscriptions created, replaced and removed once', async () => {
      const zeta = await repos.slack.addChannel(tenantId, 'zeta', 'https://hooks.example.com/z');
      const alpha = await repos.slack.addChannel(tenantId, 'alpha', 'https://hooks.example.com/a');
      assert.deepEqual(await repos.slack.channels(tenantId), [alpha, zeta]);
      const events = [{ eventKey: 'user.invited', channelIds: [alpha.id], title: 'Invited' }];
      const created = await repos.slack.saveSubscription(tenantId, null, true, events);
      assert.ok(created?.id);
      assert.deepEqual(await repos.slack.subscriptions(tenantId), [created]);
      const replaced = await repos.slack.saveSubscription(tenantId, created!.id, false, [
        { eventKey: 'user.removed', channelIds: [zeta.id] },
      ]);
      assert.deepEqual(await repos.slack.subscriptions(tenantId), [replaced]);
      assert.equal(replaced?.id, created?.id);
      assert.equal(await repos.slack.saveSubscription(tenantId, randomUUID(), true, events), null);
      assert.equal(await repos.slack.removeSubscription(tenantId, created!.id), true);
      assert.equal(await repos.slack.removeSubscription(tenantId, created!.id), false);
      assert.equal(await repos.slack.removeChannel(tenantId, zeta.id), true);
      assert.equal(await repos.slack.removeChannel(tenantId, zeta.id), false);
      assert.deepEqual(await repos.slack.channels(tenantId), [alpha]);
    });
  });
}
