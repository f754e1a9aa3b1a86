import type { TeamUser } from '../../../../core/api/team';
import type { AuthApp } from '../../../../core/app';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { useChoice } from '../../../ui/CheckList';
import { ActionDialog, ConfirmDialog } from '../../../ui/ConfirmDialog';
import { portalApis, RolesChoice, useAssignableRoles } from '../common/adminParts';

const t = enPortal.portal.users;

interface UserDialogProps {
  user: TeamUser;
  onClose: () => void;
  onDone: () => void;
}

/** The two confirmed actions on a member: the texts and the call of each. */
const CONFIRMED = {
  /**
   * An admin ends a member's sessions in this account (POST users/sessions/v1/revoke): then the
   * member's refresh tokens here stop working; access tokens already issued run out.
   */
  signOut: {
    title: t.signOutTitle,
    body: t.signOutBody,
    confirmLabel: t.signOut,
    busyLabel: t.signingOut,
    call: (app: AuthApp, id: string) => portalApis(app).team.revokeSessions(id),
  },
  /** Spec 001 §4 "Delete user: dialog loading then closed; user removed from the list". */
  remove: {
    title: t.removeTitle,
    body: t.removeBody,
    confirmLabel: t.remove,
    busyLabel: t.removing,
    call: (app: AuthApp, id: string) => portalApis(app).team.removeUser(id),
  },
};

/** Sign a member out everywhere in this account, or remove the member, after a confirmation. */
export function ConfirmUserDialog({
  action,
  user,
  onClose,
  onDone,
}: UserDialogProps & { action: keyof typeof CONFIRMED }) {
  const app = useAuthApp();
  const { body, call, ...texts } = CONFIRMED[action];
  return (
    <ConfirmDialog
      {...texts}
      titleId={`ae-${action === 'remove' ? 'remove' : 'sign-out'}-user-title`}
      body={body(user.name, user.email)}
      onClose={onClose}
      onConfirm={async () => {
        await call(app, user.id);
        onDone();
      }}
    />
  );
}

/** Choose the roles a user holds in this account; an empty choice is allowed (spec 001 §5). */
export function UserRolesDialog({ user, onClose, onDone }: UserDialogProps) {
  const app = useAuthApp();
  const { roles, error } = useAssignableRoles();
  const choice = useChoice(user.roles.map((r) => r.id));
  return (
    <ActionDialog
      title={t.rolesTitle(user.name)}
      titleId="ae-user-roles-title"
      actionLabel={t.saveRoles}
      busyLabel={enPortal.portal.saving}
      error={error}
      disabled={roles === null}
      onClose={onClose}
      onAction={async () => {
        await portalApis(app).team.setUserRoles(
          user.id,
          user.roles.map((r) => r.id),
          [...choice.chosen],
        );
        onDone();
      }}
    >
      {(busy) => <RolesChoice roles={roles} choice={choice} disabled={busy} legend={t.rolesLegend} />}
    </ActionDialog>
  );
}
