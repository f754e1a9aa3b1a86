/**
 * The delivery worker: runs in every server process and drains connectivity_deliveries.
 *
 * - Claiming: `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` sets a lease
 *   (lease_until); two processes on one PostgreSQL never claim the same row, and a row whose
 *   process died (kill -9) is claimed again when its lease ends. Delivery is therefore at least
 *   once: a process killed after the receiver answered but before the row was marked delivered
 *   sends it again (receivers dedupe on the x-webhook-id header, the delivery's id).
 * - Retries: a failure (webhook or Slack: no 2xx answer; email/SMS: the sender threw) is retried
 *   after retryBaseMs * 2^(attempt-1) (capped at retryMaxMs), up to maxAttempts, then the row is
 *   `failed`. Every webhook attempt is logged (webhook_logs) with its status and answer.
 * - Waking: an event emitted in this process wakes the worker at once; otherwise it polls.
 */
import type { StreamRetryPolicy } from '../../core/domain/audit-stream-formats';
import type { Delivery } from '../delivery/types';
import { postJson } from '../delivery/outbound-http';
import type { Database } from '../storage/database';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  onEventEmitted,
  signWebhook,
} from './connectivity';
import { eventDisplayName } from '../../core/domain/connectivity';
import { slackChannelUrl, webhookTarget } from '../storage/connectivity';
import type { SecretBox } from './mfa-crypto';

export interface ConnectivityOptions {
  /** Run the worker in this process; default true. */
  worker?: boolean;
  /** Let webhooks and Slack reach loopback and private addresses (tests, development); default false. */
  allowPrivateAddresses?: boolean;
  /** How often an idle worker looks for due deliveries; default 1000 ms. */
  pollIntervalMs?: number;
  /** How long a claimed delivery stays with its worker; default 60 s (more than the timeout). */
  leaseMs?: number;
  /** First retry delay; default 10 s (then 20 s, 40 s, ...). */
  retryBaseMs?: number;
  /** Longest retry delay; default 1 hour. */
  retryMaxMs?: number;
  /** Attempts before a delivery is given up; default 8. */
  maxAttempts?: number;
  /** Receivers' answer timeout; default 10 s. */
  timeoutMs?: number;
  /** Deliveries claimed at once; default 20. */
  batchSize?: number;
  /** The worker's clock (tests move it); default null: the database's `now()`. */
  now?: (() => number) | null;
  /** Audit streams' retry, alert and give-up timings (core/domain/audit-stream-formats.ts defaults). */
  auditStreamRetry?: Partial<StreamRetryPolicy>;
}

export type ResolvedConnectivityOptions = Required<ConnectivityOptions>;

export function resolveConnectivityOptions(options: ConnectivityOptions = {}): ResolvedConnectivityOptions {
  return {
    worker: options.worker ?? true,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    leaseMs: options.leaseMs ?? 60_000,
    retryBaseMs: options.retryBaseMs ?? 10_000,
    retryMaxMs: options.retryMaxMs ?? 3_600_000,
    maxAttempts: options.maxAttempts ?? 8,
    timeoutMs: options.timeoutMs ?? 10_000,
    batchSize: options.batchSize ?? 20,
    now: options.now ?? null,
    auditStreamRetry: options.auditStreamRetry ?? {},
  };
}

/** The delay before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, options: ResolvedConnectivityOptions): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export interface Claimed {
  id: string;
  tenant_id: string;
  channel: 'webhook' | 'email' | 'sms' | 'slack' | 'audit_stream';
  target_id: string;
  event_key: string;
  payload: Record<string, unknown> & { to?: string; title?: string | null; message?: string | null };
  attempts: number;
  created_at: Date;
}

/** A channel delivered by another module (audit streams): it sends and settles its rows itself. */
export interface ChannelHandler {
  deliver(row: Claimed): Promise<void>;
}

interface Outcome {
  ok: boolean;
  status: number;
}

