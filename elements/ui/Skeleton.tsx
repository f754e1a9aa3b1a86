import { css, keyframes } from '@emotion/react';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });
const lineStyle = css({
  display: 'block',
  height: '0.9em',
  margin: '0.35em 0',
  borderRadius: '4px',
  background: 'var(--ae-color-surface-muted)',
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

/**
 * Grey lines where content is coming, announced once as loading (`label`), so the page keeps its
 * shape instead of jumping when the data arrives.
 */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" part="loading skeleton">
      <span css={visuallyHiddenStyle}>{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} css={lineStyle} aria-hidden="true" style={{ width: `${90 - ((i * 23) % 40)}%` }} />
      ))}
    </div>
  );
}

/** Hidden on screen, read by screen readers. */
export const visuallyHiddenStyle = css({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
