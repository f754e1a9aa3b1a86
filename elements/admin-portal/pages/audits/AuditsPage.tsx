import { useEffect, useState } from 'react';
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_PAGE_SIZE,
  createAuditsApi,
  csvExportColumns,
  type AuditColumnName,
  type AuditRecord,
} from '../../../../core/api/audits';
import { errorMessage } from '../../../../core/api/errors';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page } from '../../../ui/Page';
import { useListPage, useLoad, useSettled, type ListQuery } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { type Filters, t } from './auditsParts';
import { useColumns } from './useAuditColumns';
import { AuditDetailsDialog } from './AuditDetailsDialog';
import { AuditFilters } from './AuditFilters';
import { AuditStats } from './AuditStats';
import { auditTableColumns } from './auditTableColumns';
import { AuditStreamsSection } from './AuditStreamsSection';

const TITLE_ID = 'ae-portal-audits-title';

/**
 * Audit logs (spec 001 §2 "always visible", §3 "Audit entry", §4 "Audit list", §7 "Audits", §9 "Audit
 * page size 20"): the account's events 20 a page, newest first; sorting by a column (pressing it
 * again reverses), a search and per-column filters (each change goes back to the first page), the
 * stats (today, severe this week), the columns from the audits metadata (shown in the table, or
 * under an event's details), and the CSV export of the same filters. The server records the
 * events (server/http/audit-hook.ts); every part loads and fails on its own.
 */
export default function AuditsPage(_props: PortalPageProps) {
  const { canRead } = usePermissions();
  const allowed = canRead('audits');
  const api = usePageApi(createAuditsApi);
  const columns = useColumns(api, allowed);
  const stats = useLoad(() => api.stats(), [api], allowed);
  const [draft, setDraft] = useState<Filters>({});
  const settled = {
    email: useSettled(draft.email ?? ''),
    action: useSettled(draft.action ?? ''),
    ip: useSettled(draft.ip ?? ''),
  };
  const filters: Filters = { ...settled, severity: draft.severity, createdAt: draft.createdAt };
  const filtersKey = JSON.stringify(filters);
  const [details, setDetails] = useState<AuditRecord | null>(null);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'done' | { error: string }>('idle');

  const queryOf = (q: Pick<ListQuery<AuditColumnName>, 'filter' | 'sortBy' | 'order'>) => ({
    sortBy: q.sortBy ?? 'createdAt',
    sortDirection: q.order === 'ASC' ? ('asc' as const) : ('desc' as const),
    filter: q.filter,
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
  });
  const list = useListPage<AuditRecord, AuditColumnName>({
    fetch: (q) =>
      api.list({ ...queryOf(q), offset: q.page * q.pageSize, count: q.pageSize }).then(({ data, total }) => ({
        items: data,
        totalItems: total,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      })),
    deps: [api, filtersKey],
    initialSort: { by: 'createdAt', order: 'DESC' },
    pageSize: AUDIT_PAGE_SIZE,
    enabled: allowed,
  });
  // Spec 001 §4: changing a filter goes back to page 0.
  const { restart } = list;
  useEffect(() => restart(), [filtersKey, restart]);

  if (!allowed) return <NoPermission title={enPortal.portal.pageTitles.audits} titleId={TITLE_ID} />;

  const anyFilter = Object.values(draft).some(Boolean);

  async function exportCsv() {
    setExporting('busy');
    try {
      const csv = await api.exportCsv(
        queryOf({ filter: list.filter, sortBy: list.sort?.by, order: list.sort?.order }),
        csvExportColumns(columns),
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audits.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setExporting('done');
    } catch (error) {
      // Spec 001 §8: "CSV export failure resets the download flag."
      setExporting({ error: errorMessage(error) });
    }
  }

  const tableColumns = auditTableColumns(columns);

  return (
    <Page
      title={enPortal.portal.pageTitles.audits}
      titleId={TITLE_ID}
      description={t.description}
      actions={
        <Button
          variant="secondary"
          partName="audits-export"
          disabled={exporting === 'busy'}
          onClick={() => void exportCsv()}
        >
          {exporting === 'busy' ? t.exporting : t.export}
        </Button>
      }
    >
      {exporting === 'done' && (
        <InlineStatus partName="audits-exported" onDismiss={() => setExporting('idle')}>
          {t.exported}
        </InlineStatus>
      )}
      {typeof exporting === 'object' && <Alert>{`${t.exportFailed} ${exporting.error}`}</Alert>}

      <AuditStats stats={stats.load} />

      <ListTable
        list={list}
        search={{ label: t.search, part: 'audits-search', maxLength: 200 }}
        filters={<AuditFilters draft={draft} onChange={setDraft} />}
        sortable
        texts={{
          empty: list.filter || anyFilter ? t.noMatch : t.empty,
          loadFailed: t.loadFailed,
          total: (count) => (count >= AUDIT_COUNT_LIMIT ? t.totalMany : t.total(count)),
          pagination: t.pagination,
        }}
        totalPart="audits-total"
        caption={enPortal.portal.pageTitles.audits}
        columns={tableColumns}
        rowKey={(r) => r._id}
        rowLabel={(r) => `${r.action}, ${formatDateTime(r.createdAt, '')}`}
        rowActions={(r) => [
          {
            label: t.details,
            ariaLabel: t.detailsOf(r.action, formatDateTime(r.createdAt, '')),
            part: 'audit-details',
            onSelect: () => setDetails(r),
          },
        ]}
        tablePart="audits-table"
        rowPart="audit-row"
      />

      {details && <AuditDetailsDialog record={details} columns={columns} onClose={() => setDetails(null)} />}

      <AuditStreamsSection />
    </Page>
  );
}
