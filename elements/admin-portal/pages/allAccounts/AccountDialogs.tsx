import { useRef, useState } from 'react';
import type { SubAccount } from '../../../../core/tenants/api';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { ConfirmDialog, FormDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useSubmit } from '../../../ui/useSubmit';
import type { TenantType } from '../../../../core/domain/sub-accounts';
import { SelectField } from '../../../ui/SelectField';
import { type Api, t, typeOptions } from './accountsParts';

const m = portalAdmin.subAccounts;

/**
 * Renames a sub-account and sets its type (PATCH sub-tenants/v1/{id}); the name field is checked
 * before the call. A type once set can be changed, not removed (the server keeps it when none is sent).
 */
export function RenameAccountDialog({
  api,
  account,
  onClose,
  onRenamed,
}: {
  api: Api;
  account: SubAccount;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const [name, setName] = useState(account.name);
  const [type, setType] = useState<TenantType | ''>(account.tenantType ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useSubmit();
  const nameRef = useRef<HTMLInputElement>(null);
  function onSubmit() {
    const trimmed = name.trim();
    const problem = !trimmed ? t.nameRequired : trimmed.length > 100 ? enPortal.portal.tooLong(100) : null;
    setFieldError(problem);
    if (problem) return nameRef.current?.focus();
    void submit.run(async () =>
      onRenamed((await api.rename(account.tenantId, trimmed, type || undefined)).name),
    );
  }
  return (
    <FormDialog
      title={m.renameTitle(account.name)}
      titleId="ae-rename-account-title"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={portalAdmin.common.save}
      busyLabel={m.renaming}
      partName="form rename-account"
    >
      <TextField
        ref={nameRef}
        label={t.name}
        value={name}
        required
        maxLength={100}
        error={fieldError}
        partName="rename-account-input"
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label={m.typeLabel}
        value={type}
        partName="rename-account-type"
        onChange={(event) => setType(event.target.value as TenantType | '')}
        options={typeOptions(!account.tenantType)}
      />
    </FormDialog>
  );
}

/** Asks before deleting a sub-account and the accounts below it (DELETE sub-tenants/v1/{id}). */
export function DeleteAccountDialog({
  api,
  account,
  onClose,
  onDeleted,
}: {
  api: Api;
  account: SubAccount;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDialog
      title={m.deleteTitle}
      titleId="ae-delete-account-title"
      body={m.deleteBody(account.name, account.numberOfChildren)}
      onClose={onClose}
      onConfirm={async () => {
        await api.remove(account.tenantId);
        onDeleted();
      }}
    />
  );
}
