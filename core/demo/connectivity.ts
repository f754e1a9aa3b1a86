/**
 * Demo mode's connectivity: the rules of core/domain/connectivity.ts (the server's own) over
 * repositories kept per account in the page's storage, on the server's paths and permissions.
 * Nothing is delivered: the demo has no outbox worker, so a test answers 200 without sending
 * anything, a retry answers 202 without sending, and each webhook shows two sample log rows (one
 * 200, one 500) so the logs and retry can be tried. Bodies and queries are checked before a handler
 * runs, with the server's schemas (core/contract/requests-connectivity.ts).
 */
import { type Answer, ok } from '../contract/answer';
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
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';

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

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<Answer>;
type Run = (ports: ConnectivityPorts, tenantId: string, request: DemoRequest) => Promise<unknown>;
const SLACK = connectivity.SLACK_APPLICATION;

/**
 * The connectivity routes of a signed-in caller (core/contract/routes/connectivity.ts), by
 * descriptor name. The access check (core/demo/dispatch.ts) has required the descriptor's
 * fe.connectivity read or write permission; every row is looked up in the caller's own account
 * (another account's id is not found), and the request schemas have checked body and query.
 */
export function demoConnectivityRoutes(now: () => number, random: () => string): DemoRoutes<SignedIn> {
  /** A use case's answer: saved unless `save` is false, with `status` when it is not 200. */
  const answer =
    (run: Run, save = true, status = 200): SignedIn =>
    async (db, user, request) => {
      db.connectivity ??= {};
      const mine = (db.connectivity[user.tenantId] ??= {});
      const body = await run(demoConnectivityPorts(mine, user.tenantId, now, random), user.tenantId, request);
      return ok(body, save, status);
    };
  const reading = (run: Run) => answer(run, false);
  const given = (request: DemoRequest) => request.body as never;
  const notifications = (channel: NotifyChannel): DemoRoutes<SignedIn> => {
    const at = (ports: ConnectivityPorts, tenantId: string, { params }: DemoRequest) =>
      [ports, tenantId, channel, params.eventKey!] as const;
    const list = reading((ports, tenantId) => connectivity.listNotifications(ports, tenantId, channel));
    const create = answer((p, t, r) => connectivity.createNotification(...at(p, t, r), given(r)), true, 201);
    const enable = answer((p, t, r) =>
      connectivity.setNotificationEnabled(...at(p, t, r), r.body.enabled as boolean),
    );
    const remove = answer((p, t, r) => connectivity.deleteNotification(...at(p, t, r)));
    const update = answer((p, t, r) =>
      connectivity.updateNotificationSubscription(...at(p, t, r), r.params.id!, given(r)),
    );
    const unsubscribe = answer((p, t, r) =>
      connectivity.deleteNotificationSubscription(...at(p, t, r), r.params.id!),
    );
    return channel === 'email'
      ? {
          getIntegrationsConfigurationsEmails: list,
          postIntegrationsConfigurationsEmailsByEventKey: create,
          patchIntegrationsConfigurationsEmailsByEventKey: enable,
          deleteIntegrationsConfigurationsEmailsByEventKey: remove,
          putIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: update,
          deleteIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: unsubscribe,
        }
      : {
          getIntegrationsConfigurationsSms: list,
          postIntegrationsConfigurationsSmsByEventKey: create,
          patchIntegrationsConfigurationsSmsByEventKey: enable,
          deleteIntegrationsConfigurationsSmsByEventKey: remove,
          putIntegrationsConfigurationsSmsByEventKeySubscriptionsById: update,
          deleteIntegrationsConfigurationsSmsByEventKeySubscriptionsById: unsubscribe,
        };
  };
  const logs = reading((ports, tenantId, { query }) =>
    connectivity.webhookLogs(ports, tenantId, query as never),
  );
  return {
    // Events.
    getEventConfigurationsCategories: reading((ports) => connectivity.eventCategories(ports)),
    getEventConfigurations: reading((ports, _t, { query }) =>
      connectivity.channelMaps(ports, query.channels),
    ),
    // Webhooks.
    getWebhook: reading((ports, tenantId) => connectivity.listWebhooks(ports, tenantId)),
    postWebhookCustom: answer(
      (ports, tenantId, r) => connectivity.createWebhook(ports, tenantId, given(r)),
      true,
      201,
    ),
    patchWebhookById: answer((ports, tenantId, r) =>
      connectivity.updateWebhook(ports, tenantId, r.params.id!, given(r)),
    ),
    deleteWebhookById: answer((ports, tenantId, r) =>
      connectivity.deleteWebhook(ports, tenantId, r.params.id!),
    ),
    getWebhookLogs: logs,
    getWebhookLogsSlash: logs,
    postWebhookTest: answer(
      (ports, tenantId, r) => connectivity.testWebhook(ports, tenantId, given(r)),
      false,
    ),
    postWebhookLogsByIdRetries: answer(
      (ports, tenantId, r) => connectivity.retryWebhookLog(ports, tenantId, r.params.id!),
      false,
      202,
    ),
    // Email and SMS.
    ...notifications('email'),
    ...notifications('sms'),
    // Slack.
    getIntegrationsConfigurationsSlack: reading((ports, tenantId) =>
      connectivity.slackConfiguration(ports, tenantId),
    ),
    getIntegrationsConfigurationsSlackApplications: reading(async () => SLACK),
    getIntegrationsConfigurationsSlackChannels: reading((ports, tenantId) =>
      connectivity.listSlackChannels(ports, tenantId),
    ),
    postIntegrationsConfigurationsSlackChannels: answer(
      (ports, tenantId, r) => connectivity.addSlackChannel(ports, tenantId, given(r)),
      true,
      201,
    ),
    deleteIntegrationsConfigurationsSlackChannelsById: answer((ports, tenantId, r) =>
      connectivity.deleteSlackChannel(ports, tenantId, r.params.id!),
    ),
    postIntegrationsConfigurationsSlackSubscriptions: answer(
      (ports, tenantId, r) => connectivity.saveSlackSubscription(ports, tenantId, null, given(r)),
      true,
      201,
    ),
    // The SDK's spellings: PATCH /slack/subscription/{id}, DELETE /slack/subscriptions/{id}.
    patchIntegrationsConfigurationsSlackSubscriptionById: answer((ports, tenantId, r) =>
      connectivity.saveSlackSubscription(ports, tenantId, r.params.id!, given(r)),
    ),
    deleteIntegrationsConfigurationsSlackSubscriptionsById: answer((ports, tenantId, r) =>
      connectivity.deleteSlackSubscription(ports, tenantId, r.params.id!),
    ),
  };
}
