/**
 * The audit log's calls (issue 15; spec 001 §7 "Audits"), on the client SDK's paths:
 * - GET /audits: one page of the caller's account's records (offset, count, sortBy, sortDirection,
 *   filter text, per-column filters as query parameters of their own) → { data, total }.
 * - GET /audits/stats → { totalToday, severeThisWeek }.
 * - POST /audits/export/csv/v2 (and csv): the CSV (file audits.csv) of the same filters, streamed
 *   from the database a batch at a time; body { properties } chooses and orders the columns.
 * The columns come from the audits entity of GET /metadata (routes/account-settings.ts). Every
 * call needs fe.secure.read.audits and reads only the caller's active account.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUDIT_MAX_COUNT,
  AUDIT_PAGE_SIZE,
  exportColumns,
  FILTERABLE_AUDIT_COLUMNS,
  type AuditColumnName,
  type AuditQuery,
  type SortDirection,
} from '../../core/api/audits';
import type { AppContext } from '../context';
import { auditStats, exportAuditsCsv, listAudits } from '../domain/audits';
import { accountOf } from '../http/route-table';

type RawQuery = Record<string, string | undefined>;

function auditQueryOf(raw: RawQuery): AuditQuery {
  const filters: Partial<Record<AuditColumnName, string>> = {};
  for (const name of FILTERABLE_AUDIT_COLUMNS) if (raw[name]) filters[name] = raw[name];
  return {
    offset: Number(raw.offset ?? 0),
    count: Math.min(AUDIT_MAX_COUNT, Math.max(1, Number(raw.count ?? AUDIT_PAGE_SIZE))),
    sortBy: (raw.sortBy as AuditColumnName | undefined) ?? 'createdAt',
    sortDirection: (raw.sortDirection?.toLowerCase() as SortDirection | undefined) ?? 'desc',
    filter: raw.filter,
    filters,
  };
}

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Request schemas: core/contract/requests.ts (the demo backend validates with the same).
  app.get<{ Querystring: RawQuery }>('/audits', async (request) =>
    listAudits(ctx.db, accountOf(request), auditQueryOf(request.query)),
  );

  app.get('/audits/stats', async (request) => auditStats(ctx.db, accountOf(request)));

  const exportCsv = async (
    request: FastifyRequest<{ Querystring: RawQuery; Body: { properties?: Array<{ name: string }> } }>,
    reply: FastifyReply,
  ) => {
    const tenantId = accountOf(request);
    const { offset: _offset, count: _count, ...query } = auditQueryOf(request.query);
    const columns = exportColumns(request.body?.properties);
    // The file name is ours, whatever outputFileName says: no header injection, one name to expect.
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audits.csv"')
      .header('cache-control', 'no-store')
      .send(Readable.from(exportAuditsCsv(ctx.db, tenantId, query, columns)));
  };
  app.post('/audits/export/csv/v2', exportCsv);
  app.post('/audits/export/csv', exportCsv);
}
