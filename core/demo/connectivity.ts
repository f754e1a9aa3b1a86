/**
 * Demo mode's connectivity: the handlers of core/domain/connectivity-handlers.ts (the server's own)
 * over repositories kept per account in the page's storage.
 * Nothing is delivered: the demo has no outbox worker, so a test answers 200 without sending
 * anything, a retry answers 202 without sending, and each webhook shows two sample log rows (one
 * 200, one 500) so the logs and retry can be tried.
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
import { byLocale, isoNow, keep, page, remove, update, upsert, withId, type DemoClock } from './rows';
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

/** The rules' ports over one account's stored settings. */
export function demoConnectivityPorts(
  mine: DemoConnectivity,
  tenantId: string,
  now: () => number,
  random: () => string,
): ConnectivityPorts {
  const webhooks = (mine.webhooks ??= []);
  const configs = (channel: NotifyChannel) => (mine[channel === 'email' ? 'emails' : 'sms'] ??= []);
  const config = (channel: NotifyChannel, eventKey: string) =>
    configs(channel).find((c) => c.eventKey === eventKey);
  const channels = (mine.slackChannels ??= []);
  const subscriptions = (mine.slackSubscriptions ??= []);
  const logs = () => (mine.logs ??= []);
  return {
    webhooks: {
      list: async () => webhooks.map((w) => ({ ...w, secret: null })),
      has: async (_tenant, id) => webhooks.some((w) => w._id === id),
      async create(_tenant, fields) {
        const at = isoNow(now);
        const created: Webhook = {
          _id: random(),
          ...fields,
          secret: null,
          invocations: SAMPLE_LOGS.length - 1,
          createdAt: at,
          updatedAt: at,
        };
        webhooks.push(created);
        const eventKey = created.eventKeys[0] ?? 'test';
        const body = JSON.stringify({ eventKey, tenantId, data: {} });
        for (const [statusCode, response] of SAMPLE_LOGS)
          logs().unshift({
            id: random(),
            webhookId: created._id,
            tenantId,
            vendorId: VENDOR,
            statusCode,
            body,
            response,
            eventKey,
            createdAt: at,
          });
        return { ...created };
      },
      async update(_tenant, id, fields) {
        const webhook = update(webhooks, (w) => w._id === id, { ...fields, updatedAt: isoNow(now) });
        return webhook ? { ...webhook } : null;
      },
      async remove(_tenant, id) {
        if (!remove(webhooks, (w) => w._id === id)) return false;
        keep(logs(), (l) => l.webhookId !== id);
        return true;
      },
      logs: async (_tenant, webhookId, { offset, limit }) => {
        const { items, total } = page(
          logs().filter((l) => l.webhookId === webhookId),
          offset,
          limit,
        );
        return { count: total, rows: items };
      },
      retry: async (_tenant, logId) => logs().some(withId(logId)),
    },
    notifications: {
      list: async (_tenant, channel) => configs(channel),
      async create(_tenant, channel, eventKey, enabled, given) {
        const added = given.map((s) => ({ id: random(), ...s }));
        const found = config(channel, eventKey);
        if (!found) configs(channel).push({ eventKey, enabled, subscriptions: added });
        else {
          found.enabled = enabled;
          found.subscriptions.push(...added);
        }
      },
      setEnabled: async (_tenant, channel, eventKey, enabled) =>
        !!update(configs(channel), (c) => c.eventKey === eventKey, { enabled }),
      updateSubscription: async (_tenant, channel, eventKey, id, fields) =>
        !!update(config(channel, eventKey)?.subscriptions ?? [], withId(id), fields),
      removeSubscription: async (_tenant, channel, eventKey, id) =>
        remove(config(channel, eventKey)?.subscriptions ?? [], withId(id)),
      remove: async (_tenant, channel, eventKey) => remove(configs(channel), (c) => c.eventKey === eventKey),
    },
    slack: {
      channels: async () => channels.map(({ id, name }) => ({ id, name })).sort(byLocale((c) => c.name)),
      async addChannel(_tenant, name, url) {
        const id = random();
        channels.push({ id, name, url });
        return { id, name };
      },
      removeChannel: async (_tenant, id) => remove(channels, withId(id)),
      subscriptions: async () => subscriptions,
      async saveSubscription(_tenant, id, isActive, slackEvents: SlackEvent[]) {
        const saved = { id: id ?? random(), isActive, slackEvents };
        if (id && !subscriptions.some(withId(id))) return null;
        return upsert(subscriptions, withId(saved.id), saved);
      },
      removeSubscription: async (_tenant, id) => remove(subscriptions, withId(id)),
    },
    vendorId: async () => VENDOR,
    reachable: async (url) => url.toString(),
    sendTest: async () => ({ statusCode: 200, body: 'Demo mode: nothing was sent' }),
  };
}

/** The connectivity routes (core/domain/connectivity-handlers.ts) over the caller's account's settings. */
export const demoConnectivityRoutes = (clock: DemoClock) =>
  demoHandlers(CONNECTIVITY_HANDLERS, (db, user) =>
    demoConnectivityPorts(
      ((db.connectivity ??= {})[user.tenantId] ??= {}),
      user.tenantId,
      clock.now,
      clock.random,
    ),
  );
