import { useState, type FormEvent } from 'react';
import type { AssignableRole } from '../../../../core/api/team';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { type Api, rowStyle, t } from './accountsParts';

const m = portalAdmin.subAccounts;

type NewMember = { email: string; roleIds: string[]; allowSubAccountAccess: boolean };

/**
 * Adds the person to the account and, when asked, to the accounts directly below it in one call (the
 * client SDK's addUserToTenantAndSubTenants); answers how many accounts below, or null.
 */
export async function addMember(api: Api, tenantId: string, body: NewMember, alsoBelow: boolean) {
  await api.addUser(tenantId, body);
  if (!alsoBelow) return null;
  const children = (await api.search({ subTenantId: tenantId, limit: 200 })).items;
  if (children.length)
    await api.addUserToAccounts(
      body.email,
      children.map((c) => ({ tenantId: c.tenantId, roleIds: body.roleIds })),
    );
  return children.length;
}

/**
 * Adds a member of the caller's account, or of an account above this one, to the sub-account (POST
 * sub-tenants/v1/{id}/users: email, roleIds, allowSubAccountAccess), with access allowed so they can
 * switch into it; "Also add to the accounts directly below" adds them there too with the same role
 * (the dialog's `onAdd` answers how many accounts below, or null).
 */
export function AddAccountUserForm({
  roles,
  onAdd,
}: {
  roles: AssignableRole[];
  onAdd: (body: NewMember, alsoBelow: boolean) => Promise<number | null>;
}) {
  const [alsoBelow, setAlsoBelow] = useState(false);
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
      const below = await onAdd(
        { email: address, roleIds: roleId ? [roleId] : [], allowSubAccountAccess: true },
        alsoBelow,
      );
      setEmail('');
      setAdded(below === null ? t.userAdded(address) : m.addedBelow(address, below));
    });
  }
  return (
    <form css={formStyle} onSubmit={onSubmit} noValidate part="add-account-user">
      <strong>{t.addUserTitle}</strong>
      <span css={mutedStyle}>{m.addUserHint}</span>
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
      <label>
        <input
          type="checkbox"
          checked={alsoBelow}
          onChange={(event) => setAlsoBelow(event.target.checked)}
          part="add-account-user-below"
        />{' '}
        {m.addBelow}
      </label>
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
