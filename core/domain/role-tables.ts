/**
 * The tables of an account's roles and the permission catalogue, as the SQL schema declares them
 * (server/storage/migrations-001-004.ts, schema/roles-groups-tokens.ts): their repository is
 * core/domain/role-store.ts; demo mode's seeding of the built-in roles (core/demo/teamAdmin.ts)
 * loads this module alone, not the repository, with its first chunk.
 */
import { API_TOKEN_ROLES, GROUP_ROLES } from './group-token-tables';
import { MEMBERSHIP_ROLES } from './membership-tables';
import type { RoleDto } from './roles';
import { col, nullable, table, type RowOf } from './tables';

/** A role: the vendor's (`tenantId` null, offered in every account, read-only there) or an account's own. */
export const ROLES = table(
  'roles',
  {
    id: col.uuid,
    vendorId: col.uuid,
    tenantId: nullable(col.uuid),
    key: col.text(),
    name: col.text(),
    description: nullable(col.text()),
    defaultForCreator: col.bool,
    createdAt: col.timestamptz,
    updatedAt: col.timestamptz,
  },
  () => [
    [ROLE_PERMISSIONS, 'roleId'],
    [GROUP_ROLES, 'roleId'],
    [API_TOKEN_ROLES, 'roleId'],
    [MEMBERSHIP_ROLES, 'roleId'],
  ],
);
export type RoleRow = RowOf<typeof ROLES>;

/** The permission catalogue (the same for every account). */
export const PERMISSIONS = table(
  'permissions',
  {
    id: col.uuid,
    key: col.text(),
    name: col.text(),
    description: nullable(col.text()),
    categoryId: nullable(col.uuid),
    createdAt: col.timestamptz,
  },
  () => [[ROLE_PERMISSIONS, 'permissionId']],
);

/** A permission a role grants. */
export const ROLE_PERMISSIONS = table('role_permissions', { roleId: col.uuid, permissionId: col.uuid });

/** A role row as the contract's role, with the ids of the permissions it grants. */
export const roleDtoOf = (r: RoleRow, permissions: string[]): RoleDto => ({
  id: r.id,
  key: r.key,
  name: r.name,
  description: r.description,
  isDefault: r.defaultForCreator,
  permissions,
  tenantId: r.tenantId,
  vendorId: r.vendorId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
