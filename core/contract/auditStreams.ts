/**
 * Audit-log streaming (issue 28 item 16): what the contract says about a stream, shared by the
 * route table, the rules (core/domain/audit-streams.ts), both backends and the portal page.
 */

/**
 * The body shapes a stream can send (docs/contract.md "Audit streams" writes each one out):
 * `json` our generic JSON record, `splunk-hec` Splunk's HTTP Event Collector event endpoint,
 * `datadog` Datadog's logs intake (v2).
 */
export const AUDIT_STREAM_FORMATS = ['json', 'splunk-hec', 'datadog'] as const;
export type AuditStreamFormat = (typeof AUDIT_STREAM_FORMATS)[number];

export type AuditStreamState = 'active' | 'paused';

/** Lengths and counts the route schemas and the rules both hold to. */
export const AUDIT_STREAM_LIMITS = {
  name: 100,
  url: 2000,
  token: 1000,
  /** Streams per account. */
  perAccount: 5,
  /** Delivery log rows per page (the largest `count`). */
  logPage: 100,
  /** Records one back-fill queues at most (the oldest first from the date). */
  backfill: 50_000,
} as const;

/** A stream as the API answers it: never its receiver token or signing secret. */
export interface AuditStreamDto {
  id: string;
  name: string;
  url: string;
  format: AuditStreamFormat;
  state: AuditStreamState;
  /** Whether a receiver token is stored (it is never answered). */
  hasToken: boolean;
  /** Since when deliveries fail (null: the last one went through, or none was tried). */
  failingSince: string | null;
  /** When the security centre was alerted about the failures (null: no alert). */
  alertedAt: string | null;
  lastDeliveredAt: string | null;
  createdAt: string;
}

/** POST /audits/streams: the stream, and its signing secret, shown this once. */
export interface CreatedAuditStream extends AuditStreamDto {
  signingSecret: string;
}

/** One attempt of the delivery log. `sent: false`: demo mode, which records what it would send. */
export interface AuditStreamAttempt {
  id: string;
  /** The audit record's id: the idempotency key the receiver sees. */
  eventId: string;
  attempt: number;
  /** The receiver's status; 0 when it could not be reached. */
  status: number;
  ok: boolean;
  /** The start of the receiver's answer, or why there was none. */
  response: string;
  durationMs: number;
  sent: boolean;
  /** In demo mode, the body that would have been sent. */
  body?: string;
  createdAt: string;
}

export interface AuditStreamDeliveries {
  items: AuditStreamAttempt[];
  total: number;
  /** Records waiting (queued or retrying), delivered and given up. */
  pending: number;
  delivered: number;
  failed: number;
}
