/**
 * The audit log's calls (issue 15; spec 001 §7 "Audits"), on the client SDK's paths:
 * - GET /audits: one page of the caller's account's records (offset, count, sortBy, sortDirection,
 *   filter text, per-column filters as query parameters of their own) → { data, total }.
 * - GET /audits/stats → { totalToday, severeThisWeek }.
 * - POST /audits/export/csv/v2 (and csv): the CSV (file audits.csv) of the same filters, streamed
 *   from the database a batch at a time; body { properties } chooses and orders the columns.
 * The columns come from the audits entity of GET /metadata (routes/account-settings.ts). Every
 * call needs fe.secure.read.audits and reads only the caller's active account. The handlers and
 * rules and reads are core/domain/audit-log.ts (demo mode runs them too, over its own rows); the CSV routes are registered here, to stream a file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeNamed } from '../../core/contract/routes';
import { AUDIT_LOG_HANDLERS, auditCsv, auditLogPorts, csvColumnsOf } from '../../core/domain/audit-log';
import type { AppContext } from '../context';
import { registerHandlers } from '../http/handlers';
import { accountOf } from '../http/route-table';
import { firstVendorId } from '../storage/audits';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = auditLogPorts(sqlTables(ctx.db), SERVER_ROW_CLOCK, () => firstVendorId(ctx.db));
  const { postAuditsExportCsv: _text, postAuditsExportCsvV2: _textV2, ...shared } = AUDIT_LOG_HANDLERS;
  registerHandlers(app, shared, () => ports);

  for (const name of ['postAuditsExportCsvV2', 'postAuditsExportCsv'] as const)
    app.post(routeNamed(name).path, async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const csv = auditCsv(ports, accountOf(request), query, csvColumnsOf(request.body as never));
      // The file name is ours, whatever outputFileName says: no header injection, one name to expect.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audits.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(csv));
    });
}
