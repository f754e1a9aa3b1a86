import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { Page, SortOrder, TeamUser, UserSortField } from '../../../../core/api/team';
import { USERS_PAGE_SIZE } from '../../../../core/api/team';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { SelectField } from '../../../ui/SelectField';
import { BULK_ADD_RELOAD_PAGE_SIZE, type UsersPreset } from '../../../../core/api/invitations';
import { BulkAddDialog, InviteLinkDialog, InviteUserDialog, useInvitationsApi } from './InviteDialogs';
import { tInvite } from './invitationTexts';
import { RemoveUserDialog, SignOutUserDialog, UserRolesDialog } from './UserDialogs';

const t = enPortal.portal.users;
const SEARCH_DELAY_MS = 300;

const tableStyle = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.95em',
  'th, td': {
    textAlign: 'left',
    padding: '8px 6px',
    borderBottom: '1px solid #d0d7de',
    verticalAlign: 'top',
  },
  th: { fontWeight: 600, whiteSpace: 'nowrap' },
});
const sortButtonStyle = css({
  font: 'inherit',
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  color: 'inherit',
  '&:focus-visible': { outline: '3px solid var(--ae-color-primary-light)', outlineOffset: '2px' },
});
const pagerStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '8px',
  flexWrap: 'wrap',
});
const toolbarStyle = css({ display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'flex-end' });

/** The table's columns in order; those with `sortBy` sort on the server. */
const COLUMNS: Array<{ key: keyof typeof t.columns | keyof typeof tInvite.columns; sortBy?: UserSortField }> =
  [
    { key: 'name', sortBy: 'name' },
    { key: 'email', sortBy: 'email' },
    { key: 'roles' },
    { key: 'status' },
    { key: 'provider', sortBy: 'provider' },
    { key: 'locked', sortBy: 'isLocked' },
    { key: 'createdAt', sortBy: 'createdAt' },
    { key: 'lastLogin' },
  ];
const columnLabel = (key: (typeof COLUMNS)[number]['key']) =>
  key in t.columns
    ? t.columns[key as keyof typeof t.columns]
    : tInvite.columns[key as keyof typeof tInvite.columns];
const statusOf = (user: TeamUser) =>
  user.isLocked
    ? t.locked
    : user.invitationPending
      ? tInvite.invitationPending
      : user.verified
        ? t.active
        : t.pendingActivation;
