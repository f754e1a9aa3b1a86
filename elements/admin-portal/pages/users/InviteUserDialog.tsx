import { useEffect, useState } from 'react';
import { fieldAppearance, type FieldAppearance } from '../../../../core/portal/appearance';
import { useAuthApp } from '../../../shared/AppContext';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import { INVITE_LIMITS, inviteRequestOf, validateInvite } from './inviteForm';
import { tInvite as t } from './invitationTexts';
import { InviteRoles } from './InviteRoles';
import { useInvitationsApi, useRolesChoice } from './invitationHooks';

type Looks = Record<'name' | 'phoneNumber', FieldAppearance>;

/**
 * The vendor's appearance of the dialog's fields (spec 001 §2 "Invite dialog fields: name,
 * phoneNumber"; admin-box metadata `inviteUser.fields.<field>.appearance`, read as the other portal
 * pages read theirs): loaded when the dialog opens; until then, and when it cannot be loaded, edit.
 */
function useInviteAppearance(): Looks {
  const app = useAuthApp();
  const [looks, setLooks] = useState<Looks>({ name: 'edit', phoneNumber: 'edit' });
  useEffect(() => {
    let live = true;
    app.services.api.metadata
      .getAdminBoxMetadata()
      .then((metadata) => {
        if (live)
          setLooks({
            name: fieldAppearance(metadata, 'inviteUser', 'name'),
            phoneNumber: fieldAppearance(metadata, 'inviteUser', 'phoneNumber'),
          });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [app]);
  return looks;
}

/**
 * Spec 001 §2 invite dialog: name, email, optional phone, roles; POST users v2 with provider local
 * (§7). A field the vendor hides is not shown, a view-only one is read-only; neither is checked nor
 * sent (the name is optional to the server).
 */
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
  const looks = useInviteAppearance();
  const editable = (field: keyof Looks) => looks[field] === 'edit';
  const readOnly = (field: keyof Looks) => (looks[field] === 'viewOnly' ? { readOnly: true } : {});

  function onSubmit() {
    const values = {
      ...form.values,
      name: editable('name') ? form.values.name : '',
      phoneNumber: editable('phoneNumber') ? form.values.phoneNumber : '',
    };
    const { name: nameError, ...others } = validateInvite(values);
    if (submit.busy || !form.check(editable('name') ? { name: nameError, ...others } : others)) return;
    void submit.run(async () => {
      const { name, ...request } = inviteRequestOf({ ...values, roleIds: [...choice.chosen] });
      await api.invite(editable('name') ? { name, ...request } : request);
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
      {looks.name !== 'hidden' && (
        <TextField
          label={t.nameLabel}
          autoComplete="off"
          required={editable('name')}
          maxLength={INVITE_LIMITS.name + 20}
          partName="invite-name"
          {...form.field('name')}
          {...readOnly('name')}
        />
      )}
      <TextField
        label={t.emailLabel}
        type="email"
        autoComplete="off"
        required
        maxLength={254}
        partName="invite-email"
        {...form.field('email')}
      />
      {looks.phoneNumber !== 'hidden' && (
        <TextField
          label={t.phoneLabel}
          type="tel"
          autoComplete="off"
          maxLength={INVITE_LIMITS.phoneNumber + 10}
          partName="invite-phone"
          {...form.field('phoneNumber')}
          {...readOnly('phoneNumber')}
        />
      )}
      <InviteRoles roles={roles} choice={choice} disabled={submit.busy} />
    </FormDialog>
  );
}
