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
