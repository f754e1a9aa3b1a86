import { type ComponentProps } from 'react';
import { tInvite as t } from './invitationTexts';
import { RolesChoice } from '../common/adminParts';

/** The roles of an invitation: the account's roles as a checklist. */
export function InviteRoles({
  roles,
  choice,
  disabled,
}: Omit<ComponentProps<typeof RolesChoice>, 'legend' | 'empty'>) {
  return (
    <RolesChoice roles={roles} choice={choice} disabled={disabled} legend={t.rolesLegend} empty={t.noRoles} />
  );
}
