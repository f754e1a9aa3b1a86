import { FormDialog } from '../../../ui/ConfirmDialog';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import { INVITE_LIMITS, inviteRequestOf, validateInvite } from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { InviteRoles } from './InviteRoles';
import { useInvitationsApi, useRolesChoice } from './invitationHooks';

/** Spec 001 §2 invite dialog: name, email, optional phone, roles; POST users v2 with provider local (§7). */
export function InviteUserDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const api = useInvitationsApi();
  const { roles, choice, rolesError } = useRolesChoice();
  const form = useFormFields({ name: '', email: '', phoneNumber: '' });
  const submit = useSubmit();

  function onSubmit() {
    if (submit.busy || !form.check(validateInvite(form.values))) return;
    void submit.run(async () => {
      await api.invite(inviteRequestOf({ ...form.values, roleIds: [...choice.chosen] }));
      onInvited(form.values.email.trim());
    });
  }

  return (
    <FormDialog
      title={t.title}
      titleId="ae-invite-user-title"
      busy={submit.busy}
      error={form.banner(submit.error) ?? rolesError}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.send}
      busyLabel={t.sending}
      partName="invite-form"
    >
      <p css={mutedStyle}>{t.intro}</p>
      <TextField
        label={t.nameLabel}
        autoComplete="off"
        required
        maxLength={INVITE_LIMITS.name + 20}
        partName="invite-name"
        {...form.field('name')}
      />
      <TextField
        label={t.emailLabel}
        type="email"
        autoComplete="off"
        required
        maxLength={254}
        partName="invite-email"
        {...form.field('email')}
      />
      <TextField
        label={t.phoneLabel}
        type="tel"
        autoComplete="off"
        maxLength={INVITE_LIMITS.phoneNumber + 10}
        partName="invite-phone"
        {...form.field('phoneNumber')}
      />
      <InviteRoles roles={roles} choice={choice} disabled={submit.busy} />
    </FormDialog>
  );
}
