import type { TeamUser } from '../../../../core/api/team';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { useChoice } from '../../../ui/CheckList';
import { ActionDialog } from '../../../ui/ConfirmDialog';
import { portalApis, RolesChoice, useAssignableRoles } from '../common/adminParts';

const t = enPortal.portal.users;

interface UserDialogProps {
  user: TeamUser;
  onClose: () => void;
  onDone: () => void;
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
