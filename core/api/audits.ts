/**
 * The audit log (spec 001 §3 "Audit entry", §4 "Audit list", §7 "Audits", §9 "Audit page size
 * 20"), on the client SDK's paths: GET /audits, GET /audits/stats, POST /audits/export/csv/v2 and
 * the audits entity of GET /metadata. One table of columns for the server's metadata answer, its
 * queries and CSV export, the demo backend and the page. Loaded by the audits page only.
 */
import type { HttpClient } from './http';

export {
  AUDIT_COLUMNS,
  AUDIT_COUNT_LIMIT,
  AUDIT_PAGE_SIZE,
  AUDIT_SEVERITIES,
  csvExportColumns,
  SEVERE,
  type AuditColumn,
  type AuditColumnName,
  type AuditRecord,
  type AuditStats,
} from '../contract/audits';
import {
  AUDIT_PAGE_SIZE,
  type AuditColumn,
  type AuditQuery,
  type AuditRecord,
  type AuditStats,
} from '../contract/audits';

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
