import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import {
  createRolesApi,
  ROLES_PAGE_SIZE,
  type Permission,
  type Role,
  type RoleSortField,
} from '../../../../core/portal/rolesApi';
import type { SortOrder } from '../../../../core/api/team';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import {
  ConfirmDeleteDialog,
  LoadState,
  NoPermission,
  Pager,
  rowActionsStyle,
  tableStyle,
  toolbarStyle,
  useLoad,
  usePageApi,
  usePermissions,
  visuallyHidden,
} from '../common/adminParts';
import {
  groupByCategory,
  PermissionRolesDialog,
  RoleDialog,
  RolePermissionsDialog,
  type Catalogue,
} from './RoleDialogs';

const t = portalAdmin.roles;
const a = portalAdmin.common;
const SEARCH_DELAY_MS = 300;
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
const badgeStyle = css({
  fontSize: '0.8em',
  padding: '1px 6px',
  borderRadius: '8px',
  background: '#eef1f6',
  marginLeft: '6px',
  whiteSpace: 'nowrap',
});
const sectionTitleStyle = css({ fontSize: '1.1em', fontWeight: 600, margin: '8px 0 0' });
const categoryTitleStyle = css({ fontSize: '1em', fontWeight: 600, margin: '8px 0 4px' });

type DialogState =
  | { kind: 'add' }
  | { kind: 'edit'; role: Role }
  | { kind: 'permissions'; role: Role }
  | { kind: 'delete'; role: Role }
  | { kind: 'permissionRoles'; permission: Permission };

/**
 * Roles and permissions (spec 001 §6, §7): the account's roles paged, searched and sorted by the
 * server; add, edit, delete and choose permissions for the account's own roles; and the permission
 * catalogue by category, each permission attachable to several roles at once.
 */
