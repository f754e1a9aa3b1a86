/**
 * Audit logs (spec 001 §2 "always visible", §3 "Audit entry", §4 "Audit list", §7 "Audits", §9 "Audit
 * page size 20"): the account's events 20 a page, newest first; sorting by a column (pressing it
 * again reverses), a search and per-column filters (each change goes back to the first page), the
 * stats (today, severe this week), the columns from the audits metadata (shown in the table, or
 * under an event's details), and the CSV export of the same filters. The server records the
 * events (server/http/audit-hook.ts); every part loads and fails on its own.
 */
import { css } from '@emotion/react';
import { useEffect, useMemo, useState } from 'react';
import {
  AUDIT_COLUMNS,
  AUDIT_COUNT_LIMIT,
  AUDIT_PAGE_SIZE,
  AUDIT_SEVERITIES,
  createAuditsApi,
  csvExportColumns,
  SEVERE,
  type AuditColumn,
  type AuditColumnName,
  type AuditRecord,
  type AuditsApi,
} from '../../../../core/api/audits';
import { errorMessage } from '../../../../core/api/errors';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ListTable, type Column } from '../../../ui/DataTable';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDateTime } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page, sectionStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import { useListPage, useLoad, useSettled, type ListQuery } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';

const t = enPortal.portal.audits;
const a = portalAdmin.common;
const TITLE_ID = 'ae-portal-audits-title';
type TextFilter = 'email' | 'action' | 'ip';
type Filters = Partial<Record<TextFilter | 'severity' | 'createdAt', string>>;

const statsStyle = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '12px',
  margin: 0,
});
const statStyle = css(sectionStyle, { gap: '4px', padding: '14px 16px' });
const statValueStyle = css({ fontSize: '1.6em', fontWeight: 650, margin: 0, lineHeight: 1.2 });
const filtersStyle = css({
  // A row of its own under the search box, however wide the toolbar is.
  '&&': { flex: '1 1 100%', maxWidth: 'none' },
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
  gap: '12px',
  alignItems: 'end',
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  legend: { padding: 0, marginBottom: '8px', fontWeight: 600 },
});
const detailsListStyle = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, max-content) minmax(0, 1fr)',
  gap: '8px 16px',
  margin: 0,
  dt: { fontWeight: 600 },
  dd: { margin: 0, overflowWrap: 'anywhere' },
});

const SEVERITY_TONES = { Info: 'neutral', Medium: 'warning', High: 'danger', Critical: 'danger' } as const;

function SeverityBadge({ severity }: { severity: AuditRecord['severity'] }) {
  return (
    <Badge tone={SEVERITY_TONES[severity] ?? 'neutral'} partName={`severity-${severity.toLowerCase()}`}>
      {t.severities[severity] ?? severity}
    </Badge>
  );
}

const nowrapStyle = css({ whiteSpace: 'nowrap' });

/** Text whose email addresses stay whole: a line breaks between words, never at an address's hyphen. */
function Words({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\S+@\S+)/).map((part, i) =>
        part.includes('@') ? (
          <span key={i} css={nowrapStyle}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A record's value of a column, as text for the table and the details. */
function valueOf(record: AuditRecord, name: AuditColumnName): string {
  if (name === 'createdAt') return formatDateTime(record.createdAt, '');
  if (name === 'json') return record.json.map((d) => `${d.key}: ${JSON.stringify(d.value)}`).join('\n');
  return String(record[name] ?? '');
}

/** The columns the vendor's audits metadata names, or ours when it names none. */
function useColumns(api: AuditsApi, enabled: boolean) {
  const metadata = useLoad(() => api.metadata(), [api], enabled);
  return useMemo<readonly AuditColumn[]>(() => {
    const listed = metadata.load.status === 'ready' ? metadata.load.data.rows[0]?.properties : undefined;
    const known = listed?.filter((p) => AUDIT_COLUMNS.some((c) => c.name === p.name));
    return known?.length ? known : AUDIT_COLUMNS;
  }, [metadata.load]);
}

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

  const setFilter = (name: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
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

  const tableColumns: Array<Column<AuditRecord, AuditColumnName>> = columns
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

  const textFilter = (name: TextFilter) => (
    <TextField
      key={name}
      label={t.filters[name]}
      value={draft[name] ?? ''}
      maxLength={200}
      partName={`audits-filter-${name}`}
      onChange={(event) => setFilter(name)(event.target.value)}
    />
  );

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

      <section aria-label={t.stats}>
        {stats.load.status === 'loading' && <Skeleton label={en.common.loading} lines={1} />}
        {stats.load.status === 'error' && <p css={mutedStyle}>{t.statsFailed}</p>}
        {stats.load.status === 'ready' && (
          <dl css={statsStyle}>
            <div css={statStyle} part="audits-total-today">
              <dt css={mutedStyle}>{t.totalToday}</dt>
              <dd css={statValueStyle}>{stats.load.data.totalToday}</dd>
            </div>
            <div css={statStyle} part="audits-severe-week">
              <dt css={mutedStyle}>{t.severeThisWeek}</dt>
              <dd css={statValueStyle}>{stats.load.data.severeThisWeek}</dd>
            </div>
          </dl>
        )}
      </section>

      <ListTable
        list={list}
        search={{ label: t.search, part: 'audits-search', maxLength: 200 }}
        filters={
          <fieldset css={filtersStyle}>
            <legend>{t.filtersLabel}</legend>
            {textFilter('email')}
            {textFilter('action')}
            {textFilter('ip')}
            <SelectField
              label={t.filters.severity}
              value={draft.severity ?? ''}
              partName="audits-filter-severity"
              options={[
                { value: '', label: t.anySeverity },
                ...AUDIT_SEVERITIES.map((s) => ({ value: s, label: t.severities[s] ?? s })),
              ]}
              onChange={(event) => setFilter('severity')(event.target.value)}
            />
            <TextField
              label={t.filters.createdAt}
              type="date"
              value={draft.createdAt ?? ''}
              partName="audits-filter-date"
              onChange={(event) => setFilter('createdAt')(event.target.value)}
            />
            {anyFilter && (
              <Button variant="secondary" partName="audits-clear-filters" onClick={() => setDraft({})}>
                {t.clearFilters}
              </Button>
            )}
          </fieldset>
        }
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

      {details && (
        <Dialog
          title={t.detailsTitle}
          titleId="ae-audit-details-title"
          size="large"
          onClose={() => setDetails(null)}
        >
          <dl css={detailsListStyle} part="audit-details-list">
            {columns.map((c) => (
              <div key={c.name} css={{ display: 'contents' }}>
                <dt>{c.displayName}</dt>
                <dd css={c.name === 'json' ? { whiteSpace: 'pre-wrap' } : undefined}>
                  {c.name === 'severity' ? (
                    <SeverityBadge severity={details.severity} />
                  ) : (
                    valueOf(details, c.name) || (c.name === 'json' ? t.noDetails : a.none)
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <DialogFooter>
            <Button onClick={() => setDetails(null)}>{a.close}</Button>
          </DialogFooter>
        </Dialog>
      )}
    </Page>
  );
}
