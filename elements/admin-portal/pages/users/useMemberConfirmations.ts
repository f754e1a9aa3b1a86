import type { TeamUser } from '../../../../core/api/team';
import { MESSAGES } from '../../../../core/api/messages';
import { impersonateUser } from '../../../../core/store/auth/sessionThunks';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAuthApp } from '../../../shared/AppContext';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { portalApis } from '../common/adminParts';

const t = enPortal.portal.users;
const tAdmin = portalAdmin.users;

/** The permission the server asks of whoever impersonates (server/domain/impersonation.ts). */
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonate';

/** The users list's confirmed row actions: remove, sign out, impersonate. */
export function useMemberConfirmations(
  reload: () => void,
  setNotice: (notice: { text: string; error: boolean }) => void,
) {
  const app = useAuthApp();
  /** Spec 001 §4 "Delete user: dialog loading then closed; user removed from the list". */
  const remove = useConfirmAction<TeamUser>({
    run: (user) => portalApis(app).team.removeUser(user.id),
    done: reload,
    title: t.removeTitle,
    titleId: 'ae-remove-user-title',
    body: (user) => t.removeBody(user.name, user.email),
    confirmLabel: t.remove,
    busyLabel: t.removing,
    menu: { label: t.remove, ariaLabel: (user) => t.removeUser(user.name), part: 'remove-user' },
  });
  /**
   * An admin ends a member's sessions in this account (POST users/sessions/v1/revoke): then the
   * member's refresh tokens here stop working; access tokens already issued run out.
   */
  const signOut = useConfirmAction<TeamUser>({
    run: (user) => portalApis(app).team.revokeSessions(user.id),
    done: (user) => setNotice({ text: t.signedOut(user.name), error: false }),
    title: t.signOutTitle,
    titleId: 'ae-sign-out-user-title',
    body: (user) => t.signOutBody(user.name, user.email),
    confirmLabel: t.signOut,
    busyLabel: t.signingOut,
  });
  /**
   * Impersonate (spec 000 §4 "Impersonation: impersonating, success; then a 1 s pause, page
   * reload"): the impersonation thunk opens the member's session and after 1 s loads the
   * authenticated URL as them. A refusal (the server's, e.g. a member holding more permissions)
   * stays in the dialog; success says what happens next.
   */
  const impersonate = useConfirmAction<TeamUser>({
    run: async (user) => {
      const ok = await app.store.dispatch(impersonateUser({ userId: user.id }));
      if (!ok) throw new Error(app.store.getState().auth.recovery.impersonate.error ?? MESSAGES.generic);
    },
    done: () => setNotice({ text: en.session.impersonated, error: false }),
    title: tAdmin.impersonateTitle,
    titleId: 'ae-impersonate-user-title',
    body: (user) => tAdmin.impersonateBody(user.name, user.email),
    confirmLabel: tAdmin.impersonate,
    busyLabel: tAdmin.impersonating,
  });
  return { remove, signOut, impersonate };
}
