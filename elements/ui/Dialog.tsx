import { css } from '@emotion/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { titleStyle } from './styles';

const backdropStyle = css({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 20, 25, 0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '16px',
  zIndex: 2147483000,
});
const panelStyle = css({
  background: 'var(--ae-color-surface)',
  borderRadius: 'var(--ae-radius)',
  padding: '24px',
  width: 'min(440px, 100%)',
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
});

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in when it opens, Tab stays inside, Escape closes, and focus goes back
 * to what had it before (inside or outside the shadow root).
 */
export function Dialog({
  title,
  titleId,
  onClose,
  children,
}: {
  title: string;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    let previous = (root?.activeElement ?? document.activeElement) as HTMLElement | null;
    if (previous === document.body) previous = null;
    const outside = document.activeElement as HTMLElement | null;
    (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus();
    return () => {
      (previous ?? outside)?.focus?.();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return event.preventDefault();
    const root = panel.current.getRootNode() as ShadowRoot;
    const active = root.activeElement;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      css={backdropStyle}
      part="backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        css={panelStyle}
        part="dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} css={titleStyle} part="title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
