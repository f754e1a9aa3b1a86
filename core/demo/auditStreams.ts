/**
 * Demo mode's audit streams (issue 28 item 16): an area of both backends
 * (core/domain/audit-stream-handlers.ts) over the page's stored tables; here, the platform's
 * stand-ins for what the server's outbox does. Demo mode has no server to send from: a stream is
 * saved, paused, resumed and deleted as on the server, and a back-fill logs, for each of the
 * account's records (core/demo/audits.ts, read as the server's back-fill reads them), an attempt
 * not made (`sent: false`, which the page says); the log shows the body it would have sent. The
 * token is not kept at all (the platform's `seal`: nothing would use it), only that one was given;
 * no address is resolved (a browser cannot), so the outbound-address check is the server's alone.
 */
import { AUDITS } from '../domain/audit-log';
import { streamBody } from '../domain/audit-stream-formats';
import {
  auditStreamLogsTable,
  auditStreamsTable,
  streamAttempts,
  type AuditStreamBackend,
  type AuditStreamQueue,
} from '../domain/audit-streams';
import { from, oneOf, stamp, type Tables } from '../domain/tables';
import { readyAuditLog } from './audits';
import type { DemoDatabase } from './data';
import { isoNow, type DemoClock } from './rows';

/** The queue's stand-in: nothing is queued (nothing is sent), so pausing holds nothing. */
function demoQueue(db: DemoDatabase, tables: Tables, { now, random }: DemoClock): AuditStreamQueue {
  const logs = tables.of(auditStreamLogsTable);
  return {
    follow: async () => {},
    // Its log goes with the stream's row (the schema's ON DELETE CASCADE).
    drop: async () => {},
    async deliveries(id, offset, count) {
      const { items, total, rows } = await streamAttempts(tables, id, offset, count, false);
      // The stream is there (the domain found it first): its body of each attempt's record.
      const { format, tenantId } = (await tables.of(auditStreamsTable).row({ id }))!;
      const records = await tables.of(AUDITS).rows({ where: { id: oneOf(rows.map((r) => r.eventId)) } });
      const bodies = new Map(records.map((r) => [r.id, streamBody(format, { ...r, tenantId })]));
      const logged = items.map((item) => ({ ...item, body: bodies.get(item.eventId) }));
      return { items: logged, total, pending: 0, delivered: 0, failed: 0 };
    },
    async backfill(tenantId, id, start, limit) {
      if (!(await tables.of(auditStreamsTable).row({ tenantId, id }))) return 0;
      await readyAuditLog(db, tenantId, now());
      const records = await tables.of(AUDITS).rows({
        where: { tenantId, createdAt: from(stamp(start.getTime())) },
        orderBy: [{ by: 'createdAt' }, { by: 'id' }],
        limit,
      });
      // Recorded, not sent: no receiver answered.
      const unsent = { attempt: 1, statusCode: 0, ok: false, response: '', durationMs: 0 };
      await logs.insertAll(
        records.map((r) => ({
          id: random(),
          streamId: id,
          deliveryId: random(),
          eventId: r.id,
          ...unsent,
          createdAt: isoNow(now),
        })),
      );
      return records.length;
    },
  };
}

/** Demo mode's part of audit streams (the platform's `auditStreams`, core/demo/platform.ts). */
export const demoAuditStreams = (db: DemoDatabase, clock: DemoClock): AuditStreamBackend => ({
  queue: (tables) => demoQueue(db, tables, clock),
  allowLoopbackHttp: true,
  checkAddress: async () => {},
});
