/**
 * Demo mode's connectivity: the handlers of core/domain/connectivity-handlers.ts and the
 * ports of core/domain/connectivity-tables.ts (the server's own) over the page's stored tables. Nothing is delivered: the demo has no outbox worker, so a test answers 200 without
 * sending anything, a retry answers 202 without sending, and each new webhook shows two sample log
 * rows (one 200, one 500) so the logs and retry can be tried. It keeps no secret: a webhook's
 * secret and a Slack channel's URL are not stored, as nothing signs or posts.
 */
import type { ConnectivityPorts } from '../domain/connectivity';
import { CONNECTIVITY_HANDLERS } from '../domain/connectivity-handlers';
import { WEBHOOKS, WEBHOOK_LOGS, connectivityPorts } from '../domain/connectivity-tables';
import { stamp } from '../domain/tables';
import { DEMO_VENDOR_ID, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';

/** The sample deliveries a new webhook shows, the failed one first (the demo sends nothing). */
const SAMPLE_LOGS = [
  [500, 'Demo mode: a sample failed delivery (nothing was sent)'],
  [200, 'Demo mode: a sample delivery (nothing was sent)'],
] as const;

/** The rules' ports over the stored tables. */
export function demoConnectivityPorts(db: DemoDatabase, { now, random }: DemoClock): ConnectivityPorts {
  const tables = memoryTables((db.tables ??= {}));
  const logs = tables.of(WEBHOOK_LOGS);
  const ports = connectivityPorts(
    tables,
    { newId: random, now },
    {
      seal: () => '',
      outbox: {
        retry: async (tenantId, logId) => (await logs.row({ id: logId, tenantId })) !== null,
        forget: async () => {},
      },
      vendorId: async () => DEMO_VENDOR_ID,
      reachable: async (url) => url.toString(),
      sendTest: async () => ({ statusCode: 200, body: 'Demo mode: nothing was sent' }),
    },
  );
  const { create } = ports.webhooks;
  ports.webhooks.create = async (tenantId, fields, secret) => {
    const webhook = await create(tenantId, fields, secret);
    const eventKey = fields.eventKeys[0] ?? 'test';
    const body = JSON.stringify({ eventKey, tenantId, data: {} });
    const sample = { webhookId: webhook._id, tenantId, deliveryId: null, eventKey, body };
    const at = Date.parse(webhook.createdAt);
    for (const [i, [statusCode, response]] of SAMPLE_LOGS.entries())
      await logs.insert({ id: random(), ...sample, statusCode, response, createdAt: stamp(at + i) });
    // The sample that went through counts as delivered, as the server's worker counts.
    const [counted] = await tables.of(WEBHOOKS).update({ id: webhook._id }, { invocations: 1 });
    return { ...webhook, invocations: counted!.invocations };
  };
  return ports;
}

/** The connectivity routes (core/domain/connectivity-handlers.ts) over the caller's account's settings. */
export const demoConnectivityRoutes = (clock: DemoClock) =>
  demoHandlers(CONNECTIVITY_HANDLERS, (db) => demoConnectivityPorts(db, clock));
