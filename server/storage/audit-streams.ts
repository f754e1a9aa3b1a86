/**
 * Audit streams on the server: the store of core/domain/audit-streams.ts (the `audit_streams`
 * table over the storage port, server/storage/tables.ts, with the delivery queue in SQL: the
 * connectivity outbox, schema/audit-streams.ts, and the attempts' log), and what the delivery
 * (server/domain/audit-stream-delivery.ts) and the security centre read and write.
 */
import type {
  AuditStreamDeliveries,
  AuditStreamFormat,
  AuditStreamState,
} from '../../core/contract/auditStreams';
import {
  auditStreamsTable,
  streamAttempts,
  STREAM_SEALS,
  type AuditStreamQueue,
} from '../../core/domain/audit-streams';
import { stamp } from '../../core/domain/tables';
import type { Database } from './database';
import { sqlTables } from './tables';

/** Seals and opens secrets at rest, bound to what they belong to (the server's SecretBox). */
export interface Sealer {
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

/** The queue of one stream, waiting or retrying. */
const QUEUED = `channel = 'audit_stream' AND target_id = $1 AND state = 'pending'`;

/** The streams' queue in the connectivity outbox, and the attempts' log (the server's platform's, server/domain/audit-streams.ts). */
export function auditStreamQueue(db: Database, now: () => number): AuditStreamQueue {
  return {
    async follow(id, state) {
      await db.query(
        state === 'paused'
          ? `UPDATE connectivity_deliveries SET next_attempt_at = 'infinity' WHERE ${QUEUED}`
          : `UPDATE connectivity_deliveries SET next_attempt_at = $2 WHERE ${QUEUED} AND next_attempt_at = 'infinity'`,
        state === 'paused' ? [id] : [id, stamp(now())],
      );
    },
    async drop(id) {
      // Its log goes with the stream's row (ON DELETE CASCADE).
      await db.query(
        `DELETE FROM connectivity_deliveries WHERE channel = 'audit_stream' AND target_id = $1`,
        [id],
      );
    },
    async deliveries(id, offset, count): Promise<AuditStreamDeliveries> {
      // The attempts' log over the storage port; the queue's counts by state in one GROUP BY.
      const [log, totals] = await Promise.all([
        streamAttempts(sqlTables(db), id, offset, count, true),
        db.query<{ state: string; n: number }>(
          `SELECT state, count(*)::int AS n FROM connectivity_deliveries
            WHERE channel = 'audit_stream' AND target_id = $1 GROUP BY state`,
          [id],
        ),
      ]);
      const byState = (state: string) => totals.rows.find((r) => r.state === state)?.n ?? 0;
      return {
        items: log.items,
        total: log.total,
        pending: byState('pending'),
        delivered: byState('delivered'),
        failed: byState('failed'),
      };
    },
    async backfill(tenantId, id, from, limit) {
      const { rows } = await db.query<{ n: number }>(
        `WITH queued AS (
           INSERT INTO connectivity_deliveries (tenant_id, event_id, channel, target_id, event_key, payload, next_attempt_at)
           SELECT a.tenant_id, a.id, 'audit_stream', s.id, 'audit.' || a.resource, to_jsonb(a),
                  CASE WHEN s.state = 'paused' THEN 'infinity'::timestamptz ELSE $5::timestamptz END
             FROM (SELECT * FROM audits WHERE tenant_id = $1 AND created_at >= $3
                    ORDER BY created_at, id LIMIT $4) a
             JOIN audit_streams s ON s.id = $2 AND s.tenant_id = a.tenant_id
           ON CONFLICT DO NOTHING
           RETURNING 1)
         SELECT count(*)::int AS n FROM queued`,
        [tenantId, id, from.toISOString(), limit, stamp(now())],
      );
      return rows[0]!.n;
    },
  };
}

/** What the delivery needs of a stream: null when it is gone. */
interface StreamTarget {
  id: string;
  tenantId: string;
  url: string;
  format: AuditStreamFormat;
  state: AuditStreamState;
  token: string | null;
  secret: string;
  failingSince: number | null;
  alerted: boolean;
}

const streamsOf = (db: Database) => sqlTables(db).of(auditStreamsTable);

export async function streamTarget(db: Database, box: Sealer, id: string): Promise<StreamTarget | null> {
  const row = await streamsOf(db).row({ id });
  if (!row) return null;
  return {
    id,
    tenantId: row.tenantId,
    url: row.url,
    format: row.format,
    state: row.state,
    token: row.tokenSealed === null ? null : box.open(row.tokenSealed, STREAM_SEALS.token(id)),
    secret: box.open(row.secretSealed, STREAM_SEALS.secret(id)),
    failingSince: row.failingSince ? Date.parse(row.failingSince) : null,
    alerted: row.alertedAt !== null,
  };
}

interface StreamAttemptRecord {
  streamId: string;
  deliveryId: string;
  eventId: string;
  attempt: number;
  status: number;
  ok: boolean;
  response: string;
  durationMs: number;
  at: number;
}

/** Logs one attempt, and the stream's health: failing since when, delivered when. */
export async function recordStreamAttempt(db: Database, a: StreamAttemptRecord): Promise<void> {
  const when = stamp(a.at);
  await db.query(
    `INSERT INTO audit_stream_logs (stream_id, delivery_id, event_id, attempt, status_code, ok, response, duration_ms, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM audit_streams WHERE id = $1)`,
    [a.streamId, a.deliveryId, a.eventId, a.attempt, a.status, a.ok, a.response, a.durationMs, when],
  );
  if (a.ok)
    await streamsOf(db).update(
      { id: a.streamId },
      { failingSince: null, alertedAt: null, lastDeliveredAt: when },
    );
  // Failing since the first failure after the last success.
  else await streamsOf(db).update({ id: a.streamId, failingSince: null }, { failingSince: when });
}

/** Marks the alert raised; false when another process raised it first. */
export async function markStreamAlerted(db: Database, id: string, now: number): Promise<boolean> {
  return (await streamsOf(db).update({ id, alertedAt: null }, { alertedAt: stamp(now) })).length > 0;
}

/** Settles one queued row: delivered, given up, retried at `retryAt`, or (paused) left waiting. */
export async function settleStreamDelivery(
  db: Database,
  id: string,
  outcome: { state: 'delivered' | 'failed' | 'pending'; status: number; retryAt?: number | 'paused' },
): Promise<void> {
  await db.query(
    `UPDATE connectivity_deliveries SET state = $2, last_status = $3, lease_until = NULL, updated_at = now(),
            attempts = CASE WHEN $4::text = 'infinity' THEN attempts - 1 ELSE attempts END,
            next_attempt_at = COALESCE($4::timestamptz, next_attempt_at)
      WHERE id = $1`,
    [
      id,
      outcome.state,
      outcome.status,
      outcome.retryAt === 'paused' ? 'infinity' : outcome.retryAt ? stamp(outcome.retryAt) : null,
    ],
  );
}
