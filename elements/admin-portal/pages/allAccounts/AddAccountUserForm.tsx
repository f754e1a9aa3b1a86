import { useState, type FormEvent } from 'react';
import type { AssignableRole } from '../../../../core/api/team';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { rowStyle, t } from './accountsParts';

/**
 * Adds a member of the caller's account to the sub-account (POST sub-tenants/v1/{id}/users: email,
 * roleIds, allowSubAccountAccess), with access allowed so they can switch into it.
 */
export function AddAccountUserForm({
  roles,
  onAdd,
}: {
  roles: AssignableRole[];
  onAdd: (body: { email: string; roleIds: string[]; allowSubAccountAccess: boolean }) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);
  const submit = useSubmit();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setAdded(null);
    if (!address) {
      setFieldError(t.addUserEmailRequired);
      return;
    }
    void submit.run(async () => {
      await onAdd({ email: address, roleIds: roleId ? [roleId] : [], allowSubAccountAccess: true });
      setEmail('');
      setAdded(t.userAdded(address));
    });
  }
  return (
    <form css={formStyle} onSubmit={onSubmit} noValidate part="add-account-user">
      <strong>{t.addUserTitle}</strong>
      {submit.error && <Alert>{submit.error}</Alert>}
      <div css={rowStyle}>
        <div style={{ flex: '2 1 200px' }}>
          <TextField
            label={t.addUserEmail}
            type="email"
            autoComplete="off"
            partName="add-account-user-email"
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <SelectField
            label={t.addUserRole}
            partName="add-account-user-role"
            value={roleId}
            options={[{ value: '', label: t.noRole }, ...roles.map((r) => ({ value: r.id, label: r.name }))]}
            onChange={(event) => setRoleId(event.target.value)}
          />
        </div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, alignItems: 'center' }}>
        {added && (
          <span role="status" css={mutedStyle}>
            {added}
          </span>
        )}
        <Button
          type="submit"
          variant="secondary"
          partName="add-account-user-button"
          loading={submit.busy}
          loadingLabel={t.addingUser}
        >
          {t.addUser}
        </Button>
      </div>
    </form>
  );
}
