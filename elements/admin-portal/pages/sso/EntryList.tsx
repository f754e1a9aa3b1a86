import { type ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';
import { stackListStyle } from '../../../ui/Page';
import { mutedStyle } from '../../../ui/styles';
import { itemStyle } from './ssoParts';

/**
 * The connection's domains or its IdP groups: the last action's error, then a line each (what it is,
 * then its buttons when the user may change it), or the empty text.
 */
export function EntryList<T extends { id: string }>({
  items,
  error,
  empty,
  label,
  part,
  entry,
  actions,
}: {
  items: T[];
  error: string | null;
  empty: string;
  label: string;
  part: string;
  entry: (item: T) => ReactNode;
  actions: ((item: T) => ReactNode) | false;
}) {
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {items.length === 0 ? (
        <p css={mutedStyle}>{empty}</p>
      ) : (
        <ul css={stackListStyle(0)} aria-label={label} part={`${part}-list`}>
          {items.map((item) => (
            <li key={item.id} css={itemStyle} part={part}>
              <span>{entry(item)}</span>
              {actions && actions(item)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
