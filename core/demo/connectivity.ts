/**
 * Demo mode's connectivity: the handlers of core/domain/connectivity-handlers.ts (the server's own)
 * over repositories kept per account in the page's storage.
 * Nothing is delivered: the demo has no outbox worker, so a test answers 200 without sending
 * anything, a retry answers 202 without sending, and each webhook shows two sample log rows (one
 * 200, one 500) so the logs and retry can be tried. Bodies and queries are checked before a handler
 * runs, with the server's schemas (core/contract/requests-connectivity.ts).
 */
import type {
  EmailSmsConfig,
  SlackChannel,
  SlackEvent,
  SlackSubscription,
  Webhook,
  WebhookLog,
} from '../api/connectivity';
import type { ConnectivityPorts, NotifyChannel } from '../domain/connectivity';
import { CONNECTIVITY_HANDLERS } from '../domain/connectivity-handlers';
import { demoHandlers } from './shared';

export interface DemoConnectivity {
  webhooks?: Webhook[];
  logs?: WebhookLog[];
  emails?: EmailSmsConfig[];
  sms?: EmailSmsConfig[];
  slackChannels?: Array<SlackChannel & { url: string }>;
  slackSubscriptions?: Array<Required<Pick<SlackSubscription, 'id'>> & SlackSubscription>;
}

const VENDOR = 'demo-vendor';
/** The sample deliveries a new webhook shows (the demo sends nothing). */
const SAMPLE_LOGS = [
  ['500', 'Demo mode: a sample failed delivery (nothing was sent)'],
  ['200', 'Demo mode: a sample delivery (nothing was sent)'],
] as const;

/** The rules' ports over one account's stored settings (`now` stamps, `random` names new rows). */
export function demoConnectivityPorts(
  mine: DemoConnectivity,
  tenantId: string,
  now: () => number,
  random: () => string,
): ConnectivityPorts {
  const stamp = () => new Date(now()).toISOString();
  const webhooks = (mine.webhooks ??= []);
  const configs = (channel: NotifyChannel) => (mine[channel === 'email' ? 'emails' : 'sms'] ??= []);
  const channels = (mine.slackChannels ??= []);
  const subscriptions = (mine.slackSubscriptions ??= []);
  const removed = <T>(list: T[], found: (item: T) => boolean) => {
    const index = list.findIndex(found);
    if (index >= 0) list.splice(index, 1);
    return index >= 0;
  };
  const subscriptionsOf = (channel: NotifyChannel, eventKey: string) =>
    configs(channel).find((c) => c.eventKey === eventKey)?.subscriptions;
  return {
    webhooks: {
      list: async () => webhooks.map((w) => ({ ...w, secret: null })),
      has: async (_tenant, id) => webhooks.some((w) => w._id === id),
      async create(_tenant, fields) {
        const created: Webhook = {
          _id: random(),
          ...fields,
          secret: null,
          invocations: SAMPLE_LOGS.length - 1,
          createdAt: stamp(),
          updatedAt: stamp(),
        };
        webhooks.push(created);
        const eventKey = created.eventKeys[0] ?? 'test';
        for (const [statusCode, response] of SAMPLE_LOGS)
          (mine.logs ??= []).unshift({
            id: random(),
            webhookId: created._id,
            tenantId,
            vendorId: VENDOR,
            statusCode,
            body: JSON.stringify({ eventKey, tenantId, data: {} }),
            response,
            eventKey,
            createdAt: stamp(),
          });
        return { ...created };
      },
      async update(_tenant, id, fields) {
        const webhook = webhooks.find((w) => w._id === id);
        if (!webhook) return null;
        Object.assign(webhook, fields, { updatedAt: stamp() });
        return { ...webhook };
      },
      async remove(_tenant, id) {
        if (!removed(webhooks, (w) => w._id === id)) return false;
        mine.logs = (mine.logs ?? []).filter((l) => l.webhookId !== id);
        return true;
      },
      async logs(_tenant, webhookId, { offset, limit }) {
        const rows = (mine.logs ?? []).filter((l) => l.webhookId === webhookId);
        return { count: rows.length, rows: rows.slice(offset, offset + limit) };
      },
      retry: async (_tenant, logId) => (mine.logs ?? []).some((l) => l.id === logId),
    },
    notifications: {
      list: async (_tenant, channel) => configs(channel),
      async create(_tenant, channel, eventKey, enabled, given) {
        const added = given.map((s) => ({ id: random(), ...s }));
        const config = configs(channel).find((c) => c.eventKey === eventKey);
        if (config) {
          config.enabled = enabled;
          config.subscriptions.push(...added);
        } else configs(channel).push({ eventKey, enabled, subscriptions: added });
      },
      async setEnabled(_tenant, channel, eventKey, enabled) {
        const config = configs(channel).find((c) => c.eventKey === eventKey);
        if (config) config.enabled = enabled;
        return !!config;
      },
      async updateSubscription(_tenant, channel, eventKey, id, fields) {
        const subscription = subscriptionsOf(channel, eventKey)?.find((s) => s.id === id);
        if (subscription) Object.assign(subscription, fields);
        return !!subscription;
      },
      removeSubscription: async (_tenant, channel, eventKey, id) =>
        removed(subscriptionsOf(channel, eventKey) ?? [], (s) => s.id === id),
      remove: async (_tenant, channel, eventKey) => removed(configs(channel), (c) => c.eventKey === eventKey),
    },
    slack: {
      channels: async () =>
        channels.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      async addChannel(_tenant, name, url) {
        const channel = { id: random(), name, url };
        channels.push(channel);
        return { id: channel.id, name };
      },
      removeChannel: async (_tenant, id) => removed(channels, (c) => c.id === id),
      subscriptions: async () => subscriptions,
      async saveSubscription(_tenant, id, isActive, slackEvents: SlackEvent[]) {
        const saved = { id: id ?? random(), isActive, slackEvents };
        if (!id) subscriptions.push(saved);
        else {
          const index = subscriptions.findIndex((s) => s.id === id);
          if (index < 0) return null;
          subscriptions[index] = saved;
        }
        return saved;
      },
      removeSubscription: async (_tenant, id) => removed(subscriptions, (s) => s.id === id),
    },
    vendorId: async () => VENDOR,
    reachable: async (url) => url.toString(),
    sendTest: async () => ({ statusCode: 200, body: 'Demo mode: nothing was sent' }),
  };
}

/** The connectivity routes (core/domain/connectivity-handlers.ts) over the caller's account's settings. */
export function demoConnectivityRoutes(now: () => number, random: () => string) {
  return demoHandlers(CONNECTIVITY_HANDLERS, (db, user) =>
    demoConnectivityPorts(((db.connectivity ??= {})[user.tenantId] ??= {}), user.tenantId, now, random),
  );
}