export class ConnectivityWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private again = false;
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly delivery: Delivery,
    readonly options: ResolvedConnectivityOptions,
    private readonly channels: Partial<Record<string, ChannelHandler>> = {},
  ) {}

  start(): void {
    this.unsubscribe = onEventEmitted(() => this.wake());
    this.schedule(0);
  }

  /** Finishes the batch in flight (its rows are marked), then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .then(() => undefined)
        .finally(() => {
          this.running = null;
          const next = this.again ? 0 : this.options.pollIntervalMs;
          this.again = false;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  /** Claims and delivers batches until none is due. */
  async drain(): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      let batch: Claimed[];
      try {
        batch = await this.claim();
      } catch (error) {
        if (!this.stopped) console.error('connectivity: claim failed:', (error as Error).message);
        return total;
      }
      if (batch.length === 0) return total;
      await Promise.all(batch.map((row) => this.deliverOne(row)));
      total += batch.length;
    }
    return total;
  }

  private async claim(): Promise<Claimed[]> {
    const { rows } = await this.db.query<Claimed>(
      `UPDATE connectivity_deliveries SET lease_until = COALESCE($3::timestamptz, now()) + ($2::int * interval '1 millisecond'),
              attempts = attempts + 1, updated_at = now()
        WHERE id IN (
          SELECT id FROM connectivity_deliveries
           WHERE state = 'pending' AND next_attempt_at <= COALESCE($3::timestamptz, now())
             AND (lease_until IS NULL OR lease_until < COALESCE($3::timestamptz, now()))
           ORDER BY next_attempt_at
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, tenant_id, channel, target_id, event_key, payload, attempts, created_at`,
      [
        this.options.batchSize,
        this.options.leaseMs,
        this.options.now ? new Date(this.options.now()).toISOString() : null,
      ],
    );
    return rows;
  }

  private async deliverOne(row: Claimed): Promise<void> {
    const handler = this.channels[row.channel];
    if (handler) {
      // Its lease runs out if it fails here: the row is delivered again (at least once).
      await handler.deliver(row).catch((error: Error) => {
        if (!this.stopped)
          console.error(`connectivity: ${row.channel} delivery ${row.id} failed:`, error.message);
      });
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await this.send(row);
    } catch (error) {
      console.error(`connectivity: ${row.channel} delivery ${row.id} failed:`, (error as Error).message);
      outcome = { ok: false, status: 0 };
    }
    const giveUp = !outcome.ok && (row.attempts >= this.options.maxAttempts || outcome.status === -1);
    try {
      await this.db.query(
        `UPDATE connectivity_deliveries SET state = $2, last_status = $3, lease_until = NULL, updated_at = now(),
                next_attempt_at = CASE WHEN $2 = 'pending' THEN now() + ($4::int * interval '1 millisecond') ELSE next_attempt_at END
          WHERE id = $1`,
        [
          row.id,
          outcome.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
          outcome.status,
          retryDelayMs(row.attempts, this.options),
        ],
      );
    } catch (error) {
      // The lease runs out and the row is delivered again: at least once.
      if (!this.stopped)
        console.error('connectivity: could not record a delivery:', (error as Error).message);
    }
  }

  private http() {
    return { timeoutMs: this.options.timeoutMs, allowPrivate: this.options.allowPrivateAddresses };
  }

  /** status -1: the target is gone or switched off; the row is given up at once. */
  private async send(row: Claimed): Promise<Outcome> {
    const { to, title, message, ...event } = row.payload;
    const name = eventDisplayName(row.event_key);
    switch (row.channel) {
      case 'webhook': {
        const target = await webhookTarget(this.db, this.box, row.target_id);
        if (!target || !target.isActive) return { ok: false, status: -1 };
        const body = JSON.stringify(event);
        const timestamp = Math.floor(Date.now() / 1000);
        const result = await postJson(
          target.url,
          body,
          {
            [DELIVERY_HEADER]: row.id,
            [EVENT_HEADER]: row.event_key,
            [TIMESTAMP_HEADER]: String(timestamp),
            ...(target.secret ? { [SIGNATURE_HEADER]: signWebhook(target.secret, timestamp, body) } : {}),
          },
          this.http(),
        );
        const ok = result.status >= 200 && result.status < 300;
        await this.db.query(
          `INSERT INTO webhook_logs (webhook_id, tenant_id, delivery_id, event_key, status_code, body, response)
           SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM webhooks WHERE id = $1)`,
          [row.target_id, row.tenant_id, row.id, row.event_key, result.status, body, result.body],
        );
        if (ok)
          await this.db.query('UPDATE webhooks SET invocations = invocations + 1 WHERE id = $1', [
            row.target_id,
          ]);
        return { ok, status: result.status };
      }
      case 'slack': {
        const url = await slackChannelUrl(this.db, this.box, row.target_id);
        if (!url) return { ok: false, status: -1 };
        const text = `${slackEscape(title || name)}: ${slackEscape(message || describe(event))}`;
        const result = await postJson(url, JSON.stringify({ text }), {}, this.http());
        return { ok: result.status >= 200 && result.status < 300, status: result.status };
      }
      case 'email':
        await this.delivery.sendEmail({ to: to!, subject: name, text: `${name}\n\n${describe(event)}` });
        return { ok: true, status: 200 };
      case 'sms':
        await this.delivery.sendSms({ to: to!, text: `${name}: ${describe(event)}` });
        return { ok: true, status: 200 };
      case 'audit_stream':
        // Delivered by its handler (audit-stream-delivery.ts); without one there is no target.
        return { ok: false, status: -1 };
    }
  }
}

/** Slack's mrkdwn treats &, < and > as markup: escaped, so data cannot become a link or mention. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function describe(event: Record<string, unknown>): string {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const parts = Object.entries(data)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([k, v]) => `${k}: ${String(v)}`);
  return parts.length ? parts.join(', ') : `at ${String(event.createdAt ?? '')}`;
}
