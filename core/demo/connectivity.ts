/**
 * Demo mode's webhooks (the platform's `webhooks`, core/demo/platform.ts): connectivity is an area
 * of both backends (core/domain/connectivity-tables.ts over the page's stored tables). Nothing is
 * delivered: the demo has no outbox worker, so a test answers 200 without sending anything, a
 * retry answers 202 without sending, and each new webhook shows two sample log rows (one 200, one
 * 500) so the logs and retry can be tried. It keeps no secret (the platform's `seal`): a
 * webhook's secret and a Slack channel's URL are not stored, as nothing signs or posts.
 */
import type { WebhookBackend } from '../domain/connectivity-ports';
import { WEBHOOKS, WEBHOOK_LOGS } from '../domain/connectivity-tables';
import { stamp } from '../domain/tables';
import type { DemoDatabase } from './data';
import { memoryTables } from './tables';

/** The sample deliveries a new webhook shows, the failed one first (the demo sends nothing). */
const SAMPLE_LOGS = [
  [500, 'Demo mode: a sample failed delivery (nothing was sent)'],
  [200, 'Demo mode: a sample delivery (nothing was sent)'],
] as const;

/** The webhooks' stand-ins over the stored tables. */
export function demoWebhooks(db: DemoDatabase, newId: () => string): WebhookBackend {
  const tables = memoryTables((db.tables ??= {}));
  const logs = tables.of(WEBHOOK_LOGS);
  return {
    outbox: {
      retry: async (tenantId, logId) => (await logs.row({ id: logId, tenantId })) !== null,
      forget: async () => {},
    },
    reachable: async (url) => url.toString(),
    sendTest: async () => ({ statusCode: 200, body: 'Demo mode: nothing was sent' }),
    async created(tenantId, webhook) {
      const eventKey = webhook.eventKeys[0] ?? 'test';
      const body = JSON.stringify({ eventKey, tenantId, data: {} });
      const sample = { webhookId: webhook._id, tenantId, deliveryId: null, eventKey, body };
      const at = Date.parse(webhook.createdAt);
      for (const [i, [statusCode, response]] of SAMPLE_LOGS.entries())
        await logs.insert({ id: newId(), ...sample, statusCode, response, createdAt: stamp(at + i) });
      // The sample that went through counts as delivered, as the server's worker counts.
      const [counted] = await tables.of(WEBHOOKS).update({ id: webhook._id }, { invocations: 1 });
      return { ...webhook, invocations: counted!.invocations };
    },
  };
}
