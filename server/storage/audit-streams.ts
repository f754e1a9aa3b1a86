/**
 * Audit streams over PostgreSQL (the ports of core/domain/audit-streams.ts), and the queries the
 * delivery (server/domain/audit-stream-delivery.ts) and the security centre read. SQL only: the
 * rules are the domain's. The queue is the connectivity outbox (schema/audit-streams.ts).
 */
import { randomUUID } from 'node:crypto';
import type {
  AuditStreamDeliveries,
  AuditStreamDto,
  AuditStreamFormat,
  AuditStreamState,
} from '../../core/contract/auditStreams';
import type { AuditStreamRepository, NewAuditStream } from '../../core/domain/audit-streams';
import type { Database } from './database';

/** Seals and opens secrets at rest, bound to what they belong to (the server's SecretBox). */
export interface Sealer {
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

interface StreamRow {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  format: AuditStreamFormat;
  token_sealed: string | null;
  secret_sealed: string;
  state: AuditStreamState;
  failing_since: Date | null;
  alerted_at: Date | null;
  last_delivered_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const dto = (r: StreamRow): AuditStreamDto => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format,
  state: r.state,
  hasToken: r.token_sealed !== null,
  failingSince: iso(r.failing_since),
  alertedAt: iso(r.alerted_at),
  lastDeliveredAt: iso(r.last_delivered_at),
  createdAt: iso(r.created_at)!,
});

const tokenTo = (id: string) => `audit-stream-token:${id}`;
const secretTo = (id: string) => `audit-stream-secret:${id}`;
const at = (ms: number) => new Date(ms).toISOString();
/** The queue of one stream, waiting or retrying. */
const QUEUED = `channel = 'audit_stream' AND target_id = $1 AND state = 'pending'`;

export function auditStreamRepository(db: Database, box: Sealer, now: () => number): AuditStreamRepository {
  return {
    async list(tenantId) {
      const { rows } = await db.query<StreamRow>(
        'SELECT * FROM audit_streams WHERE tenant_id = $1 ORDER BY created_at, id',
        [tenantId],
      );
      return rows.map(dto);
    },
    async create(tenantId, stream: NewAuditStream) {
      const id = randomUUID();
      const { rows } = await db.query<StreamRow>(
        `INSERT INTO audit_streams (id, tenant_id, name, url, format, token_sealed, secret_sealed)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [
          id,
          tenantId,
          stream.name,
          stream.url,
          stream.format,
          stream.token === null ? null : box.seal(stream.token, tokenTo(id)),
          box.seal(stream.signingSecret, secretTo(id)),
        ],
      );
      return dto(rows[0]!);
    },
    async setState(tenantId, id, state) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<StreamRow>(
          `UPDATE audit_streams SET state = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`,
          [tenantId, id, state],
        );
        if (!rows[0]) return null;
        await tx.query(
          state === 'paused'
            ? `UPDATE connectivity_deliveries SET next_attempt_at = 'infinity' WHERE ${QUEUED}`
            : `UPDATE connectivity_deliveries SET next_attempt_at = $2 WHERE ${QUEUED} AND next_attempt_at = 'infinity'`,
          state === 'paused' ? [id] : [id, at(now())],
        );
        return dto(rows[0]);
      });
    },
    async remove(tenantId, id) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'DELETE FROM audit_streams WHERE tenant_id = $1 AND id = $2 RETURNING id',
          [tenantId, id],
        );
        if (!rows[0]) return false;
        await tx.query(
          `DELETE FROM connectivity_deliveries WHERE channel = 'audit_stream' AND target_id = $1`,
          [id],
        );
        return true;
      });
    },
    async deliveries(_tenantId, id, offset, count): Promise<AuditStreamDeliveries> {
      const [logs, totals] = await Promise.all([
        db.query<{
          id: string;
          event_id: string;
          attempt: number;
          status_code: number;
          ok: boolean;
          response: string;
          duration_ms: number;
          created_at: Date;
          total: number;
        }>(
          `SELECT *, count(*) OVER ()::int AS total FROM audit_stream_logs WHERE stream_id = $1
            ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
          [id, offset, count],
        ),
        db.query<{ state: string; n: number }>(
          `SELECT state, count(*)::int AS n FROM connectivity_deliveries
            WHERE channel = 'audit_stream' AND target_id = $1 GROUP BY state`,
          [id],
        ),
      ]);
      const byState = (state: string) => totals.rows.find((r) => r.state === state)?.n ?? 0;
      return {
        items: logs.rows.map((r) => ({
          id: r.id,
          eventId: r.event_id,
          attempt: r.attempt,
          status: r.status_code,
          ok: r.ok,
          response: r.response,
          durationMs: r.duration_ms,
          sent: true,
          createdAt: iso(r.created_at)!,
        })),
        total: logs.rows[0]?.total ?? (offset > 0 ? await logCount(db, id) : 0),
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
        [tenantId, id, from.toISOString(), limit, at(now())],
      );
      return rows[0]!.n;
    },
  };
}

async function logCount(db: Database, id: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_stream_logs WHERE stream_id = $1',
    [id],
  );
  return rows[0]!.n;
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

export async function streamTarget(db: Database, box: Sealer, id: string): Promise<StreamTarget | null> {
  const row = (await db.query<StreamRow>('SELECT * FROM audit_streams WHERE id = $1', [id])).rows[0];
  if (!row) return null;
  return {
    id,
    tenantId: row.tenant_id,
    url: row.url,
    format: row.format,
    state: row.state,
    token: row.token_sealed === null ? null : box.open(row.token_sealed, tokenTo(id)),
    secret: box.open(row.secret_sealed, secretTo(id)),
    failingSince: row.failing_since ? new Date(row.failing_since).getTime() : null,
    alerted: row.alerted_at !== null,
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
  await db.query(
    `INSERT INTO audit_stream_logs (stream_id, delivery_id, event_id, attempt, status_code, ok, response, duration_ms, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM audit_streams WHERE id = $1)`,
    [a.streamId, a.deliveryId, a.eventId, a.attempt, a.status, a.ok, a.response, a.durationMs, at(a.at)],
  );
  await db.query(
    a.ok
      ? `UPDATE audit_streams SET failing_since = NULL, alerted_at = NULL, last_delivered_at = $2 WHERE id = $1`
      : `UPDATE audit_streams SET failing_since = COALESCE(failing_since, $2) WHERE id = $1`,
    [a.streamId, at(a.at)],
  );
}

/** Marks the alert raised; false when another process raised it first. */
export async function markStreamAlerted(db: Database, id: string, now: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE audit_streams SET alerted_at = $2 WHERE id = $1 AND alerted_at IS NULL RETURNING id',
    [id, at(now)],
  );
  return rows.length > 0;
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
      outcome.retryAt === 'paused' ? 'infinity' : outcome.retryAt ? at(outcome.retryAt) : null,
    ],
  );
}

/** The account's streams whose failures raised the security centre's alert. */
export async function alertedStreams(
  db: Database,
  tenantId: string,
): Promise<Array<{ id: string; name: string; failingSince: string }>> {
  const { rows } = await db.query<{ id: string; name: string; failing_since: Date }>(
    `SELECT id, name, failing_since FROM audit_streams
      WHERE tenant_id = $1 AND alerted_at IS NOT NULL AND failing_since IS NOT NULL ORDER BY name, id`,
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, failingSince: iso(r.failing_since)! }));
}
