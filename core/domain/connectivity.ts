/**
 * Connectivity settings (issue 16, spec 001 §4 and §5): the events catalogue, an account's
 * webhooks, email and SMS notifications and Slack channels and subscriptions; the rules, written
 * once over storage ports. Their repositories are written once over the domain's tables
 * (./connectivity-tables.ts): the reference server runs them over PostgreSQL (its ports in
 * server/domain/connectivity.ts, which also records events and delivers them) and demo mode over
 * the page's stored tables (core/demo/connectivity.ts, which delivers nothing).
 * test/contract/connectivity.contract.test.ts drives both through HTTP and
 * server/storage/connectivity.test.ts drives both repositories directly.
 *
 * - A webhook needs a display name that is not blank, known event keys and an http(s) URL (the
 *   server also refuses private addresses); its secret is the one given, else a new `whsec_` one,
 *   answered once (by the save that set it) and `null` in every other answer.
 * - An email or SMS setting is created only with at least one recipient; each recipient is checked
 *   for its channel (core/contract/requests-connectivity.ts).
 * - A Slack subscription keeps the events that name a channel (each channel once), needs at least
 *   one, and only the account's own channels.
 *
 * This module holds the events and the webhooks and re-exports the rest, so callers import one
 * module: the ports (./connectivity-ports.ts), email and SMS (./connectivity-notifications.ts),
 * Slack (./connectivity-slack.ts), over the checks they share (./connectivity-checks.ts).
 */
import {
  CHANNELS,
  EVENT_CATALOGUE,
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
} from '../contract/connectivity';
import { contractError } from '../contract/errors';
import { assertEventKeys, assertNamed, targetUrl } from './connectivity-checks';
import type { ConnectivityPorts, WebhookFields } from './connectivity-ports';
import { newSecretToken } from './random-secrets';

export type * from './connectivity-ports';
export * from './connectivity-notifications';
export * from './connectivity-slack';

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

/** A new webhook secret (and an audit stream's signing secret): `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = (): string => `whsec_${newSecretToken()}`;

// ------------------------------------------------------------------------------------ webhooks

/** A webhook as the client saves it (the request schema has checked types and lengths). */
interface WebhookBody {
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

/** DELETE /webhook/{id}: the webhook, its logs and its pending deliveries. */
export async function deleteWebhook(ports: ConnectivityPorts, tenantId: string, id: string): Promise<object> {
  if (!(await ports.webhooks.remove(tenantId, id))) throw contractError('WEBHOOK_NOT_FOUND');
  await ports.outbox.forget(id);
  return {};
}

/** GET /webhook/logs?id=&offset=&limit=: one page of the webhook's deliveries. */
export async function webhookLogs(
  ports: ConnectivityPorts,
  tenantId: string,
  query: { id: string; offset?: string; limit?: string },
) {
  if (!(await ports.webhooks.list(tenantId)).some((w) => w._id === query.id))
    throw contractError('WEBHOOK_NOT_FOUND');
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? WEBHOOK_LOGS_PAGE_SIZE);
  return ports.webhooks.logs(tenantId, query.id, { offset, limit }, await ports.vendorId());
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
  if (!(await ports.outbox.retry(tenantId, logId))) throw contractError('WEBHOOK_LOG_NOT_FOUND');
  return { statusCode: WEBHOOK_RETRY_SUCCESS, body: 'Queued' };
}
