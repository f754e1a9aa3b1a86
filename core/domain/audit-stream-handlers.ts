/**
 * The audit-stream routes (core/contract/routes/audit-streams.ts), written once for the server and
 * demo mode (core/domain/handlers.ts); the rules are core/domain/audit-streams.ts. A stream is
 * looked up in the caller's active account only (another account's is not found). Audit-log
 * streaming (issue 28 item 16) is our extension under the audits area (docs/contract.md "Audit
 * streams"):
 * - GET /audits/streams → { items }; POST /audits/streams { name, url, format, token? } → 201, the
 *   stream with its signing secret (answered this once);
 * - POST /audits/streams/:id/pause and /resume → the stream; DELETE /audits/streams/:id → {};
 * - GET /audits/streams/:id/deliveries?offset&count → the attempts, newest first, and the counts;
 * - POST /audits/streams/:id/backfill { from } → { queued }.
 * On the server the delivery is the connectivity worker's (server/domain/audit-stream-delivery.ts).
 */
import type { AuditStreamFormat } from '../contract/auditStreams';
import {
  backfillStream,
  createStream,
  deleteStream,
  listStreams,
  setStreamState,
  streamDeliveries,
  auditStreamPorts,
  type AuditStreamPorts,
  type AuditStreamQueue,
  type AuditStreamStore,
} from './audit-streams';
import { answer, type AreaHandlers } from './handlers';
import type { PortsFor } from './platform';
import type { Tables } from './tables';

type Created = { name: string; url: string; format: AuditStreamFormat; token?: string };

export const AUDIT_STREAM_HANDLERS: AreaHandlers<AuditStreamPorts> = {
  getAuditStreams: async (p, { tenantId }) => answer({ items: await listStreams(p, tenantId) }),
  // Answered with its signing secret, this once.
  postAuditStream: async (p, { tenantId, body }) =>
    answer(await createStream(p, tenantId, body as Created), 201),
  postAuditStreamPause: async (p, { tenantId, params }) =>
    answer(await setStreamState(p, tenantId, params.id!, 'paused')),
  postAuditStreamResume: async (p, { tenantId, params }) =>
    answer(await setStreamState(p, tenantId, params.id!, 'active')),
  deleteAuditStream: async (p, { tenantId, params }) => {
    await deleteStream(p, tenantId, params.id!);
    return answer({});
  },
  getAuditStreamDeliveries: async (p, { tenantId, params, query }) =>
    answer(await streamDeliveries(p, tenantId, params.id!, query)),
  postAuditStreamBackfill: async (p, { tenantId, params, body }) =>
    answer(await backfillStream(p, tenantId, params.id!, String(body.from))),
};

/** The streams' store over `tables`, with the backend's queue over the same tables (a transaction's, in one). */
export const auditStreamStore = (
  tables: Tables,
  queueOn: (tables: Tables) => AuditStreamQueue,
): AuditStreamStore => ({
  tables,
  queue: queueOn(tables),
  transaction: (fn) => tables.transaction((tx) => fn(auditStreamStore(tx, queueOn))),
});

/** The audit-stream routes' ports on a backend: its tables and queue, its seal, its checks. */
export const auditStreamAreaPorts: PortsFor<AuditStreamPorts> = (platform) => {
  const { queue, ...extras } = platform.auditStreams;
  return auditStreamPorts(auditStreamStore(platform.tables, queue), platform.clock, {
    ...extras,
    seal: platform.seal,
  });
};
