/**
 * The audit log's reads (issue 15; spec 001 §7 "Audits"), written once for the server and demo
 * mode over ports: one page of an account's records (GET /audits: offset, count, sortBy,
 * sortDirection, filter text, per-column filters as query parameters of their own), its stats
 * (GET /audits/stats) and the CSV of the same filters (POST /audits/export/csv/v2 and csv; body
 * { properties } chooses and orders the columns). The records are rows of `audits` (AUDITS,
 * declared here; `recordAudit` writes the row core/domain/audit.ts makes, for both backends); the
 * stats count them over the storage port. The filtered page and the export stay each backend's own (`AuditSearch`): the
 * search box looks in one text made of four columns (the server's trigram index), severity sorts
 * by rank, the total is counted only up to AUDIT_COUNT_LIMIT and the export reads by keyset, none of
 * which the port says; the server does it in SQL (server/storage/audits.ts), demo mode over the
 * account's rows in memory (core/demo/audits.ts).
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
import { AUDITS_TABLE, auditTableRow, type AuditDetails, type AuditEvent } from './audit';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';
import { col, from, nullable, oneOf, stamp, table, type RowClock, type RowOf, type Tables } from './tables';

/**
 * A row of `audits` (server/storage/schema/audits.ts): append-only, the database refuses UPDATE
 * and DELETE but the retention purge's. tenant_id null: an event of no account (a failed sign-in
 * with an unknown email), kept for the vendor and shown to no tenant. actor_* are copied, not
 * referenced: the record outlives the user. Its row is made by core/domain/audit.ts (`auditTableRow`).
 */
export const AUDITS = table(AUDITS_TABLE, {
  id: col.uuid,
  createdAt: col.timestamptz,
  tenantId: nullable(col.uuid),
  actorUserId: nullable(col.uuid),
  actorEmail: nullable(col.text()),
  /** The impersonating administrator, when someone acted on the user's behalf. */
  impersonatorEmail: nullable(col.text()),
  ip: nullable(col.text()),
  userAgent: nullable(col.text()),
  severity: col.text<AuditSeverity>(),
  /** The area: auth, users, roles, groups, tokens, mfa, policies, restrictions, ... */
  resource: col.text(),
  action: col.text(),
  description: col.text(),
  /** Ids, names and settings: never a password, code, token or secret (`auditDetails`' allow-list). */
  details: col.jsonb<AuditDetails>(),
});
export type AuditTableRow = RowOf<typeof AUDITS>;

/** Appends one record (the server's audit hook and lockout; demo mode stores the same row). */
export async function recordAudit(tables: Tables, clock: RowClock, event: AuditEvent): Promise<void> {
  await tables.of(AUDITS).insert(auditTableRow(event, clock));
}

/** A stored row as the client SDK reads it (the server's and the demo's alike), of the vendor `vendorId`. */
export function auditRecordOf(row: AuditTableRow, vendorId: string | null): AuditRecord {
  const at = stamp(Date.parse(row.createdAt));
  return {
    _id: row.id,
    createdAt: at,
    updatedAt: at,
    time: at,
    user: row.actorUserId ?? '',
    email: row.actorEmail ?? '',
    ...(row.impersonatorEmail ? { actorMail: row.impersonatorEmail } : {}),
    ip: row.ip ?? '',
    userAgent: row.userAgent ?? '',
    severity: row.severity,
    resource: row.resource,
    action: row.action,
    description: row.description,
    json: Object.entries(row.details ?? {}).map(([key, value]) => ({ key, value })),
    tenantId: row.tenantId ?? '',
    vendorId: vendorId ?? '',
    __v: 0,
  };
}

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

/** The reads each backend does its own way (the storage port cannot say them: see above). */
export type AuditSearch = Pick<AuditLogPorts, 'page' | 'batches'>;

/** The audit log's ports: the stats counted over `tables`, the page and export by `search`. */
export function auditLogPorts(
  tables: Tables,
  clock: Pick<RowClock, 'now'>,
  search: AuditSearch,
): AuditLogPorts {
  return {
    page: (tenantId, query) => search.page(tenantId, query),
    batches: (tenantId, query) => search.batches(tenantId, query),
    count: (tenantId, since, severities) =>
      tables.of(AUDITS).count({
        where: {
          tenantId,
          createdAt: from(stamp(since.getTime())),
          ...(severities ? { severity: oneOf(severities) } : {}),
        },
      }),
    now: () => clock.now(),
  };
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
