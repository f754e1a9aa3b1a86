/**
 * The audit log's reads (issue 15; spec 001 §7 "Audits"), written once for the server and demo
 * mode over ports: one page of an account's records (GET /audits: offset, count, sortBy,
 * sortDirection, filter text, per-column filters as query parameters of their own), its stats
 * (GET /audits/stats) and the CSV of the same filters (POST /audits/export/csv/v2 and csv; body
 * { properties } chooses and orders the columns). The records are rows of `audits` (AUDITS,
 * declared here; `recordAudit` writes the row core/domain/audit.ts makes, for both backends), read
 * over the storage port by both: the page and the export (`auditPage`, `auditBatches`) search one
 * text of four columns as the server's trigram index has it, sort severity by rank, count the total
 * only up to AUDIT_COUNT_LIMIT and read the export by keyset; the stats count them.
 */
import {
  AUDIT_COLUMNS,
  AUDIT_COUNT_LIMIT,
  AUDIT_MAX_COUNT,
  AUDIT_PAGE_SIZE,
  csvHeader,
  csvLine,
  exportColumns,
  FILTERABLE_AUDIT_COLUMNS,
  AUDIT_SEVERITIES,
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
import type { PortsFor } from './platform';
import {
  between,
  col,
  contains,
  from,
  nullable,
  oneOf,
  sameText,
  stamp,
  table,
  type Order,
  type Query,
  type RowClock,
  type RowOf,
  type Search,
  type Tables,
  type Where,
} from './tables';

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

/** Days a record is kept by default (the server's option `auditRetentionDays`; demo mode's): older ones are purged. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** Appends one record (the server's audit hook and lockout; demo mode stores the same row). */
export async function recordAudit(tables: Tables, clock: RowClock, event: AuditEvent): Promise<void> {
  await tables.of(AUDITS).insert(auditTableRow(event, clock));
}

/** A stored row as the client SDK reads it (the server's and the demo's alike), of the vendor `vendorId`. */
function auditRecordOf(row: AuditTableRow, vendorId: string | null): AuditRecord {
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

const DAY = 86_400_000;

/**
 * The audit log's ports over `tables`; `vendorId` reads the id of the vendor the records are of
 * (the server's first vendor, the demo's own).
 */
export function auditLogPorts(
  tables: Tables,
  clock: Pick<RowClock, 'now'>,
  vendorId: () => Promise<string | null>,
): AuditLogPorts {
  return {
    page: (tenantId, query) => auditPage(tables, vendorId, tenantId, query),
    batches: (tenantId, query) => auditBatches(tables, vendorId, tenantId, query),
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

/** What each sortable column orders by: an empty text for no value, as the server's index has it. */
const SORTS: Partial<Record<AuditColumnName, Order<AuditTableRow>>> = {
  createdAt: { by: 'createdAt' },
  email: { by: 'actorEmail', nullAsEmpty: true },
  action: { by: 'action' },
  ip: { by: 'ip', nullAsEmpty: true },
  // By rank, not by name: Info, Medium, High, Critical.
  severity: { by: 'severity', ranks: AUDIT_SEVERITIES },
  userAgent: { by: 'userAgent', nullAsEmpty: true },
};

/** The columns a filter of the list's looks in for its text (any letter case). */
const CONTAINING: Partial<Record<AuditColumnName, 'actorEmail' | 'action' | 'ip' | 'userAgent'>> = {
  email: 'actorEmail',
  action: 'action',
  ip: 'ip',
  userAgent: 'userAgent',
};

/**
 * What the search box looks in: who, what and where as one text, the expression of the trigram
 * index (server/storage/schema/audits.ts), so a search may span two of them.
 */
const SEARCHED: Omit<Search<AuditTableRow>, 'text'> = {
  fields: ['actorEmail', 'action', 'description', 'ip'],
  joined: { notNull: ['action', 'description'] },
};

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** One account's records matching the filters and the search. */
function auditFilterOf(tenantId: string, query: AuditFilter): Pick<Query<AuditTableRow>, 'where' | 'search'> {
  const where: Where<AuditTableRow> = { tenantId };
  for (const [name, raw] of Object.entries(query.filters ?? {}) as Array<[AuditColumnName, string]>) {
    const value = raw?.trim();
    if (!value) continue;
    if (name === 'createdAt') {
      // A day (YYYY-MM-DD, UTC): the records of that day; one that is no date, none. The route's
      // schema refuses any other form.
      if (!DAY_TEXT.test(value)) continue;
      const start = Date.parse(`${value}T00:00:00Z`);
      where.createdAt =
        stamp(start).slice(0, 10) === value ? between(stamp(start), stamp(start + DAY)) : oneOf([]);
    } else if (name === 'severity') where.severity = sameText(value);
    else if (CONTAINING[name]) where[CONTAINING[name]] = contains(value);
  }
  const text = query.filter?.trim();
  return { where, ...(text ? { search: { text, ...SEARCHED } } : {}) };
}

/** The list's order: the column asked (else the time), then the id, one direction. */
function auditOrderOf(query: AuditFilter): Array<Order<AuditTableRow>> {
  const desc = query.sortDirection !== 'asc';
  return [
    { ...(SORTS[query.sortBy] ?? SORTS.createdAt!), desc },
    { by: 'id', desc },
  ];
}

/**
 * One page of an account's records and how many match, counted up to AUDIT_COUNT_LIMIT: counting
 * millions of rows for a page number nobody reaches costs seconds, so past it the total says "at
 * least" (the page shows "10,000+") and filters narrow the list.
 */
async function auditPage(
  tables: Tables,
  vendorId: () => Promise<string | null>,
  tenantId: string,
  query: AuditQuery,
): Promise<{ data: AuditRecord[]; total: number }> {
  const audits = tables.of(AUDITS);
  const matching = auditFilterOf(tenantId, query);
  const [rows, total, vendor] = await Promise.all([
    audits.rows({ ...matching, orderBy: auditOrderOf(query), offset: query.offset, limit: query.count }),
    audits.count({ ...matching, limit: AUDIT_COUNT_LIMIT }),
    vendorId(),
  ]);
  return { data: rows.map((row) => auditRecordOf(row, vendor)), total };
}

/** Rows per read while exporting: memory stays at one batch whatever the total. */
const EXPORT_BATCH = 1000;

/**
 * An account's filtered records, in the list's order, a batch at a time by keyset (the rows after
 * the last one read), so 100,000 records never sit in memory together, and a batch's query stays
 * as fast at the end as at the start.
 */
async function* auditBatches(
  tables: Tables,
  vendorId: () => Promise<string | null>,
  tenantId: string,
  query: AuditFilter,
): AsyncGenerator<AuditRecord[]> {
  const matching = auditFilterOf(tenantId, query);
  const orderBy = auditOrderOf(query);
  const vendor = await vendorId();
  let last: string | null = null;
  for (;;) {
    const rows = await tables.of(AUDITS).rows({
      ...matching,
      orderBy,
      limit: EXPORT_BATCH,
      ...(last ? { after: { id: last } } : {}),
    });
    if (!rows.length) return;
    yield rows.map((row) => auditRecordOf(row, vendor));
    if (rows.length < EXPORT_BATCH) return;
    last = rows[rows.length - 1]!.id;
  }
}

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
};

/**
 * The CSV exports as one text: demo mode's answer. The server streams `auditCsv` as a file, with
 * the same ports (server/routes/audits.ts registers those routes itself).
 */
export const AUDIT_EXPORT_HANDLERS: AreaHandlers<AuditLogPorts> = {
  postAuditsExportCsv: exported,
  postAuditsExportCsvV2: exported,
};

/**
 * The audit log's ports for a caller on a backend: the records of the platform's vendor, the
 * caller's account's log readied once before its first read (demo mode's samples, the retention).
 */
export const auditLogAreaPorts: PortsFor<AuditLogPorts> = (platform, caller) => {
  const ports = auditLogPorts(platform.tables, platform.clock, () => platform.vendorId());
  let readied: Promise<void> | undefined;
  const ready = () => (readied ??= platform.readyAuditLog(caller.tenantId));
  return {
    async page(tenantId, query) {
      await ready();
      return ports.page(tenantId, query);
    },
    async count(tenantId, since, severities) {
      await ready();
      return ports.count(tenantId, since, severities);
    },
    async *batches(tenantId, query) {
      await ready();
      yield* ports.batches(tenantId, query);
    },
    now: ports.now,
  };
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
