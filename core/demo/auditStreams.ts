/**
 * Demo mode's audit streams (issue 28 item 16): the handlers of core/domain/audit-stream-handlers.ts
 * over the domain's repository on the page's stored tables. Demo mode has no server to send from: a
 * stream is saved, paused, resumed and deleted as on the server, and a back-fill records, for each sample
 * record (core/demo/audits.ts), the body it would send (`sent: false`), which the page says. The
 * token is not kept at all (nothing would use it), only that one was given; no address is resolved
 * (a browser cannot), so the outbound-address check is the server's alone.
 */
import type { AuditRecord } from '../api/audits';
import type { AuditStreamAttempt } from '../contract/auditStreams';
import { streamBody, type StreamedAuditRecord } from '../domain/audit-stream-formats';
import { AUDIT_STREAM_HANDLERS } from '../domain/audit-stream-handlers';
import {
  auditStreamRepository,
  auditStreamsTable,
  type AuditStreamPorts,
  type AuditStreamQueue,
  type AuditStreamStore,
} from '../domain/audit-streams';
import type { Tables } from '../domain/tables';
import { samples } from './audits';
import type { DemoDatabase } from './data';
import { isoNow, page, type DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';

/** Attempts kept per stream (the sample log has 64 records). */
const KEPT_ATTEMPTS = 200;

const streamedOf = (r: AuditRecord): StreamedAuditRecord => ({
  id: r._id,
  createdAt: r.createdAt,
  tenantId: r.tenantId,
  severity: r.severity,
  resource: r.resource,
  action: r.action,
  description: r.description,
  actorUserId: r.user || null,
  actorEmail: r.email || null,
  impersonatorEmail: r.actorMail ?? null,
  ip: r.ip || null,
  userAgent: r.userAgent || null,
  details: Object.fromEntries(r.json.map((d) => [d.key, d.value])),
});

/**
 * The queue's stand-in: nothing is queued (nothing is sent), so pausing holds nothing; a back-fill
 * records, for each sample record, the attempt it would make, newest first.
 */
function demoQueue(db: DemoDatabase, tables: Tables, { now, random }: DemoClock): AuditStreamQueue {
  const attempts = (db.auditStreamAttempts ??= {});
  return {
    follow: async () => {},
    drop: async (id) => {
      delete attempts[id];
    },
    deliveries: async (id, offset, count) => ({
      ...page(attempts[id] ?? [], offset, count),
      pending: 0,
      delivered: 0,
      failed: 0,
    }),
    async backfill(tenantId, id, from, limit) {
      const stream = await tables.of(auditStreamsTable).row({ tenantId, id });
      if (!stream) return 0;
      const records = samples(db, tenantId, now())
        .filter((r) => Date.parse(r.createdAt) >= from.getTime())
        .reverse()
        .slice(0, limit);
      // Recorded, not sent: the body the server would send.
      const unsent = { attempt: 1, status: 0, ok: false, response: '', durationMs: 0, sent: false };
      const recorded = records.map((r): AuditStreamAttempt => ({
        id: random(),
        eventId: r._id,
        ...unsent,
        body: streamBody(stream.format, streamedOf(r)),
        createdAt: isoNow(now),
      }));
      attempts[id] = [...recorded.reverse(), ...(attempts[id] ?? [])].slice(0, KEPT_ATTEMPTS);
      return records.length;
    },
  };
}

/** The rules' ports over the stored streams. */
function demoPorts(db: DemoDatabase, clock: DemoClock): AuditStreamPorts {
  const tables = memoryTables((db.tables ??= {}));
  const store: AuditStreamStore = {
    tables,
    queue: demoQueue(db, tables, clock),
    transaction: (fn) => fn(store),
  };
  return {
    // The token and the secret are not kept (nothing would use them), only that a token was given.
    streams: auditStreamRepository(store, () => '', clock.random, clock.now),
    allowLoopbackHttp: true,
    checkAddress: async () => {},
    newSigningSecret: () => `whsec_demo_${clock.random().replace(/-/g, '')}`,
    now: clock.now,
  };
}

/** The audit-stream routes (core/domain/audit-stream-handlers.ts) over the caller's account's streams. */
export const demoAuditStreamRoutes = (clock: DemoClock) =>
  demoHandlers(AUDIT_STREAM_HANDLERS, (db) => demoPorts(db, clock));
