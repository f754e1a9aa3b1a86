import { css } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { en } from '../i18n/en';
import { enPortal } from '../i18n/en-portal';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { Alert } from './Alert';
import { Button } from './Button';
import { RowActions, type RowAction } from './RowActions';
import { Skeleton, visuallyHiddenStyle } from './Skeleton';
import { focusRing, mutedStyle } from './styles';
import { toolbarStyle } from './Page';
import { TextField } from './TextField';
import type { ListLoad, SortState, useListPage } from './useListPage';

const a = portalAdmin.common;

export interface Column<T, S extends string = string> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sorts on this key when the header is pressed (the server sorts; see useListPage). */
  sortBy?: S;
  /** Keeps the column on one line (short values: dates, counts, badges). */
  nowrap?: boolean;
  /** The cell's part name(s), e.g. "user-status". */
  part?: string;
  align?: 'start' | 'end';
}

const regionStyle = css({
  // The table scrolls inside this region, never the page: both ways, with the header kept on top.
  overflow: 'auto',
  maxHeight: 'max(60vh, min(80vh, 960px))',
  maxWidth: '100%',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface)',
  ...focusRing(1),
});
const tableStyle = css({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: '0.95em',
  'th, td': {
    textAlign: 'start',
    padding: '10px 12px',
    borderBottom: '1px solid var(--ae-color-divider)',
    verticalAlign: 'middle',
    // Words are never cut: a column is at least as wide as its longest word, and the region scrolls.
    overflowWrap: 'normal',
    wordBreak: 'normal',
  },
  // The first column names the row: room for a two-word name on one line before the others wrap.
  'tbody tr > :first-child': { minWidth: '9em' },
  'tbody tr:last-of-type > *': { borderBottom: 'none' },
  'tbody tr:hover > *': { background: 'var(--ae-color-surface-muted)' },
  th: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    background: 'var(--ae-color-surface-muted)',
    fontWeight: 600,
    whiteSpace: 'nowrap',
  },
  code: { fontSize: '0.95em' },
});
const sortButtonStyle = css({
  font: 'inherit',
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  color: 'inherit',
  display: 'inline-flex',
  gap: '4px',
  alignItems: 'center',
  ...focusRing(2),
});
const footerStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '8px 16px',
  flexWrap: 'wrap',
});
const pagerStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '8px 12px',
  flexWrap: 'wrap',
  button: { padding: '6px 12px' },
});
const pageSizeStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  select: {
    font: 'inherit',
    padding: '6px 8px',
    border: '1px solid var(--ae-color-border)',
    borderRadius: 'var(--ae-radius)',
    background: 'var(--ae-color-surface)',
    color: 'var(--ae-color-text)',
  },
});
const bulkBarStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '12px',
  flexWrap: 'wrap',
  padding: '8px 12px',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface-muted)',
});
const emptyStyle = css({
  padding: '32px 16px',
  textAlign: 'center',
  color: 'var(--ae-color-text-muted)',
  border: '1px dashed var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
});
const checkboxCellStyle = css({ width: '1%', paddingRight: '0 !important' });
/**
 * The row actions stay in view however wide the table: the column is pinned to the region's right
 * edge (sticky) while the other columns scroll under it, so ⋯ never sits off-screen (issue 24). Its
 * own background and a divider keep the scrolled cells from showing through.
 */
const actionsCellStyle = css({
  width: '1%',
  textAlign: 'end !important' as 'end',
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  background: 'var(--ae-color-surface)',
  boxShadow: 'inset 1px 0 0 var(--ae-color-divider)',
  'thead &': { zIndex: 2, background: 'var(--ae-color-surface-muted)' },
});

/**
 * A list page's table (after Primer's DataTable): a real `<table>` with a caption, columns that sort
 * (`aria-sort` on the header), a sticky header, each row's actions in a menu, optional selection
 * with a bulk-action bar, loading (skeleton), error (with retry) and empty states, and pagination
 * with a page size, hidden when there is nothing to page. When the columns cannot fit, the table
 * scrolls inside its own labelled region, never the page, and cells wrap between words only.
 */
