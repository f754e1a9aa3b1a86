import { useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { TeamUser, UserSortField } from '../../../../core/api/team';
import { USERS_PAGE_SIZE } from '../../../../core/api/team';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { MANAGED_BY_SCIM, SCIM_DEACTIVATED, SCIM_MANAGED_USER } from '../../../../core/portal/scimManaged';
import { Button } from '../../../ui/Button';
import { ListTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Page } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { listData, useListPage } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, portalApis } from '../common/adminParts';
import { BULK_ADD_RELOAD_PAGE_SIZE, type UsersPreset } from '../../../../core/api/invitations';
import { BulkAddDialog, InviteLinkDialog, InviteUserDialog, useInvitationsApi } from './InviteDialogs';
import { tInvite } from './invitationTexts';
import { UserRolesDialog } from './UserDialogs';

const t = enPortal.portal.users;
const PAGE_SIZES = [10, 20, 50, 100];

const statusOf = (user: TeamUser): [string, BadgeTone] =>
  user.managedBy === 'scim2' && user.active === false
    ? [SCIM_DEACTIVATED, 'neutral']
    : user.isLocked
      ? [t.locked, 'danger']
      : user.invitationPending
        ? [tInvite.invitationPending, 'warning']
        : user.verified
          ? [t.active, 'success']
          : [t.pendingActivation, 'neutral'];

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
  const canInvite = canChangeRoles;
  const invitations = useInvitationsApi();
  const app = useAuthApp();
  const [dialog, setDialog] = useState<
    { kind: 'roles'; user: TeamUser } | { kind: 'invite' | 'bulk' | 'link' } | null
  >(null);
  const [preset, setPreset] = useState<UsersPreset | ''>('');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [resending, setResending] = useState<string | null>(null);
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
        })
        .then(listData),
    deps: [invitations, preset],
    initialSort: { by: 'name', order: 'ASC' },
    pageSize: USERS_PAGE_SIZE,
    enabled: allowed,
  });
  /** Spec 001 §4 "Delete user: dialog loading then closed; user removed from the list". */
  const remove = useConfirmAction<TeamUser>({
    run: (user) => portalApis(app).team.removeUser(user.id),
    done: list.reload,
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

  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.users} titleId="ae-portal-users-title" />;

  // A second press waits while a resend runs (the menu closes, so nothing is pressed twice by accident).
  async function unlock(user: TeamUser) {
    if (resending) return;
    setResending(`unlock:${user.id}`);
    setNotice(null);
    try {
      await portalApis(app).team.unlockUser(user.id);
      setNotice({ text: t.unlocked(user.name), error: false });
      list.reload();
    } catch (error) {
      setNotice({ text: errorMessage(error), error: true });
    } finally {
      setResending(null);
    }
  }

  async function resend(user: TeamUser, kind: 'invitation' | 'all' | 'activation') {
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
  const done = () => {
    setDialog(null);
    list.reload();
  };

  const columns: Array<Column<TeamUser, UserSortField>> = [
    {
      id: 'name',
      header: t.columns.name,
      sortBy: 'name',
      cell: (user) =>
        user.managedBy === 'scim2' ? (
          <>
            {`${user.name}${user.id === me?.id ? ` ${t.you}` : ''}`}{' '}
            <Badge partName="managed-by-scim" title={SCIM_MANAGED_USER}>
              {MANAGED_BY_SCIM}
            </Badge>
          </>
        ) : (
          `${user.name}${user.id === me?.id ? ` ${t.you}` : ''}`
        ),
    },
    { id: 'email', header: t.columns.email, sortBy: 'email', nowrap: true, cell: (user) => user.email },
    {
      id: 'roles',
      header: t.columns.roles,
      cell: (user) => user.roles.map((role) => role.name ?? role.key).join(', ') || '—',
    },
    {
      id: 'status',
      header: t.columns.status,
      part: 'user-status',
      nowrap: true,
      cell: (user) => {
        const [text, tone] = statusOf(user);
        return <Badge tone={tone}>{text}</Badge>;
      },
    },
    {
      id: 'provider',
      header: tInvite.columns.provider,
      sortBy: 'provider',
      part: 'user-provider',
      cell: (u) => u.provider,
    },
    {
      id: 'locked',
      header: tInvite.columns.locked,
      sortBy: 'isLocked',
      part: 'user-locked',
      cell: (u) => (u.isLocked ? tInvite.yes : tInvite.no),
    },
    {
      id: 'createdAt',
      header: t.columns.createdAt,
      sortBy: 'createdAt',
      nowrap: true,
      cell: (u) => formatDate(u.createdAt, t.never),
    },
    {
      id: 'lastLogin',
      header: t.columns.lastLogin,
      nowrap: true,
      cell: (u) => formatDate(u.lastLogin, t.never),
    },
  ];
  // The signed-in user has no actions on their own row.
  const actionsOf = (user: TeamUser) =>
    user.id === me?.id
      ? []
      : [
          canChangeRoles && {
            label: t.changeRoles,
            ariaLabel: t.changeRolesOf(user.name),
            part: 'change-roles',
            onSelect: () => setDialog({ kind: 'roles', user }),
          },
          canInvite &&
            !!user.invitationPending && {
              label: tInvite.resendInvitation,
              ariaLabel: tInvite.resendInvitationOf(user.name),
              part: 'resend-invitation',
              busy: resending === `invitation:${user.id}`,
              onSelect: () => void resend(user, 'invitation'),
            },
          canInvite &&
            !!user.invitationPending && {
              label: tInvite.resendAllTenants,
              ariaLabel: tInvite.resendAllTenantsOf(user.name),
              part: 'resend-invitation-all',
              busy: resending === `all:${user.id}`,
              onSelect: () => void resend(user, 'all'),
            },
          canInvite &&
            !user.invitationPending &&
            !user.verified && {
              label: tInvite.resendActivation,
              ariaLabel: tInvite.resendActivationOf(user.name),
              part: 'resend-activation',
              busy: resending === `activation:${user.id}`,
              onSelect: () => void resend(user, 'activation'),
            },
          canChangeRoles &&
            !!user.isLocked && {
              label: t.unlock,
              ariaLabel: t.unlockUser(user.name),
              part: 'unlock-user',
              busy: resending === `unlock:${user.id}`,
              onSelect: () => void unlock(user),
            },
          canChangeRoles &&
            !user.invitationPending && {
              label: t.signOut,
              ariaLabel: t.signOutUser(user.name),
              part: 'sign-out-user',
              onSelect: () => signOut.ask(user),
            },
          // A member the directory provisions is removed there (the server refuses it here too).
          canRemove && user.managedBy !== 'scim2' && remove.rowAction(user),
        ];

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
        filters={
          <SelectField
            label={tInvite.presetLabel}
            partName="users-preset"
            value={preset}
            options={[
              { value: '', label: tInvite.presets.all },
              { value: 'INACTIVE', label: tInvite.presets.INACTIVE },
              { value: 'MFA_UNENROLLED', label: tInvite.presets.MFA_UNENROLLED },
              { value: 'BREACHED_PASSWORDS', label: tInvite.presets.BREACHED_PASSWORDS },
              { value: 'NEVER_SIGNED_IN', label: tInvite.presets.NEVER_SIGNED_IN },
            ]}
            onChange={(event) => {
              setPreset(event.target.value as UsersPreset | '');
              list.restart();
            }}
          />
        }
        texts={{ empty: t.empty, loadFailed: t.loadFailed, total: t.total, pagination: t.paginationLabel }}
        totalPart="users-total"
        pageSizes={PAGE_SIZES}
        caption={enPortal.portal.pageTitles.users}
        columns={columns}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.name}
        rowActions={canChangeRoles || canRemove ? actionsOf : undefined}
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
      {dialog?.kind === 'roles' && (
        <UserRolesDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      )}
    </Page>
  );
}
