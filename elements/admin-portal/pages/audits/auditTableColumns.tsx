import {
  SEVERE,
  type AuditColumn,
  type AuditColumnName,
  type AuditRecord,
} from '../../../../core/api/audits';
import { type Column } from '../../../ui/DataTable';
import { SeverityBadge } from './SeverityBadge';
import { Words } from './Words';
import { a, valueOf } from './auditsParts';

/** The table's columns: those the metadata shows in the table; severe actions carry their badge. */
export function auditTableColumns(
  columns: readonly AuditColumn[],
): Array<Column<AuditRecord, AuditColumnName>> {
  return columns
    .filter((c) => c.showInTable)
    .map((c) => ({
      id: c.name,
      header: c.displayName,
      sortBy: c.sortable ? c.name : undefined,
      nowrap: c.name === 'createdAt' || c.name === 'ip' || c.name === 'email',
      part: `audit-${c.name}`,
      cell:
        c.name === 'severity'
          ? (r: AuditRecord) => <SeverityBadge severity={r.severity} />
          : c.name === 'action'
            ? (r: AuditRecord) => (
                <>
                  {r.action}
                  {SEVERE.includes(r.severity) && (
                    <>
                      {' '}
                      <SeverityBadge severity={r.severity} />
                    </>
                  )}
                </>
              )
            : (r: AuditRecord) => <Words text={valueOf(r, c.name) || a.none} />,
    }));
}
