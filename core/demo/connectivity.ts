/**
 * Demo mode's connectivity: the rules of core/domain/connectivity.ts (the server's own) over
 * repositories kept per account in the page's storage, on the server's paths and permissions.
 * Nothing is delivered: the demo has no outbox worker, so a test answers 200 without sending
 * anything, a retry answers 202 without sending, and each webhook shows two sample log rows (one
 * 200, one 500) so the logs and retry can be tried. Bodies and queries are checked before a handler
 * runs, with the server's schemas (core/contract/requests-connectivity.ts).
 */
import { type Answer, fail, ok } from '../contract/answer';
import type {
  EmailSmsConfig,
  SlackChannel,
  SlackEvent,
  SlackSubscription,
  Webhook,
  WebhookLog,
} from '../api/connectivity';
import * as connectivity from '../domain/connectivity';
import type { ConnectivityPorts, NotifyChannel } from '../domain/connectivity';
import { hasPermission } from '../portal/pages';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

export interface DemoConnectivity {
  webhooks?: Webhook[];
  logs?: WebhookLog[];
  emails?: EmailSmsConfig[];
  sms?: EmailSmsConfig[];
  slackChannels?: Array<SlackChannel & { url: string }>;
  slackSubscriptions?: Array<Required<Pick<SlackSubscription, 'id'>> & SlackSubscription>;
}

const PATHS =
  /^\/(webhook(\/.*)?|event\/resources\/configurations\/v1(\/categories)?|integrations\/resources\/configurations\/(v1\/(emails|slack)|v2\/sms)(\/.*)?)$/;
/** True for the paths this module answers. */
export const isDemoConnectivityPath = (path: string) => PATHS.test(path);

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

/** An answer of a use case; `status` when it is not 200. */
const answered = (run: () => Promise<unknown>, save = true, status = 200): Promise<Answer> =>
  run().then((body) => ok(body, save, status));

