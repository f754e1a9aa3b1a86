/**
 * Connectivity in SQL: the repositories of core/domain/connectivity.ts (webhooks and their logs,
 * email and SMS settings, Slack channels and subscriptions) and the outbox's statements
 * (connectivity_deliveries: recording an event for every target, reading a target for the worker).
 * Webhook secrets and Slack URLs are stored sealed with the server's SecretBox, bound to their row.
 * SQL only: the rules are the domain's.
 */
import { randomUUID } from 'node:crypto';
import type { EmailSmsConfig, SlackEvent, Webhook } from '../../core/api/connectivity';
import type {
  NotificationRepository,
  SlackRepository,
  WebhookRepository,
} from '../../core/domain/connectivity';
import type { SecretBox } from '../domain/mfa-crypto';
import type { Database } from './database';

interface WebhookRow {
  id: string;
  display_name: string;
  description: string;
  url: string;
  event_keys: string[];
  is_active: boolean;
  invocations: number;
  created_at: Date;
  updated_at: Date;
}

const webhookDto = (r: WebhookRow): Webhook => ({
  _id: r.id,
  displayName: r.display_name,
  description: r.description,
  url: r.url,
  secret: null,
  eventKeys: r.event_keys,
  isActive: r.is_active,
  invocations: r.invocations,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const webhookSeal = (id: string) => `webhook:${id}`;
const slackSeal = (id: string) => `slack-channel:${id}`;

/** The first vendor's id: the catalogue's and the logs' vendorId. */
export async function vendorOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors ORDER BY created_at, id LIMIT 1');
  return rows[0]!.id;
}

export const webhookRepository = (db: Database, box: SecretBox): WebhookRepository => ({
  async list(tenantId) {
    const { rows } = await db.query<WebhookRow>(
      'SELECT * FROM webhooks WHERE tenant_id = $1 ORDER BY created_at, id',
      [tenantId],
    );
    return rows.map(webhookDto);
  },
  async create(tenantId, fields, secret) {
    const id = randomUUID();
    const { rows } = await db.query<WebhookRow>(
      `INSERT INTO webhooks (id, tenant_id, display_name, description, url, secret_sealed, event_keys, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        id,
        tenantId,
        fields.displayName,
        fields.description,
        fields.url,
        box.seal(secret, webhookSeal(id)),
        fields.eventKeys,
        fields.isActive,
      ],
    );
    return webhookDto(rows[0]!);
  },
  async update(tenantId, id, fields, secret) {
    const { rows } = await db.query<WebhookRow>(
      `UPDATE webhooks SET display_name = $3, description = $4, url = $5, event_keys = $6, is_active = $7,
         secret_sealed = COALESCE($8, secret_sealed), updated_at = now()
       WHERE id = $1 AND tenant_id = $2 RETURNING *`,
      [
        id,
        tenantId,
        fields.displayName,
        fields.description,
        fields.url,
        fields.eventKeys,
        fields.isActive,
        secret ? box.seal(secret, webhookSeal(id)) : null,
      ],
    );
    return rows[0] ? webhookDto(rows[0]) : null;
  },
  async remove(tenantId, id) {
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
  },
  async logs(tenantId, webhookId, { offset, limit }) {
    const [{ rows }, count, vendorId] = await Promise.all([
      db.query<{
        id: string;
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
      vendorOf(db),
    ]);
    return {
      count: count.rows[0]!.n,
      rows: rows.map((r) => ({
        id: r.id,
        webhookId,
        tenantId,
        vendorId,
        statusCode: String(r.status_code),
        body: r.body,
        response: r.response,
        eventKey: r.event_key,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  },
  async retry(tenantId, logId) {
    // The logged attempt's body goes back into the outbox as a new delivery of the same event.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload)
       SELECT l.tenant_id, COALESCE(d.event_id, gen_random_uuid()), 'webhook', l.webhook_id, l.event_key, l.body::jsonb
         FROM webhook_logs l JOIN webhooks w ON w.id = l.webhook_id
         LEFT JOIN connectivity_deliveries d ON d.id = l.delivery_id
        WHERE l.id = $1 AND l.tenant_id = $2
       RETURNING id`,
      [logId, tenantId],
    );
    return rows.length > 0;
  },
});

export const notificationRepository = (db: Database): NotificationRepository => ({
  async list(tenantId, channel): Promise<EmailSmsConfig[]> {
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
  },
  async create(tenantId, channel, eventKey, enabled, subscriptions) {
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
          [tenantId, channel, eventKey, s.name, s.enabled, s.recipients],
        );
    });
  },
  async setEnabled(tenantId, channel, eventKey, enabled) {
    const { rows } = await db.query(
      `UPDATE notification_configs SET enabled = $4 WHERE tenant_id = $1 AND channel = $2 AND event_key = $3
       RETURNING event_key`,
      [tenantId, channel, eventKey, enabled],
    );
    return rows.length > 0;
  },
  async updateSubscription(tenantId, channel, eventKey, id, fields) {
    const { rows } = await db.query(
      `UPDATE notification_subscriptions SET name = COALESCE($5, name), enabled = $6, recipients = $7
        WHERE id = $4 AND tenant_id = $1 AND channel = $2 AND event_key = $3 RETURNING id`,
      [tenantId, channel, eventKey, id, fields.name ?? null, fields.enabled, fields.recipients],
    );
    return rows.length > 0;
  },
  async removeSubscription(tenantId, channel, eventKey, id) {
    const { rows } = await db.query(
      `DELETE FROM notification_subscriptions WHERE id = $4 AND tenant_id = $1 AND channel = $2 AND event_key = $3
       RETURNING id`,
      [tenantId, channel, eventKey, id],
    );
    return rows.length > 0;
  },
  async remove(tenantId, channel, eventKey) {
    const { rows } = await db.query(
      `DELETE FROM notification_configs WHERE tenant_id = $1 AND channel = $2 AND event_key = $3 RETURNING event_key`,
      [tenantId, channel, eventKey],
    );
    return rows.length > 0;
  },
});

