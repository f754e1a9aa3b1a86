/**
 * Connectivity settings (issue 16, spec 001 §4 and §5): the events catalogue, an account's
 * webhooks, email and SMS notifications and Slack channels and subscriptions; the rules, written
 * once over storage ports. The reference server runs them over PostgreSQL
 * (server/storage/connectivity.ts, wrapped by server/domain/connectivity.ts, which also records
 * events and delivers them) and demo mode over the page's storage (core/demo/connectivity.ts,
 * which delivers nothing). test/contract/connectivity.contract.test.ts drives both through HTTP and
 * server/storage/connectivity.test.ts drives both repositories directly.
 *
 * - A webhook needs a display name that is not blank, known event keys and an http(s) URL (the
 *   server also refuses private addresses); its secret is the one given, else a new `whsec_` one,
 *   answered once (by the save that set it) and `null` in every other answer.
 * - An email or SMS setting is created only with at least one recipient; each recipient is checked
 *   for its channel (core/contract/requests-connectivity.ts).
 * - A Slack subscription keeps the events that name a channel (each channel once), needs at least
 *   one, and only the account's own channels.
 */
import type { EmailSmsConfig, SlackChannel, SlackEvent, Webhook, WebhookLog } from '../api/connectivity';
import {
  CHANNELS,
  EVENT_CATALOGUE,
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
} from '../contract/connectivity';
import { contractError } from '../contract/errors';
import { blankNameError, notificationRecipients, unknownEventError } from '../contract/requests-connectivity';

export type NotifyChannel = 'email' | 'sms';

/** A webhook's fields as saved (the secret apart). */
export interface WebhookFields {
  displayName: string;
  description: string;
  url: string;
  eventKeys: string[];
  isActive: boolean;
}
export interface SubscriptionFields {
  /** Absent on an update: the name stays. */
  name?: string;
  enabled: boolean;
  recipients: string[];
}
export interface StoredSlackSubscription {
  id: string;
  isActive: boolean;
  slackEvents: SlackEvent[];
}

export interface WebhookRepository {
  /** The account's webhooks, oldest first, each with `secret: null`. */
  list(tenantId: string): Promise<Webhook[]>;
  has(tenantId: string, id: string): Promise<boolean>;
  /** Stores a new webhook with `secret`; the stored one (`secret: null`). */
  create(tenantId: string, fields: WebhookFields, secret: string): Promise<Webhook>;
  /** Null when the account has no such webhook; a `secret` replaces the stored one. */
  update(tenantId: string, id: string, fields: WebhookFields, secret: string | null): Promise<Webhook | null>;
  /** Removes the webhook, its logs and its pending deliveries. */
  remove(tenantId: string, id: string): Promise<boolean>;
  /** One page of the webhook's delivery log, newest first. */
  logs(
    tenantId: string,
    webhookId: string,
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: WebhookLog[] }>;
  /** Queues the logged delivery again; false when there is no such log or its webhook is gone. */
  retry(tenantId: string, logId: string): Promise<boolean>;
}

export interface NotificationRepository {
  /** The account's settings of the channel, each with its subscriptions (oldest first). */
  list(tenantId: string, channel: NotifyChannel): Promise<EmailSmsConfig[]>;
  /** Creates (or sets `enabled` on) the event's setting and adds the subscriptions. */
  create(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    enabled: boolean,
    subscriptions: Array<Required<SubscriptionFields>>,
  ): Promise<void>;
  setEnabled(tenantId: string, channel: NotifyChannel, eventKey: string, enabled: boolean): Promise<boolean>;
  updateSubscription(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    id: string,
    fields: SubscriptionFields,
  ): Promise<boolean>;
  removeSubscription(
    tenantId: string,
    channel: NotifyChannel,
    eventKey: string,
    id: string,
  ): Promise<boolean>;
  remove(tenantId: string, channel: NotifyChannel, eventKey: string): Promise<boolean>;
}

