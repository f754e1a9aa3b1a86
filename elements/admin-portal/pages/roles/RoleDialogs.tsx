import { useMemo, useState, type FormEvent } from 'react';
import type { Permission, Role, RolesApi } from '../../../../core/portal/rolesApi';
import {
  coversForGrant,
  roleKeyFromName,
  validateRoleForm,
  type RoleForm,
  type RoleFormErrors,
} from '../../../../core/portal/roleForm';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { fieldsetStyle, scrollAreaStyle } from '../common/adminParts';
import { groupByCategory, type Catalogue } from './permissionRows';

const t = portalAdmin.roles;
const a = portalAdmin.common;

/** Checkboxes of the permission catalogue by category; those the user cannot grant are disabled. */
function PermissionChecklist({
  catalogue,
  chosen,
  onToggle,
  held,
  disabled,
}: {
  catalogue: Catalogue;
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  held: readonly string[];
  disabled: boolean;
}) {
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
                disabled={disabled || (!chosen.has(p.id) && !coversForGrant(held, p.key))}
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
const fieldError = (error: RoleFormErrors[keyof RoleFormErrors], max: number) =>
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
  const [form, setForm] = useState<RoleForm>({
    name: role?.name ?? '',
    key: role?.key ?? '',
    description: role?.description ?? '',
  });
  const [keyTouched, setKeyTouched] = useState(role !== null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<RoleFormErrors>({});
  const submit = useSubmit();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateRoleForm(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const description = form.description.trim() || null;
    const changes = role
      ? {
          ...(form.name.trim() !== role.name ? { name: form.name.trim() } : {}),
          ...(form.key !== role.key ? { key: form.key } : {}),
          ...(description !== role.description ? { description } : {}),
        }
      : null;
    if (role && changes && Object.keys(changes).length === 0) {
      submit.setError(a.nothingChanged);
      return;
    }
    void submit.run(async () => {
      if (role && changes) await api.update(role.id, changes);
      else await api.add({ key: form.key, name: form.name.trim(), description, permissionIds: [...chosen] });
      onDone();
    });
  }

  return (
    <Dialog
      title={role ? t.editTitle(role.name) : t.addTitle}
      titleId="ae-role-dialog-title"
      busy={submit.busy}
      onClose={onClose}
    >
      <form css={formStyle} onSubmit={onSubmit} noValidate>
        {submit.error && <Alert>{submit.error}</Alert>}
        <TextField
          label={t.name}
          value={form.name}
          maxLength={200}
          partName="role-name"
          error={fieldError(errors.name, 100)}
          autoComplete="off"
          onChange={(e) => {
            const name = e.target.value;
            setForm((f) => ({ ...f, name, key: keyTouched ? f.key : roleKeyFromName(name) }));
          }}
        />
        <TextField
          label={t.key}
          value={form.key}
          maxLength={200}
          partName="role-key"
          hint={t.keyHint}
          error={fieldError(errors.key, 100)}
          autoComplete="off"
          onChange={(e) => {
            setKeyTouched(true);
            setForm((f) => ({ ...f, key: e.target.value }));
          }}
        />
        <TextField
          label={t.description}
          value={form.description}
          maxLength={1000}
          partName="role-description"
          error={fieldError(errors.description, 500)}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
        {!role && catalogue && (
          <PermissionChecklist
            catalogue={catalogue}
            chosen={chosen}
            held={held}
            disabled={submit.busy}
            onToggle={(id) => setChosen((c) => toggled(c, id))}
          />
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={submit.busy}>
            {a.cancel}
          </Button>
          <Button
            type="submit"
            partName="confirm-button"
            loading={submit.busy}
            loadingLabel={role ? t.saving : t.creating}
          >
            {role ? a.save : t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
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
        chosen={chosen}
        held={held}
        disabled={submit.busy}
        onToggle={(id) => setChosen((c) => toggled(c, id))}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={submit.busy}>
          {a.cancel}
        </Button>
        <Button
          partName="confirm-button"
          loading={submit.busy}
          loadingLabel={t.saving}
          onClick={() =>
            submit.run(async () => {
              await api.setPermissions(role.id, [...chosen]);
              onDone();
            })
          }
        >
          {a.save}
        </Button>
      </DialogFooter>
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
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={submit.busy}>
          {a.cancel}
        </Button>
        <Button
          partName="confirm-button"
          loading={submit.busy}
          loadingLabel={t.saving}
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
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
