import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import type { RowAction } from './RowActions';

/**
 * A confirmed change on one thing of a page (delete a row, remove a passkey, cancel a plan): `ask(x)`
 * (or the row menu's item from `rowAction(x)`) opens the ConfirmDialog; confirming runs `run(x)`,
 * closes the dialog, then `done(x)` (the page's reload). A failure stays in the dialog (ConfirmDialog).
 * Render `dialog` once in the page; focus goes back to what opened it (Dialog).
 */
export function useConfirmAction<T>({
  run,
  done,
  title,
  titleId,
  body,
  confirmLabel,
  busyLabel,
  menu,
}: {
  run: (target: T) => Promise<unknown>;
  done?: (target: T) => unknown;
  title: string;
  titleId: string;
  body: (target: T) => ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  /** The row menu's item: its text, its accessible name for the row, its part. Shown as danger. */
  menu?: { label: string; ariaLabel: (target: T) => string; part: string };
}) {
  const [target, setTarget] = useState<{ value: T } | null>(null);
  const ask = (value: T) => setTarget({ value });
  const rowAction = (value: T): RowAction => ({
    label: menu?.label ?? '',
    ariaLabel: menu?.ariaLabel(value),
    part: menu?.part,
    danger: true,
    onSelect: () => ask(value),
  });
  const dialog = target && (
    <ConfirmDialog
      title={title}
      titleId={titleId}
      body={body(target.value)}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      onClose={() => setTarget(null)}
      onConfirm={async () => {
        await run(target.value);
        setTarget(null);
        await done?.(target.value);
      }}
    />
  );
  return { ask, rowAction, dialog, target: target?.value ?? null };
}
