/**
 * Demo mode's connectivity, answering like the reference server (server/routes/connectivity.ts):
 * the same paths, permissions (403 with the same message), save rules and messages, kept per
 * account in the page's storage. Nothing is delivered: the demo has no outbox worker, so a test
 * answers 200 without sending anything, a retry answers 202 without sending, and each webhook shows
 * two sample log rows (one 200, one 500) so the logs and retry can be tried. Bodies and queries are
 * checked before a handler runs, with the server's schemas (core/contract/requests-connectivity.ts).
 */
import { type Answer, fail, failWith, ok } from '../contract/answer';
import {
  CHANNELS,
  EVENT_CATALOGUE,
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
} from '../api/connectivity';
import type {
  EmailSmsConfig,
  SlackChannel,
  SlackEvent,
  SlackSubscription,
  Webhook,
  WebhookLog,
} from '../api/connectivity';
import { hasPermission } from '../portal/pages';
import { blankNameError, notificationRecipients, unknownEventError } from '../contract/requests-connectivity';
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

const CATALOGUE_DATE = '2026-11-26T00:00:00.000Z';
const VENDOR = 'demo-vendor';
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const categories = () =>
  EVENT_CATALOGUE.map(({ category, events }) => ({
    id: `category-${slug(category)}`,
    name: category,
    vendorId: VENDOR,
    createdAt: CATALOGUE_DATE,
    updatedAt: CATALOGUE_DATE,
    events: events.map(([key, displayName, description]) => ({
      id: `event-${key}`,
      key,
      displayName,
      description,
      category,
      categoryId: `category-${slug(category)}`,
      vendorId: VENDOR,
      createdAt: CATALOGUE_DATE,
      updatedAt: CATALOGUE_DATE,
    })),
  }));

/** The server's URL rule without its address checks (server/delivery/outbound-http.ts assertPublicUrl). */
function urlProblem(raw: string): Answer | null {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password)
      return null;
  } catch {
    // not a URL
  }
  return fail('URL_INVALID');
}