export const slackRepository = (db: Database, box: SecretBox): SlackRepository => ({
  async channels(tenantId) {
    const { rows } = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM slack_channels WHERE tenant_id = $1 ORDER BY name, id',
      [tenantId],
    );
    return rows;
  },
  async addChannel(tenantId, name, url) {
    const id = randomUUID();
    await db.query('INSERT INTO slack_channels (id, tenant_id, name, url_sealed) VALUES ($1, $2, $3, $4)', [
      id,
      tenantId,
      name,
      box.seal(url, slackSeal(id)),
    ]);
    return { id, name };
  },
  async removeChannel(tenantId, id) {
    const { rows } = await db.query(
      'DELETE FROM slack_channels WHERE id = $1 AND tenant_id = $2 RETURNING id',
      [id, tenantId],
    );
    return rows.length > 0;
  },
  async subscriptions(tenantId) {
    const { rows } = await db.query<{ id: string; is_active: boolean; slack_events: SlackEvent[] }>(
      'SELECT id, is_active, slack_events FROM slack_subscriptions WHERE tenant_id = $1 ORDER BY created_at, id',
      [tenantId],
    );
    return rows.map((r) => ({ id: r.id, isActive: r.is_active, slackEvents: r.slack_events }));
  },
  async saveSubscription(tenantId, id, isActive, events) {
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
  },
  async removeSubscription(tenantId, id) {
    const { rows } = await db.query(
      'DELETE FROM slack_subscriptions WHERE id = $1 AND tenant_id = $2 RETURNING id',
      [id, tenantId],
    );
    return rows.length > 0;
  },
});

// ------------------------------------------------------------------------------------ the outbox

/**
 * One outbox row per active target of `event` (webhooks subscribed to its key, each recipient of an
 * enabled email or SMS subscription, each Slack channel of an active subscription), in one statement.
 */
export async function recordEvent(
  db: Database,
  event: { id: string; tenantId: string; eventKey: string; createdAt: string; data: Record<string, unknown> },
): Promise<void> {
  await db.query(
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
    [event.tenantId, event.id, event.eventKey, JSON.stringify(event)],
  );
}

/** The webhook's url and secret for the worker; null when it is gone. */
export async function webhookTarget(
  db: Database,
  box: SecretBox,
  id: string,
): Promise<{ url: string; secret: string | null; isActive: boolean } | null> {
  const { rows } = await db.query<{ url: string; secret_sealed: string | null; is_active: boolean }>(
    'SELECT url, secret_sealed, is_active FROM webhooks WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    secret: row.secret_sealed ? box.open(row.secret_sealed, webhookSeal(id)) : null,
    isActive: row.is_active,
  };
}

export async function slackChannelUrl(db: Database, box: SecretBox, id: string): Promise<string | null> {
  const { rows } = await db.query<{ url_sealed: string }>(
    'SELECT url_sealed FROM slack_channels WHERE id = $1',
    [id],
  );
  return rows[0] ? box.open(rows[0].url_sealed, slackSeal(id)) : null;
}

/** The account a user acts in, and their email (whom an event of theirs is about). */
export async function actingAccount(
  db: Database,
  userId: string,
): Promise<{ tenantId: string | null; email: string } | null> {
  const { rows } = await db.query<{ active_tenant_id: string | null; email: string }>(
    'SELECT active_tenant_id, email FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ? { tenantId: rows[0].active_tenant_id, email: rows[0].email } : null;
}
