import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { Permission, Role, RolesApi } from '../../../../core/portal/rolesApi';
import { holdsPermission } from '../../../../core/contract/permissions';
import {
  roleKeyFromName,
  validateRoleForm,
  type RoleForm,
  type RoleFormErrors,
} from '../../../../core/portal/roleForm';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Alert } from '../../../ui/Alert';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions, FormDialog } from '../../../ui/ConfirmDialog';
import { useFormFields } from '../../../ui/useFormFields';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { fieldsetStyle, scrollAreaStyle } from '../common/adminParts';
import { groupByCategory, type Catalogue } from './permissionRows';

const t = portalAdmin.roles;
const a = portalAdmin.common;

/** Checkboxes of the permission catalogue by category; those the user cannot grant are disabled. */
function PermissionChecklist({
  catalogue,
  choice: [chosen, setChosen],
  held,
  disabled,
}: {
  catalogue: Catalogue;
  /** The chosen permission ids and their setter (a useState pair). */
  choice: [ReadonlySet<string>, Dispatch<SetStateAction<Set<string>>>];
  held: readonly string[];
  disabled: boolean;
}) {
  const onToggle = (id: string) => setChosen((c) => toggled(c, id));
  const groups = useMemo(() => groupByCategory(catalogue), [catalogue]);
  return (
    <div css={scrollAreaStyle} part="permission-checklist">
      {groups.map((group) => (
        <fieldset key={group.id} css={fieldsetStyle}>
          <legend>{group.name}</legend>
          {group.permissions.map((p) => (
            <label key={p.id}>
              <input
                type="checkbox"
                checked={chosen.has(p.id)}
                onChange={() => onToggle(p.id)}
                disabled={disabled || (!chosen.has(p.id) && !holdsPermission(held, p.key))}
              />{' '}
              {p.name}{' '}
              <span css={mutedStyle} style={{ display: 'inline' }}>
                ({p.key})
              </span>
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const FIELD_MESSAGES = { nameRequired: a.nameRequired, keyRequired: t.keyRequired, keyInvalid: t.keyInvalid };
const fieldError = (error: RoleFormErrors[keyof RoleFormErrors] | null, max: number) =>
  error === 'tooLong' ? t.tooLong(max) : error ? FIELD_MESSAGES[error] : null;

/** Add a role (name, key, description, permissions) or edit one (name, key, description). */
export function RoleDialog({
  api,
  role,
  catalogue,
  held,
  onClose,
  onDone,
}: {
  api: RolesApi;
  role: Role | null;
  catalogue: Catalogue | null;
  held: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useFormFields<keyof RoleForm, RoleFormErrors[keyof RoleFormErrors]>({
    name: role?.name ?? '',
    key: role?.key ?? '',
    description: role?.description ?? '',
  });
  const [keyTouched, setKeyTouched] = useState(role !== null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const submit = useSubmit();
  const { name, key } = form.values;

  function onSubmit() {
    if (!form.check(validateRoleForm(form.values))) return;
    const description = form.values.description.trim() || null;
    const changes = role
      ? {
          ...(name.trim() !== role.name ? { name: name.trim() } : {}),
          ...(key !== role.key ? { key } : {}),
          ...(description !== role.description ? { description } : {}),
        }
      : null;
    if (role && changes && Object.keys(changes).length === 0) return submit.setError(a.nothingChanged);
    void submit.run(async () => {
      if (role && changes) await api.update(role.id, changes);
      else await api.add({ key, name: name.trim(), description, permissionIds: [...chosen] });
      onDone();
    });
  }

  const nameField = form.field('name');
  const keyField = form.field('key');
  return (
    <FormDialog
      title={role ? t.editTitle(role.name) : t.addTitle}
      titleId="ae-role-dialog-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={role ? a.save : t.create}
      busyLabel={role ? t.saving : t.creating}
    >
      <TextField
        label={t.name}
        maxLength={200}
        partName="role-name"
        autoComplete="off"
        {...nameField}
        error={fieldError(form.errors.name, 100)}
        onChange={(e) => {
          nameField.onChange(e);
          if (!keyTouched) form.set('key', roleKeyFromName(e.target.value));
        }}
      />
      <TextField
        label={t.key}
        maxLength={200}
        partName="role-key"
        hint={t.keyHint}
        autoComplete="off"
        {...keyField}
        error={fieldError(form.errors.key, 100)}
        onChange={(e) => {
          setKeyTouched(true);
          keyField.onChange(e);
        }}
      />
      <TextField
        label={t.description}
        maxLength={1000}
        partName="role-description"
        {...form.field('description')}
        error={fieldError(form.errors.description, 500)}
      />
      {!role && catalogue && (
        <PermissionChecklist
          catalogue={catalogue}
          choice={[chosen, setChosen]}
          held={held}
          disabled={submit.busy}
        />
      )}
    </FormDialog>
  );
}

/** Choose the permissions of one of the account's roles. */
export function RolePermissionsDialog({
  api,
  role,
  catalogue,
  held,
  onClose,
  onDone,
}: {
  api: RolesApi;
  role: Role;
  catalogue: Catalogue;
  held: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(role.permissions));
  const submit = useSubmit();
  return (
    <Dialog
      title={t.permissionsTitle(role.name)}
      titleId="ae-role-permissions-title"
      busy={submit.busy}
      onClose={onClose}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      <PermissionChecklist
        catalogue={catalogue}
        choice={[chosen, setChosen]}
        held={held}
        disabled={submit.busy}
      />
      <DialogActions
        onCancel={onClose}
        busy={submit.busy}
        busyLabel={t.saving}
        onClick={() =>
          submit.run(async () => {
            await api.setPermissions(role.id, [...chosen]);
            onDone();
          })
        }
      >
        {a.save}
      </DialogActions>
    </Dialog>
  );
}

/** Attach one permission to several roles: the account's roles can change, built-in ones are shown as they are. */
export function PermissionRolesDialog({
  api,
  permission,
  roles,
  onClose,
  onDone,
}: {
  api: RolesApi;
  permission: Permission;
  roles: Role[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(permission.roleIds));
  const submit = useSubmit();
  return (
    <Dialog
      title={t.permissionRolesTitle(permission.key)}
      titleId="ae-permission-roles-title"
      busy={submit.busy}
      onClose={onClose}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      <p css={mutedStyle}>{permission.name}</p>
      <fieldset css={fieldsetStyle} part="roles-choice">
        <legend>{t.rolesLegend}</legend>
        {roles.map((role) => (
          <label key={role.id}>
            <input
              type="checkbox"
              checked={chosen.has(role.id)}
              disabled={submit.busy || !role.editable}
              onChange={() => setChosen((c) => toggled(c, role.id))}
            />{' '}
            {role.name}
            {!role.editable && (
              <span css={mutedStyle} style={{ display: 'inline' }}>
                {' '}
                {t.builtInLocked}
              </span>
            )}
          </label>
        ))}
      </fieldset>
      <DialogActions
        onCancel={onClose}
        busy={submit.busy}
        busyLabel={t.saving}
        onClick={() =>
          submit.run(async () => {
            // Only roles that can change are sent; built-in ones keep what they hold.
            const editable = roles.filter((r) => r.editable && chosen.has(r.id)).map((r) => r.id);
            const builtInHolding = roles
              .filter((r) => !r.editable && permission.roleIds.includes(r.id))
              .map((r) => r.id);
            await api.setPermissionRoles(permission.id, [...editable, ...builtInHolding]);
            onDone();
          })
        }
      >
        {a.save}
      </DialogActions>
    </Dialog>
  );
}
