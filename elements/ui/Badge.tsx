import { css } from '@emotion/react';
import type { ReactNode } from 'react';

const TONES = {
  neutral: { color: 'var(--ae-color-text)', background: 'var(--ae-color-surface-muted)' },
  success: { color: 'var(--ae-color-success-text)', background: 'var(--ae-color-success-surface)' },
  warning: { color: 'var(--ae-color-warning-text)', background: 'var(--ae-color-warning-surface)' },
  danger: { color: 'var(--ae-color-danger-text)', background: 'var(--ae-color-danger-surface)' },
} as const;
export type BadgeTone = keyof typeof TONES;

const badgeStyle = css({
  display: 'inline-block',
  fontSize: '0.8em',
  fontWeight: 600,
  lineHeight: 1.6,
  padding: '0 8px',
  borderRadius: '999px',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

/** A short status word (Active, Locked, Built in) in a pill; its tone is also said by its text. */
export function Badge({
  tone = 'neutral',
  title,
  partName,
  children,
}: {
  tone?: BadgeTone;
  title?: string;
  partName?: string;
  children: ReactNode;
}) {
  return (
    <span css={badgeStyle} style={TONES[tone]} title={title} part={partName ? `badge ${partName}` : 'badge'}>
      {children}
    </span>
  );
}