export function handleDemoConnectivity(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json; query?: Record<string, string> },
  now: () => number,
  random: () => string,
): Answer | null {
  const { path, body } = request;
  const method = request.method.toUpperCase();
  const query = request.query ?? {};
  const needs = (permission: string) =>
    hasPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const read = () => needs('fe.connectivity.read.webhooks');
  const write = () => needs('fe.connectivity.write.webhooks');
  db.connectivity ??= {};
  const mine = (db.connectivity[user.tenantId] ??= {});
  const stamp = () => new Date(now()).toISOString();
  // The request schemas (core/contract/requests-connectivity.ts) have checked the body and query.
  const unknownEvent = (keys: string[]) => ((e) => (e ? failWith(e) : null))(unknownEventError(keys));
  const blankName = (name: unknown, label: string) =>
    ((e) => (e ? failWith(e) : null))(blankNameError(name as string, label));

  // ------------------------------------------------------------------------------------ events
  if (path === '/event/resources/configurations/v1/categories' && method === 'GET')
    return read() ?? ok(categories());
  if (path === '/event/resources/configurations/v1' && method === 'GET') {
    const unknown = (query.channels ?? '')
      .split(',')
      .find((c) => c && !(CHANNELS as readonly string[]).includes(c));
    if (unknown) return read() ?? fail('CHANNEL_UNKNOWN', { value: unknown.slice(0, 20) });
    return (
      read() ??
      ok(
        categories().flatMap(({ events, ...category }) =>
          events.map(({ category: _name, ...event }) => ({ ...event, category: { ...category } })),
        ),
      )
    );
  }

  // ---------------------------------------------------------------------------------- webhooks
  const webhooks = (mine.webhooks ??= []);
  const logs = (mine.logs ??= []);
  if (path === '/webhook' && method === 'GET')
    return read() ?? ok(webhooks.map((w) => ({ ...w, secret: null })));
  const webhookInput = () =>
    blankName(body.displayName, 'Display name') ??
    unknownEvent(body.eventKeys as string[]) ??
    urlProblem(body.url as string);
  if (path === '/webhook/custom' && method === 'POST') {
    const problem = write() ?? webhookInput();
    if (problem) return problem;
    const secret = (typeof body.secret === 'string' && body.secret.trim()) || `whsec_${random()}${random()}`;
    const created: Webhook = {
      _id: random(),
      displayName: (body.displayName as string).trim(),
      description: typeof body.description === 'string' ? body.description : '',
      url: body.url as string,
      secret: null,
      eventKeys: [...new Set(body.eventKeys as string[])],
      isActive: body.isActive as boolean,
      invocations: 1,
      createdAt: stamp(),
      updatedAt: stamp(),
    };
    webhooks.push(created);
    // Sample deliveries: the demo sends nothing.
    for (const [statusCode, answer] of [
      ['500', 'Demo mode: a sample failed delivery (nothing was sent)'],
      ['200', 'Demo mode: a sample delivery (nothing was sent)'],
    ] as const)
      logs.unshift({
        id: random(),
        webhookId: created._id,
        tenantId: user.tenantId,
        vendorId: VENDOR,
        statusCode,
        body: JSON.stringify({ eventKey: created.eventKeys[0] ?? 'test', tenantId: user.tenantId, data: {} }),
        response: answer,
        eventKey: created.eventKeys[0] ?? 'test',
        createdAt: stamp(),
      });
    return { status: 201, body: { ...created, secret }, save: true };
  }
  const webhookOf = /^\/webhook\/([^/]+)$/.exec(path);
  if (webhookOf && webhookOf[1] !== 'logs' && (method === 'PATCH' || method === 'DELETE')) {
    const problem = write() ?? (method === 'PATCH' ? webhookInput() : null);
    if (problem) return problem;
    const index = webhooks.findIndex((w) => w._id === decodeURIComponent(webhookOf[1]!));
    if (index < 0) return fail('WEBHOOK_NOT_FOUND');
    if (method === 'DELETE') {
      const [gone] = webhooks.splice(index, 1);
      mine.logs = logs.filter((l) => l.webhookId !== gone!._id);
      return ok({}, true);
    }
    const secret = typeof body.secret === 'string' && body.secret.trim() ? body.secret.trim() : null;
    const updated: Webhook = {
      ...webhooks[index]!,
      displayName: (body.displayName as string).trim(),
      description: typeof body.description === 'string' ? body.description : '',
      url: body.url as string,
      eventKeys: [...new Set(body.eventKeys as string[])],
      isActive: body.isActive as boolean,
      updatedAt: stamp(),
    };
    webhooks[index] = updated;
    return ok({ ...updated, secret }, true);
  }
  if ((path === '/webhook/logs' || path === '/webhook/logs/') && method === 'GET') {
    const denied = read();
    if (denied) return denied;
    if (!webhooks.some((w) => w._id === query.id)) return fail('WEBHOOK_NOT_FOUND');
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? WEBHOOK_LOGS_PAGE_SIZE);
    const rows = logs.filter((l) => l.webhookId === query.id);
    return ok({ count: rows.length, rows: rows.slice(offset, offset + limit) });
  }
  if (path === '/webhook/test' && method === 'POST') {
    return (
      write() ??
      urlProblem(body.url as string) ??
      ok({ statusCode: 200, body: 'Demo mode: nothing was sent' })
    );
  }
  const retryOf = /^\/webhook\/logs\/([^/]+)\/retries$/.exec(path);
  if (retryOf && method === 'POST') {
    const denied = write();
    if (denied) return denied;
    if (!logs.some((l) => l.id === decodeURIComponent(retryOf[1]!))) return fail('WEBHOOK_LOG_NOT_FOUND');
    return { status: WEBHOOK_RETRY_SUCCESS, body: { statusCode: WEBHOOK_RETRY_SUCCESS, body: 'Queued' } };
  }

  // ------------------------------------------------------------------------------ email and SMS
  const emailSms =
    /^\/integrations\/resources\/configurations\/(v1\/emails|v2\/sms)(?:\/([^/]+)(?:\/subscriptions\/([^/]+))?)?$/.exec(
      path,
    );
  if (emailSms) {
    const channel = emailSms[1] === 'v1/emails' ? 'emails' : 'sms';
    const configs = (mine[channel] ??= []);
    const eventKey = emailSms[2] && decodeURIComponent(emailSms[2]);
    const subscriptionId = emailSms[3] && decodeURIComponent(emailSms[3]);
    if (!eventKey) return method === 'GET' ? (read() ?? ok(configs)) : null;
    const denied = write() ?? unknownEvent([eventKey]);
    if (denied) return denied;
    const recipients = (given: unknown): string[] | Answer => {
      const checked = notificationRecipients(channel === 'emails' ? 'email' : 'sms', given as string[]);
      return 'error' in checked ? failWith(checked.error) : checked.recipients;
    };
    const config = configs.find((c) => c.eventKey === eventKey);
    if (!subscriptionId) {
      if (method === 'POST') {
        const given = (body.subscriptions ?? []) as Json[];
        const subscriptions = [];
        for (const s of given) {
          const list = recipients(s.recipients);
          if (!Array.isArray(list)) return list;
          subscriptions.push({
            id: random(),
            name: typeof s.name === 'string' ? s.name : '',
            enabled: s.enabled as boolean,
            recipients: list,
          });
        }
        if (!subscriptions.length) return fail('RECIPIENT_REQUIRED');
        const enabled = body.enabled !== false;
        if (config) {
          config.enabled = enabled;
          config.subscriptions.push(...subscriptions);
        } else configs.push({ eventKey, enabled, subscriptions });
        return { status: 201, body: {}, save: true };
      }
      if (!config)
        return method === 'PATCH' || method === 'DELETE' ? fail('NOTIFICATION_SETTINGS_NOT_FOUND') : null;
      if (method === 'PATCH') {
        config.enabled = body.enabled as boolean;
        return ok({}, true);
      }
      if (method === 'DELETE') {
        configs.splice(configs.indexOf(config), 1);
        return ok({}, true);
      }
      return null;
    }
    const subscription = config?.subscriptions.find((s) => s.id === subscriptionId);
    if (!config || !subscription) return fail('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
    if (method === 'PUT') {
      const list = recipients(body.recipients);
      if (!Array.isArray(list)) return list;
      Object.assign(subscription, {
        name: typeof body.name === 'string' ? body.name : subscription.name,
        enabled: body.enabled as boolean,
        recipients: list,
      });
      return ok({}, true);
    }
    if (method === 'DELETE') {
      config.subscriptions.splice(config.subscriptions.indexOf(subscription), 1);
      return ok({}, true);
    }
    return null;
  }

  // ------------------------------------------------------------------------------------ Slack
  const SLACK = '/integrations/resources/configurations/v1/slack';
  const channels = (mine.slackChannels ??= []);
  const subscriptions = (mine.slackSubscriptions ??= []);
  if (path === SLACK && method === 'GET')
    return read() ?? ok({ id: user.tenantId, slackSubscriptions: subscriptions });
  if (path === `${SLACK}/applications` && method === 'GET')
    return read() ?? ok({ clientId: null, mode: 'incoming-webhook' });
  if (path === `${SLACK}/channels` && method === 'GET')
    return read() ?? ok(channels.map(({ id, name }) => ({ id, name })));
  if (path === `${SLACK}/channels` && method === 'POST') {
    const problem = write() ?? blankName(body.name, 'Name') ?? urlProblem(body.url as string);
    if (problem) return problem;
    const channel = { id: random(), name: (body.name as string).trim(), url: body.url as string };
    channels.push(channel);
    return { status: 201, body: { id: channel.id, name: channel.name }, save: true };
  }
  const channelOf = new RegExp(`^${SLACK}/channels/([^/]+)$`).exec(path);
  if (channelOf && method === 'DELETE') {
    const denied = write();
    if (denied) return denied;
    const index = channels.findIndex((c) => c.id === decodeURIComponent(channelOf[1]!));
    if (index < 0) return fail('SLACK_CHANNEL_NOT_FOUND');
    channels.splice(index, 1);
    return ok({}, true);
  }
  const slackEvents = (): SlackEvent[] | Answer => {
    const given = body.slackEvents as SlackEvent[];
    const bad = unknownEvent(given.map((e) => e.eventKey));
    if (bad) return bad;
    const events = given
      .map((e) => ({ ...e, channelIds: [...new Set(e.channelIds)] }))
      .filter((e) => e.channelIds.length > 0);
    if (!events.length) return fail('SLACK_CHANNELS_REQUIRED');
    const unknown = events.flatMap((e) => e.channelIds).find((id) => !channels.some((c) => c.id === id));
    return unknown ? fail('SLACK_CHANNEL_UNKNOWN', { value: unknown }) : events;
  };
  if (path === `${SLACK}/subscriptions` && method === 'POST') {
    const denied = write();
    if (denied) return denied;
    const events = slackEvents();
    if (!Array.isArray(events)) return events;
    const saved = { id: random(), isActive: body.isActive as boolean, slackEvents: events };
    subscriptions.push(saved);
    return { status: 201, body: saved, save: true };
  }
  const subscriptionOf = new RegExp(`^${SLACK}/subscriptions?/([^/]+)$`).exec(path);
  // The SDK's spellings: PATCH /slack/subscription/{id}, DELETE /slack/subscriptions/{id}.
  const spelled = !!subscriptionOf && (method === 'PATCH') === path.includes('/subscription/');
  if (subscriptionOf && spelled && (method === 'PATCH' || method === 'DELETE')) {
    const denied = write();
    if (denied) return denied;
    const index = subscriptions.findIndex((s) => s.id === decodeURIComponent(subscriptionOf[1]!));
    if (index < 0) return fail('SLACK_SUBSCRIPTION_NOT_FOUND');
    if (method === 'DELETE') {
      subscriptions.splice(index, 1);
      return ok({}, true);
    }
    const events = slackEvents();
    if (!Array.isArray(events)) return events;
    subscriptions[index] = {
      id: subscriptions[index]!.id,
      isActive: body.isActive as boolean,
      slackEvents: events,
    };
    return ok(subscriptions[index], true);
  }
  return null;
}
