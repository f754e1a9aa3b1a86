import { useMemo, useState } from 'react';
import {
  createRolesApi,
  ROLES_PAGE_SIZE,
  type Permission,
  type Role,
  type RoleSortField,
} from '../../../../core/portal/rolesApi';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ListTable, type Column } from '../../../ui/DataTable';
import { Page, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { mutedStyle } from '../../../ui/styles';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { listData, useListPage, type ListData } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { useLoad } from '../../../ui/useListPage';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { PermissionRolesDialog, RoleDialog, RolePermissionsDialog } from './RoleDialogs';
import { catalogueRows, type Catalogue, type CatalogueRow } from './permissionRows';

const t = portalAdmin.roles;
const a = portalAdmin.common;

type DialogState =
  | { kind: 'add' }
  | { kind: 'edit'; role: Role }
  | { kind: 'permissions'; role: Role }
  | { kind: 'permissionRoles'; permission: Permission };

const PERMISSION_PAGE_SIZE = 10;

/**
 * Roles and permissions (spec 001 §6, §7): the account's roles paged, searched and sorted by the
 * server; add, edit, delete and choose permissions for the account's own roles; and the permission
 * catalogue, searched, filtered by category and paged in the browser, each permission with the roles
 * that hold it and attachable to several roles at once.
 */
export default function RolesPage(_props: PortalPageProps) {
  const api = usePageApi(createRolesApi);
  const { held, can, canRead } = usePermissions();
  const allowed = canRead('roles');
  const canWrite = can('fe.secure.write.roles');
  const canDelete = can('fe.secure.delete.roles');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [category, setCategory] = useState('');

  const roles = useListPage<Role, RoleSortField>({
    fetch: (q) =>
      api
        .list({ filter: q.filter, sortBy: q.sortBy, order: q.order, page: q.page, pageSize: q.pageSize })
        .then(listData),
    deps: [api],
    initialSort: { by: 'name', order: 'ASC' },
    pageSize: ROLES_PAGE_SIZE,
    enabled: allowed,
  });
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
  const remove = useConfirmAction<Role>({
    run: (role) => api.remove(role.id),
    done: () => {
      roles.reload();
      catalogue.reload();
    },
    title: t.deleteTitle,
    titleId: 'ae-delete-role-title',
    body: (role) => t.deleteBody(role.name, role.usersCount),
    menu: { label: a.delete, ariaLabel: (role) => t.deleteOf(role.name), part: 'delete-role' },
  });
  const ready = catalogue.load.status === 'ready' ? catalogue.load.data : null;
  const rows = useMemo(() => (ready ? catalogueRows(ready) : null), [ready]);
  const permissions = useListPage<CatalogueRow>({
    fetch: async (q): Promise<ListData<CatalogueRow>> => {
      if (catalogue.load.status === 'error') throw new Error(catalogue.load.message);
      const needle = q.filter.trim().toLowerCase();
      const found = (rows ?? []).filter(
        (p) =>
          (!category || p.category === category) &&
          (!needle || p.name.toLowerCase().includes(needle) || p.key.toLowerCase().includes(needle)),
      );
      return {
        items: found.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize),
        totalItems: found.length,
        totalPages: Math.ceil(found.length / q.pageSize),
      };
    },
    deps: [rows, category, catalogue.load.status],
    pageSize: PERMISSION_PAGE_SIZE,
    enabled: allowed && catalogue.load.status !== 'loading',
  });

  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.roles} titleId="ae-portal-roles-title" />;

  const reloadAll = () => {
    setDialog(null);
    roles.reload();
    catalogue.reload();
  };
  const roleColumns: Array<Column<Role, RoleSortField>> = [
    {
      id: 'name',
      header: t.columns.name,
      sortBy: 'name',
      cell: (role) => (
        <>
          {role.name}{' '}
          {!role.editable && (
            <Badge title={t.builtInHint} partName="built-in">
              {t.builtIn}
            </Badge>
          )}
        </>
      ),
    },
    { id: 'key', header: t.columns.key, sortBy: 'key', cell: (role) => <code>{role.key}</code> },
    { id: 'description', header: t.columns.description, cell: (role) => role.description || a.none },
    {
      id: 'permissions',
      header: t.columns.permissions,
      nowrap: true,
      cell: (role) => t.permissionCount(role.permissions.length),
    },
    { id: 'users', header: t.columns.users, align: 'end', cell: (role) => role.usersCount },
  ];
  // Built-in roles cannot change.
  const roleActions = (role: Role) =>
    role.editable
      ? [
          canWrite && {
            label: a.edit,
            ariaLabel: t.editOf(role.name),
            part: 'edit-role',
            onSelect: () => setDialog({ kind: 'edit', role }),
          },
          canWrite &&
            !!ready && {
              label: t.permissionsButton,
              ariaLabel: t.permissionsOf(role.name),
              part: 'role-permissions',
              onSelect: () => setDialog({ kind: 'permissions', role }),
            },
          canDelete && remove.rowAction(role),
        ]
      : [];
  const permissionColumns: Array<Column<CatalogueRow>> = [
    {
      id: 'permission',
      header: t.columns.permissions,
      cell: (p) => (
        <>
          {p.name}
          <br />
          <code css={mutedStyle}>{p.key}</code>
        </>
      ),
    },
    { id: 'category', header: t.categoryColumn, cell: (p) => p.category },
    {
      id: 'holders',
      header: t.heldByColumn,
      cell: (p) =>
        p.holders.length === 0 ? (
          <span css={mutedStyle}>{t.heldByNone}</span>
        ) : (
          p.holders.map(({ role, through }, i) => (
            <span key={role.id}>
              {i > 0 && ', '}
              {role.name}
              {through && <span css={mutedStyle}>{` (${t.heldThrough(through)})`}</span>}
            </span>
          ))
        ),
    },
  ];
  if (canWrite)
    permissionColumns.push({
      id: 'choose',
      header: a.actions,
      nowrap: true,
      cell: (p) => (
        <Button
          variant="link"
          partName="permission-roles"
          aria-label={t.chooseRolesOf(p.key)}
          onClick={() => setDialog({ kind: 'permissionRoles', permission: p })}
        >
          {t.chooseRoles}
        </Button>
      ),
    });
  const categories = ready ? [...new Set((rows ?? []).map((p) => p.category))] : [];

  return (
    <Page
      title={enPortal.portal.pageTitles.roles}
      titleId="ae-portal-roles-title"
      description={t.intro}
      add={canWrite && { label: t.add, part: 'add-role', onClick: () => setDialog({ kind: 'add' }) }}
    >
      <ListTable
        list={roles}
        sortable
        search={{ label: t.searchLabel, part: 'roles-search' }}
        texts={{ empty: t.empty, loadFailed: t.loadFailed, total: t.total, pagination: t.paginationLabel }}
        totalPart="roles-total"
        caption={enPortal.portal.pageTitles.roles}
        columns={roleColumns}
        rowKey={(role) => role.id}
        rowLabel={(role) => role.name}
        rowActions={canWrite || canDelete ? roleActions : undefined}
        tablePart="roles-table"
        rowPart="role-row"
      />

      <section css={sectionStyle} aria-labelledby="ae-roles-permissions-title" part="permissions-list">
        <h3 id="ae-roles-permissions-title" css={sectionTitleStyle}>
          {t.permissionsTitleSection}
        </h3>
        <p css={mutedStyle}>{t.permissionsIntro}</p>
        <ListTable
          list={permissions}
          search={{ label: t.permissionSearchLabel, part: 'permissions-search' }}
          filters={
            <SelectField
              label={t.categoryLabel}
              partName="permissions-category"
              value={category}
              options={[
                { value: '', label: t.allCategories },
                ...categories.map((c) => ({ value: c, label: c })),
              ]}
              onChange={(e) => {
                setCategory(e.target.value);
                permissions.restart();
              }}
            />
          }
          texts={{
            empty: t.permissionsEmpty,
            loadFailed: t.loadFailed,
            total: t.permissionTotal,
            pagination: t.permissionsPagination,
          }}
          pageSizes={[10, 25, 50]}
          load={catalogue.load.status === 'loading' ? { status: 'loading' } : permissions.load}
          onRetry={catalogue.reload}
          caption={t.permissionsTitleSection}
          columns={permissionColumns}
          rowKey={(p) => p.id}
          rowLabel={(p) => p.key}
          rowPart="permission-row"
        />
      </section>

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
      {remove.dialog}
    </Page>
  );
}
