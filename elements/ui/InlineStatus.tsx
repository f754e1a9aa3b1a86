import { css } from '@emotion/react';
import { useEffect, type ReactNode } from 'react';
import { enPortal } from '../i18n/en-portal';
import { Button } from './Button';

const statusStyle = css({
  margin: 0,
  padding: '8px 12px',
  borderRadius: 'var(--ae-radius)',
  borderInlineStart: '4px solid var(--ae-color-success)',
  background: 'var(--ae-color-success-surface)',
  color: 'var(--ae-color-success-text)',
});

/**
 * A short confirmation after a change ("Invitation sent to …"), announced politely; it goes away by
 * itself after `timeoutMs` when `onDismiss` is given (a toast), otherwise it stays (inline status).
 * Errors are not statuses: they use Alert.
 */
export function InlineStatus({
  children,
  partName,
  onDismiss,
  timeoutMs = 6000,
}: {
  children: ReactNode;
  partName?: string;
  onDismiss?: () => void;
  timeoutMs?: number;
}) {
  useEffect(() => {
    if (!onDismiss) return undefined;
    const timer = setTimeout(onDismiss, timeoutMs);
    return () => clearTimeout(timer);
  }, [onDismiss, timeoutMs]);
  return (
    <p role="status" css={statusStyle} part={partName ? `status ${partName}` : 'status'}>
      {children}
    </p>
  );
}

/**
 * A settings form's submit button ("Saving…" while busy) and, once saved, the status after it: it
 * stays, or goes away by itself when `onDismiss` is given.
 */
export function SaveButton({
  partName,
  saving,
  saved,
  onDismiss,
  variant,
  label,
  children,
}: {
  partName: string;
  saving: boolean;
  /** What the last save did ("Saved."), or nothing. */
  saved: ReactNode;
  onDismiss?: () => void;
  variant?: 'primary' | 'secondary';
  /** The button's accessible name when its text alone is ambiguous (several Save buttons on a page). */
  label?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button
        type="submit"
        variant={variant}
        partName={partName}
        loading={saving}
        loadingLabel={enPortal.portal.saving}
        aria-label={label}
      >
        {children}
      </Button>
      {saved && (
        <InlineStatus partName="saved" onDismiss={onDismiss}>
          {saved}
        </InlineStatus>
      )}
    </>
  );
}