export function handleDemoConnectivity(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json; query?: Record<string, string> },
  now: () => number,
  random: () => string,
): Answer | Promise<Answer> | null {
  const { path, body } = request;
  const method = request.method.toUpperCase();
  const query = request.query ?? {};
  const needs = (permission: string) =>
    hasPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const read = () => needs('fe.connectivity.read.webhooks');
  const write = () => needs('fe.connectivity.write.webhooks');
  db.connectivity ??= {};
  const tenantId = user.tenantId;
  const ports = demoConnectivityPorts((db.connectivity[tenantId] ??= {}), tenantId, now, random);
  // The request schemas (core/contract/requests-connectivity.ts) have checked the body and query.
  const reading = (run: () => Promise<unknown>) => read() ?? answered(run, false);
  const writing = (run: () => Promise<unknown>, status = 200) => write() ?? answered(run, true, status);
  const given = body as never;

  // ------------------------------------------------------------------------------------ events
  if (path === '/event/resources/configurations/v1/categories' && method === 'GET')
    return reading(() => connectivity.eventCategories(ports));
  if (path === '/event/resources/configurations/v1' && method === 'GET')
    return reading(() => connectivity.channelMaps(ports, query.channels));

  // ---------------------------------------------------------------------------------- webhooks
  if (path === '/webhook' && method === 'GET')
    return reading(() => connectivity.listWebhooks(ports, tenantId));
  if (path === '/webhook/custom' && method === 'POST')
    return writing(() => connectivity.createWebhook(ports, tenantId, given), 201);
  const webhookOf = /^\/webhook\/([^/]+)$/.exec(path);
  if (webhookOf && webhookOf[1] !== 'logs' && (method === 'PATCH' || method === 'DELETE')) {
    const id = decodeURIComponent(webhookOf[1]!);
    return method === 'DELETE'
      ? writing(() => connectivity.deleteWebhook(ports, tenantId, id))
      : writing(() => connectivity.updateWebhook(ports, tenantId, id, given));
  }
  if ((path === '/webhook/logs' || path === '/webhook/logs/') && method === 'GET')
    return reading(() => connectivity.webhookLogs(ports, tenantId, query as never));
  if (path === '/webhook/test' && method === 'POST')
    return write() ?? answered(() => connectivity.testWebhook(ports, tenantId, given), false);
  const retryOf = /^\/webhook\/logs\/([^/]+)\/retries$/.exec(path);
  if (retryOf && method === 'POST') {
    const id = decodeURIComponent(retryOf[1]!);
    return write() ?? answered(() => connectivity.retryWebhookLog(ports, tenantId, id), false, 202);
  }

  // ------------------------------------------------------------------------------ email and SMS
  const emailSms =
    /^\/integrations\/resources\/configurations\/(v1\/emails|v2\/sms)(?:\/([^/]+)(?:\/subscriptions\/([^/]+))?)?$/.exec(
      path,
    );
  if (emailSms) {
    const channel: NotifyChannel = emailSms[1] === 'v1/emails' ? 'email' : 'sms';
    const eventKey = emailSms[2] && decodeURIComponent(emailSms[2]);
    const subscriptionId = emailSms[3] && decodeURIComponent(emailSms[3]);
    if (!eventKey)
      return method === 'GET'
        ? reading(() => connectivity.listNotifications(ports, tenantId, channel))
        : null;
    const at = [ports, tenantId, channel, eventKey] as const;
    if (!subscriptionId) {
      if (method === 'POST') return writing(() => connectivity.createNotification(...at, given), 201);
      if (method === 'PATCH')
        return writing(() => connectivity.setNotificationEnabled(...at, body.enabled as boolean));
      if (method === 'DELETE') return writing(() => connectivity.deleteNotification(...at));
      return null;
    }
    if (method === 'PUT')
      return writing(() => connectivity.updateNotificationSubscription(...at, subscriptionId, given));
    if (method === 'DELETE')
      return writing(() => connectivity.deleteNotificationSubscription(...at, subscriptionId));
    return null;
  }

  // ------------------------------------------------------------------------------------ Slack
  const SLACK = '/integrations/resources/configurations/v1/slack';
  if (path === SLACK && method === 'GET')
    return reading(() => connectivity.slackConfiguration(ports, tenantId));
  if (path === `${SLACK}/applications` && method === 'GET')
    return reading(async () => connectivity.SLACK_APPLICATION);
  if (path === `${SLACK}/channels` && method === 'GET')
    return reading(() => connectivity.listSlackChannels(ports, tenantId));
  if (path === `${SLACK}/channels` && method === 'POST')
    return writing(() => connectivity.addSlackChannel(ports, tenantId, given), 201);
  const channelOf = new RegExp(`^${SLACK}/channels/([^/]+)$`).exec(path);
  if (channelOf && method === 'DELETE') {
    const id = decodeURIComponent(channelOf[1]!);
    return writing(() => connectivity.deleteSlackChannel(ports, tenantId, id));
  }
  if (path === `${SLACK}/subscriptions` && method === 'POST')
    return writing(() => connectivity.saveSlackSubscription(ports, tenantId, null, given), 201);
  const subscriptionOf = new RegExp(`^${SLACK}/subscriptions?/([^/]+)$`).exec(path);
  // The SDK's spellings: PATCH /slack/subscription/{id}, DELETE /slack/subscriptions/{id}.
  const spelled = !!subscriptionOf && (method === 'PATCH') === path.includes('/subscription/');
  if (subscriptionOf && spelled && (method === 'PATCH' || method === 'DELETE')) {
    const id = decodeURIComponent(subscriptionOf[1]!);
    return method === 'DELETE'
      ? writing(() => connectivity.deleteSlackSubscription(ports, tenantId, id))
      : writing(() => connectivity.saveSlackSubscription(ports, tenantId, id, given));
  }
  return null;
}
