import { css } from '@emotion/react';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { en } from '../i18n/en';
import { useOverlayRoot } from './overlay';
import { focusRing, titleStyle } from './styles';

const backdropStyle = css({
  position: 'fixed',
  inset: 0,
  background: 'var(--ae-color-backdrop)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '16px',
  zIndex: 2147483000,
});
const panelStyle = css({
  background: 'var(--ae-color-surface)',
  color: 'var(--ae-color-text)',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  boxShadow: '0 12px 32px rgba(0, 0, 0, 0.25)',
  padding: '20px 24px 24px',
  maxHeight: 'calc(100% - 16px)',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
});
export const WIDTHS = { small: 440, medium: 560, large: 720 } as const;
const headerStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '12px',
});
const closeStyle = css({
  font: 'inherit',
  fontSize: '1.4em',
  lineHeight: 1,
  flex: 'none',
  width: '36px',
  height: '36px',
  marginInlineEnd: '-8px',
  border: 'none',
  borderRadius: 'var(--ae-radius)',
  background: 'transparent',
  color: 'var(--ae-color-text-muted)',
  cursor: 'pointer',
  '&:hover': { background: 'var(--ae-color-surface-muted)', color: 'var(--ae-color-text)' },
  ...focusRing(1),
});
/** The footer of a dialog: Cancel then the primary action, at the end of the line. */
const dialogFooterStyle = css({
  display: 'flex',
  gap: '8px',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  marginTop: '4px',
});

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: a title with a close button, the body, and (usually) a footer with Cancel and the
 * primary action (`DialogFooter`). Focus moves in when it opens (to the first field, else the first
 * control after the close button), Tab stays inside, Escape and the close button call `onClose`,
 * and focus goes back to what had it before (inside or outside the shadow root). While `busy`, it
 * cannot be closed. Renders into the element's overlay root when there is one (./overlay.ts).
 */
export function Dialog({
  title,
  titleId,
  onClose,
  busy = false,
  size = 'small',
  closeButton = true,
  children,
}: {
  title: string;
  titleId: string;
  onClose: () => void;
  busy?: boolean;
  /** The × in the title bar; off only where the body has its own Close as the only action. */
  closeButton?: boolean;
  size?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const overlayRoot = useOverlayRoot();
  const close = () => {
    if (!busy) onClose();
  };
  // A layout effect: the opener is read and the first field focused as the dialog appears. An
  // effect runs after the paint (Preact's CDN build: on an animation frame, which a busy or
  // background page delays), by when the user may already have typed into the dialog: the first
  // field took the focus from them, and the field they had became the "opener".
  useLayoutEffect(() => {
    const root = panel.current?.getRootNode() as Document | ShadowRoot | undefined;
    let previous = (root?.activeElement ?? document.activeElement) as HTMLElement | null;
    if (previous === document.body) previous = null;
    const outside = document.activeElement as HTMLElement | null;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items.find((item) => item.getAttribute('part') !== 'dialog-close') ?? items[0];
    (first ?? panel.current)?.focus();
    return () => {
      (previous ?? outside)?.focus?.();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
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

  const dialog = (
    <div
      css={backdropStyle}
      part="backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        css={panelStyle}
        style={{ width: `min(${WIDTHS[size]}px, 100%)` }}
        part="dialog"
        onKeyDown={onKeyDown}
      >
        <div css={headerStyle}>
          <h2 id={titleId} css={titleStyle} part="title">
            {title}
          </h2>
          {closeButton && (
            <button
              type="button"
              css={closeStyle}
              part="dialog-close"
              aria-label={en.common.closeDialog}
              disabled={busy}
              onClick={close}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
  return overlayRoot ? createPortal(dialog, overlayRoot) : dialog;
}

/** Cancel and the primary action of a dialog (or any other footer content). */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div css={dialogFooterStyle} part="dialog-footer">
      {children}
    </div>
  );
}
