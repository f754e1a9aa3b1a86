/**
 * Audit streams' delivery (issue 28 item 16): the connectivity worker (connectivity-worker.ts)
 * claims the outbox rows of channel 'audit_stream' with its leases and hands each to this handler,
 * which formats the record (core/domain/audit-stream-formats.ts), signs it as webhooks are signed
 * (`x-audit-stream-signature: v1=` + HMAC-SHA256 of `${timestamp}.${body}` with the stream's
 * signing secret), posts it through the same SSRF-guarded client (delivery/outbound-http.ts), logs
 * the attempt and settles the row:
 * - 2xx: delivered; the stream's failure streak ends (and its alert with it).
 * - anything else: retried after a doubling delay up to a ceiling; a record still failing days
 *   after it was queued is given up. A stream failing for longer than the alert threshold raises
 *   the security centre's alert once (core/domain/security-center.ts shows it).
 * - paused (between the claim and the send): the row waits again, its attempt not counted.
 * At least once: a process that dies after the receiver answered sends the record again when the
 * lease ends; the receiver dedupes on `idempotency-key` (the audit record's id).
 */
import { createHmac } from 'node:crypto';
import {
  DEFAULT_STREAM_RETRY,
  nextStreamAttempt,
  shouldAlert,
  streamBody,
  tokenHeader,
  type StreamedAuditRecord,
  type StreamRetryPolicy,
} from '../../core/domain/audit-stream-formats';
import { postJson } from '../delivery/outbound-http';
import type { Database } from '../storage/database';
import {
  markStreamAlerted,
  recordStreamAttempt,
  settleStreamDelivery,
  streamTarget,
  type Sealer,
} from '../storage/audit-streams';
import type { ChannelHandler, Claimed } from './connectivity-worker';

const STREAM_SIGNATURE_HEADER = 'x-audit-stream-signature';
const STREAM_TIMESTAMP_HEADER = 'x-audit-stream-timestamp';
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` (the webhooks' scheme, with the stream's secret). */
export function signStreamBody(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** An audits row (to_jsonb of the table) as a stream carries it. */
function recordOf(payload: Record<string, unknown>): StreamedAuditRecord {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : null);
  return {
    id: String(payload.id),
    createdAt: new Date(String(payload.created_at)).toISOString(),
    tenantId: String(payload.tenant_id),
    severity: String(payload.severity),
    resource: String(payload.resource),
    action: String(payload.action),
    description: String(payload.description),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    impersonatorEmail: text('impersonator_email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: (payload.details ?? {}) as Record<string, unknown>,
  };
}

interface StreamDeliveryOptions {
  box: Sealer;
  timeoutMs: number;
  allowPrivate: boolean;
  now: () => number;
  retry?: Partial<StreamRetryPolicy>;
  /** Told once per failing streak, when the alert is raised. */
  onAlert?: (streamId: string, tenantId: string) => void;
}

export function auditStreamHandler(db: Database, options: StreamDeliveryOptions): ChannelHandler {
  const policy = { ...DEFAULT_STREAM_RETRY, ...options.retry };
  return {
    async deliver(row: Claimed) {
      const target = await streamTarget(db, options.box, row.target_id);
      if (!target) return settleStreamDelivery(db, row.id, { state: 'failed', status: -1 });
      if (target.state === 'paused')
        return settleStreamDelivery(db, row.id, { state: 'pending', status: 0, retryAt: 'paused' });
      const record = recordOf(row.payload);
      const body = streamBody(target.format, record);
      const timestamp = Math.floor(options.now() / 1000);
      const started = Date.now();
      const result = await postJson(
        target.url,
        body,
        {
          [IDEMPOTENCY_HEADER]: record.id,
          [STREAM_TIMESTAMP_HEADER]: String(timestamp),
          [STREAM_SIGNATURE_HEADER]: signStreamBody(target.secret, timestamp, body),
          'user-agent': 'auth-elements-audit-stream/1',
          ...(target.token ? tokenHeader(target.format, target.token) : {}),
        },
        { timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate },
      );
      const ok = result.status >= 200 && result.status < 300;
      const now = options.now();
      await recordStreamAttempt(db, {
        streamId: target.id,
        deliveryId: row.id,
        eventId: record.id,
        attempt: row.attempts,
        status: result.status,
        ok,
        // The receiver's answer could echo the token back: never logged.
        response: target.token ? result.body.split(target.token).join('[token]') : result.body,
        durationMs: Date.now() - started,
        at: now,
      });
      if (ok) return settleStreamDelivery(db, row.id, { state: 'delivered', status: result.status });
      const next = nextStreamAttempt(row.attempts, new Date(row.created_at).getTime(), now, policy);
      await settleStreamDelivery(
        db,
        row.id,
        next.giveUp
          ? { state: 'failed', status: result.status }
          : { state: 'pending', status: result.status, retryAt: next.at },
      );
      if (
        shouldAlert(target.failingSince ?? now, target.alerted, now, policy) &&
        (await markStreamAlerted(db, target.id, now))
      )
        options.onAlert?.(target.id, target.tenantId);
    },
  };
}
