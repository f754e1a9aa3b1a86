import { css } from '@emotion/react';
import { type KeyboardEvent } from 'react';
import { focusRing } from './styles';
import { useUniqueId } from './useUniqueId';

const listStyle = css({
  display: 'flex',
  // Narrow, the tabs wrap onto a second line: a scrolled list hid the last tabs with no sign of them.
  flexWrap: 'wrap',
  gap: '0 4px',
  borderBottom: '1px solid var(--ae-color-divider)',
});
const tabStyle = css({
  font: 'inherit',
  fontWeight: 600,
  padding: '8px 12px',
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'none',
  color: 'var(--ae-color-text-muted)',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  '&[aria-selected="true"]': { color: 'var(--ae-color-text)', borderBottomColor: 'var(--ae-color-primary)' },
  '&:hover': { color: 'var(--ae-color-text)' },
  ...focusRing(-3),
});

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move and select;
 * only the selected tab is in the Tab order. The panel is the caller's, labelled by `tabId(value)`.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
}: {
  label: string;
  tabs: Array<{ value: T; label: string }>;
  selected: T;
  onSelect: (value: T) => void;
  /** Ids are `${idPrefix}-${value}` (tab) and `${idPrefix}-${value}-panel`. */
  idPrefix?: string;
}) {
  const generated = useUniqueId();
  const prefix = idPrefix ?? generated;
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const value = tabs[next]!.value;
    onSelect(value);
    (
      event.currentTarget.parentElement?.querySelector(`[data-tab="${value}"]`) as HTMLElement | null
    )?.focus();
  }
  return (
    <div role="tablist" aria-label={label} css={listStyle} part="tabs">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`${prefix}-${tab.value}`}
          data-tab={tab.value}
          aria-selected={tab.value === selected}
          aria-controls={`${prefix}-${tab.value}-panel`}
          tabIndex={tab.value === selected ? 0 : -1}
          css={tabStyle}
          part={`tab tab-${tab.value}`}
          onClick={() => onSelect(tab.value)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
