/**
 * Audit-log streaming (issue 28 item 16), our extension under the audits area (docs/contract.md
 * "Audit streams"; descriptors in core/contract/routes/audit-streams.ts, rules in
 * core/domain/audit-streams.ts):
 * - GET /audits/streams → { items }; POST /audits/streams { name, url, format, token? } → 201, the
 *   stream with its signing secret (answered this once);
 * - POST /audits/streams/:id/pause and /resume → the stream; DELETE /audits/streams/:id → {};
 * - GET /audits/streams/:id/deliveries?offset&count → the attempts, newest first, and the counts;
 * - POST /audits/streams/:id/backfill { from } → { queued }.
 * The handlers are core/domain/audit-stream-handlers.ts (demo mode runs them too); the delivery is
 * the connectivity worker's (domain/audit-stream-delivery.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AUDIT_STREAM_HANDLERS } from '../../core/domain/audit-stream-handlers';
import type { AppContext } from '../context';
import { auditStreamPorts } from '../domain/audit-streams';
import { registerHandlers } from '../http/handlers';

export async function auditStreamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = auditStreamPorts(ctx);
  registerHandlers(app, AUDIT_STREAM_HANDLERS, () => ports);
}
