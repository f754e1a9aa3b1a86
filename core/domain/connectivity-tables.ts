/**
 * Connectivity's repositories (./connectivity-ports.ts), written once over the domain's storage
 * port (./tables.ts): the server runs them over PostgreSQL (`sqlTables`), demo mode over the page's
 * stored tables (`memoryTables`). The tables are declared as server/storage/schema/connectivity.ts
 * has them. What only the server does stays out: sealing a secret is the caller's `seal`, and the
 * delivery outbox (queuing a retry, dropping a removed webhook's deliveries) is a port of its own.
 */
import type { EmailSmsConfig, SlackEvent, Webhook, WebhookLog } from '../api/connectivity';
import type {
  ConnectivityPorts,
  NotificationRepository,
  NotifyChannel,
  SlackRepository,
  WebhookRepository,
} from './connectivity-ports';
import type { PortsFor } from './platform';
import { col, nullable, stamp, saveRow, table, type RowClock, type RowOf, type Tables } from './tables';

/** One attempt to deliver to a webhook, as the server's worker logs it. */
export const WEBHOOK_LOGS = table('webhook_logs', {
  id: col.uuid,
  webhookId: col.uuid,
  tenantId: col.uuid,
  /** The outbox row the attempt delivered (null: none). */
  deliveryId: nullable(col.uuid),
  eventKey: col.text(),
  statusCode: col.int,
  body: col.text(),
  response: col.text(),
  createdAt: col.timestamptz,
});
type WebhookLogRow = RowOf<typeof WEBHOOK_LOGS>;

export const WEBHOOKS = table(
  'webhooks',
  {
    id: col.uuid,
    tenantId: col.uuid,
    displayName: col.text(),
    description: col.text(),
    url: col.text(),
    /** The signing secret, sealed by the caller bound to `webhook:<id>` (the worker opens it). */
    secretSealed: nullable(col.text()),
    eventKeys: col.textArray(),
    isActive: col.bool,
    /** Counted by the server's delivery worker. */
    invocations: col.int,
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
  },
  () => [[WEBHOOK_LOGS, 'webhookId']],
);
type WebhookRow = RowOf<typeof WEBHOOKS>;

/** An event's email or SMS switch; its subscriptions hold the recipients. */
const NOTIFICATION_CONFIGS = table('notification_configs', {
  tenantId: col.uuid,
  channel: col.text<NotifyChannel>(),
  eventKey: col.text(),
  enabled: col.bool,
  createdAt: col.timestamptz,
});

const NOTIFICATION_SUBSCRIPTIONS = table('notification_subscriptions', {
  id: col.uuid,
  tenantId: col.uuid,
  channel: col.text<NotifyChannel>(),
  eventKey: col.text(),
  name: col.text(),
  enabled: col.bool,
  recipients: col.textArray(),
  createdAt: col.timestamptz,
});

const SLACK_CHANNELS = table('slack_channels', {
  id: col.uuid,
  tenantId: col.uuid,
  name: col.text(),
  /** The incoming webhook's URL (the credential), sealed by the caller bound to `slack-channel:<id>`. */
  urlSealed: col.text(),
  createdAt: col.timestamptz,
});

const SLACK_SUBSCRIPTIONS = table('slack_subscriptions', {
  id: col.uuid,
  tenantId: col.uuid,
  isActive: col.bool,
  slackEvents: col.jsonb<SlackEvent[]>(),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
});
type SlackSubscriptionRow = RowOf<typeof SLACK_SUBSCRIPTIONS>;

/** What the repositories take from their caller. */
interface ConnectivityStoreDeps {
  /** A new row id (the server's uuid, the demo's random id). */
  newId(): string;
  /** The caller's clock, in milliseconds. */
  now(): number;
  /** `value` as stored, bound to `binding` (the server's SecretBox; demo mode keeps no secret). */
  seal(value: string, binding: string): string;
}

/** What a secret is sealed bound to: the row it belongs to (the server's worker opens it so). */
export const webhookSeal = (id: string) => `webhook:${id}`;
export const slackSeal = (id: string) => `slack-channel:${id}`;

