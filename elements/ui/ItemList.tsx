import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { stackListStyle } from './Page';
import { mutedStyle } from './styles';

const listStyle = stackListStyle(8);
const itemStyle = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '8px 16px',
  padding: '12px 16px',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  '& > :first-child': { flex: '1 1 240px', minWidth: 0 },
});

/**
 * A short list of things a person owns (sessions, verification methods, devices) in a section: one
 * bordered row each, the description first (it takes the room), the row's action or badge after it,
 * wrapping under it on narrow screens. `partName` names the list, `itemPartName` each row.
 */
export function ItemList({ partName, children }: { partName: string; children: ReactNode }) {
  return (
    <ul css={listStyle} part={partName}>
      {children}
    </ul>
  );
}

/** One row of an ItemList: `title` and a muted `detail` line, then `action`. */
export function Item({
  partName,
  title,
  detail,
  action,
}: {
  partName: string;
  title: ReactNode;
  detail: ReactNode;
  action: ReactNode;
}) {
  return (
    <li css={itemStyle} part={partName}>
      <div>
        <div>{title}</div>
        <div css={mutedStyle}>{detail}</div>
      </div>
      {action}
    </li>
  );
}
