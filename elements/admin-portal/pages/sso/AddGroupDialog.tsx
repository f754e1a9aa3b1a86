import { portalSso as t } from '../../../i18n/portalSso.en';
import { useChoice } from '../../../ui/CheckList';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { RolesChoice, type useAssignableRoles } from '../common/adminParts';

export function AddGroupDialog({
  roles,
  onClose,
  onAdd,
}: {
  roles: ReturnType<typeof useAssignableRoles>['roles'];
  onClose: () => void;
  onAdd: (group: string, roleIds: string[]) => Promise<void>;
}) {
  const form = useFormFields({ group: '' });
  const group = form.values.group.trim();
  const choice = useChoice([]);
  const submit = useSubmit();
  return (
    <FormDialog
      title={t.addGroupTitle}
      titleId="ae-sso-add-group-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={() => {
        if (!form.check({ group: group ? null : t.groupRequired })) return;
        void submit.run(() => onAdd(group, [...choice.chosen]));
      }}
      submitLabel={t.addGroup}
      busyLabel={t.adding}
    >
      <TextField label={t.groupName} autoComplete="off" partName="sso-group-name" {...form.field('group')} />
      <RolesChoice roles={roles} choice={choice} disabled={submit.busy} legend={t.groupRoles} />
    </FormDialog>
  );
}
