/**
 * Connectivity (issue 16): the events catalogue, a tenant's webhooks, email/SMS and Slack
 * subscriptions, and `emitEvent`, which writes one outbox row per event and target
 * (connectivity_deliveries) for the worker (connectivity-worker.ts) to deliver.
 *
 * Webhook secrets: given by the administrator or generated (`whsec_` + 32 random bytes), answered
 * once (the save's answer), stored sealed with the server's SecretBox (the worker needs the secret
 * to sign, so a hash would not do), bound to the webhook's id.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { EVENT_CATALOGUE, type Channel } from '../../core/api/connectivity';
import type { Database } from '../storage/database';
import type { SecretBox } from './mfa-crypto';

/** When the catalogue was published: its rows' createdAt and updatedAt. */
const CATALOGUE_DATE = '2026-11-26T00:00:00.000Z';
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function eventCategories(vendorId: string) {
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

/** GET /event/resources/configurations/v1?channels=...: every event, each with its category (IChannelsMap). */
export function channelMaps(vendorId: string) {
  return eventCategories(vendorId).flatMap(({ events, ...category }) =>
    events.map((event) => ({
      id: event.id,
      key: event.key,
      categoryId: category.id,
      vendorId,
      displayName: event.displayName,
      description: event.description,
      createdAt: event.createdAt,
      updatedAt: event.updatedAt,
      category: {
        id: category.id,
        vendorId,
        name: category.name,
        createdAt: category.createdAt,
        updatedAt: category.updatedAt,
      },
    })),
  );
}

export const eventDisplayName = (key: string) =>
  EVENT_CATALOGUE.flatMap((c) => c.events).find(([k]) => k === key)?.[1] ?? key;

// ------------------------------------------------------------------------------------ emitting

const wakers = new Set<() => void>();
/** The worker of this process registers here: an event emitted here is delivered without waiting for the next poll. */
export function onEventEmitted(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Records `key` for the tenant: one outbox row per active target (webhooks subscribed to the key,
 * each recipient of an enabled email or SMS subscription, each Slack channel of an active
 * subscription), in one statement, in the caller's transaction when `ctx.db` is one. Never throws:
 * an event that cannot be recorded is logged, the action that caused it goes on.
 */
export async function emitEvent(
  ctx: { db: Database },
  tenantId: string | null | undefined,
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (!tenantId) return;
  const eventId = randomUUID();
  const createdAt = new Date().toISOString();
  const event = { id: eventId, eventKey: key, tenantId, createdAt, data };
  try {
    await ctx.db.query(
      `INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload)
       SELECT w.tenant_id, $2::uuid, 'webhook', w.id, $3, $4::jsonb
         FROM webhooks w WHERE w.tenant_id = $1 AND w.is_active AND $3 = ANY (w.event_keys)
       UNION ALL
       SELECT s.tenant_id, $2::uuid, s.channel, s.id, $3, $4::jsonb || jsonb_build_object('to', r.recipient)
         FROM notification_subscriptions s
         JOIN notification_configs c USING (tenant_id, channel, event_key)
         CROSS JOIN LATERAL unnest(s.recipients) AS r(recipient)
        WHERE s.tenant_id = $1 AND s.event_key = $3 AND s.enabled AND c.enabled
       UNION ALL
       SELECT s.tenant_id, $2::uuid, 'slack', ch.id, $3,
              $4::jsonb || jsonb_build_object('title', e->>'title', 'message', e->>'message')
         FROM slack_subscriptions s
         CROSS JOIN LATERAL jsonb_array_elements(s.slack_events) AS e
         JOIN slack_channels ch ON ch.tenant_id = s.tenant_id
              AND ch.id::text IN (SELECT jsonb_array_elements_text(e->'channelIds'))
        WHERE s.tenant_id = $1 AND s.is_active AND e->>'eventKey' = $3`,
      [tenantId, eventId, key, JSON.stringify(event)],
    );
  } catch (error) {
    console.error(`connectivity: event ${key} not recorded:`, error instanceof Error ? error.message : error);
    return;
  }
  for (const wake of wakers) wake();
}

// ------------------------------------------------------------------------------------ webhooks

interface WebhookRow {
  id: string;
  tenant_id: string;
  display_name: string;
  description: string;
  url: string;
  secret_sealed: string | null;
  event_keys: string[];
  is_active: boolean;
  invocations: number;
  created_at: Date;
  updated_at: Date;
}

const webhookDto = (r: WebhookRow, secret: string | null = null) => ({
  _id: r.id,
  displayName: r.display_name,
  description: r.description,
  url: r.url,
  // Shown once: in the answer of the save that set it, null everywhere else.
  secret,
  eventKeys: r.event_keys,
  isActive: r.is_active,
  invocations: r.invocations,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});
type WebhookDto = ReturnType<typeof webhookDto>;

const sealTo = (id: string) => `webhook:${id}`;
const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function listWebhooks(db: Database, tenantId: string): Promise<WebhookDto[]> {
  const { rows } = await db.query<WebhookRow>(
    'SELECT * FROM webhooks WHERE tenant_id = $1 ORDER BY created_at, id',
    [tenantId],
  );
  return rows.map((r) => webhookDto(r));
}

export interface WebhookInput {
  displayName: string;
  description?: string;
  url: string;
  secret?: string | null;
  eventKeys: string[];
  isActive: boolean;
}

export async function createWebhook(
  db: Database,
  box: SecretBox,
  tenantId: string,
  input: WebhookInput,
): Promise<WebhookDto> {
  const id = randomUUID();
  const secret = input.secret?.trim() || newWebhookSecret();
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, tenant_id, display_name, description, url, secret_sealed, event_keys, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      id,
      tenantId,
      input.displayName,
      input.description ?? '',
      input.url,
      box.seal(secret, sealTo(id)),
      [...new Set(input.eventKeys)],
      input.isActive,
    ],
  );
  return webhookDto(rows[0]!, secret);
}

