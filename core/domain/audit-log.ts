/**
 * The audit log's reads (issue 15; spec 001 §7 "Audits"), written once for the server and demo
 * mode over ports: one page of an account's records (GET /audits: offset, count, sortBy,
 * sortDirection, filter text, per-column filters as query parameters of their own), its stats
 * (GET /audits/stats) and the CSV of the same filters (POST /audits/export/csv/v2 and csv; body
 * { properties } chooses and orders the columns). The server reads with SQL
 * (server/storage/audits.ts) and streams the CSV a batch at a time; demo mode filters its records
 * in memory (core/demo/audits.ts). Who writes records: core/domain/audit.ts builds the row.
 */
import {
  AUDIT_COLUMNS,
  AUDIT_MAX_COUNT,
  AUDIT_PAGE_SIZE,
  csvHeader,
  csvLine,
  exportColumns,
  FILTERABLE_AUDIT_COLUMNS,
  SEVERE,
  type AuditColumn,
  type AuditColumnName,
  type AuditQuery,
  type AuditRecord,
  type AuditSeverity,
  type AuditStats,
  type SortDirection,
} from '../contract/audits';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';

/** The filters and order of a list or an export (no page). */
export type AuditFilter = Omit<AuditQuery, 'offset' | 'count'>;

export interface AuditLogPorts {
  /**
   * One page of the account's matching records and how many match (the server counts up to
   * AUDIT_COUNT_LIMIT: past it the total says "at least").
   */
  page(tenantId: string, query: AuditQuery): Promise<{ data: AuditRecord[]; total: number }>;
  /** How many of the account's records were made since `since` (of `severities`, when given). */
  count(tenantId: string, since: Date, severities?: readonly AuditSeverity[]): Promise<number>;
  /** The account's matching records in the list's order, a batch at a time. */
  batches(tenantId: string, query: AuditFilter): AsyncIterable<AuditRecord[]>;
  now(): number;
}

const DAY = 86_400_000;

/** The list's query from the request's query parameters (the request schema checked their form). */
function auditQueryOf(raw: Record<string, string | undefined>): AuditQuery {
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

/** Spec 001 §3: "totals for today and severe this week" (today: since midnight UTC; week: 7 days). */
async function auditStats(ports: AuditLogPorts, tenantId: string): Promise<AuditStats> {
  const now = ports.now();
  const [totalToday, severeThisWeek] = await Promise.all([
    ports.count(tenantId, new Date(Math.floor(now / DAY) * DAY)),
    ports.count(tenantId, new Date(now - 7 * DAY), SEVERE),
  ]);
  return { totalToday, severeThisWeek };
}

/** The CSV of the account's records matching `raw`, with `columns`, as chunks: the header, then a batch each. */
export async function* auditCsv(
  ports: AuditLogPorts,
  tenantId: string,
  raw: Record<string, string | undefined>,
  columns: readonly AuditColumn[],
): AsyncGenerator<string> {
  const { offset: _offset, count: _count, ...query } = auditQueryOf(raw);
  yield csvHeader(columns);
  for await (const batch of ports.batches(tenantId, query)) {
    let chunk = '';
    for (const record of batch) chunk += csvLine(record, columns);
    yield chunk;
  }
}

/** The columns a CSV export's body asks for (`properties`), else the portal's. */
export function csvColumnsOf(body: Record<string, unknown> | undefined): AuditColumn[] {
  const properties = body?.properties;
  return exportColumns(Array.isArray(properties) ? (properties as Array<{ name?: unknown }>) : undefined);
}

/** The CSV as one text (demo mode's answer; the server streams `auditCsv` with its file headers). */
const exported: AreaHandler<AuditLogPorts> = async (ports, { tenantId, query, body }) => {
  let text = '';
  for await (const chunk of auditCsv(ports, tenantId, query, csvColumnsOf(body))) text += chunk;
  return answer(text);
};

/** The audit log's routes (core/contract/routes/audits.ts); every one reads the caller's active account. */
export const AUDIT_LOG_HANDLERS: AreaHandlers<AuditLogPorts> = {
  getAudits: async (ports, { tenantId, query }) => answer(await ports.page(tenantId, auditQueryOf(query))),
  getAuditsStats: async (ports, { tenantId }) => answer(await auditStats(ports, tenantId)),
  postAuditsExportCsv: exported,
  postAuditsExportCsvV2: exported,
};

/**
 * The audits entity of GET /metadata (spec 001 §7 "metadata reading properties (columns) and theme
 * styles"), as the client's IAuditsMetadata: the columns as `properties`, no styles of our own;
 * dated by the vendor's creation.
 */
export function auditsEntity(vendorId: string, at: string) {
  return {
    rows: [
      {
        entityName: 'audits',
        id: 'audits',
        createdAt: at,
        updatedAt: at,
        vendorId,
        properties: AUDIT_COLUMNS,
        theme: { id: 'default', name: 'default', styles: {} },
      },
    ],
  };
}
