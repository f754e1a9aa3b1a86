import { useState } from 'react';
import {
  createRolesApi,
  ROLES_PAGE_SIZE,
  type Permission,
  type Role,
  type RoleSortField,
} from '../../../../core/portal/rolesApi';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { ListTable } from '../../../ui/DataTable';
import { Page } from '../../../ui/Page';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { listData, useListPage } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { PermissionRolesDialog, RoleDialog, RolePermissionsDialog } from './RoleDialogs';
import { usePermissionCatalogue } from './usePermissionCatalogue';
import { PermissionsSection } from './PermissionsSection';
import { ROLE_COLUMNS, catalogueColumns, roleRowActions } from './roleColumns';

const t = portalAdmin.roles;
const a = portalAdmin.common;

type DialogState =
  | { kind: 'add' }
  | { kind: 'edit'; role: Role }
  | { kind: 'permissions'; role: Role }
  | { kind: 'permissionRoles'; permission: Permission };

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
  const { catalogue, ready, permissions, categories, category, setCategory } = usePermissionCatalogue(
    api,
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
  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.roles} titleId="ae-portal-roles-title" />;

  const reloadAll = () => {
    setDialog(null);
    roles.reload();
    catalogue.reload();
  };
  const roleActions = (role: Role) =>
    roleRowActions(role, {
      canWrite,
      canDelete,
      catalogueReady: !!ready,
      edit: () => setDialog({ kind: 'edit', role }),
      choosePermissions: () => setDialog({ kind: 'permissions', role }),
      remove: () => remove.rowAction(role),
    });
  const permissionColumns = catalogueColumns(canWrite, (permission) =>
    setDialog({ kind: 'permissionRoles', permission }),
  );

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
        columns={ROLE_COLUMNS}
        rowKey={(role) => role.id}
        rowLabel={(role) => role.name}
        rowActions={canWrite || canDelete ? roleActions : undefined}
        tablePart="roles-table"
        rowPart="role-row"
      />

      <PermissionsSection
        permissions={permissions}
        catalogue={catalogue}
        columns={permissionColumns}
        categories={categories}
        category={category}
        onCategory={setCategory}
      />

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