/** Null when the tenant has no such webhook. A non-empty secret replaces the stored one (and is answered once). */
export async function updateWebhook(
  db: Database,
  box: SecretBox,
  tenantId: string,
  id: string,
  input: WebhookInput,
): Promise<WebhookDto | null> {
  const secret = input.secret?.trim() || null;
  const { rows } = await db.query<WebhookRow>(
    `UPDATE webhooks SET display_name = $3, description = $4, url = $5, event_keys = $6, is_active = $7,
       secret_sealed = COALESCE($8, secret_sealed), updated_at = now()
     WHERE id = $1 AND tenant_id = $2 RETURNING *`,
    [
      id,
      tenantId,
      input.displayName,
      input.description ?? '',
      input.url,
      [...new Set(input.eventKeys)],
      input.isActive,
      secret ? box.seal(secret, sealTo(id)) : null,
    ],
  );
  return rows[0] ? webhookDto(rows[0], secret) : null;
}

export async function deleteWebhook(db: Database, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM webhooks WHERE id = $1 AND tenant_id = $2 RETURNING id', [
    id,
    tenantId,
  ]);
  // Its pending deliveries go with it (the logs cascade).
  if (rows.length)
    await db.query(
      `DELETE FROM connectivity_deliveries WHERE channel = 'webhook' AND target_id = $1 AND state = 'pending'`,
      [id],
    );
  return rows.length > 0;
}

/** The webhook's url and secret for the worker; null when it is gone. */
export async function webhookTarget(
  db: Database,
  box: SecretBox,
  id: string,
): Promise<{ url: string; secret: string | null; isActive: boolean } | null> {
  const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    secret: row.secret_sealed ? box.open(row.secret_sealed, sealTo(id)) : null,
    isActive: row.is_active,
  };
}

// ------------------------------------------------------------------------------------ signing

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const DELIVERY_HEADER = 'x-webhook-id';
export const EVENT_HEADER = 'x-webhook-event';

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (docs/connectivity.md): recompute, compare in constant time, refuse old timestamps. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
  { toleranceSeconds = 300, now = Date.now() } = {},
): boolean {
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now / 1000 - seconds) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, seconds, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ------------------------------------------------------------------------------------ logs

