import { type ReactNode } from 'react';
import { en } from '../i18n/en';
import { enPortal } from '../i18n/en-portal';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { Alert } from './Alert';
import { Button } from './Button';
import { RowActions, type RowAction } from './RowActions';
import { Skeleton, visuallyHiddenStyle } from './Skeleton';
import { mutedStyle } from './styles';
import { toolbarStyle } from './Page';
import { TextField } from './TextField';
import type { ListLoad, SortState, useListPage } from './useListPage';
import { Pagination } from './Pagination';
import { TableHead } from './TableHead';
import {
  actionsCellStyle,
  bulkBarStyle,
  checkboxCellStyle,
  emptyStyle,
  regionStyle,
  tableStyle,
} from './dataTableStyles';

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
            <TableHead
              columns={columns}
              sort={sort}
              onSort={onSort}
              withActions={withActions}
              selectAll={
                selection && {
                  checked: Boolean(allSelected),
                  onChange: () =>
                    selection.onChange(
                      allSelected
                        ? new Set([...selection.selected].filter((k) => !keys.includes(k)))
                        : new Set([...selection.selected, ...keys]),
                    ),
                }
              }
            />
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
