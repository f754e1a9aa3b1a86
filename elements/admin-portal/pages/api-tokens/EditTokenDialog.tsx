import type { AssignableRole } from '../../../../core/api/team';
import type { ApiToken, ApiTokenKind, ApiTokensApi } from '../../../../core/portal/apiTokensApi';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useChoice } from '../../../ui/CheckList';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import { descriptionProblem, TokenDescriptionField, TokenRolesChoice } from './tokenFormParts';

const t = portalAdmin.apiTokens;

/** An existing token's description and (account tokens) roles; the secret and expiry stay. */
export function EditTokenDialog({
  api,
  kind,
  roles,
  token,
  onClose,
  onSaved,
}: {
  api: ApiTokensApi;
  kind: ApiTokenKind;
  roles: AssignableRole[];
  token: ApiToken;
  onClose: () => void;
  onSaved: (token: ApiToken) => void;
}) {
  const form = useFormFields({ description: token.description });
  const choice = useChoice(token.roleIds ?? []);
  const submit = useSubmit();
  const { description } = form.values;

  function onSubmit() {
    const valid = form.check({
      description: descriptionProblem(description),
    });
    if (!valid) return;
    void submit.run(async () =>
      onSaved(await api.update(token.id, { description, roleIds: [...choice.chosen] })),
    );
  }

  return (
    <FormDialog
      title={t.editTitle}
      titleId="ae-edit-token-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.save}
      busyLabel={t.saving}
    >
      <TokenDescriptionField form={form} />
      <TokenRolesChoice kind={kind} roles={roles} choice={choice} busy={submit.busy} />
    </FormDialog>
  );
}
