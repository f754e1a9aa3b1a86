import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { createGroupsApi, GROUPS_PAGE_SIZE, type Group } from '../../../../core/portal/groupsApi';
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
import { GroupDialog, GroupMembersDialog, GroupRolesDialog } from './GroupDialogs';

const t = portalAdmin.groups;
const a = portalAdmin.common;
const SEARCH_DELAY_MS = 300;
const swatchStyle = css({
  display: 'inline-block',
  width: '0.8em',
  height: '0.8em',
  borderRadius: '50%',
  marginRight: '6px',
  verticalAlign: 'middle',
  border: '1px solid #57606a',
});

type DialogState = { kind: 'add' } | { kind: 'edit' | 'roles' | 'members' | 'delete'; groupId: string };

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
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
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
  const groups = useLoad(
    () => api.list({ filter, page, pageSize: GROUPS_PAGE_SIZE }),
    [api, filter, page],
    allowed,
  );

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
  const open = (kind: 'edit' | 'roles' | 'members' | 'delete', group: Group) =>
    setDialog({ kind, groupId: group.id });

  return (
    <Card title={enPortal.portal.pageTitles.groups} titleId="ae-portal-groups-title">
      <p css={mutedStyle}>{t.intro}</p>
      <div css={toolbarStyle}>
        <TextField
          label={t.searchLabel}
          type="search"
          value={search}
          maxLength={100}
          partName="groups-search"
          onChange={(e) => setSearch(e.target.value)}
        />
        {canWrite && (
          <Button partName="add-group" onClick={() => setDialog({ kind: 'add' })}>
            {t.add}
          </Button>
        )}
      </div>
      <LoadState load={groups.load} failedText={t.loadFailed} onRetry={groups.reload}>
        {(data) => (
          <>
            <p css={mutedStyle} role="status" part="groups-total">
              {t.total(data._metadata.totalItems)}
            </p>
            {data.items.length === 0 ? (
              <p>{filter ? t.noMatch : t.empty}</p>
            ) : (
              <div style={{ overflowX: 'auto' }}>
                <table css={tableStyle} part="groups-table" aria-describedby={captionId}>
                  <caption id={captionId} style={visuallyHidden}>
                    {enPortal.portal.pageTitles.groups}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.name}</th>
                      <th scope="col">{t.columns.description}</th>
                      <th scope="col">{t.columns.roles}</th>
                      <th scope="col">{t.columns.users}</th>
                      {(canWrite || canDelete) && <th scope="col">{a.actions}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((group) => (
                      <tr key={group.id} part="group-row">
                        <td>
                          {group.color && (
                            <span
                              css={swatchStyle}
                              style={{ background: group.color }}
                              role="img"
                              aria-label={t.colorOf(t.colors[group.color] ?? group.color)}
                            />
                          )}
                          {group.name}
                        </td>
                        <td>{group.description || a.none}</td>
                        <td>{group.roles.map((r) => r.name).join(', ') || a.none}</td>
                        <td>{group.users.map((u) => u.name).join(', ') || a.none}</td>
                        {(canWrite || canDelete) && (
                          <td>
                            <span css={rowActionsStyle}>
                              {canWrite && (
                                <Button
                                  variant="link"
                                  partName="edit-group"
                                  aria-label={t.editOf(group.name)}
                                  onClick={() => open('edit', group)}
                                >
                                  {a.edit}
                                </Button>
                              )}
                              {canManageRoles && (
                                <Button
                                  variant="link"
                                  partName="group-roles"
                                  aria-label={t.rolesOf(group.name)}
                                  onClick={() => open('roles', group)}
                                >
                                  {t.rolesButton}
                                </Button>
                              )}
                              {canManageMembers && (
                                <Button
                                  variant="link"
                                  partName="group-members"
                                  aria-label={t.membersOf(group.name)}
                                  onClick={() => open('members', group)}
                                >
                                  {t.membersButton}
                                </Button>
                              )}
                              {canDelete && (
                                <Button
                                  variant="link"
                                  partName="delete-group"
                                  aria-label={t.deleteOf(group.name)}
                                  onClick={() => open('delete', group)}
                                >
                                  {a.delete}
                                </Button>
                              )}
                            </span>
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
      {dialog?.kind === 'delete' && current && (
        <ConfirmDeleteDialog
          title={t.deleteTitle}
          titleId="ae-delete-group-title"
          body={t.deleteBody(current.name, current.users.length)}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.remove(current.id);
            done();
          }}
        />
      )}
    </Card>
  );
}
