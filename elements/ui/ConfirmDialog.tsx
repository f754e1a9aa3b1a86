import type { ReactNode } from 'react';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { Alert } from './Alert';
import { Dialog, DialogActions } from './Dialog';
import { useSubmit } from './useSubmit';

const a = portalAdmin.common;

/**
 * A question before a change that cannot be undone: the body, Cancel and the confirming action
 * (Delete unless told). Busy while the call runs (the dialog cannot be closed meanwhile); a failure
 * stays in the dialog (spec 001 §2 dialog states).
 */
export function ConfirmDialog({
  title,
  titleId,
  body,
  confirmLabel = a.delete,
  busyLabel = a.deleting,
  onClose,
  onConfirm,
}: {
  title: string;
  titleId: string;
  body: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const submit = useSubmit();
  return (
    <Dialog title={title} titleId={titleId} busy={submit.busy} onClose={onClose}>
      {submit.error && <Alert>{submit.error}</Alert>}
      <p>{body}</p>
      <DialogActions
        onCancel={onClose}
        busy={submit.busy}
        busyLabel={busyLabel}
        onClick={() => submit.run(onConfirm)}
      >
        {confirmLabel}
      </DialogActions>
    </Dialog>
  );
}
