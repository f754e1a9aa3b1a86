import { type Role, type RoleSortField } from '../../../../core/portal/rolesApi';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { type Column } from '../../../ui/DataTable';
import { mutedStyle } from '../../../ui/styles';
import { type CatalogueRow } from './permissionRows';
import type { RowAction } from '../../../ui/RowActions';

const t = portalAdmin.roles;
const a = portalAdmin.common;

/** The roles table's columns. */
export const ROLE_COLUMNS: Array<Column<Role, RoleSortField>> = [
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

/** A role's menu: edit, choose permissions, delete; built-in roles cannot change. */
export function roleRowActions(
  role: Role,
  ctx: {
    canWrite: boolean;
    canDelete: boolean;
    catalogueReady: boolean;
    edit: () => void;
    choosePermissions: () => void;
    remove: () => RowAction;
  },
) {
  return role.editable
    ? [
        ctx.canWrite && {
          label: a.edit,
          ariaLabel: t.editOf(role.name),
          part: 'edit-role',
          onSelect: ctx.edit,
        },
        ctx.canWrite &&
          ctx.catalogueReady && {
            label: t.permissionsButton,
            ariaLabel: t.permissionsOf(role.name),
            part: 'role-permissions',
            onSelect: ctx.choosePermissions,
          },
        ctx.canDelete && ctx.remove(),
      ]
    : [];
}

/** The permission catalogue's columns; a writer also chooses the roles that hold a permission. */
export function catalogueColumns(canWrite: boolean, onChooseRoles: (permission: CatalogueRow) => void) {
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
          onClick={() => onChooseRoles(p)}
        >
          {t.chooseRoles}
        </Button>
      ),
    });
  return permissionColumns;
}