export function DataTable<T, S extends string = string>({
  caption,
  columns,
  load,
  rowKey,
  rowLabel,
  rowActions,
  sort,
  onSort,
  tablePart,
  rowPart,
  empty,
  failedText,
  onRetry,
  selection,
  pagination,
  total,
}: {
  /** Names the table and its scroll region. */
  caption: string;
  columns: Array<Column<T, S>>;
  load: ListLoad<T>;
  rowKey: (row: T) => string;
  /** The row's name in its menu's label ("Actions for Ada Lovelace") and its checkbox. */
  rowLabel: (row: T) => string;
  /** The row's menu; an item that is `false` (the user may not, the row does not allow it) is left out. */
  rowActions?: (row: T) => Array<RowAction | false>;
  sort?: SortState<S>;
  onSort?: (by: S) => void;
  tablePart?: string;
  rowPart?: string;
  empty: ReactNode;
  failedText: string;
  onRetry: () => void;
  /** Selection is offered only where a bulk action exists. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (next: Set<string>) => void;
    actions: ReactNode;
  };
  pagination?: {
    label: string;
    page: number;
    pageSize: number;
    pageSizes?: number[];
    onPage: (page: number) => void;
    onPageSize?: (size: number) => void;
  };
  /** The "N users" line above the table. */
  total?: { text: (count: number) => string; part?: string };
}) {
  if (load.status === 'loading') return <Skeleton label={en.common.loading} lines={4} />;
  if (load.status === 'error') {
    return (
      <div css={{ display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' }}>
        <Alert>{`${failedText} ${load.message}`}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {enPortal.portal.retry}
        </Button>
      </div>
    );
  }
  const { items, totalItems, totalPages } = load.data;
  const withActions = Boolean(rowActions);
  const ariaSort = (by: S | undefined) =>
    by && sort?.by === by ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined;
  const keys = items.map(rowKey);
  const allSelected = selection && keys.length > 0 && keys.every((k) => selection.selected.has(k));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    <>
      {total && (
        <p css={mutedStyle} role="status" part={total.part}>
          {total.text(totalItems)}
        </p>
      )}
      {selection && selection.selected.size > 0 && (
        <div css={bulkBarStyle} part="bulk-actions">
          <span role="status">{a.selected(selection.selected.size)}</span>
          {selection.actions}
          <Button variant="link" onClick={() => selection.onChange(new Set())}>
            {a.clearSelection}
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <div css={emptyStyle} part="empty-state">
          {empty}
        </div>
      ) : (
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable); its
        // name differs from the page's own region (landmark-unique).
        <div css={regionStyle} role="region" aria-label={a.tableOf(caption)} tabIndex={0} part="table-region">
          <table css={tableStyle} part={tablePart ? `table ${tablePart}` : 'table'}>
            <caption css={visuallyHiddenStyle}>{caption}</caption>
            <thead>
              <tr>
                {selection && (
                  <th scope="col" css={checkboxCellStyle}>
                    <input
                      type="checkbox"
                      aria-label={a.selectAll}
                      checked={Boolean(allSelected)}
                      onChange={() =>
                        selection.onChange(
                          allSelected
                            ? new Set([...selection.selected].filter((k) => !keys.includes(k)))
                            : new Set([...selection.selected, ...keys]),
                        )
                      }
                    />
                  </th>
                )}
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={ariaSort(column.sortBy)}
                    style={column.align === 'end' ? { textAlign: 'end' } : undefined}
                  >
                    {column.sortBy && onSort ? (
                      <button
                        type="button"
                        css={sortButtonStyle}
                        part={`sort-${column.sortBy}`}
                        aria-label={a.sortedBy(column.header)}
                        onClick={() => onSort(column.sortBy!)}
                      >
                        {column.header}
                        <span aria-hidden="true" style={{ opacity: sort?.by === column.sortBy ? 1 : 0.35 }}>
                          {sort?.by === column.sortBy ? (sort.order === 'ASC' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
                {withActions && (
                  <th scope="col" css={actionsCellStyle}>
                    <span css={visuallyHiddenStyle}>{a.actions}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((row, index) => {
                const key = keys[index]!;
                const actions = (rowActions?.(row) ?? []).filter((action): action is RowAction => !!action);
                return (
                  <tr key={key} part={rowPart}>
                    {selection && (
                      <td css={checkboxCellStyle}>
                        <input
                          type="checkbox"
                          aria-label={a.selectRow(rowLabel(row))}
                          checked={selection.selected.has(key)}
                          onChange={() => toggle(key)}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        part={column.part}
                        style={{
                          whiteSpace: column.nowrap ? 'nowrap' : undefined,
                          textAlign: column.align === 'end' ? 'end' : undefined,
                        }}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                    {withActions && (
                      <td css={actionsCellStyle}>
                        <RowActions label={a.actionsOf(rowLabel(row))} actions={actions} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pagination && totalItems > 0 && (
        <Pagination {...pagination} totalItems={totalItems} totalPages={totalPages} />
      )}
    </>
  );
}

/**
 * "1–20 of 45", rows per page and "Page 1 of 3", with previous and next when there is more than one
 * page; nothing at all when there are no results.
 */
function Pagination({
  label,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  totalItems,
  totalPages,
}: {
  label: string;
  page: number;
  pageSize: number;
  pageSizes?: number[];
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
  totalItems: number;
  totalPages: number;
}) {
  const sizeId = useId();
  const pages = Math.max(1, totalPages);
  if (totalItems === 0) return null;
  const from = page * pageSize + 1;
  const to = Math.min(totalItems, (page + 1) * pageSize);
  return (
    <nav aria-label={label} css={footerStyle}>
      <span css={mutedStyle}>{a.range(from, to, totalItems)}</span>
      <div css={pagerStyle}>
        {onPageSize && pageSizes && (
          <span css={pageSizeStyle}>
            <label htmlFor={sizeId}>{a.rowsPerPage}</label>
            <select
              id={sizeId}
              part="page-size"
              value={pageSize}
              onChange={(event) => onPageSize(Number(event.target.value))}
            >
              {[...new Set([...pageSizes, pageSize])]
                .sort((x, y) => x - y)
                .map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
            </select>
          </span>
        )}
        {pages > 1 && (
          <Button
            variant="secondary"
            partName="previous-page"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            {a.previous}
          </Button>
        )}
        <span part="page-indicator">{a.page(page + 1, pages)}</span>
        {pages > 1 && (
          <Button
            variant="secondary"
            partName="next-page"
            disabled={page + 1 >= pages}
            onClick={() => onPage(page + 1)}
          >
            {a.next}
          </Button>
        )}
      </div>
    </nav>
  );
}

type ListPage<T, S extends string> = ReturnType<typeof useListPage<T, S>>;
type DataTableProps<T, S extends string> = Parameters<typeof DataTable<T, S>>[0];

/**
 * A list page's toolbar (its search box and any other filters) over its DataTable, both wired to
 * the page's useListPage: the search text, the load, sorting (when `sortable`), retry, the total
 * (when `texts.total`) and paging (when `texts.pagination`; with a page-size choice when `pageSizes`
 * is given). Without `search` and `filters` there is no toolbar (a short list the server sends whole).
 * `load` and `onRetry` may be given when the rows come from elsewhere (a catalogue loaded once,
 * filtered in the browser).
 */
export function ListTable<T, S extends string = string>({
  list,
  search,
  filters,
  texts,
  totalPart,
  pageSizes,
  sortable = false,
  load,
  onRetry,
  ...table
}: {
  list: ListPage<T, S>;
  search?: { label: string; part: string; maxLength?: number };
  filters?: ReactNode;
  texts: { empty: string; loadFailed: string; total?: (count: number) => string; pagination?: string };
  totalPart?: string;
  pageSizes?: number[];
  sortable?: boolean;
  load?: ListLoad<T>;
  onRetry?: () => void;
} & Omit<
  DataTableProps<T, S>,
  'load' | 'sort' | 'onSort' | 'empty' | 'failedText' | 'onRetry' | 'total' | 'pagination'
>) {
  return (
    <>
      {(search || filters) && (
        <div css={toolbarStyle}>
          {search && (
            <TextField
              label={search.label}
              type="search"
              value={list.search}
              maxLength={search.maxLength ?? 100}
              partName={search.part}
              onChange={(event) => list.setSearch(event.target.value)}
            />
          )}
          {filters}
        </div>
      )}
      <DataTable
        {...table}
        load={load ?? list.load}
        sort={sortable ? list.sort : undefined}
        onSort={sortable ? list.toggleSort : undefined}
        empty={<p>{texts.empty}</p>}
        failedText={texts.loadFailed}
        onRetry={onRetry ?? list.reload}
        total={texts.total && { text: texts.total, part: totalPart }}
        pagination={
          texts.pagination === undefined
            ? undefined
            : {
                label: texts.pagination,
                page: list.page,
                pageSize: list.pageSize,
                pageSizes,
                onPage: list.setPage,
                onPageSize: pageSizes ? list.setPageSize : undefined,
              }
        }
      />
    </>
  );
}