const webhookOf = ({ id, tenantId: _t, secretSealed: _s, ...row }: WebhookRow): Webhook => ({
  _id: id,
  ...row,
  secret: null,
});

const logOf = (row: WebhookLogRow, vendorId: string): WebhookLog => ({
  id: row.id,
  webhookId: row.webhookId,
  tenantId: row.tenantId,
  vendorId,
  statusCode: String(row.statusCode),
  body: row.body,
  response: row.response,
  eventKey: row.eventKey,
  createdAt: row.createdAt,
});

const oldestFirst = [{ by: 'createdAt' as const }, { by: 'id' as const }];

function webhookRepository(tables: Tables, { newId, now, seal }: ConnectivityStoreDeps): WebhookRepository {
  const webhooks = tables.of(WEBHOOKS);
  return {
    async list(tenantId) {
      return (await webhooks.rows({ where: { tenantId }, orderBy: oldestFirst })).map(webhookOf);
    },
    async create(tenantId, fields, secret) {
      const [id, at] = [newId(), stamp(now())];
      const secretSealed = seal(secret, webhookSeal(id));
      const row = { id, tenantId, ...fields, secretSealed, invocations: 0, createdAt: at, updatedAt: at };
      return webhookOf(await webhooks.insert(row));
    },
    async update(tenantId, id, fields, secret) {
      const changes = { ...fields, updatedAt: stamp(now()) };
      const sealed = secret ? { secretSealed: seal(secret, webhookSeal(id)) } : {};
      const [row] = await webhooks.update({ id, tenantId }, { ...changes, ...sealed });
      return row ? webhookOf(row) : null;
    },
    async remove(tenantId, id) {
      // Its logs go with it (the schema's cascade).
      if (!(await webhooks.remove({ id, tenantId })).length) return false;
      return true;
    },
    async logs(tenantId, webhookId, { offset, limit }, vendorId) {
      const where = { webhookId, tenantId };
      const newestFirst = [
        { by: 'createdAt' as const, desc: true },
        { by: 'id' as const, desc: true },
      ];
      const logs = tables.of(WEBHOOK_LOGS);
      const [rows, count] = await Promise.all([
        logs.rows({ where, orderBy: newestFirst, offset, limit }),
        logs.count({ where }),
      ]);
      return { count, rows: rows.map((row) => logOf(row, vendorId)) };
    },
  };
}

function notificationRepository(
  tables: Tables,
  { newId, now }: ConnectivityStoreDeps,
): NotificationRepository {
  const configs = tables.of(NOTIFICATION_CONFIGS);
  const subscriptions = tables.of(NOTIFICATION_SUBSCRIPTIONS);
  return {
    async list(tenantId, channel): Promise<EmailSmsConfig[]> {
      const where = { tenantId, channel };
      const [events, subs] = await Promise.all([
        configs.rows({ where, orderBy: [{ by: 'eventKey' }] }),
        subscriptions.rows({ where, orderBy: oldestFirst }),
      ]);
      return events.map(({ eventKey, enabled }) => ({
        eventKey,
        enabled,
        subscriptions: subs
          .filter((s) => s.eventKey === eventKey)
          .map(({ id, name, enabled, recipients }) => ({ id, name, enabled, recipients })),
      }));
    },
    async create(tenantId, channel, eventKey, enabled, given) {
      const event = { tenantId, channel, eventKey };
      // The event's switch and its new subscriptions, together (the SQL's INSERT ... ON CONFLICT).
      await tables.transaction(async (tx) => {
        await saveRow(tx, NOTIFICATION_CONFIGS, event, { enabled }, () => ({
          ...event,
          enabled,
          createdAt: stamp(now()),
        }));
        for (const s of given)
          await tx
            .of(NOTIFICATION_SUBSCRIPTIONS)
            .insert({ id: newId(), ...event, ...s, createdAt: stamp(now()) });
      });
    },
    async setEnabled(tenantId, channel, eventKey, enabled) {
      return (await configs.update({ tenantId, channel, eventKey }, { enabled })).length > 0;
    },
    async updateSubscription(tenantId, channel, eventKey, id, { name, enabled, recipients }) {
      const changes = { enabled, recipients, ...(name === undefined ? {} : { name }) };
      return (await subscriptions.update({ id, tenantId, channel, eventKey }, changes)).length > 0;
    },
    async removeSubscription(tenantId, channel, eventKey, id) {
      return (await subscriptions.remove({ id, tenantId, channel, eventKey })).length > 0;
    },
    async remove(tenantId, channel, eventKey) {
      const event = { tenantId, channel, eventKey };
      if (!(await configs.remove(event)).length) return false;
      // Its subscriptions go with it (in SQL the foreign key's cascade has removed them already).
      await subscriptions.remove(event);
      return true;
    },
  };
}

