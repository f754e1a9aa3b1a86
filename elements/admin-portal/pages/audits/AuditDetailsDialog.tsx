import type { AuditColumn, AuditRecord } from '../../../../core/api/audits';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { SeverityBadge } from './SeverityBadge';
import { a, detailsListStyle, t, valueOf } from './auditsParts';

/** One event's details: every column of the metadata, the JSON details as text. */
export function AuditDetailsDialog({
  record,
  columns,
  onClose,
}: {
  record: AuditRecord;
  columns: readonly AuditColumn[];
  onClose: () => void;
}) {
  return (
    <Dialog title={t.detailsTitle} titleId="ae-audit-details-title" size="large" onClose={onClose}>
      <dl css={detailsListStyle} part="audit-details-list">
        {columns.map((c) => (
          <div key={c.name} css={{ display: 'contents' }}>
            <dt>{c.displayName}</dt>
            <dd css={c.name === 'json' ? { whiteSpace: 'pre-wrap' } : undefined}>
              {c.name === 'severity' ? (
                <SeverityBadge severity={record.severity} />
              ) : (
                valueOf(record, c.name) || (c.name === 'json' ? t.noDetails : a.none)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <DialogFooter>
        <Button onClick={onClose}>{a.close}</Button>
      </DialogFooter>
    </Dialog>
  );
}
