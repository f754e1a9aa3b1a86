import { css } from '@emotion/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { focusRing } from './styles';

const switchStyle = css({
  font: 'inherit',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '8px',
  padding: '4px 0',
  border: 'none',
  background: 'none',
  color: 'var(--ae-color-text)',
  cursor: 'pointer',
  textAlign: 'start',
  '&:disabled': { cursor: 'progress', opacity: 0.7 },
  ...focusRing(2),
});
const trackStyle = css({
  flex: 'none',
  position: 'relative',
  width: '36px',
  height: '20px',
  borderRadius: '999px',
  border: '1px solid var(--ae-color-border)',
  background: 'var(--ae-color-surface-muted)',
  transition: 'background 120ms',
  '&::after': {
    content: '""',
    position: 'absolute',
    top: '2px',
    insetInlineStart: '2px',
    width: '14px',
    height: '14px',
    borderRadius: '50%',
    background: 'var(--ae-color-text-muted)',
    transition: 'transform 120ms',
  },
  '[aria-checked="true"] > &': {
    background: 'var(--ae-color-primary)',
    borderColor: 'var(--ae-color-primary)',
  },
  // Right to left, the knob moves the other way (the element's root says dir="rtl").
  '[dir="rtl"] [aria-checked="true"] > &::after': { transform: 'translateX(-16px)' },
  '[aria-checked="true"] > &::after': {
    transform: 'translateX(16px)',
    background: 'var(--ae-color-on-primary)',
  },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&::after': { transition: 'none' } },
});

/**
 * An on/off control (`role="switch"`): its visible label (`children`, e.g. "Access") starts its
 * accessible name (an `aria-label` may add the row, "Access for Ada"), `aria-checked` says whether
 * it is on, and `stateText` ("Allowed") shows the state to the eye only, as ": Allowed" after the
 * label: a screen reader hears the name and "on"/"off", never a name that contradicts the text.
 */
export function Switch({
  checked,
  partName,
  children,
  stateText,
  ...rest
}: { checked: boolean; partName?: string; children: ReactNode; stateText?: string } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'role' | 'type'
>) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      css={switchStyle}
      part={partName ? `switch ${partName}` : 'switch'}
      {...rest}
    >
      <span css={trackStyle} aria-hidden="true" />
      <span>
        {children}
        {stateText && <span aria-hidden="true">{`: ${stateText}`}</span>}
      </span>
    </button>
  );
}
