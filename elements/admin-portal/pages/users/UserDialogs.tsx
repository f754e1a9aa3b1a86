import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { AssignableRole, TeamUser } from '../../../../core/api/team';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/Spinner';
import { mutedStyle } from '../../../ui/styles';
import { portalApis } from '../common/adminParts';

const t = enPortal.portal.users;
const fieldsetStyle = css({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  legend: { fontWeight: 600, marginBottom: '4px' },
});

interface UserDialogProps {
  user: TeamUser;
  onClose: () => void;
  onDone: () => void;
}

/**
 * An admin ends a member's sessions in this account (POST users/sessions/v1/revoke): a confirmation,
 * then the member's refresh tokens here stop working; access tokens already issued run out.
 */
export function SignOutUserDialog({ user, onClose, onDone }: UserDialogProps) {
  const app = useAuthApp();
  return (
    <ConfirmDialog
      title={t.signOutTitle}
      titleId="ae-sign-out-user-title"
      body={t.signOutBody(user.name, user.email)}
      confirmLabel={t.signOut}
      busyLabel={t.signingOut}
      onClose={onClose}
      onConfirm={async () => {
        await portalApis(app).team.revokeSessions(user.id);
        onDone();
      }}
    />
  );
}

/** Spec 001 §4 "Delete user: dialog loading then closed; user removed from the list". */
export function RemoveUserDialog({ user, onClose, onDone }: UserDialogProps) {
  const app = useAuthApp();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function remove() {
    setState({ busy: true, error: null });
    try {
      await portalApis(app).team.removeUser(user.id);
      onDone();
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }
  return (
    <Dialog title={t.removeTitle} titleId="ae-remove-user-title" busy={state.busy} onClose={onClose}>
      {state.error && <Alert>{state.error}</Alert>}
      <p>{t.removeBody(user.name, user.email)}</p>
      <DialogActions onCancel={onClose} busy={state.busy} busyLabel={t.removing} onClick={remove}>
        {t.remove}
      </DialogActions>
    </Dialog>
  );
}

/** Choose the roles a user holds in this account; an empty choice is allowed (spec 001 §5). */
export function UserRolesDialog({ user, onClose, onDone }: UserDialogProps) {
  const app = useAuthApp();
  const [roles, setRoles] = useState<AssignableRole[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(user.roles.map((r) => r.id)));
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => {
    let live = true;
    portalApis(app)
      .team.listRoles()
      .then((list) => {
        if (live) setRoles(list);
      })
      .catch((error: unknown) => {
        if (live) {
          setRoles([]);
          setState({ busy: false, error: errorMessage(error) });
        }
      });
    return () => {
      live = false;
    };
  }, [app]);

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function save() {
    setState({ busy: true, error: null });
    try {
      await portalApis(app).team.setUserRoles(
        user.id,
        user.roles.map((r) => r.id),
        [...chosen],
      );
      onDone();
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }

  return (
    <Dialog title={t.rolesTitle(user.name)} titleId="ae-user-roles-title" busy={state.busy} onClose={onClose}>
      {state.error && <Alert>{state.error}</Alert>}
      {roles === null ? (
        <Spinner label={en.common.loading} />
      ) : (
        <fieldset css={fieldsetStyle} part="roles-choice">
          <legend>{t.rolesLegend}</legend>
          {roles.map((role) => (
            <label key={role.id}>
              <input
                type="checkbox"
                checked={chosen.has(role.id)}
                onChange={() => toggle(role.id)}
                disabled={state.busy}
              />{' '}
              {role.name}
              {role.description ? <span css={mutedStyle}> — {role.description}</span> : null}
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions
        onCancel={onClose}
        busy={state.busy}
        busyLabel={enPortal.portal.saving}
        disabled={roles === null}
        onClick={save}
      >
        {t.saveRoles}
      </DialogActions>
    </Dialog>
  );
}