export async function webhookLogs(
  db: Database,
  tenantId: string,
  webhookId: string,
  offset: number,
  limit: number,
) {
  const [{ rows }, count] = await Promise.all([
    db.query<{
      id: string;
      webhook_id: string;
      tenant_id: string;
      status_code: number;
      body: string;
      response: string;
      event_key: string;
      created_at: Date;
    }>(
      `SELECT * FROM webhook_logs WHERE webhook_id = $1 AND tenant_id = $2
        ORDER BY created_at DESC, id DESC OFFSET $3 LIMIT $4`,
      [webhookId, tenantId, offset, limit],
    ),
    db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_logs WHERE webhook_id = $1 AND tenant_id = $2',
      [webhookId, tenantId],
    ),
  ]);
  const vendorId = await vendorOf(db);
  return {
    count: count.rows[0]!.n,
    rows: rows.map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      tenantId: r.tenant_id,
      vendorId,
      statusCode: String(r.status_code),
      body: r.body,
      response: r.response,
      eventKey: r.event_key,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function vendorOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors ORDER BY created_at, id LIMIT 1');
  return rows[0]!.id;
}

/**
 * Retry (spec 001 §4 "Webhook retry succeeds only on status 202"): the logged attempt's body goes
 * back into the outbox as a new delivery, delivered by the worker; false when the tenant has no
 * such log or its webhook is gone.
 */
export async function retryWebhookLog(db: Database, tenantId: string, logId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload)
     SELECT l.tenant_id, COALESCE(d.event_id, gen_random_uuid()), 'webhook', l.webhook_id, l.event_key, l.body::jsonb
       FROM webhook_logs l JOIN webhooks w ON w.id = l.webhook_id
       LEFT JOIN connectivity_deliveries d ON d.id = l.delivery_id
      WHERE l.id = $1 AND l.tenant_id = $2
     RETURNING id`,
    [logId, tenantId],
  );
  if (rows.length) for (const wake of wakers) wake();
  return rows.length > 0;
}

// ------------------------------------------------------------------------------ email and SMS

type NotifyChannel = Extract<Channel, 'email' | 'sms'>;

export async function listNotificationConfigs(db: Database, tenantId: string, channel: NotifyChannel) {
  const [configs, subs] = await Promise.all([
    db.query<{ event_key: string; enabled: boolean }>(
      'SELECT event_key, enabled FROM notification_configs WHERE tenant_id = $1 AND channel = $2 ORDER BY event_key',
      [tenantId, channel],
    ),
    db.query<{ id: string; event_key: string; name: string; enabled: boolean; recipients: string[] }>(
      `SELECT id, event_key, name, enabled, recipients FROM notification_subscriptions
        WHERE tenant_id = $1 AND channel = $2 ORDER BY created_at, id`,
      [tenantId, channel],
    ),
  ]);
  return configs.rows.map((c) => ({
    eventKey: c.event_key,
    enabled: c.enabled,
    subscriptions: subs.rows
      .filter((s) => s.event_key === c.event_key)
      .map((s) => ({ id: s.id, name: s.name, enabled: s.enabled, recipients: s.recipients })),
  }));
}

export interface SubscriptionInput {
  name?: string;
  enabled: boolean;
  recipients: string[];
}

/** POST /{channel}/{eventKey}: creates (or re-enables) the event's config and adds the subscriptions given. */
export async function createNotificationConfig(
  db: Database,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  enabled: boolean,
  subscriptions: SubscriptionInput[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO notification_configs (tenant_id, channel, event_key, enabled) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, channel, event_key) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [tenantId, channel, eventKey, enabled],
    );
    for (const s of subscriptions)
      await tx.query(
        `INSERT INTO notification_subscriptions (tenant_id, channel, event_key, name, enabled, recipients)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [tenantId, channel, eventKey, s.name ?? '', s.enabled, s.recipients],
      );
  });
}

export async function setNotificationEnabled(
  db: Database,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  enabled: boolean,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE notification_configs SET enabled = $4 WHERE tenant_id = $1 AND channel = $2 AND event_key = $3
     RETURNING event_key`,
    [tenantId, channel, eventKey, enabled],
  );
  return rows.length > 0;
}

export async function updateNotificationSubscription(
  db: Database,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
  input: SubscriptionInput,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE notification_subscriptions SET name = COALESCE($5, name), enabled = $6, recipients = $7
      WHERE id = $4 AND tenant_id = $1 AND channel = $2 AND event_key = $3 RETURNING id`,
    [tenantId, channel, eventKey, id, input.name ?? null, input.enabled, input.recipients],
  );
  return rows.length > 0;
}

