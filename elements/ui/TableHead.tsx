import type { Column } from './DataTable';
import { actionsCellStyle, checkboxCellStyle, sortButtonStyle } from './dataTableStyles';
import { portalAdmin } from '../i18n/portalAdmin.en';
import type { SortState } from './useListPage';
import { visuallyHiddenStyle } from './Skeleton';

const a = portalAdmin.common;

/**
 * The table's header row: the select-all checkbox where rows can be selected, each column's header
 * (a sort button with `aria-sort` where it sorts), and the actions column's hidden name.
 */
export function TableHead<T, S extends string>({
  columns,
  sort,
  onSort,
  withActions,
  selectAll,
}: {
  columns: Array<Column<T, S>>;
  sort?: SortState<S>;
  onSort?: (by: S) => void;
  withActions: boolean;
  selectAll?: { checked: boolean; onChange: () => void };
}) {
  const ariaSort = (by: S | undefined) =>
    by && sort?.by === by ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined;
  return (
    <thead>
      <tr>
        {selectAll && (
          <th scope="col" css={checkboxCellStyle}>
            <input
              type="checkbox"
              aria-label={a.selectAll}
              checked={selectAll.checked}
              onChange={selectAll.onChange}
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
  );
}
