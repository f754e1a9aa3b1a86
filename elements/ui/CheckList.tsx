import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { mutedStyle } from './styles';

/** A borderless fieldset under its legend (checklists, a webhook's events). */
export const fieldsetStyle = css({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  legend: { fontWeight: 600, marginBottom: '4px', padding: 0 },
});
const noteStyle = css(mutedStyle, { display: 'inline' });

/** A set of chosen ids and a toggle of one id (a checklist's state). */
export function useChoice(initial: Iterable<string>) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { chosen, toggle };
}

/**
 * Checkboxes under a legend, one a row: the row's name, then its muted note (a description, a key,
 * why it cannot change). `locked` rows are shown as they are and cannot be toggled.
 */
export function CheckList<T extends { id: string; name: string }>({
  legend,
  items,
  choice,
  disabled,
  locked,
  note,
  empty,
  part,
}: {
  legend: string;
  items: readonly T[];
  choice: ReturnType<typeof useChoice>;
  disabled: boolean;
  locked?: (item: T) => boolean;
  note?: (item: T) => ReactNode;
  /** Said instead of the rows when there are none. */
  empty?: string;
  part?: string;
}) {
  return (
    <fieldset css={fieldsetStyle} part={part}>
      <legend>{legend}</legend>
      {items.length === 0 && empty && <p css={mutedStyle}>{empty}</p>}
      {items.map((item) => {
        const extra = note?.(item);
        return (
          <label key={item.id}>
            <input
              type="checkbox"
              checked={choice.chosen.has(item.id)}
              disabled={disabled || locked?.(item)}
              onChange={() => choice.toggle(item.id)}
            />{' '}
            {item.name}
            {extra ? <span css={noteStyle}> {extra}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
