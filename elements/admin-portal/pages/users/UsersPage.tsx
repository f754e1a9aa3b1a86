import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { Page, SortOrder, TeamUser, UserSortField } from '../../../../core/api/team';
import { USERS_PAGE_SIZE } from '../../../../core/api/team';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { RemoveUserDialog, UserRolesDialog } from './UserDialogs';

const t = en.portal.users;
const SEARCH_DELAY_MS = 300;

const tableStyle = css({
  width: '100%', borderCollapse: 'collapse', fontSize: '0.95em',
  'th, td': { textAlign: 'left', padding: '8px 6px', borderBottom: '1px solid #d0d7de', verticalAlign: 'top' },
  th: { fontWeight: 600, whiteSpace: 'nowrap' },
});
const sortButtonStyle = css({
  font: 'inherit', fontWeight: 600, background: 'none', border: 'none', padding: 0, cursor: 'pointer', color: 'inherit',
  '&:focus-visible': { outline: '3px solid var(--ae-color-primary-light)', outlineOffset: '2px' },
});
const pagerStyle = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' });

/** The table's columns in order; those with `sortBy` sort on the server. */
const COLUMNS: Array<{ key: keyof typeof t.columns; sortBy?: UserSortField }> = [
  { key: 'name', sortBy: 'name' }, { key: 'email', sortBy: 'email' }, { key: 'roles' }, { key: 'status' },
  { key: 'createdAt', sortBy: 'createdAt' }, { key: 'lastLogin' },
];
const formatDate = (iso: string | null) => (iso ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)) : t.never);

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: Page<TeamUser> };

/** Users (spec 001 §2, §7): GET users v2, searched, sorted and paged by the server, 20 a page. */
export default function UsersPage(_props: PortalPageProps) {
  const app = useAuthApp();
  const me = useAppSelector(selectUser);
  const held = me?.permissions.map((p) => p.key) ?? [];
  const allowed = canReadPage('users', held);
  const canChangeRoles = hasPermission(held, 'fe.secure.write.users');
  const canRemove = hasPermission(held, 'fe.secure.delete.users');
  const [dialog, setDialog] = useState<{ kind: 'roles' | 'remove'; user: TeamUser } | null>(null);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ by: UserSortField; order: SortOrder }>({ by: 'name', order: 'ASC' });
  const [pageIndex, setPageIndex] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const captionId = useId();

  // Typing settles for a moment before the server is asked; a new search starts at the first page.
  useEffect(() => {
    const timer = setTimeout(() => { setFilter(search); setPageIndex(0); }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!allowed) return undefined;
    let live = true;
    setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    app.services.api.team.listUsers({ filter, sortBy: sort.by, order: sort.order, page: pageIndex, pageSize: USERS_PAGE_SIZE })
      .then((page) => { if (live) setLoad({ status: 'ready', page }); })
      .catch((error: unknown) => { if (live) setLoad({ status: 'error', message: errorMessage(error) }); });
    return () => { live = false; };
  }, [app, allowed, filter, sort, pageIndex, attempt]);

  if (!allowed) {
    return (
      <Card title={en.portal.pageTitles.users} titleId="ae-portal-users-title">
        <p css={mutedStyle} role="status">{en.portal.noPermission}</p>
      </Card>
    );
  }

  const toggleSort = (by: UserSortField) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPageIndex(0);
  };
  const ariaSort = (by: UserSortField) => (sort.by === by ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined);
  const pages = load.status === 'ready' ? Math.max(1, load.page._metadata.totalPages) : 1;

  return (
    <Card title={en.portal.pageTitles.users} titleId="ae-portal-users-title">
      <TextField label={t.searchLabel} type="search" value={search} maxLength={254} partName="users-search"
        onChange={(event) => setSearch(event.target.value)} />
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && (
        <div>
          <Alert>{`${t.loadFailed} ${load.message}`}</Alert>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>{en.portal.retry}</Button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <p css={mutedStyle} role="status" part="users-total">{t.total(load.page._metadata.totalItems)}</p>
          {load.page.items.length === 0 ? <p>{t.empty}</p> : (
            <div style={{ overflowX: 'auto' }}>
              <table css={tableStyle} part="users-table" aria-describedby={captionId}>
                <caption id={captionId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {en.portal.pageTitles.users}
                </caption>
                <thead>
                  <tr>
                    {COLUMNS.map(({ key, sortBy }) => (
                      <th key={key} scope="col" aria-sort={sortBy ? ariaSort(sortBy) : undefined}>
                        {sortBy ? (
                          <button type="button" css={sortButtonStyle} part={`sort-${sortBy}`} onClick={() => toggleSort(sortBy)} aria-label={t.sortBy(t.columns[key])}>
                            {t.columns[key]}{sort.by === sortBy ? (sort.order === 'ASC' ? ' ▲' : ' ▼') : ''}
                          </button>
                        ) : t.columns[key]}
                      </th>
                    ))}
                    {(canChangeRoles || canRemove) && <th scope="col">{t.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {load.page.items.map((user) => (
                    <tr key={user.id} part="user-row">
                      <td>{user.name}{user.id === me?.id ? ` ${t.you}` : ''}</td>
                      <td>{user.email}</td>
                      <td>{user.roles.map((role) => role.name ?? role.key).join(', ') || '—'}</td>
                      <td>{user.isLocked ? t.locked : user.verified ? t.active : t.pendingActivation}</td>
                      <td>{formatDate(user.createdAt)}</td>
                      <td>{formatDate(user.lastLogin)}</td>
                      {(canChangeRoles || canRemove) && (
                        <td>
                          {user.id !== me?.id && (
                            <span style={{ display: 'inline-flex', gap: 6 }}>
                              {canChangeRoles && (
                                <Button variant="link" partName="change-roles" aria-label={t.changeRolesOf(user.name)} onClick={() => setDialog({ kind: 'roles', user })}>
                                  {t.changeRoles}
                                </Button>
                              )}
                              {canRemove && (
                                <Button variant="link" partName="remove-user" aria-label={t.removeUser(user.name)} onClick={() => setDialog({ kind: 'remove', user })}>
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
            <Button variant="secondary" partName="previous-page" disabled={pageIndex === 0} onClick={() => setPageIndex((p) => p - 1)}>{t.previous}</Button>
            <span part="page-indicator">{t.page(pageIndex + 1, pages)}</span>
            <Button variant="secondary" partName="next-page" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex((p) => p + 1)}>{t.next}</Button>
          </nav>
        </>
      )}
      {dialog?.kind === 'remove' && (
        <RemoveUserDialog user={dialog.user} onClose={() => setDialog(null)} onDone={() => { setDialog(null); setAttempt((n) => n + 1); }} />
      )}
      {dialog?.kind === 'roles' && (
        <UserRolesDialog user={dialog.user} onClose={() => setDialog(null)} onDone={() => { setDialog(null); setAttempt((n) => n + 1); }} />
      )}
    </Card>
  );
}
