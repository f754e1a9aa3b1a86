import { useMemo, useState, type ReactNode } from 'react';
import type { Permission, Role, RolesApi } from '../../../../core/portal/rolesApi';
import { holdsPermission } from '../../../../core/contract/permissions';
import {
  roleKeyFromName,
  validateRoleForm,
  type RoleForm,
  type RoleFormErrors,
} from '../../../../core/portal/roleForm';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { CheckList, useChoice } from '../../../ui/CheckList';
import { ActionDialog, AddOrEditDialog } from '../../../ui/ConfirmDialog';
import { useFormFields } from '../../../ui/useFormFields';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import { scrollAreaStyle } from '../common/adminParts';
import { groupByCategory, type Catalogue } from './permissionRows';

const t = portalAdmin.roles;
const a = portalAdmin.common;

/** Checkboxes of the permission catalogue by category; those the user cannot grant are disabled. */
function PermissionChecklist({
  catalogue,
  choice,
  held,
  disabled,
}: {
  catalogue: Catalogue;
  choice: ReturnType<typeof useChoice>;
  held: readonly string[];
  disabled: boolean;
}) {
  const groups = useMemo(() => groupByCategory(catalogue), [catalogue]);
  return (
    <div css={scrollAreaStyle} part="permission-checklist">
      {groups.map((group) => (
        <CheckList
          key={group.id}
          legend={group.name}
          items={group.permissions}
          choice={choice}
          disabled={disabled}
          locked={(p) => !choice.chosen.has(p.id) && !holdsPermission(held, p.key)}
          note={(p) => `(${p.key})`}
        />
      ))}
    </div>
  );
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
  const choice = useChoice([]);
  const { name, key } = form.values;
  const description = form.values.description.trim() || null;

  const nameField = form.field('name');
  const keyField = form.field('key');
  return (
    <AddOrEditDialog
      item={role}
      titleId="ae-role-dialog-title"
      texts={t}
      check={() => form.check(validateRoleForm(form.values))}
      changes={(r) => ({
        ...(name.trim() !== r.name ? { name: name.trim() } : {}),
        ...(key !== r.key ? { key } : {}),
        ...(description !== r.description ? { description } : {}),
      })}
      save={(changes) =>
        role && changes
          ? api.update(role.id, changes)
          : api.add({ key, name: name.trim(), description, permissionIds: [...choice.chosen] })
      }
      banner={form.banner}
      onClose={onClose}
      onDone={onDone}
    >
      {(busy) => (
        <>
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
            <PermissionChecklist catalogue={catalogue} choice={choice} held={held} disabled={busy} />
          )}
        </>
      )}
    </AddOrEditDialog>
  );
}

/** A choice saved with one call: the dialogs of this page that only Save or Cancel. */
function SaveChoiceDialog(props: {
  title: string;
  titleId: string;
  onClose: () => void;
  save: () => Promise<void>;
  children: (busy: boolean) => ReactNode;
}) {
  return <ActionDialog {...props} actionLabel={a.save} busyLabel={t.saving} onAction={props.save} />;
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
  const choice = useChoice(role.permissions);
  return (
    <SaveChoiceDialog
      title={t.permissionsTitle(role.name)}
      titleId="ae-role-permissions-title"
      onClose={onClose}
      save={() => api.setPermissions(role.id, [...choice.chosen]).then(onDone)}
    >
      {(busy) => <PermissionChecklist catalogue={catalogue} choice={choice} held={held} disabled={busy} />}
    </SaveChoiceDialog>
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
  const choice = useChoice(permission.roleIds);
  return (
    <SaveChoiceDialog
      title={t.permissionRolesTitle(permission.key)}
      titleId="ae-permission-roles-title"
      onClose={onClose}
      save={async () => {
        // Only roles that can change are sent; built-in ones keep what they hold.
        const editable = roles.filter((r) => r.editable && choice.chosen.has(r.id)).map((r) => r.id);
        const builtInHolding = roles
          .filter((r) => !r.editable && permission.roleIds.includes(r.id))
          .map((r) => r.id);
        await api.setPermissionRoles(permission.id, [...editable, ...builtInHolding]);
        onDone();
      }}
    >
      {(busy) => (
        <>
          <p css={mutedStyle}>{permission.name}</p>
          <CheckList
            legend={t.rolesLegend}
            items={roles}
            choice={choice}
            disabled={busy}
            locked={(role) => !role.editable}
            note={(role) => !role.editable && t.builtInLocked}
            part="roles-choice"
          />
        </>
      )}
    </SaveChoiceDialog>
  );
}
