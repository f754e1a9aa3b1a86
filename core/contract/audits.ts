/**
 * The audit log's severities and columns (spec 001 §3 "Audit entry"): part of the contract, read by
 * the request schemas of the audit routes (core/contract/routes/audits.ts), the server and the page
 * (core/api/audits.ts re-exports them).
 */
/** From least to most severe; "severe" (the stats' severeThisWeek) is High and Critical. */
export const AUDIT_SEVERITIES = ['Info', 'Medium', 'High', 'Critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];
export const SEVERE: readonly AuditSeverity[] = ['High', 'Critical'];

/** One column of the audit table (the client's HeaderProps). */
export interface AuditColumn {
  name: AuditColumnName;
  displayName: string;
  type: 'Timestamp' | 'Email' | 'AlphaNumeric' | 'IpAddress' | 'Severity' | 'Json';
  sortable: boolean;
  filterable: boolean;
  showInTable: boolean;
  /**
   * 'true', or '' when the column is not shown under "more info": the client types it as a string
   * and its store reads it as a flag (any non-empty string, 'false' too, would show the column).
   */
  showInMoreInfo: 'true' | '';
}

export type AuditColumnName =
  | 'createdAt'
  | 'email'
  | 'action'
  | 'description'
  | 'ip'
  | 'severity'
  | 'userAgent'
  | 'json'
  | 'tenantId'
  | 'vendorId';

const column = (
  name: AuditColumnName,
  displayName: string,
  type: AuditColumn['type'],
  flags: { sortable?: boolean; filterable?: boolean; table?: boolean; moreInfo?: boolean },
): AuditColumn => ({
  name,
  displayName,
  type,
  sortable: flags.sortable ?? false,
  filterable: flags.filterable ?? false,
  showInTable: flags.table ?? false,
  showInMoreInfo: flags.moreInfo ? 'true' : '',
});

/**
 * Spec 001 §3: createdAt (Timestamp, sortable, filterable), email (Email, labelled User), action,
 * description (not sortable, not filterable), ip (IpAddress), severity (Severity, hidden in table),
 * userAgent, json, tenantId, vendorId. What the spec leaves open is our choice: email, action, ip
 * and severity sort and filter; userAgent filters; json and the ids show under "more info" only.
 */
export const AUDIT_COLUMNS: readonly AuditColumn[] = [
  column('createdAt', 'Time', 'Timestamp', { sortable: true, filterable: true, table: true }),
  column('email', 'User', 'Email', { sortable: true, filterable: true, table: true }),
  column('action', 'Action', 'AlphaNumeric', { sortable: true, filterable: true, table: true }),
  column('description', 'Description', 'AlphaNumeric', { table: true }),
  column('ip', 'IP address', 'IpAddress', { sortable: true, filterable: true, table: true }),
  column('severity', 'Severity', 'Severity', { sortable: true, filterable: true, moreInfo: true }),
  column('userAgent', 'User agent', 'AlphaNumeric', { filterable: true, moreInfo: true }),
  column('json', 'Details', 'Json', { moreInfo: true }),
  column('tenantId', 'Account ID', 'AlphaNumeric', { moreInfo: true }),
  column('vendorId', 'Vendor ID', 'AlphaNumeric', { moreInfo: true }),
];

export const SORTABLE_AUDIT_COLUMNS = AUDIT_COLUMNS.filter((c) => c.sortable).map((c) => c.name);
export const FILTERABLE_AUDIT_COLUMNS = AUDIT_COLUMNS.filter((c) => c.filterable).map((c) => c.name);

/** Spec 001 §9: "Audit page size 20". */
export const AUDIT_PAGE_SIZE = 20;

/** The list's total counts this far at most: beyond it, "10,000+" (server/storage/audits.ts). */
export const AUDIT_COUNT_LIMIT = 10_001;

/** Most records one list call returns (the client's `count`). */
export const AUDIT_MAX_COUNT = 100;

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
