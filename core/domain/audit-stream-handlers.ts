/**
 * The audit-stream routes (core/contract/routes/audit-streams.ts), written once for the server and
 * demo mode (core/domain/handlers.ts); the rules are core/domain/audit-streams.ts. A stream is
 * looked up in the caller's active account only (another account's is not found).
 */
import type { AuditStreamFormat } from '../contract/auditStreams';
import {
  backfillStream,
  createStream,
  deleteStream,
  listStreams,
  setStreamState,
  streamDeliveries,
  type AuditStreamPorts,
} from './audit-streams';
import { answer, type AreaHandlers } from './handlers';

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
