import { css } from '@emotion/react';
import { focusRing } from './styles';

export const regionStyle = css({
  // The table scrolls inside this region, never the page: both ways, with the header kept on top.
  overflow: 'auto',
  maxHeight: 'max(60vh, min(80vh, 960px))',
  maxWidth: '100%',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface)',
  ...focusRing(1),
});
export const tableStyle = css({
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
export const sortButtonStyle = css({
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
export const footerStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '8px 16px',
  flexWrap: 'wrap',
});
export const pagerStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '8px 12px',
  flexWrap: 'wrap',
  button: { padding: '6px 12px' },
});
export const pageSizeStyle = css({
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
export const bulkBarStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '12px',
  flexWrap: 'wrap',
  padding: '8px 12px',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface-muted)',
});
export const emptyStyle = css({
  padding: '32px 16px',
  textAlign: 'center',
  color: 'var(--ae-color-text-muted)',
  border: '1px dashed var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
});
export const checkboxCellStyle = css({ width: '1%', paddingInlineEnd: '0 !important' });
/**
 * The row actions stay in view however wide the table: the column is pinned to the region's right
 * edge (sticky) while the other columns scroll under it, so ⋯ never sits off-screen (issue 24). Its
 * own background and a divider keep the scrolled cells from showing through.
 */
export const actionsCellStyle = css({
  width: '1%',
  textAlign: 'end !important' as 'end',
  whiteSpace: 'nowrap',
  position: 'sticky',
  insetInlineEnd: 0,
  background: 'var(--ae-color-surface)',
  boxShadow: 'inset 1px 0 0 var(--ae-color-divider)',
  'thead &': { zIndex: 2, background: 'var(--ae-color-surface-muted)' },
});
