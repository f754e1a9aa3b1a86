import type { AssignableRole } from '../../../../core/api/team';
import { MAX_TOKEN_DESCRIPTION } from '../../../../core/contract/requests-tokens';
import type { ApiTokenKind } from '../../../../core/portal/apiTokensApi';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import type { useChoice } from '../../../ui/CheckList';
import { TextField } from '../../../ui/TextField';
import type { useFormFields } from '../../../ui/useFormFields';
import { RolesChoice } from '../common/adminParts';

/**
 * What the add and edit dialogs of an API token share: the description field with its rule, and an
 * account token's roles.
 */
const t = portalAdmin.apiTokens;

/** The description's problem, if any (the contract's bounds: not blank, at most 200 characters). */
export function descriptionProblem(description: string): string | null {
  if (!description.trim()) return t.descriptionRequired;
  return description.trim().length > MAX_TOKEN_DESCRIPTION ? t.tooLong(MAX_TOKEN_DESCRIPTION) : null;
}

type Fields = ReturnType<typeof useFormFields<'description'>>;

export function TokenDescriptionField({ form }: { form: Pick<Fields, 'field'> }) {
  return (
    <TextField
      label={t.description}
      maxLength={MAX_TOKEN_DESCRIPTION * 2}
      partName="token-description"
      autoComplete="off"
      {...form.field('description')}
    />
  );
}

/** An account token's roles; a personal token carries its creator's. */
export function TokenRolesChoice({
  kind,
  roles,
  choice,
  busy,
}: {
  kind: ApiTokenKind;
  roles: AssignableRole[];
  choice: ReturnType<typeof useChoice>;
  busy: boolean;
}) {
  if (kind !== 'tenant') return null;
  return (
    <RolesChoice roles={roles} choice={choice} disabled={busy} legend={t.rolesLegend} describe={false} />
  );
}