const formatDate = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)) : t.never;

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: Page<TeamUser> };

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
  const [dialog, setDialog] = useState<
    { kind: 'roles' | 'remove' | 'signOut'; user: TeamUser } | { kind: 'invite' | 'bulk' | 'link' } | null
  >(null);
  const [preset, setPreset] = useState<UsersPreset | ''>('');
  const [pageSize, setPageSize] = useState(USERS_PAGE_SIZE);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [resending, setResending] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ by: UserSortField; order: SortOrder }>({ by: 'name', order: 'ASC' });
  const [pageIndex, setPageIndex] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const captionId = useId();

  // Typing settles for a moment before the server is asked; a new search starts at the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(search);
      setPageIndex(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!allowed) return undefined;
    let live = true;
    setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    invitations
      .listUsersV3({
        filter,
        sortBy: sort.by,
        order: sort.order,
        page: pageIndex,
        pageSize,
        ...(preset ? { preset } : {}),
      })
      .then((page) => {
        if (live) setLoad({ status: 'ready', page });
      })
      .catch((error: unknown) => {
        if (live) setLoad({ status: 'error', message: errorMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [invitations, allowed, filter, sort, pageIndex, pageSize, preset, attempt]);

  if (!allowed) {
    return (
      <Card title={enPortal.portal.pageTitles.users} titleId="ae-portal-users-title">
        <p css={mutedStyle} role="status">
          {enPortal.portal.noPermission}
        </p>
      </Card>
    );
  }

  const toggleSort = (by: UserSortField) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPageIndex(0);
  };
  // The buttons stay enabled (a disabled button would drop keyboard focus); a second press waits.
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
  const reload = () => setAttempt((n) => n + 1);
  const ariaSort = (by: UserSortField) =>
    sort.by === by ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined;
  const pages = load.status === 'ready' ? Math.max(1, load.page._metadata.totalPages) : 1;

  return (
    <Card title={enPortal.portal.pageTitles.users} titleId="ae-portal-users-title">
      {canInvite && (
        <div css={toolbarStyle}>
          <Button partName="invite-user" onClick={() => setDialog({ kind: 'invite' })}>
            {tInvite.inviteUser}
          </Button>
          <Button variant="secondary" partName="bulk-add" onClick={() => setDialog({ kind: 'bulk' })}>
            {tInvite.bulkAdd}
          </Button>
          <Button variant="secondary" partName="invite-link" onClick={() => setDialog({ kind: 'link' })}>
            {tInvite.inviteLink}
          </Button>
        </div>
      )}
      {notice &&
        (notice.error ? (
          <Alert>{notice.text}</Alert>
        ) : (
          <p role="status" part="users-notice">
            {notice.text}
          </p>
        ))}
      <div css={toolbarStyle}>
        <div style={{ flex: '1 1 240px' }}>
          <TextField
            label={t.searchLabel}
            type="search"
            value={search}
            maxLength={254}
            partName="users-search"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label={tInvite.presetLabel}
          partName="users-preset"
          value={preset}
          options={[
            { value: '', label: tInvite.presets.all },
            { value: 'INACTIVE', label: tInvite.presets.INACTIVE },
            { value: 'MFA_UNENROLLED', label: tInvite.presets.MFA_UNENROLLED },
          ]}
          onChange={(event) => {
            setPreset(event.target.value as UsersPreset | '');
            setPageIndex(0);
          }}
        />
      </div>
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && (
        <div>
          <Alert>{`${t.loadFailed} ${load.message}`}</Alert>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {enPortal.portal.retry}
          </Button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <p css={mutedStyle} role="status" part="users-total">
            {t.total(load.page._metadata.totalItems)}
          </p>
          {load.page.items.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            <div style={{ overflowX: 'auto' }}>
              <table css={tableStyle} part="users-table" aria-describedby={captionId}>
                <caption
                  id={captionId}
                  style={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {enPortal.portal.pageTitles.users}
                </caption>
                <thead>
                  <tr>
                    {COLUMNS.map(({ key, sortBy }) => (
                      <th key={key} scope="col" aria-sort={sortBy ? ariaSort(sortBy) : undefined}>
                        {sortBy ? (
                          <button
                            type="button"
                            css={sortButtonStyle}
                            part={`sort-${sortBy}`}
                            onClick={() => toggleSort(sortBy)}
                            aria-label={t.sortBy(columnLabel(key))}
                          >
                            {columnLabel(key)}
                            {sort.by === sortBy ? (sort.order === 'ASC' ? ' ▲' : ' ▼') : ''}
                          </button>
                        ) : (
                          columnLabel(key)
                        )}
                      </th>
                    ))}
                    {(canChangeRoles || canRemove) && <th scope="col">{t.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {load.page.items.map((user) => (
                    <tr key={user.id} part="user-row">
                      <td>
                        {user.name}
                        {user.id === me?.id ? ` ${t.you}` : ''}
                      </td>
                      <td>{user.email}</td>
                      <td>{user.roles.map((role) => role.name ?? role.key).join(', ') || '—'}</td>
                      <td part="user-status">{statusOf(user)}</td>
                      <td part="user-provider">{user.provider}</td>
                      <td part="user-locked">{user.isLocked ? tInvite.yes : tInvite.no}</td>
                      <td>{formatDate(user.createdAt)}</td>
                      <td>{formatDate(user.lastLogin)}</td>
                      {(canChangeRoles || canRemove) && (
                        <td>
                          {user.id !== me?.id && (
                            <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
                              {canChangeRoles && (
                                <Button
                                  variant="link"
                                  partName="change-roles"
                                  aria-label={t.changeRolesOf(user.name)}
                                  onClick={() => setDialog({ kind: 'roles', user })}
                                >
                                  {t.changeRoles}
                                </Button>
                              )}
                              {canInvite && user.invitationPending && (
                                <>
                                  <Button
                                    variant="link"
                                    partName="resend-invitation"
                                    aria-label={tInvite.resendInvitationOf(user.name)}
                                    aria-busy={resending === `invitation:${user.id}` || undefined}
                                    onClick={() => void resend(user, 'invitation')}
                                  >
                                    {tInvite.resendInvitation}
                                  </Button>
                                  <Button
                                    variant="link"
                                    partName="resend-invitation-all"
                                    aria-label={tInvite.resendAllTenantsOf(user.name)}
                                    aria-busy={resending === `all:${user.id}` || undefined}
                                    onClick={() => void resend(user, 'all')}
                                  >
                                    {tInvite.resendAllTenants}
                                  </Button>
                                </>
                              )}
                              {canInvite && !user.invitationPending && !user.verified && (
                                <Button
                                  variant="link"
                                  partName="resend-activation"
                                  aria-label={tInvite.resendActivationOf(user.name)}
                                  aria-busy={resending === `activation:${user.id}` || undefined}
                                  onClick={() => void resend(user, 'activation')}
                                >
                                  {tInvite.resendActivation}
                                </Button>
                              )}
                              {canChangeRoles && !user.invitationPending && (
                                <Button
                                  variant="link"
                                  partName="sign-out-user"
                                  aria-label={t.signOutUser(user.name)}
                                  onClick={() => setDialog({ kind: 'signOut', user })}
                                >
                                  {t.signOut}
                                </Button>
                              )}
                              {canRemove && (
                                <Button
                                  variant="link"
                                  partName="remove-user"
                                  aria-label={t.removeUser(user.name)}
                                  onClick={() => setDialog({ kind: 'remove', user })}
                                >
                                  {t.remove}
                                </Button>
                              )}
                            </span>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label={t.paginationLabel} css={pagerStyle}>
            <Button
              variant="secondary"
              partName="previous-page"
              disabled={pageIndex === 0}
              onClick={() => setPageIndex((p) => p - 1)}
            >
              {t.previous}
            </Button>
            <span part="page-indicator">{t.page(pageIndex + 1, pages)}</span>
            <Button
              variant="secondary"
              partName="next-page"
              disabled={pageIndex + 1 >= pages}
              onClick={() => setPageIndex((p) => p + 1)}
            >
              {t.next}
            </Button>
          </nav>
        </>
      )}
      {dialog?.kind === 'invite' && (
        <InviteUserDialog
          onClose={() => setDialog(null)}
          onInvited={(email) => {
            setDialog(null);
            setNotice({ text: tInvite.sent(email), error: false });
            reload();
          }}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkAddDialog
          onClose={() => setDialog(null)}
          onFinished={() => {
            setPageIndex(0);
            setPageSize(BULK_ADD_RELOAD_PAGE_SIZE);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'link' && <InviteLinkDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remove' && (
        <RemoveUserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {dialog?.kind === 'signOut' && (
        <SignOutUserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={() => {
            setNotice({ text: t.signedOut(dialog.user.name), error: false });
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'roles' && (
        <UserRolesDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </Card>
  );
}
