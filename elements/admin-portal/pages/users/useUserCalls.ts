import { useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { TeamUser } from '../../../../core/api/team';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { portalApis } from '../common/adminParts';
import type { useInvitationsApi } from './invitationHooks';
import { tInvite } from './invitationTexts';

const t = enPortal.portal.users;

export type ResendKind = 'invitation' | 'all' | 'activation';

/**
 * A user row's calls that answer with a notice: unlock, and resend an invitation or an activation
 * e-mail. `resending` names the call that runs (`kind:userId`).
 */
export function useUserCalls(
  invitations: ReturnType<typeof useInvitationsApi>,
  reload: () => void,
  setNotice: (notice: { text: string; error: boolean } | null) => void,
) {
  const app = useAuthApp();
  const [resending, setResending] = useState<string | null>(null);
  // A second press waits while a resend runs (the menu closes, so nothing is pressed twice by accident).
  async function unlock(user: TeamUser) {
    if (resending) return;
    setResending(`unlock:${user.id}`);
    setNotice(null);
    try {
      await portalApis(app).team.unlockUser(user.id);
      setNotice({ text: t.unlocked(user.name), error: false });
      reload();
    } catch (error) {
      setNotice({ text: errorMessage(error), error: true });
    } finally {
      setResending(null);
    }
  }

  async function resend(user: TeamUser, kind: ResendKind) {
    if (resending) return;
    setResending(`${kind}:${user.id}`);
    setNotice(null);
    try {
      if (kind === 'invitation') await invitations.resendInvitation(user.id);
      else if (kind === 'all') await invitations.resendInvitationToAllTenants(user.id);
      else await invitations.resendActivation(user.email);
      setNotice({ text: tInvite.resent(user.email), error: false });
    } catch (error) {
      setNotice({ text: errorMessage(error), error: true });
    } finally {
      setResending(null);
    }
  }
  return { resending, unlock, resend };
}