export default function RolesPage(_props: PortalPageProps) {
  const api = usePageApi(createRolesApi);
  const { held, can, canRead } = usePermissions();
  const allowed = canRead('roles');
  const canWrite = can('fe.secure.write.roles');
  const canDelete = can('fe.secure.delete.roles');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ by: RoleSortField; order: SortOrder }>({ by: 'name', order: 'ASC' });
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const captionId = useId();

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(search);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const roles = useLoad(
    () => api.list({ filter, sortBy: sort.by, order: sort.order, page, pageSize: ROLES_PAGE_SIZE }),
    [api, filter, sort, page],
    allowed,
  );
  // The whole catalogue and every role (for "attach a permission to several roles").
  const catalogue = useLoad(
    async (): Promise<Catalogue & { roles: Role[] }> => {
      const [permissions, categories, all] = await Promise.all([
        api.permissions(),
        api.categories(),
        api.list({ pageSize: 200 }),
      ]);
      return { permissions, categories, roles: all.items };
    },
    [api],
    allowed,
  );

  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.roles} titleId="ae-portal-roles-title" />;

  const reloadAll = () => {
    setDialog(null);
    roles.reload();
    catalogue.reload();
  };
  const toggleSort = (by: RoleSortField) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPage(0);
  };
  const ariaSort = (by: RoleSortField) =>
    sort.by === by ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined;
  const sortHeader = (by: RoleSortField, label: string) => (
    <th scope="col" aria-sort={ariaSort(by)}>
      <button
        type="button"
        css={sortButtonStyle}
        part={`sort-${by}`}
        onClick={() => toggleSort(by)}
        aria-label={enPortal.portal.users.sortBy(label)}
      >
        {label}
        {sort.by === by ? (sort.order === 'ASC' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  const ready = catalogue.load.status === 'ready' ? catalogue.load.data : null;

  return (
    <Card title={enPortal.portal.pageTitles.roles} titleId="ae-portal-roles-title">
      <p css={mutedStyle}>{t.intro}</p>
      <div css={toolbarStyle}>
        <TextField
          label={t.searchLabel}
          type="search"
          value={search}
          maxLength={100}
          partName="roles-search"
          onChange={(e) => setSearch(e.target.value)}
        />
        {canWrite && (
          <Button partName="add-role" onClick={() => setDialog({ kind: 'add' })}>
            {t.add}
          </Button>
        )}
      </div>
      <LoadState load={roles.load} failedText={t.loadFailed} onRetry={roles.reload}>
        {(data) => (
          <>
            <p css={mutedStyle} role="status" part="roles-total">
              {t.total(data._metadata.totalItems)}
            </p>
            {data.items.length === 0 ? (
              <p>{t.empty}</p>
            ) : (
              <div style={{ overflowX: 'auto' }}>
                <table css={tableStyle} part="roles-table" aria-describedby={captionId}>
                  <caption id={captionId} style={visuallyHidden}>
                    {enPortal.portal.pageTitles.roles}
                  </caption>
                  <thead>
                    <tr>
                      {sortHeader('name', t.columns.name)}
                      {sortHeader('key', t.columns.key)}
                      <th scope="col">{t.columns.description}</th>
                      <th scope="col">{t.columns.permissions}</th>
                      <th scope="col">{t.columns.users}</th>
                      {(canWrite || canDelete) && <th scope="col">{a.actions}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((role) => (
                      <tr key={role.id} part="role-row">
                        <td>
                          {role.name}
                          {!role.editable && (
                            <span css={badgeStyle} title={t.builtInHint}>
                              {t.builtIn}
                            </span>
                          )}
                        </td>
                        <td>
                          <code>{role.key}</code>
                        </td>
                        <td>{role.description || a.none}</td>
                        <td>{t.permissionCount(role.permissions.length)}</td>
                        <td>{role.usersCount}</td>
                        {(canWrite || canDelete) && (
                          <td>
                            {role.editable ? (
                              <span css={rowActionsStyle}>
                                {canWrite && (
                                  <Button
                                    variant="link"
                                    partName="edit-role"
                                    aria-label={t.editOf(role.name)}
                                    onClick={() => setDialog({ kind: 'edit', role })}
                                  >
                                    {a.edit}
                                  </Button>
                                )}
                                {canWrite && ready && (
                                  <Button
                                    variant="link"
                                    partName="role-permissions"
                                    aria-label={t.permissionsOf(role.name)}
                                    onClick={() => setDialog({ kind: 'permissions', role })}
                                  >
                                    {t.permissionsButton}
                                  </Button>
                                )}
                                {canDelete && (
                                  <Button
                                    variant="link"
                                    partName="delete-role"
                                    aria-label={t.deleteOf(role.name)}
                                    onClick={() => setDialog({ kind: 'delete', role })}
                                  >
                                    {a.delete}
                                  </Button>
                                )}
                              </span>
                            ) : (
                              <span css={mutedStyle}>{t.builtInHint}</span>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager label={t.paginationLabel} page={page} pages={data._metadata.totalPages} onPage={setPage} />
          </>
        )}
      </LoadState>

      <h3 css={sectionTitleStyle}>{t.permissionsTitleSection}</h3>
      <p css={mutedStyle}>{t.permissionsIntro}</p>
      <LoadState load={catalogue.load} failedText={t.loadFailed} onRetry={catalogue.reload}>
        {(data) => {
          const roleName = new Map(data.roles.map((r) => [r.id, r.name]));
          return (
            <div part="permissions-list">
              {groupByCategory(data).map((group) => (
                <section key={group.id} aria-label={group.name}>
                  <h4 css={categoryTitleStyle}>{group.name}</h4>
                  <table css={tableStyle}>
                    <thead>
                      <tr>
                        <th scope="col">{t.columns.permissions}</th>
                        <th scope="col">{enPortal.portal.roles}</th>
                        {canWrite && <th scope="col">{a.actions}</th>}
                      </tr>
                    </thead>
                    <tbody>
                      {group.permissions.map((p) => {
                        const holders = p.roleIds
                          .map((id) => roleName.get(id))
                          .filter(Boolean)
                          .join(', ');
                        return (
                          <tr key={p.id} part="permission-row" data-key={p.key}>
                            <td>
                              {p.name}{' '}
                              <span css={mutedStyle} style={{ display: 'inline' }}>
                                ({p.key})
                              </span>
                            </td>
                            <td>{holders || t.heldByNone}</td>
                            {canWrite && (
                              <td>
                                <Button
                                  variant="link"
                                  partName="permission-roles"
                                  aria-label={t.chooseRolesOf(p.key)}
                                  onClick={() => setDialog({ kind: 'permissionRoles', permission: p })}
                                >
                                  {t.chooseRoles}
                                </Button>
                              </td>
                            )}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </section>
              ))}
            </div>
          );
        }}
      </LoadState>

      {dialog?.kind === 'add' && (
        <RoleDialog
          api={api}
          role={null}
          catalogue={ready}
          held={held}
          onClose={() => setDialog(null)}
          onDone={reloadAll}
        />
      )}
      {dialog?.kind === 'edit' && (
        <RoleDialog
          api={api}
          role={dialog.role}
          catalogue={null}
          held={held}
          onClose={() => setDialog(null)}
          onDone={reloadAll}
        />
      )}
      {dialog?.kind === 'permissions' && ready && (
        <RolePermissionsDialog
          api={api}
          role={dialog.role}
          catalogue={ready}
          held={held}
          onClose={() => setDialog(null)}
          onDone={reloadAll}
        />
      )}
      {dialog?.kind === 'permissionRoles' && ready && (
        <PermissionRolesDialog
          api={api}
          permission={dialog.permission}
          roles={ready.roles}
          onClose={() => setDialog(null)}
          onDone={reloadAll}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t.deleteTitle}
          titleId="ae-delete-role-title"
          body={t.deleteBody(dialog.role.name, dialog.role.usersCount)}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.remove(dialog.role.id);
            reloadAll();
          }}
        />
      )}
    </Card>
  );
}
