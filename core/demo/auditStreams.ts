/**
 * Demo mode's audit streams (issue 28 item 16): the handlers of core/domain/audit-stream-handlers.ts
 * over in-memory repositories kept in the page's storage. Demo mode has no server to send from: a stream
 * is saved, paused, resumed and deleted as on the server, and a back-fill records, for each sample
 * record (core/demo/audits.ts), the body it would send (`sent: false`), which the page says. The
 * token is not kept at all (nothing would use it), only that one was given; no address is resolved
 * (a browser cannot), so the outbound-address check is the server's alone.
 */
import type { AuditRecord } from '../api/audits';
import type { AuditStreamAttempt, AuditStreamDto, AuditStreamFormat } from '../contract/auditStreams';
import { streamBody, type StreamedAuditRecord } from '../domain/audit-stream-formats';
import { AUDIT_STREAM_HANDLERS } from '../domain/audit-stream-handlers';
import type { AuditStreamPorts } from '../domain/audit-streams';
import { samples } from './audits';
import type { DemoDatabase } from './data';
import { insert, isoNow, page, remove, update, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';

/** An account's streams and each stream's recorded attempts, newest first. */
export interface DemoAuditStreams {
  streams: AuditStreamDto[];
  attempts: Record<string, AuditStreamAttempt[]>;
}

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

/** The rules' ports over one account's stored streams. */
function demoPorts(db: DemoDatabase, tenantId: string, { now, random }: DemoClock): AuditStreamPorts {
  const mine = ((db.auditStreams ??= {})[tenantId] ??= { streams: [], attempts: {} });
  return {
    streams: {
      list: async () => mine.streams,
      async create(_tenant, { name, url, format, token }) {
        const stream = { id: random(), name, url, format, hasToken: token !== null, createdAt: isoNow(now) };
        const unsent = { failingSince: null, alertedAt: null, lastDeliveredAt: null };
        return insert(mine.streams, { ...stream, state: 'active', ...unsent });
      },
      setState: async (_tenant, id, state) => update(mine.streams, withId(id), { state }) ?? null,
      async remove(_tenant, id) {
        delete mine.attempts[id];
        return remove(mine.streams, withId(id));
      },
      deliveries: async (_tenant, id, offset, count) => ({
        ...page(mine.attempts[id] ?? [], offset, count),
        pending: 0,
        delivered: 0,
        failed: 0,
      }),
      async backfill(_tenant, id, from, limit) {
        const { format } = mine.streams.find(withId(id))!;
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
          body: streamBody(format as AuditStreamFormat, streamedOf(r)),
          createdAt: isoNow(now),
        }));
        mine.attempts[id] = [...recorded.reverse(), ...(mine.attempts[id] ?? [])].slice(0, KEPT_ATTEMPTS);
        return records.length;
      },
    },
    allowLoopbackHttp: true,
    checkAddress: async () => {},
    newSigningSecret: () => `whsec_demo_${random().replace(/-/g, '')}`,
    now,
  };
}

/** The audit-stream routes (core/domain/audit-stream-handlers.ts) over the caller's account's streams. */
export const demoAuditStreamRoutes = (clock: DemoClock) =>
  demoHandlers(AUDIT_STREAM_HANDLERS, (db, user) => demoPorts(db, user.tenantId, clock));
