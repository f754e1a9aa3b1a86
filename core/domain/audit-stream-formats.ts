/**
 * What an audit stream sends (issue 28 item 16; docs/contract.md "Audit streams" shows each body),
 * and when it tries again. Shared by the server's delivery (which adds the signature and sends) and
 * demo mode (which records the body it would send).
 */
import type { AuditStreamFormat } from '../contract/auditStreams';

/** One audit record as a stream carries it. `id` is the idempotency key: the same on every retry. */
export interface StreamedAuditRecord {
  id: string;
  createdAt: string;
  tenantId: string;
  severity: string;
  resource: string;
  action: string;
  description: string;
  actorUserId: string | null;
  actorEmail: string | null;
  impersonatorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

/** The `source` / `service` the SIEM formats name. */
const STREAM_SOURCE = 'auth-elements';

/** Datadog's log status for each audit severity. */
const DATADOG_STATUS: Record<string, string> = {
  Info: 'info',
  Medium: 'warn',
  High: 'error',
  Critical: 'critical',
};

/** The body of one record in `format` (JSON text). */
export function streamBody(format: AuditStreamFormat, record: StreamedAuditRecord): string {
  const event = { ...record, idempotencyKey: record.id };
  switch (format) {
    case 'json':
      return JSON.stringify(event);
    case 'splunk-hec':
      // POST {collector}/services/collector/event: one event object per request.
      return JSON.stringify({
        time: Date.parse(record.createdAt) / 1000,
        source: STREAM_SOURCE,
        sourcetype: `${STREAM_SOURCE}:audit`,
        event,
      });
    case 'datadog':
      // POST https://http-intake.logs.<site>/api/v2/logs: an array of log objects.
      return JSON.stringify([
        {
          ddsource: STREAM_SOURCE,
          service: STREAM_SOURCE,
          ddtags: `tenant:${record.tenantId},severity:${record.severity.toLowerCase()},resource:${record.resource}`,
          status: DATADOG_STATUS[record.severity] ?? 'info',
          message: record.description,
          ...event,
        },
      ]);
  }
}

/** The header that carries the collector's token in `format`. */
export function tokenHeader(format: AuditStreamFormat, token: string): Record<string, string> {
  switch (format) {
    case 'json':
      return { authorization: `Bearer ${token}` };
    case 'splunk-hec':
      return { authorization: `Splunk ${token}` };
    case 'datadog':
      return { 'dd-api-key': token };
  }
}

export interface StreamRetryPolicy {
  /** First retry delay. */
  baseMs: number;
  /** Longest delay between two attempts (so a receiver that comes back is caught up soon). */
  maxMs: number;
  /** Failing for this long raises the security centre's alert. */
  alertAfterMs: number;
  /** A record still failing this long after it was queued is given up. */
  giveUpAfterMs: number;
}

export const DEFAULT_STREAM_RETRY: StreamRetryPolicy = {
  baseMs: 10_000,
  maxMs: 5 * 60_000,
  alertAfterMs: 15 * 60_000,
  giveUpAfterMs: 7 * 24 * 3_600_000,
};

/** After the `attempts`-th failure of a record queued at `queuedAt`: retry when, or give up. */
export function nextStreamAttempt(
  attempts: number,
  queuedAt: number,
  now: number,
  policy: StreamRetryPolicy,
): { giveUp: true } | { giveUp: false; at: number } {
  if (now - queuedAt >= policy.giveUpAfterMs) return { giveUp: true };
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return { giveUp: false, at: now + delay };
}

/** Whether a stream failing since `failingSince` should alert now (once: `alerted` says it did). */
export const shouldAlert = (
  failingSince: number | null,
  alerted: boolean,
  now: number,
  policy: StreamRetryPolicy,
): boolean => failingSince !== null && !alerted && now - failingSince >= policy.alertAfterMs;