export async function deleteNotificationSubscription(
  db: Database,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
  id: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM notification_subscriptions WHERE id = $4 AND tenant_id = $1 AND channel = $2 AND event_key = $3
     RETURNING id`,
    [tenantId, channel, eventKey, id],
  );
  return rows.length > 0;
}

export async function deleteNotificationConfig(
  db: Database,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM notification_configs WHERE tenant_id = $1 AND channel = $2 AND event_key = $3 RETURNING event_key`,
    [tenantId, channel, eventKey],
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------ Slack

const slackSealTo = (id: string) => `slack-channel:${id}`;

export async function listSlackChannels(db: Database, tenantId: string) {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM slack_channels WHERE tenant_id = $1 ORDER BY name, id',
    [tenantId],
  );
  return rows;
}

export async function addSlackChannel(
  db: Database,
  box: SecretBox,
  tenantId: string,
  name: string,
  url: string,
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await db.query('INSERT INTO slack_channels (id, tenant_id, name, url_sealed) VALUES ($1, $2, $3, $4)', [
    id,
    tenantId,
    name,
    box.seal(url, slackSealTo(id)),
  ]);
  return { id, name };
}

export async function deleteSlackChannel(db: Database, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM slack_channels WHERE id = $1 AND tenant_id = $2 RETURNING id',
    [id, tenantId],
  );
  return rows.length > 0;
}

export async function slackChannelUrl(db: Database, box: SecretBox, id: string): Promise<string | null> {
  const { rows } = await db.query<{ url_sealed: string }>(
    'SELECT url_sealed FROM slack_channels WHERE id = $1',
    [id],
  );
  return rows[0] ? box.open(rows[0].url_sealed, slackSealTo(id)) : null;
}

interface SlackEventInput {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}

export async function slackConfiguration(db: Database, tenantId: string) {
  const { rows } = await db.query<{ id: string; is_active: boolean; slack_events: SlackEventInput[] }>(
    'SELECT id, is_active, slack_events FROM slack_subscriptions WHERE tenant_id = $1 ORDER BY created_at, id',
    [tenantId],
  );
  return {
    id: tenantId,
    slackSubscriptions: rows.map((r) => ({ id: r.id, isActive: r.is_active, slackEvents: r.slack_events })),
  };
}

/** The channel ids of `events` that are not this tenant's channels. */
export async function unknownSlackChannels(db: Database, tenantId: string, events: SlackEventInput[]) {
  const wanted = [...new Set(events.flatMap((e) => e.channelIds))];
  const known = new Set((await listSlackChannels(db, tenantId)).map((c) => c.id));
  return wanted.filter((id) => !known.has(id));
}

export async function saveSlackSubscription(
  db: Database,
  tenantId: string,
  id: string | null,
  isActive: boolean,
  events: SlackEventInput[],
): Promise<{ id: string; isActive: boolean; slackEvents: SlackEventInput[] } | null> {
  const { rows } = id
    ? await db.query<{ id: string }>(
        `UPDATE slack_subscriptions SET is_active = $3, slack_events = $4::jsonb, updated_at = now()
          WHERE id = $1 AND tenant_id = $2 RETURNING id`,
        [id, tenantId, isActive, JSON.stringify(events)],
      )
    : await db.query<{ id: string }>(
        `INSERT INTO slack_subscriptions (tenant_id, is_active, slack_events) VALUES ($1, $2, $3::jsonb) RETURNING id`,
        [tenantId, isActive, JSON.stringify(events)],
      );
  return rows[0] ? { id: rows[0].id, isActive, slackEvents: events } : null;
}

export async function deleteSlackSubscription(db: Database, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM slack_subscriptions WHERE id = $1 AND tenant_id = $2 RETURNING id',
    [id, tenantId],
  );
  return rows.length > 0;
}

/** `emitEvent` in the user's active account (where they act), with their id and email. */
export async function emitForUser(
  ctx: { db: Database },
  userId: string,
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  const { rows } = await ctx.db.query<{ active_tenant_id: string | null; email: string }>(
    'SELECT active_tenant_id, email FROM users WHERE id = $1',
    [userId],
  );
  if (rows[0]) await emitEvent(ctx, rows[0].active_tenant_id, key, { userId, email: rows[0].email, ...data });
}
