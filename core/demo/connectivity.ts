/**
 * Demo mode's connectivity: the handlers of core/domain/connectivity-handlers.ts (the server's own)
 * over repositories kept per account in the page's storage.
 * Nothing is delivered: the demo has no outbox worker, so a test answers 200 without sending
 * anything, a retry answers 202 without sending, and each webhook shows two sample log rows (one
 * 200, one 500) so the logs and retry can be tried.
 */
import type { EmailSmsConfig, SlackChannel, Webhook, WebhookLog } from '../api/connectivity';
import type { ConnectivityPorts, NotifyChannel, StoredSlackSubscription } from '../domain/connectivity';
import { CONNECTIVITY_HANDLERS } from '../domain/connectivity-handlers';
import { DEMO_VENDOR_ID, type DemoDatabase } from './data';
import {
  by,
  byLocale,
  insert,
  isoNow,
  keep,
  page,
  remove,
  update,
  upsert,
  withId,
  type DemoClock,
} from './rows';
import { demoHandlers } from './shared';

/** An account's settings, in the shapes the ports answer. */
export interface DemoConnectivity {
  webhooks: Webhook[];
  logs: WebhookLog[];
  email: EmailSmsConfig[];
  sms: EmailSmsConfig[];
  /** Without their URLs: nothing reads them back, and demo mode posts nothing. */
  slackChannels: SlackChannel[];
  slackSubscriptions: StoredSlackSubscription[];
}

/** The sample deliveries a new webhook shows (the demo sends nothing). */
const SAMPLE_LOGS = [
  ['500', 'Demo mode: a sample failed delivery (nothing was sent)'],
  ['200', 'Demo mode: a sample delivery (nothing was sent)'],
] as const;

/** The rules' ports over one account's stored settings. */
export function demoConnectivityPorts(
  db: DemoDatabase,
  tenantId: string,
  { now, random }: DemoClock,
): ConnectivityPorts {
  const fresh = { webhooks: [], logs: [], email: [], sms: [], slackChannels: [], slackSubscriptions: [] };
  const mine: DemoConnectivity = ((db.connectivity ??= {})[tenantId] ??= fresh);
  const { webhooks, logs, slackChannels: channels, slackSubscriptions: subscriptions } = mine;
  const ofEvent = (eventKey: string) => (c: EmailSmsConfig) => c.eventKey === eventKey;
  const subscriptionsOf = (channel: NotifyChannel, eventKey: string) =>
    mine[channel].find(ofEvent(eventKey))?.subscriptions ?? [];
  const byWebhookId = (id: string) => (w: Webhook) => w._id === id;
  return {
    webhooks: {
      // Stored with `secret: null`: demo mode signs nothing.
      list: async () => webhooks,
      async create(_tenant, fields) {
        const [createdAt, _id] = [isoNow(now), random()];
        const invocations = SAMPLE_LOGS.length - 1;
        webhooks.push({ _id, ...fields, secret: null, invocations, createdAt, updatedAt: createdAt });
        const eventKey = fields.eventKeys[0] ?? 'test';
        const body = JSON.stringify({ eventKey, tenantId, data: {} });
        const sample = { webhookId: _id, tenantId, vendorId: DEMO_VENDOR_ID, body, eventKey, createdAt };
        for (const [statusCode, response] of SAMPLE_LOGS)
          logs.unshift({ id: random(), ...sample, statusCode, response });
        return { ...webhooks.at(-1)! };
      },
      async update(_tenant, id, fields) {
        const webhook = update(webhooks, byWebhookId(id), { ...fields, updatedAt: isoNow(now) });
        return webhook ? { ...webhook } : null;
      },
      async remove(_tenant, id) {
        if (!remove(webhooks, byWebhookId(id))) return false;
        keep(logs, (l) => l.webhookId !== id);
        return true;
      },
      logs: async (_tenant, webhookId, { offset, limit }) => {
        const { items, total } = page(
          logs.filter((l) => l.webhookId === webhookId),
          offset,
          limit,
        );
        return { count: total, rows: items };
      },
      retry: async (_tenant, logId) => logs.some(withId(logId)),
    },
    notifications: {
      // By event, as the server's list.
      list: async (_tenant, channel) => [...mine[channel]].sort(by((c) => c.eventKey)),
      async create(_tenant, channel, eventKey, enabled, given) {
        const added = given.map((s) => ({ id: random(), ...s }));
        const found = update(mine[channel], ofEvent(eventKey), { enabled });
        if (found) found.subscriptions.push(...added);
        else mine[channel].push({ eventKey, enabled, subscriptions: added });
      },
      setEnabled: async (_tenant, channel, eventKey, enabled) =>
        !!update(mine[channel], ofEvent(eventKey), { enabled }),
      updateSubscription: async (_tenant, channel, eventKey, id, fields) =>
        !!update(subscriptionsOf(channel, eventKey), withId(id), fields),
      removeSubscription: async (_tenant, channel, eventKey, id) =>
        remove(subscriptionsOf(channel, eventKey), withId(id)),
      remove: async (_tenant, channel, eventKey) => remove(mine[channel], ofEvent(eventKey)),
    },
    slack: {
      channels: async () => [...channels].sort(byLocale((c) => c.name)),
      addChannel: async (_tenant, name) => ({ ...insert(channels, { id: random(), name }) }),
      removeChannel: async (_tenant, id) => remove(channels, withId(id)),
      subscriptions: async () => subscriptions,
      // A new one without `id`; else null for one the account does not have.
      saveSubscription: async (_tenant, id, isActive, slackEvents) =>
        id && !subscriptions.some(withId(id))
          ? null
          : upsert(subscriptions, withId(id ?? ''), { id: id ?? random(), isActive, slackEvents }),
      removeSubscription: async (_tenant, id) => remove(subscriptions, withId(id)),
    },
    vendorId: async () => DEMO_VENDOR_ID,
    reachable: async (url) => url.toString(),
    sendTest: async () => ({ statusCode: 200, body: 'Demo mode: nothing was sent' }),
  };
}

/** The connectivity routes (core/domain/connectivity-handlers.ts) over the caller's account's settings. */
export const demoConnectivityRoutes = (clock: DemoClock) =>
  demoHandlers(CONNECTIVITY_HANDLERS, (db, user) => demoConnectivityPorts(db, user.tenantId, clock));
