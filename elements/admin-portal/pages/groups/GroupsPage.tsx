import { MANAGED_BY_SCIM, SCIM_MANAGED_GROUP } from '../../../../core/portal/scimManaged';
import { Badge } from '../../../ui/Badge';
import { css } from '@emotion/react';
import { useState } from 'react';
import { createGroupsApi, GROUPS_PAGE_SIZE, type Group } from '../../../../core/portal/groupsApi';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { ListTable, type Column } from '../../../ui/DataTable';
import { Page } from '../../../ui/Page';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { listData, useListPage } from '../../../ui/useListPage';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi, usePermissions } from '../common/adminParts';
import { GroupDialog, GroupMembersDialog, GroupRolesDialog } from './GroupDialogs';

const t = portalAdmin.groups;
const a = portalAdmin.common;
const swatchStyle = css({
  display: 'inline-block',
  width: '0.8em',
  height: '0.8em',
  borderRadius: '50%',
  marginInlineEnd: '8px',
  verticalAlign: 'middle',
  border: '1px solid var(--ae-color-border)',
});

type DialogState = { kind: 'add' } | { kind: 'edit' | 'roles' | 'members'; groupId: string };

/**
 * Groups (spec 001 §2, §4, §7): the account's groups searched and paged by the server; create,
 * edit and delete a group; choose its roles; add and remove its members. Every change reloads the
 * groups (spec 001 §4 "Group mutations reload groups").
 */
export default function GroupsPage(_props: PortalPageProps) {
  const api = usePageApi(createGroupsApi);
  const { can, canRead } = usePermissions();
  const allowed = canRead('groups');
  const canWrite = can('fe.secure.write.groups');
  const canDelete = can('fe.secure.delete.groups');
  const canManageRoles = canWrite && can('fe.secure.read.roles');
  const canManageMembers = canWrite && can('fe.secure.read.users');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const groups = useListPage<Group>({
    fetch: (q) => api.list({ filter: q.filter, page: q.page, pageSize: q.pageSize }).then(listData),
    deps: [api],
    pageSize: GROUPS_PAGE_SIZE,
    enabled: allowed,
  });
  const remove = useConfirmAction<Group>({
    run: (group) => api.remove(group.id),
    done: groups.reload,
    title: t.deleteTitle,
    titleId: 'ae-delete-group-title',
    body: (group) => t.deleteBody(group.name, group.users.length),
    menu: { label: a.delete, ariaLabel: (group) => t.deleteOf(group.name), part: 'delete-group' },
  });

  if (!allowed)
    return <NoPermission title={enPortal.portal.pageTitles.groups} titleId="ae-portal-groups-title" />;

  const current =
    dialog && dialog.kind !== 'add' && groups.load.status === 'ready'
      ? (groups.load.data.items.find((g) => g.id === dialog.groupId) ?? null)
      : null;
  const done = () => {
    setDialog(null);
    groups.reload();
  };
  const open = (kind: 'edit' | 'roles' | 'members', group: Group) => () =>
    setDialog({ kind, groupId: group.id });

  const columns: Array<Column<Group>> = [
    {
      id: 'name',
      header: t.columns.name,
      cell: (group) => (
        <>
          {group.color && (
            <span
              css={swatchStyle}
              style={{ background: group.color }}
              role="img"
              aria-label={t.colorOf(t.colors[group.color] ?? group.color)}
            />
          )}
          {group.name}
          {group.managedBy === 'scim2' && (
            <>
              {' '}
              <Badge partName="managed-by-scim" title={SCIM_MANAGED_GROUP}>
                {MANAGED_BY_SCIM}
              </Badge>
            </>
          )}
        </>
      ),
    },
    { id: 'description', header: t.columns.description, cell: (g) => g.description || a.none },
    { id: 'roles', header: t.columns.roles, cell: (g) => g.roles.map((r) => r.name).join(', ') || a.none },
    { id: 'users', header: t.columns.users, cell: (g) => g.users.map((u) => u.name).join(', ') || a.none },
  ];
  // A group SCIM manages keeps its name, description and members as the directory says (its roles stay editable).
  const actionsOf = (group: Group) => [
    canWrite &&
      group.managedBy !== 'scim2' && {
        label: a.edit,
        ariaLabel: t.editOf(group.name),
        part: 'edit-group',
        onSelect: open('edit', group),
      },
    canManageRoles && {
      label: t.rolesButton,
      ariaLabel: t.rolesOf(group.name),
      part: 'group-roles',
      onSelect: open('roles', group),
    },
    canManageMembers &&
      group.managedBy !== 'scim2' && {
        label: t.membersButton,
        ariaLabel: t.membersOf(group.name),
        part: 'group-members',
        onSelect: open('members', group),
      },
    canDelete && group.managedBy !== 'scim2' && remove.rowAction(group),
  ];

  return (
    <Page
      title={enPortal.portal.pageTitles.groups}
      titleId="ae-portal-groups-title"
      description={t.intro}
      add={canWrite && { label: t.add, part: 'add-group', onClick: () => setDialog({ kind: 'add' }) }}
    >
      <ListTable
        list={groups}
        search={{ label: t.searchLabel, part: 'groups-search' }}
        texts={{
          empty: groups.filter ? t.noMatch : t.empty,
          loadFailed: t.loadFailed,
          total: t.total,
          pagination: t.paginationLabel,
        }}
        totalPart="groups-total"
        caption={enPortal.portal.pageTitles.groups}
        columns={columns}
        rowKey={(group) => group.id}
        rowLabel={(group) => group.name}
        rowActions={canWrite || canDelete ? actionsOf : undefined}
        tablePart="groups-table"
        rowPart="group-row"
      />

      {dialog?.kind === 'add' && (
        <GroupDialog api={api} group={null} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'edit' && current && (
        <GroupDialog api={api} group={current} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'roles' && current && (
        <GroupRolesDialog api={api} group={current} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'members' && current && (
        <GroupMembersDialog
          api={api}
          group={current}
          onClose={() => setDialog(null)}
          onChanged={groups.reload}
        />
      )}
      {remove.dialog}
    </Page>
  );
}