export interface SlackRepository {
  /** The account's channels by name (their URLs are never read back). */
  channels(tenantId: string): Promise<SlackChannel[]>;
  addChannel(tenantId: string, name: string, url: string): Promise<SlackChannel>;
  removeChannel(tenantId: string, id: string): Promise<boolean>;
  subscriptions(tenantId: string): Promise<StoredSlackSubscription[]>;
  /** A new subscription when `id` is null; else null when the account has no such one. */
  saveSubscription(
    tenantId: string,
    id: string | null,
    isActive: boolean,
    events: SlackEvent[],
  ): Promise<StoredSlackSubscription | null>;
  removeSubscription(tenantId: string, id: string): Promise<boolean>;
}

/** What the rules need of the world around them. */
export interface ConnectivityPorts {
  webhooks: WebhookRepository;
  notifications: NotificationRepository;
  slack: SlackRepository;
  /** The vendor whose catalogue this is. */
  vendorId(): Promise<string>;
  /**
   * Where a target may point: resolves to the URL to store (after `httpUrl`'s check), or throws the
   * refusal (the server refuses private and unresolvable addresses; demo mode reaches nothing).
   */
  reachable(url: URL): Promise<string>;
  /** Sends a test event to `url` (signed with `secret` when given): the receiver's answer. */
  sendTest(
    tenantId: string,
    target: { url: string; secret: string | null; payload?: object },
  ): Promise<{ statusCode: number; body: string }>;
}

// ------------------------------------------------------------------------------------ events

/** When the catalogue was published: its rows' createdAt and updatedAt. */
const CATALOGUE_DATE = '2026-11-26T00:00:00.000Z';
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** GET /event/resources/configurations/v1/categories: the catalogue by category. */
export async function eventCategories(ports: Pick<ConnectivityPorts, 'vendorId'>) {
  const vendorId = await ports.vendorId();
  return EVENT_CATALOGUE.map(({ category, events }) => {
    const categoryId = `category-${slug(category)}`;
    const base = { vendorId, createdAt: CATALOGUE_DATE, updatedAt: CATALOGUE_DATE };
    return {
      id: categoryId,
      name: category,
      ...base,
      events: events.map(([key, displayName, description]) => ({
        id: `event-${key}`,
        key,
        displayName,
        description,
        category,
        categoryId,
        ...base,
      })),
    };
  });
}

/** GET /event/resources/configurations/v1?channels=...: every event with its category (every event goes to every channel). */
export async function channelMaps(ports: Pick<ConnectivityPorts, 'vendorId'>, channels = '') {
  const unknown = channels.split(',').find((c) => c && !(CHANNELS as readonly string[]).includes(c));
  if (unknown) throw contractError('CHANNEL_UNKNOWN', { value: unknown.slice(0, 20) });
  return (await eventCategories(ports)).flatMap(({ events, ...category }) =>
    events.map(({ category: _name, ...event }) => ({ ...event, category })),
  );
}

export const eventDisplayName = (key: string) =>
  EVENT_CATALOGUE.flatMap((c) => c.events).find(([k]) => k === key)?.[1] ?? key;

// ------------------------------------------------------------------------------------ shared checks

function assertEventKeys(keys: readonly string[]): void {
  const unknown = unknownEventError(keys);
  if (unknown) throw unknown;
}
function assertNamed(name: string, label: string): void {
  const blank = blankNameError(name, label);
  if (blank) throw blank;
}

/** An http(s) URL without credentials, else URL_INVALID. */
function httpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw contractError('URL_INVALID');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw contractError('URL_INVALID');
  return url;
}
const targetUrl = (ports: ConnectivityPorts, raw: string) => ports.reachable(httpUrl(raw));

