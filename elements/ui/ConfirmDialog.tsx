import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog, DialogFooter, type WIDTHS } from './Dialog';
import { formStyle } from './styles';
import { useSubmit } from './useSubmit';

const a = portalAdmin.common;

// The dialogs with actions (page kit chunk; the plain Dialog and its footer stay in the shared chunk).

/**
 * The usual footer: Cancel, then the primary action (a submit button inside a form unless `onClick`
 * is given), busy with `busyLabel` while the call runs; Cancel is disabled meanwhile.
 */
export function DialogActions({
  onCancel,
  cancelLabel = a.cancel,
  busy,
  busyLabel,
  children,
  ...primary
}: {
  onCancel: () => void;
  cancelLabel?: string;
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
} & Omit<ComponentProps<typeof Button>, 'loading' | 'loadingLabel'>) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={primary.onClick ? 'button' : 'submit'}
        partName="confirm-button"
        loading={busy}
        loadingLabel={busyLabel}
        {...primary}
      >
        {children}
      </Button>
    </DialogFooter>
  );
}

/**
 * A dialog around one form: the last submit's error above the fields, Cancel and the submit button
 * in the footer. `onSubmit` gets the event already stopped from navigating.
 */
export function FormDialog({
  title,
  titleId,
  busy,
  error,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  size,
  partName,
  children,
}: {
  title: string;
  titleId: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busyLabel: string;
  size?: keyof typeof WIDTHS;
  partName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} titleId={titleId} busy={busy} onClose={onClose} size={size}>
      <form
        css={formStyle}
        part={partName}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {error && <Alert>{error}</Alert>}
        {children}
        <DialogActions onCancel={onClose} busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A dialog whose one action is a call (save a choice, confirm a change): `children` above, Cancel and
 * the action in the footer. Busy while the call runs (the dialog cannot be closed meanwhile); its
 * failure, or `error` (a load the body needed), stays in the dialog (spec 001 §2 dialog states).
 */
export function ActionDialog({
  title,
  titleId,
  actionLabel,
  busyLabel,
  error,
  disabled,
  onClose,
  onAction,
  children,
}: {
  title: string;
  titleId: string;
  actionLabel: string;
  busyLabel: string;
  error?: string | null;
  disabled?: boolean;
  onClose: () => void;
  onAction: () => Promise<void>;
  children: ReactNode | ((busy: boolean) => ReactNode);
}) {
  const submit = useSubmit();
  const shown = submit.error ?? error;
  return (
    <Dialog title={title} titleId={titleId} busy={submit.busy} onClose={onClose}>
      {shown && <Alert>{shown}</Alert>}
      {typeof children === 'function' ? children(submit.busy) : children}
      <DialogActions
        onCancel={onClose}
        busy={submit.busy}
        busyLabel={busyLabel}
        disabled={disabled}
        onClick={() => submit.run(onAction)}
      >
        {actionLabel}
      </DialogActions>
    </Dialog>
  );
}

/** A question before a change that cannot be undone: the body, Cancel and the confirming action (Delete unless told). */
export function ConfirmDialog({
  body,
  confirmLabel = a.delete,
  busyLabel = a.deleting,
  onConfirm,
  ...dialog
}: {
  title: string;
  titleId: string;
  body: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ActionDialog {...dialog} actionLabel={confirmLabel} busyLabel={busyLabel} onAction={onConfirm}>
      <p>{body}</p>
    </ActionDialog>
  );
}

/**
 * Add a thing or edit one (`item` null to add): the fields' check, "Nothing changed." when an edit
 * changes nothing, then `save(changes)` (null when adding) and `onDone`. The title and the submit
 * button say which; `children` may take the busy flag.
 */
export function AddOrEditDialog<T extends { name: string }, C extends object>({
  item,
  titleId,
  texts,
  check,
  changes,
  save,
  banner,
  onClose,
  onDone,
  children,
}: {
  item: T | null;
  titleId: string;
  texts: {
    addTitle: string;
    editTitle: (name: string) => string;
    create: string;
    creating: string;
    saving: string;
  };
  /** The fields' own errors shown; false stops the submit. */
  check: () => boolean;
  /** What an edit changes (an empty object: nothing). */
  changes: (item: T) => C;
  save: (changes: C | null) => Promise<unknown>;
  /** The form's banner (useFormFields' `banner`): the last submit's error until a field changes. */
  banner: (error: string | null) => string | null;
  onClose: () => void;
  onDone: () => void;
  children: ReactNode | ((busy: boolean) => ReactNode);
}) {
  const submit = useSubmit();
  function onSubmit() {
    if (!check()) return;
    const changed = item ? changes(item) : null;
    if (changed && Object.keys(changed).length === 0) return submit.setError(a.nothingChanged);
    void submit.run(async () => {
      await save(changed);
      onDone();
    });
  }
  return (
    <FormDialog
      title={item ? texts.editTitle(item.name) : texts.addTitle}
      titleId={titleId}
      busy={submit.busy}
      error={banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={item ? a.save : texts.create}
      busyLabel={item ? texts.saving : texts.creating}
    >
      {typeof children === 'function' ? children(submit.busy) : children}
    </FormDialog>
  );
}
