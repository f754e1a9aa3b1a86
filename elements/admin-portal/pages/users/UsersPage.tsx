import { useState } from 'react';
import type { TeamUser, UserSortField } from '../../../../core/api/team';
import { USERS_PAGE_SIZE } from '../../../../core/api/team';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/DataTable';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page } from '../../../ui/Page';
import { listData, useListPage } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission } from '../common/adminParts';
import { BULK_ADD_RELOAD_PAGE_SIZE, type UsersPreset } from '../../../../core/api/invitations';
import { BulkAddDialog } from './BulkAddDialog';
import { useInvitationsApi } from './invitationHooks';
import { InviteLinkDialog } from './InviteLinkDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { tInvite } from './invitationTexts';
import { UserRolesDialog } from './UserDialogs';
import { useUserCalls } from './useUserCalls';
import { IMPERSONATE_PERMISSION, useMemberConfirmations } from './useMemberConfirmations';
import { UsersFilters, useSubAccountUsers } from './usersFilters';
import { userColumns, userRowActions } from './userColumns';

const t = enPortal.portal.users;
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Users (spec 001 §2, §7): GET users v3, searched, sorted, filtered by preset and paged by the
 * server, 20 a page (10 after a bulk add, spec 001 §4); invite, bulk add, resend, invite link.
 */
export default function UsersPage(_props: PortalPageProps) {
  const me = useAppSelector(selectUser);
  const held = me?.permissions.map((p) => p.key) ?? [];
  const allowed = canReadPage('users', held);
  const canChangeRoles = hasPermission(held, 'fe.secure.write.users');
  const canRemove = hasPermission(held, 'fe.secure.delete.users');
  const canImpersonate = hasPermission(held, IMPERSONATE_PERMISSION);
  const canInvite = canChangeRoles;
  const invitations = useInvitationsApi();
  const [dialog, setDialog] = useState<
    { kind: 'roles'; user: TeamUser } | { kind: 'invite' | 'bulk' | 'link' } | null
  >(null);
  const [preset, setPreset] = useState<UsersPreset | ''>('');
  const sub = useSubAccountUsers(held);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const list = useListPage<TeamUser, UserSortField>({
    fetch: (query) =>
      invitations
        .listUsersV3({
          filter: query.filter,
          sortBy: query.sortBy,
          order: query.order,
          page: query.page,
          pageSize: query.pageSize,
          ...(preset ? { preset } : {}),
          ...(sub.included ? { includeSubTenants: true } : {}),
        })
        .then(listData),
    deps: [invitations, preset, sub.included],
    initialSort: { by: 'name', order: 'ASC' },
    pageSize: USERS_PAGE_SIZE,
    enabled: allowed,
  });
  const { remove, signOut, impersonate } = useMemberConfirmations(list.reload, setNotice);
  const calls = useUserCalls(invitations, list.reload, setNotice);

  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.users} titleId="ae-portal-users-title" />;

  const done = () => {
    setDialog(null);
    list.reload();
  };

  const columns = sub.included ? [...userColumns(me?.id), sub.column] : userColumns(me?.id);
  const { resending, unlock, resend } = calls;
  const actionsOf = (user: TeamUser) =>
    userRowActions(user, {
      meId: me?.id,
      canChangeRoles,
      canInvite,
      canRemove,
      canImpersonate,
      resending,
      changeRoles: () => setDialog({ kind: 'roles', user }),
      resend: (kind) => void resend(user, kind),
      unlock: () => void unlock(user),
      signOut: () => signOut.ask(user),
      impersonate: () => impersonate.ask(user),
      remove: () => remove.rowAction(user),
    });

  return (
    <Page
      title={enPortal.portal.pageTitles.users}
      titleId="ae-portal-users-title"
      actions={
        canInvite && (
          <>
            <Button variant="secondary" partName="invite-link" onClick={() => setDialog({ kind: 'link' })}>
              {tInvite.inviteLink}
            </Button>
            <Button variant="secondary" partName="bulk-add" onClick={() => setDialog({ kind: 'bulk' })}>
              {tInvite.bulkAdd}
            </Button>
            <Button partName="invite-user" onClick={() => setDialog({ kind: 'invite' })}>
              {tInvite.inviteUser}
            </Button>
          </>
        )
      }
    >
      {notice &&
        (notice.error ? (
          <Alert>{notice.text}</Alert>
        ) : (
          <InlineStatus partName="users-notice">{notice.text}</InlineStatus>
        ))}
      <ListTable
        list={list}
        sortable
        search={{ label: t.searchLabel, part: 'users-search', maxLength: 254 }}
        filters={<UsersFilters preset={preset} setPreset={setPreset} sub={sub} restart={list.restart} />}
        texts={{ empty: t.empty, loadFailed: t.loadFailed, total: t.total, pagination: t.paginationLabel }}
        totalPart="users-total"
        pageSizes={PAGE_SIZES}
        caption={enPortal.portal.pageTitles.users}
        columns={columns}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.name}
        rowActions={canChangeRoles || canRemove || canImpersonate ? actionsOf : undefined}
        tablePart="users-table"
        rowPart="user-row"
      />
      {dialog?.kind === 'invite' && (
        <InviteUserDialog
          onClose={() => setDialog(null)}
          onInvited={(email) => {
            setDialog(null);
            setNotice({ text: tInvite.sent(email), error: false });
            list.reload();
          }}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkAddDialog
          onClose={() => setDialog(null)}
          onFinished={() => {
            list.setPageSize(BULK_ADD_RELOAD_PAGE_SIZE);
            list.reload();
          }}
        />
      )}
      {dialog?.kind === 'link' && <InviteLinkDialog onClose={() => setDialog(null)} />}
      {remove.dialog}
      {signOut.dialog}
      {impersonate.dialog}
      {dialog?.kind === 'roles' && (
        <UserRolesDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      )}
    </Page>
  );
}
