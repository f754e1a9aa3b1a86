/**
 * Connectivity's SQL that only the server has (its repositories are written once over the domain's
 * tables: core/domain/connectivity-tables.ts): the vendor, the outbox's statements
 * (connectivity_deliveries: recording an event for every target, queuing a logged delivery again,
 * dropping a removed webhook's deliveries) and what the worker reads of a target, its sealed secret
 * or URL opened with the server's SecretBox. SQL only: the rules are the domain's.
 */
import { slackSeal, webhookSeal } from '../../core/domain/connectivity-tables';
import type { SecretBox } from '../domain/mfa-crypto';
import type { Database } from './database';

/** The first vendor's id: the catalogue's and the logs' vendorId. */
export async function vendorOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors ORDER BY created_at, id LIMIT 1');
  return rows[0]?.id ?? '';
}

// ------------------------------------------------------------------------------------ the outbox

/**
 * Queues the logged attempt's body again, as a new delivery of the same event, in one statement
 * (the log, its webhook and its delivery joined); false when there is no such log or webhook.
 */
export async function requeueWebhookLog(db: Database, tenantId: string, logId: string): Promise<boolean> {
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
}

/** A removed webhook's pending deliveries. */
export async function forgetWebhookDeliveries(db: Database, webhookId: string): Promise<void> {
  await db.query(
    `DELETE FROM connectivity_deliveries WHERE channel = 'webhook' AND target_id = $1 AND state = 'pending'`,
    [webhookId],
  );
}

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
