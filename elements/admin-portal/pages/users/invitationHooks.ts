import { useMemo } from 'react';
import { createInvitationsApi } from '../../../../core/api/invitations';
import { useAuthApp } from '../../../shared/AppContext';
import { useChoice } from '../../../ui/CheckList';
import { tInvite as t } from './invitationTexts';
import { useAssignableRoles } from '../common/adminParts';

/** The invitation calls, on the portal's client (request source admin-portal). */
export function useInvitationsApi() {
  const app = useAuthApp();
  return useMemo(() => createInvitationsApi(app.services.api.http.withRequestSource('admin-portal')), [app]);
}

/** The roles an admin can give (a failure says so above the form), and the choice among them. */
export function useRolesChoice() {
  const { roles, error } = useAssignableRoles();
  const choice = useChoice([]);
  return { roles, choice, rolesError: error && `${t.rolesFailed} ${error}` };
}
