/**
 * The audit log's calls (issue 15; spec 001 §7 "Audits"), on the client SDK's paths:
 * - GET /audits: one page of the caller's account's records (offset, count, sortBy, sortDirection,
 *   filter text, per-column filters as query parameters of their own) → { data, total }.
 * - GET /audits/stats → { totalToday, severeThisWeek }.
 * - POST /audits/export/csv/v2 (and csv): the CSV (file audits.csv) of the same filters, streamed
 *   from the database a batch at a time; body { properties } chooses and orders the columns.
 * The columns come from the audits entity of GET /metadata (routes/account-settings.ts). Every
 * call needs fe.secure.read.audits and reads only the caller's active account. The handlers and
 * rules and reads are core/domain/audit-log.ts, an area of both backends
 * (core/domain/back-office-areas.ts); the CSV routes are registered here, to stream a file, over
 * the area's ports.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeNamed } from '../../core/contract/routes';
import { auditCsv, auditLogAreaPorts, csvColumnsOf } from '../../core/domain/audit-log';
import type { AppContext } from '../context';
import { callerOfCall } from '../http/handlers';
import { accountOf } from '../http/route-table';
import { serverPlatform } from '../platform';

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platform = serverPlatform(ctx);
  for (const name of ['postAuditsExportCsvV2', 'postAuditsExportCsv'] as const)
    app.post(routeNamed(name).path, async (request: FastifyRequest, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const ports = auditLogAreaPorts(platform, callerOfCall(request));
      const csv = auditCsv(ports, accountOf(request), query, csvColumnsOf(request.body as never));
      // The file name is ours, whatever outputFileName says: no header injection, one name to expect.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audits.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(csv));
    });
}
