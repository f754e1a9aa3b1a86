import { useRef, useState, type FormEvent } from 'react';
import { type SubAccount } from '../../../../core/tenants/api';
import { enPortal } from '../../../i18n/en-portal';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { formStyle } from '../../../ui/styles';
import type { TenantType } from '../../../../core/domain/sub-accounts';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { type Api, t, typeOptions } from './accountsParts';

export function AddAccountDialog({
  api,
  parents,
  onClose,
  onCreated,
}: {
  api: Api;
  parents: Array<{ tenantId: string; name: string }>;
  onClose: () => void;
  onCreated: (account: SubAccount) => void;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parents[0]?.tenantId ?? '');
  const [type, setType] = useState<TenantType | ''>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useSubmit();
  const nameRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldError(t.nameRequired);
      return nameRef.current?.focus();
    }
    if (trimmed.length > 100) {
      setFieldError(enPortal.portal.tooLong(100));
      return nameRef.current?.focus();
    }
    setFieldError(null);
    await submit.run(async () =>
      onCreated(
        await api.create({ name: trimmed, parentTenantId: parent, ...(type ? { tenantType: type } : {}) }),
      ),
    );
  }

  return (
    <Dialog title={t.addTitle} titleId="ae-add-account-title" onClose={onClose}>
      <form noValidate onSubmit={onSubmit} css={formStyle} part="form add-account">
        {submit.error && <Alert>{submit.error}</Alert>}
        <TextField
          ref={nameRef}
          label={t.name}
          value={name}
          required
          maxLength={100}
          error={fieldError}
          partName="account-name-input"
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label={t.parent}
          value={parent}
          partName="account-parent"
          onChange={(event) => setParent(event.target.value)}
          options={parents
            .filter((p, i, all) => all.findIndex((q) => q.tenantId === p.tenantId) === i)
            .map((p) => ({ value: p.tenantId, label: p.name }))}
        />
        <SelectField
          label={portalAdmin.subAccounts.typeLabel}
          value={type}
          partName="account-type"
          onChange={(event) => setType(event.target.value as TenantType | '')}
          options={typeOptions(true)}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" partName="create-account" loading={submit.busy} loadingLabel={t.creating}>
            {t.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
