import { css } from '@emotion/react';

/** The kit's keyboard focus ring: 3 px of the light primary, `offset` px outside (inside when negative). */
export const focusRing = (offset: number) => ({
  '&:focus-visible': { outline: '3px solid var(--ae-color-primary-light)', outlineOffset: `${offset}px` },
});

export const cardStyle = css({
  background: 'var(--ae-color-surface)',
  border: '1px solid var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
  padding: '24px',
  maxWidth: '400px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
});

export const titleStyle = css({ fontSize: '1.4em', fontWeight: 600, margin: 0 });
export const mutedStyle = css({ color: 'var(--ae-color-text-muted)', margin: 0 });

export const fieldStyle = css({ display: 'flex', flexDirection: 'column', gap: '4px' });
export const labelStyle = css({ fontWeight: 500 });
export const inputStyle = css({
  font: 'inherit',
  padding: '10px 12px',
  border: '1px solid var(--ae-color-border)',
  borderRadius: 'var(--ae-radius)',
  color: 'inherit',
  background: 'var(--ae-color-surface)',
  '&:focus-visible': {
    outline: '3px solid var(--ae-color-primary-light)',
    outlineOffset: '1px',
    borderColor: 'var(--ae-color-primary)',
  },
  '&[aria-invalid="true"]': { borderColor: 'var(--ae-color-danger)' },
  '&[readonly]': { background: 'var(--ae-color-surface-muted)', color: 'var(--ae-color-text)' },
});
export const fieldErrorStyle = css({ color: 'var(--ae-color-danger)', fontSize: '0.9em', margin: 0 });

export const buttonStyle = css({
  font: 'inherit',
  fontWeight: 600,
  padding: '10px 16px',
  borderRadius: 'var(--ae-radius)',
  border: '1px solid var(--ae-color-primary)',
  background: 'var(--ae-color-primary)',
  color: 'var(--ae-color-on-primary)',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { background: 'var(--ae-color-primary-dark)' },
  '&:active:not(:disabled)': { background: 'var(--ae-color-primary-active)' },
  ...focusRing(2),
  '&:disabled': { opacity: 0.7, cursor: 'progress' },
});
export const secondaryButtonStyle = css(buttonStyle, {
  background: 'transparent',
  color: 'var(--ae-color-link)',
  borderColor: 'var(--ae-color-border)',
  '&:hover:not(:disabled)': { background: 'var(--ae-color-surface-muted)' },
});
export const linkButtonStyle = css({
  font: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  color: 'var(--ae-color-link)',
  textDecoration: 'underline',
  cursor: 'pointer',
  ...focusRing(2),
});
export const alertStyle = css({
  margin: 0,
  padding: '10px 12px',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-danger-surface)',
  border: '1px solid var(--ae-color-danger)',
  color: 'var(--ae-color-danger-text)',
});
export const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '16px' });
