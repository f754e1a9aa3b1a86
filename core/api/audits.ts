/**
 * The audit log (spec 001 §3 "Audit entry", §4 "Audit list", §7 "Audits", §9 "Audit page size
 * 20"), on the client SDK's paths: GET /audits, GET /audits/stats, POST /audits/export/csv/v2 and
 * the audits entity of GET /metadata. One table of columns for the server's metadata answer, its
 * queries and CSV export, the demo backend and the page. Loaded by the audits page only.
 */
import type { HttpClient } from './http';

/** Spec 001 §9: "Audit page size 20". */
export const AUDIT_PAGE_SIZE = 20;

/** The list's total counts this far at most: beyond it, "10,000+" (server/domain/audits.ts). */
export const AUDIT_COUNT_LIMIT = 10_001;

/** Most records one list call returns (the client's `count`). */
export const AUDIT_MAX_COUNT = 100;

export {
  AUDIT_COLUMNS,
  AUDIT_SEVERITIES,
  FILTERABLE_AUDIT_COLUMNS,
  SEVERE,
  type AuditColumn,
  type AuditColumnName,
  type AuditSeverity,
} from '../contract/audits';
import {
  AUDIT_COLUMNS,
  type AuditColumn,
  type AuditColumnName,
  type AuditSeverity,
} from '../contract/audits';

/** One detail of a record: the client types `json` as a list. */
export interface AuditDetail {
  key: string;
  value: string | number | boolean | null | Array<string | number>;
}

/** A record as the client SDK reads it (AuditRowData), with our description and user agent. */
export interface AuditRecord {
  _id: string;
  createdAt: string;
  updatedAt: string;
  time: string;
  /** The acting user's id ('' when nobody signed in acted, e.g. a failed sign-in). */
  user: string;
  email: string;
  /** Who acted on the user's behalf (impersonation), when someone did. */
  actorMail?: string;
  ip: string;
  userAgent: string;
  severity: AuditSeverity;
  resource: string;
  action: string;
  description: string;
  json: AuditDetail[];
  tenantId: string;
  vendorId: string;
  __v: number;
}

export type SortDirection = 'asc' | 'desc';

/** The list call's query (the client's IGetAuditsParams, plus per-column filters). */
export interface AuditQuery {
  offset: number;
  count: number;
  sortBy: AuditColumnName;
  sortDirection: SortDirection;
  filter?: string;
  filters?: Partial<Record<AuditColumnName, string>>;
}

export interface AuditStats {
  totalToday: number;
  severeThisWeek: number;
}

/**
 * One CSV cell (RFC 4180 quoting). A value that a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return first) gets a leading apostrophe: an exported log must not become an
 * attack on whoever opens it (OWASP "CSV injection").
 */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The value of `column` in `record`, as the CSV writes it. */
function cellOf(record: AuditRecord, name: AuditColumnName): unknown {
  if (name === 'json')
    return record.json.length ? Object.fromEntries(record.json.map((d) => [d.key, d.value])) : '';
  return record[name];
}

/** The CSV's header line (display names, in the given order), with CRLF. */
export function csvHeader(columns: readonly AuditColumn[]): string {
  return `${columns.map((c) => csvCell(c.displayName)).join(',')}\r\n`;
}

/** One record's CSV line, with CRLF. */
export function csvLine(record: AuditRecord, columns: readonly AuditColumn[]): string {
  return `${columns.map((c) => csvCell(cellOf(record, c.name))).join(',')}\r\n`;
}

/**
 * What the portal's CSV export writes: the table's columns and the severity after the action (the
 * table shows severity under "more info" only; a spreadsheet has no "more info").
 */
export function csvExportColumns(columns: readonly AuditColumn[]): AuditColumn[] {
  return columns.filter((c) => c.showInTable || c.name === 'severity');
}

/**
 * The export's columns: those the caller asked for, by name and in their order, that exist; the
 * portal's export columns (csvExportColumns) when none is asked for.
 */
export function exportColumns(requested: ReadonlyArray<{ name?: unknown }> | undefined): AuditColumn[] {
  const chosen = (requested ?? [])
    .map((r) => AUDIT_COLUMNS.find((c) => c.name === r.name))
    .filter((c): c is AuditColumn => Boolean(c));
  const unique = [...new Set(chosen)];
  return unique.length ? unique : csvExportColumns(AUDIT_COLUMNS);
}

/** The query as the client sends it: per-column filters are query parameters of their own. */
function queryOf(query: Omit<AuditQuery, 'count'> & { count?: number }) {
  const { filters, ...rest } = query;
  return { ...rest, filter: rest.filter || undefined, ...filters };
}

export function createAuditsApi(http: HttpClient) {
  return {
    list: (query: AuditQuery) =>
      http.get<{ data: AuditRecord[]; total: number }>('/audits', { query: queryOf(query) }),
    stats: () =>
      http.get<AuditStats>('/audits/stats', {
        query: { sortBy: 'createdAt', sortDirection: 'desc', count: AUDIT_PAGE_SIZE },
      }),
    /** The columns (spec 001 §7: "metadata reading properties (columns) and theme styles"). */
    metadata: () =>
      http.get<{ rows: Array<{ properties?: AuditColumn[] }> }>('/metadata', {
        query: { entityName: 'audits' },
      }),
    /** The CSV as text (spec 001 §7: csv/v2, offset 0, the headers and the same filters). */
    exportCsv: (query: Omit<AuditQuery, 'offset' | 'count'>, columns: readonly AuditColumn[]) =>
      http.post<string>(
        '/audits/export/csv/v2',
        { properties: columns },
        { query: { ...queryOf({ ...query, offset: 0 }), outputFileName: 'audits.csv' }, raw: true },
      ),
  };
}
export type AuditsApi = ReturnType<typeof createAuditsApi>;