/** A new webhook secret: `whsec_` and 32 random bytes, base64url. */
function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `whsec_${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

// ------------------------------------------------------------------------------------ webhooks

/** A webhook as the client saves it (the request schema has checked types and lengths). */
export interface WebhookBody {
  displayName: string;
  description?: string | null;
  url: string;
  secret?: string | null;
  eventKeys: string[];
  isActive: boolean;
}

async function webhookFields(ports: ConnectivityPorts, body: WebhookBody): Promise<WebhookFields> {
  assertNamed(body.displayName, 'Display name');
  assertEventKeys(body.eventKeys);
  return {
    displayName: body.displayName.trim(),
    description: body.description ?? '',
    url: await targetUrl(ports, body.url),
    eventKeys: [...new Set(body.eventKeys)],
    isActive: body.isActive,
  };
}

export const listWebhooks = (ports: ConnectivityPorts, tenantId: string) => ports.webhooks.list(tenantId);

/** POST /webhook/custom: the new webhook with its secret (shown this once). */
export async function createWebhook(ports: ConnectivityPorts, tenantId: string, body: WebhookBody) {
  const fields = await webhookFields(ports, body);
  const secret = body.secret?.trim() || newWebhookSecret();
  return { ...(await ports.webhooks.create(tenantId, fields, secret)), secret };
}

/** PATCH /webhook/{id}: a secret given replaces the stored one and is answered once. */
export async function updateWebhook(
  ports: ConnectivityPorts,
  tenantId: string,
  id: string,
  body: WebhookBody,
) {
  const fields = await webhookFields(ports, body);
  const secret = body.secret?.trim() || null;
  const updated = await ports.webhooks.update(tenantId, id, fields, secret);
  if (!updated) throw contractError('WEBHOOK_NOT_FOUND');
  return { ...updated, secret };
}

export async function deleteWebhook(ports: ConnectivityPorts, tenantId: string, id: string): Promise<object> {
  if (!(await ports.webhooks.remove(tenantId, id))) throw contractError('WEBHOOK_NOT_FOUND');
  return {};
}

/** GET /webhook/logs?id=&offset=&limit=: one page of the webhook's deliveries. */
export async function webhookLogs(
  ports: ConnectivityPorts,
  tenantId: string,
  query: { id: string; offset?: string; limit?: string },
) {
  if (!(await ports.webhooks.has(tenantId, query.id))) throw contractError('WEBHOOK_NOT_FOUND');
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? WEBHOOK_LOGS_PAGE_SIZE);
  return ports.webhooks.logs(tenantId, query.id, { offset, limit });
}

/** POST /webhook/test: the receiver's answer (spec 001 §4: the page counts 200 and 201 as success). */
export async function testWebhook(
  ports: ConnectivityPorts,
  tenantId: string,
  body: { url: string; secret?: string | null; payload?: object },
) {
  const url = await targetUrl(ports, body.url);
  return ports.sendTest(tenantId, { url, secret: body.secret?.trim() || null, payload: body.payload });
}

/** POST /webhook/logs/{id}/retries: queued again (spec 001 §4: a retry succeeds only on status 202). */
export async function retryWebhookLog(ports: ConnectivityPorts, tenantId: string, logId: string) {
  if (!(await ports.webhooks.retry(tenantId, logId))) throw contractError('WEBHOOK_LOG_NOT_FOUND');
  return { statusCode: WEBHOOK_RETRY_SUCCESS, body: 'Queued' };
}

// ------------------------------------------------------------------------------ email and SMS

/** The recipients without blanks and repeats, each checked for the channel. */
function recipientsOf(channel: NotifyChannel, given: readonly string[]): string[] {
  const checked = notificationRecipients(channel, given);
  if ('error' in checked) throw checked.error;
  return checked.recipients;
}

export const listNotifications = (ports: ConnectivityPorts, tenantId: string, channel: NotifyChannel) =>
  ports.notifications.list(tenantId, channel);

/** POST /{channel}/{eventKey}: spec 001 §5, created only with at least one non-empty recipient. */
export async function createNotification(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  body: { enabled?: boolean; subscriptions?: SubscriptionFields[] },
): Promise<object> {
  assertEventKeys([eventKey]);
  const subscriptions = (body.subscriptions ?? []).map((s) => ({
    name: s.name ?? '',
    enabled: s.enabled,
    recipients: recipientsOf(channel, s.recipients),
  }));
  if (subscriptions.length === 0) throw contractError('RECIPIENT_REQUIRED');
  await ports.notifications.create(tenantId, channel, eventKey, body.enabled ?? true, subscriptions);
  return {};
}

export async function setNotificationEnabled(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  enabled: boolean,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.setEnabled(tenantId, channel, eventKey, enabled)))
    throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
  return {};
}

export async function updateNotificationSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
  body: SubscriptionFields,
): Promise<object> {
  assertEventKeys([eventKey]);
  const fields = {
    ...(typeof body.name === 'string' ? { name: body.name } : {}),
    enabled: body.enabled,
    recipients: recipientsOf(channel, body.recipients),
  };
  if (!(await ports.notifications.updateSubscription(tenantId, channel, eventKey, id, fields)))
    throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
  return {};
}

export async function deleteNotificationSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.removeSubscription(tenantId, channel, eventKey, id)))
    throw contractError('NOTIFICATION_SUBSCRIPTION_NOT_FOUND');
  return {};
}

export async function deleteNotification(
  ports: ConnectivityPorts,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
): Promise<object> {
  assertEventKeys([eventKey]);
  if (!(await ports.notifications.remove(tenantId, channel, eventKey)))
    throw contractError('NOTIFICATION_SETTINGS_NOT_FOUND');
  return {};
}

// ------------------------------------------------------------------------------------ Slack

/** GET /slack/applications: no Slack app to install, channels are incoming webhooks. */
export const SLACK_APPLICATION = { clientId: null, mode: 'incoming-webhook' } as const;

export async function slackConfiguration(ports: ConnectivityPorts, tenantId: string) {
  return { id: tenantId, slackSubscriptions: await ports.slack.subscriptions(tenantId) };
}

export const listSlackChannels = (ports: ConnectivityPorts, tenantId: string) =>
  ports.slack.channels(tenantId);

export async function addSlackChannel(
  ports: ConnectivityPorts,
  tenantId: string,
  body: { name: string; url: string },
): Promise<SlackChannel> {
  assertNamed(body.name, 'Name');
  const url = await targetUrl(ports, body.url);
  return ports.slack.addChannel(tenantId, body.name.trim(), url);
}

export async function deleteSlackChannel(ports: ConnectivityPorts, tenantId: string, id: string) {
  if (!(await ports.slack.removeChannel(tenantId, id))) throw contractError('SLACK_CHANNEL_NOT_FOUND');
  return {};
}

/** Spec 001 §5: saved only with channels, and only the account's own. */
async function slackEvents(ports: ConnectivityPorts, tenantId: string, given: SlackEvent[]) {
  assertEventKeys(given.map((e) => e.eventKey));
  const events = given
    .map(({ eventKey, channelIds, title, message }) => ({
      eventKey,
      channelIds: [...new Set(channelIds)],
      ...(title ? { title } : {}),
      ...(message ? { message } : {}),
    }))
    .filter((e) => e.channelIds.length > 0);
  if (events.length === 0) throw contractError('SLACK_CHANNELS_REQUIRED');
  const known = new Set((await ports.slack.channels(tenantId)).map((c) => c.id));
  const unknown = events.flatMap((e) => e.channelIds).find((id) => !known.has(id));
  if (unknown !== undefined) throw contractError('SLACK_CHANNEL_UNKNOWN', { value: unknown });
  return events;
}

/** POST /slack/subscriptions (id null) or PATCH /slack/subscription/{id}. */
export async function saveSlackSubscription(
  ports: ConnectivityPorts,
  tenantId: string,
  id: string | null,
  body: { isActive: boolean; slackEvents: SlackEvent[] },
): Promise<StoredSlackSubscription> {
  const events = await slackEvents(ports, tenantId, body.slackEvents);
  const saved = await ports.slack.saveSubscription(tenantId, id, body.isActive, events);
  if (!saved) throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
  return saved;
}

export async function deleteSlackSubscription(ports: ConnectivityPorts, tenantId: string, id: string) {
  if (!(await ports.slack.removeSubscription(tenantId, id)))
    throw contractError('SLACK_SUBSCRIPTION_NOT_FOUND');
  return {};
}
