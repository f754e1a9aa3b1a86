import { Button } from './Button';
import { mutedStyle } from './styles';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { footerStyle, pageSizeStyle, pagerStyle } from './dataTableStyles';
import { useUniqueId } from './useUniqueId';

const a = portalAdmin.common;

/**
 * "1–20 of 45", rows per page and "Page 1 of 3", with previous and next when there is more than one
 * page; nothing at all when there are no results.
 */
export function Pagination({
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
  const sizeId = useUniqueId();
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
