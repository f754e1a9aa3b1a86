import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { AssignableRole } from '../../../../core/api/team';
import { type SubAccount, type SubAccountUser } from '../../../../core/tenants/api';
import { en } from '../../../i18n/en';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useActions } from '../../../ui/useSubmit';
import { portalApis } from '../common/adminParts';
import { addMember, AddAccountUserForm } from './AddAccountUserForm';
import { type Api, listStyle, t } from './accountsParts';
import { AccountUserItem } from './AccountUserItem';

type UsersLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: SubAccountUser[]; total: number };

/** A sub-account's users (10 a page), their role there and their access, changed one at a time. */
export function AccountUsersDialog({
  api,
  account,
  canWrite,
  onClose,
}: {
  api: Api;
  account: SubAccount;
  canWrite: boolean;
  onClose: () => void;
}) {
  const app = useAuthApp();
  const [load, setLoad] = useState<UsersLoad>({ status: 'loading' });
  const [roles, setRoles] = useState<AssignableRole[]>([]);
  const changes = useActions();
  const { busy, error } = changes;
  // The member a writer asked to remove: the dialog asks first, in place of the list.
  const [removing, setRemoving] = useState<SubAccountUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const fetchPage = useCallback(
    async (offset: number) => {
      try {
        const page = await api.users(account.tenantId, offset);
        setLoad((current) => ({
          status: 'ready',
          // A member who joined between two pages could come twice: keep the first copy.
          items: [...(offset > 0 && current.status === 'ready' ? current.items : []), ...page.items].filter(
            (u, i, all) => all.findIndex((x) => x.id === u.id) === i,
          ),
          total: page._metadata.totalItems,
        }));
      } catch (failure) {
        setLoad({ status: 'error', message: errorMessage(failure) });
      }
    },
    [api, account.tenantId],
  );

  useEffect(() => {
    void fetchPage(0);
    if (canWrite)
      portalApis(app)
        .team.listRoles()
        .then(setRoles)
        .catch(() => setRoles([]));
  }, [app, canWrite, fetchPage]);

  const replace = (user: SubAccountUser) =>
    setLoad((current) =>
      current.status === 'ready'
        ? { ...current, items: current.items.map((u) => (u.id === user.id ? user : u)) }
        : current,
    );

  // Controls stay enabled while a change is saved (disabling them would drop the keyboard focus out
  // of the dialog); a second change of the same member waits for the first.
  async function change(user: SubAccountUser, action: () => Promise<SubAccountUser>) {
    if (busy === user.id) return;
    await changes.run(user.id, async () => replace(await action()));
  }

  return (
    <Dialog title={t.usersTitle(account.name)} titleId="ae-account-users-title" onClose={onClose}>
      {canWrite && (
        <AddAccountUserForm
          roles={roles}
          onAdd={async (body, alsoBelow) => {
            const below = await addMember(api, account.tenantId, body, alsoBelow);
            await fetchPage(0);
            return below;
          }}
        />
      )}
      {error && <Alert>{error}</Alert>}
      {notice && !removing && (
        <p role="status" tabIndex={-1} ref={noticeRef} part="account-users-notice">
          {notice}
        </p>
      )}
      {removing && (
        <div part="remove-member-confirm">
          <strong>{portalAdmin.subAccounts.removeTitle}</strong>
          <p>{portalAdmin.subAccounts.removeBody(removing.name, account.name)}</p>
          <DialogActions
            onCancel={() => {
              setRemoving(null);
              opener.current?.focus();
            }}
            busy={busy === removing.id}
            busyLabel={portalAdmin.subAccounts.removing}
            autoFocus
            onClick={() =>
              void changes.run(removing.id, async () => {
                await api.removeUser(account.tenantId, removing.id);
                setRemoving(null);
                setNotice(portalAdmin.subAccounts.removed(removing.name));
                await fetchPage(0);
              })
            }
          >
            {portalAdmin.subAccounts.remove}
          </DialogActions>
        </div>
      )}
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && <Alert>{`${t.loadFailed} ${load.message}`}</Alert>}
      {load.status === 'ready' && load.items.length === 0 && <p part="account-users-empty">{t.noUsers}</p>}
      {load.status === 'ready' && load.items.length > 0 && (
        <ul css={listStyle} part="account-users">
          {load.items.map((user) => (
            <AccountUserItem
              key={user.id}
              api={api}
              tenantId={account.tenantId}
              user={user}
              roles={roles}
              canWrite={canWrite}
              busy={busy === user.id}
              onChange={(action) => void change(user, action)}
              onRemove={(button) => {
                opener.current = button;
                setNotice(null);
                setRemoving(user);
              }}
            />
          ))}
        </ul>
      )}
      {load.status === 'ready' && load.items.length < load.total && (
        <Button
          variant="secondary"
          partName="load-more-users"
          onClick={() => void fetchPage(load.items.length)}
        >
          {t.loadMoreUsers}
        </Button>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="secondary" partName="close-dialog" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </Dialog>
  );
}
