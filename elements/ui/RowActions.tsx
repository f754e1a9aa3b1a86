import { css } from '@emotion/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useOverlayRoot } from './overlay';
import { focusRing } from './styles';
import { useUniqueId } from './useUniqueId';

export interface RowAction {
  /** The visible text in the menu ("Delete"). */
  label: string;
  /** A name that says which row it acts on ("Delete the role Editor"), for assistive technology. */
  ariaLabel?: string;
  /** The part name tests and hosts select it by ("delete-role"). */
  part?: string;
  /** Shown in the danger colour, after a divider. */
  danger?: boolean;
  busy?: boolean;
  onSelect: () => void;
}

const triggerStyle = css({
  font: 'inherit',
  fontSize: '1.2em',
  lineHeight: 1,
  width: '32px',
  height: '32px',
  border: '1px solid transparent',
  borderRadius: 'var(--ae-radius)',
  background: 'transparent',
  color: 'var(--ae-color-text)',
  cursor: 'pointer',
  '&:hover, &[aria-expanded="true"]': {
    background: 'var(--ae-color-surface-muted)',
    borderColor: 'var(--ae-color-divider)',
  },
  ...focusRing(1),
});
const menuStyle = css({
  position: 'fixed',
  zIndex: 2147483001,
  minWidth: '200px',
  maxWidth: 'min(320px, calc(100vw - 16px))',
  margin: 0,
  padding: '4px',
  listStyle: 'none',
  background: 'var(--ae-color-surface)',
  color: 'var(--ae-color-text)',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.2)',
});
const itemStyle = css({
  font: 'inherit',
  display: 'block',
  width: '100%',
  textAlign: 'start',
  padding: '8px 12px',
  border: 'none',
  borderRadius: 'calc(var(--ae-radius) - 2px)',
  background: 'transparent',
  color: 'var(--ae-color-text)',
  cursor: 'pointer',
  '&:hover, &:focus': { background: 'var(--ae-color-surface-muted)', outline: 'none' },
  '&:focus-visible': { outline: '2px solid var(--ae-color-primary)', outlineOffset: '-2px' },
  '&[data-danger]': { color: 'var(--ae-color-danger-text)' },
});

/**
 * A row's actions behind one "⋯" button (WAI-ARIA menu button): Enter, Space or ArrowDown open the
 * menu on its first item, arrows move, Escape and Tab close it and focus returns to the button.
 * The menu is drawn over the page (the table's scroll area never clips it).
 */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const overlayRoot = useOverlayRoot();
  const menuId = useUniqueId();

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setPosition(null);
    if (focusTrigger) trigger.current?.focus();
  };
  // Placed under its button (above when there is no room below), kept in the window.
  const place = useCallback(() => {
    if (!trigger.current) return;
    const box = trigger.current.getBoundingClientRect();
    const width = menu.current?.offsetWidth ?? 200;
    const height = menu.current?.offsetHeight ?? 0;
    const below = box.bottom + 4 + height <= innerHeight;
    setPosition({
      top: below ? box.bottom + 4 : Math.max(8, box.top - 4 - height),
      left: Math.max(8, Math.min(box.right - width, innerWidth - width - 8)),
    });
  }, []);
  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);
  // The first item takes focus once the menu is placed (a hidden element cannot take focus).
  const placed = open && position !== null;
  useEffect(() => {
    if (placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [placed]);
  useEffect(() => {
    if (!open) return undefined;
    // A click elsewhere closes the menu; a scroll or a resize moves it with its button (a scroll
    // event may also arrive just after opening, from scrolling the button into view).
    const onPointer = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(menu.current!) && !path.includes(trigger.current!)) close(false);
    };
    const onMove = () => place();
    document.addEventListener('pointerdown', onPointer, true);
    addEventListener('resize', onMove);
    addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      removeEventListener('resize', onMove);
      removeEventListener('scroll', onMove, true);
    };
  }, [open, place]);

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const root = menu.current?.getRootNode() as ShadowRoot | Document;
    const index = items.indexOf(root.activeElement as HTMLElement);
    const go = (i: number) => {
      event.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowUp') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  if (actions.length === 0) return null;
  const list = (
    <ul
      ref={menu}
      id={menuId}
      role="menu"
      aria-label={label}
      css={menuStyle}
      part="row-menu"
      style={position ?? { visibility: 'hidden', top: 0, left: 0 }}
      onKeyDown={onMenuKey}
    >
      {actions.map((action) => (
        <li key={action.part ?? action.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            css={itemStyle}
            data-danger={action.danger || undefined}
            part={action.part ? `menu-item ${action.part}` : 'menu-item'}
            aria-label={action.ariaLabel}
            aria-busy={action.busy || undefined}
            onClick={() => {
              close(true);
              action.onSelect();
            }}
          >
            {action.label}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <button
        ref={trigger}
        type="button"
        css={triggerStyle}
        part="row-actions"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (overlayRoot ? createPortal(list, overlayRoot) : list)}
    </>
  );
}
