/**
 * What the server does for connectivity (issue 16) beyond the rules: the rules themselves (webhooks,
 * email and SMS settings, Slack; the events catalogue) are core/domain/connectivity.ts over the
 * repositories of core/domain/connectivity-tables.ts, which the server runs over PostgreSQL and
 * demo mode over its stored tables. Here: the server's webhooks of its platform (server/platform.ts:
 * the outbox; targets must resolve to public addresses; a test is really sent), and
 * `emitEvent`, which writes one outbox row per event and target (connectivity_deliveries) for the
 * worker (connectivity-worker.ts) to deliver, signed as below.
 *
 * Webhook secrets: given by the administrator or generated (`whsec_` + 32 random bytes), answered
 * once (the save's answer), stored sealed with the server's SecretBox (the worker needs the secret
 * to sign, so a hash would not do), bound to the webhook's id.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebhookBackend } from '../../core/domain/connectivity-ports';
import { assertPublicUrl, postJson } from '../delivery/outbound-http';
import type { Database } from '../storage/database';
import {
  actingAccount,
  forgetWebhookDeliveries,
  recordEvent,
  requeueWebhookLog,
} from '../storage/connectivity';

const wakers = new Set<() => void>();
/** The worker of this process registers here: an event emitted here is delivered without waiting for the next poll. */
export function onEventEmitted(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}
const wakeWorkers = () => {
  for (const wake of wakers) wake();
};

/** The server's webhooks (core/domain/connectivity-ports.ts), its options read when used. */
export function serverWebhooks(ctx: {
  db: Database;
  connectivity: { allowPrivateAddresses: boolean; timeoutMs: number };
}): WebhookBackend {
  const { db } = ctx;
  const allowPrivate = () => ctx.connectivity.allowPrivateAddresses;
  return {
    outbox: {
      // A retry is delivered by this process's worker at once.
      retry: async (tenantId, logId) =>
        (await requeueWebhookLog(db, tenantId, logId)) ? (wakeWorkers(), true) : false,
      forget: (webhookId) => forgetWebhookDeliveries(db, webhookId),
    },
    reachable: async (url) => (await assertPublicUrl(url.toString(), allowPrivate())).toString(),
    async sendTest(tenantId, { url, secret, payload }) {
      const body = JSON.stringify({
        eventKey: 'test',
        tenantId,
        createdAt: new Date().toISOString(),
        data: payload ?? { message: 'A test of your webhook' },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await postJson(
        url,
        body,
        {
          [EVENT_HEADER]: 'test',
          [TIMESTAMP_HEADER]: String(timestamp),
          ...(secret ? { [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) } : {}),
        },
        { timeoutMs: ctx.connectivity.timeoutMs, allowPrivate: allowPrivate() },
      );
      return { statusCode: result.status, body: result.body };
    },
    // The server's answer is the webhook as stored: its deliveries come from the worker.
    created: async (_tenantId, webhook) => webhook,
  };
}

// ------------------------------------------------------------------------------------ emitting

/**
 * Records `key` for the tenant: one outbox row per active target, in one statement, in the caller's
 * transaction when `ctx.db` is one. Never throws: an event that cannot be recorded is logged, the
 * action that caused it goes on.
 */
export async function emitEvent(
  ctx: { db: Database },
  tenantId: string | null | undefined,
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (!tenantId) return;
  const event = { id: randomUUID(), eventKey: key, tenantId, createdAt: new Date().toISOString(), data };
  try {
    await recordEvent(ctx.db, event);
  } catch (error) {
    console.error(`connectivity: event ${key} not recorded:`, error instanceof Error ? error.message : error);
    return;
  }
  wakeWorkers();
}

/** `emitEvent` in the user's active account (where they act), with their id and email. */
export async function emitForUser(
  ctx: { db: Database },
  userId: string,
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  const user = await actingAccount(ctx.db, userId);
  if (user) await emitEvent(ctx, user.tenantId, key, { userId, email: user.email, ...data });
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