function slackRepository(tables: Tables, { newId, now, seal }: ConnectivityStoreDeps): SlackRepository {
  const channels = tables.of(SLACK_CHANNELS);
  const subscriptions = tables.of(SLACK_SUBSCRIPTIONS);
  const stored = ({ id, isActive, slackEvents }: SlackSubscriptionRow) => ({ id, isActive, slackEvents });
  return {
    async channels(tenantId) {
      const rows = await channels.rows({ where: { tenantId }, orderBy: [{ by: 'name' }, { by: 'id' }] });
      return rows.map(({ id, name }) => ({ id, name }));
    },
    async addChannel(tenantId, name, url) {
      const id = newId();
      await channels.insert({
        id,
        tenantId,
        name,
        urlSealed: seal(url, slackSeal(id)),
        createdAt: stamp(now()),
      });
      return { id, name };
    },
    async removeChannel(tenantId, id) {
      return (await channels.remove({ id, tenantId })).length > 0;
    },
    async subscriptions(tenantId) {
      return (await subscriptions.rows({ where: { tenantId }, orderBy: oldestFirst })).map(stored);
    },
    async saveSubscription(tenantId, id, isActive, slackEvents) {
      const at = stamp(now());
      if (!id)
        return stored(
          await subscriptions.insert({
            id: newId(),
            tenantId,
            isActive,
            slackEvents,
            createdAt: at,
            updatedAt: at,
          }),
        );
      const [row] = await subscriptions.update({ id, tenantId }, { isActive, slackEvents, updatedAt: at });
      return row ? stored(row) : null;
    },
    async removeSubscription(tenantId, id) {
      return (await subscriptions.remove({ id, tenantId })).length > 0;
    },
  };
}

/** What one backend does alone: sealing secrets, the outbox, the vendor, reaching and testing a target. */
type ConnectivityExtras = Pick<ConnectivityStoreDeps, 'seal'> &
  Omit<ConnectivityPorts, 'webhooks' | 'notifications' | 'slack'>;

/** The rules' ports, assembled once for both backends: the area's repositories over `tables`, and `extras`. */
export function connectivityPorts(
  tables: Tables,
  clock: RowClock,
  { seal, ...extras }: ConnectivityExtras,
): ConnectivityPorts {
  const deps = { ...clock, seal };
  return {
    webhooks: webhookRepository(tables, deps),
    notifications: notificationRepository(tables, deps),
    slack: slackRepository(tables, deps),
    ...extras,
  };
}

/** The connectivity routes' ports (core/domain/connectivity-handlers.ts) on a backend. */
export const connectivityAreaPorts: PortsFor<ConnectivityPorts> = (platform) => {
  const { created, ...delivery } = platform.webhooks;
  const ports = connectivityPorts(platform.tables, platform.clock, {
    seal: platform.seal,
    vendorId: platform.vendorId,
    ...delivery,
  });
  const { create } = ports.webhooks;
  return {
    ...ports,
    webhooks: {
      ...ports.webhooks,
      create: async (tenantId, fields, secret) => created(tenantId, await create(tenantId, fields, secret)),
    },
  };
};
