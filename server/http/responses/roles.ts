/** Success answers of the roles routes (core/contract/routes/roles.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/roles';
import {
  EMPTY,
  GROUP,
  PERMISSION,
  ROLE,
  arr,
  bool,
  obj,
  page,
  str,
  strOrNull,
} from '../route-schemas/common';
import { ROLE_LIST } from '../route-schemas/identity';
import type { ResponseTable } from './index';

export const ROLES_RESPONSES: ResponseTable = [
  [routes.getRolesV1, { 200: ROLE_LIST }],
  [routes.getRolesV2, { 200: page(ROLE) }],
  [routes.getPermissions, { 200: arr(PERMISSION) }],
  [
    routes.getPermissionsCategories,
    {
      200: arr(
        obj({ id: str, key: str, name: str, description: strOrNull, permissionIds: arr(str) }, ['id']),
      ),
    },
  ],
  [routes.postRoles, { 200: ROLE, 201: ROLE }],
  [routes.patchRolesByRoleId, { 200: ROLE }],
  [routes.deleteRolesByRoleId, { 200: EMPTY }],
  [routes.putRolesByRoleIdPermissions, { 200: ROLE }],
  [routes.putPermissionsByPermissionIdRoles, { 200: PERMISSION }],
  [routes.getGroups, { 200: { anyOf: [page(GROUP), arr(GROUP)] } }],
  [routes.getGroupsConfig, { 200: obj({ enabled: bool, rolesEnabled: bool }, ['enabled', 'rolesEnabled']) }],
  [routes.postGroupsConfig, { 200: obj({ enabled: bool, rolesEnabled: bool }, ['enabled', 'rolesEnabled']) }],
  [routes.postGroupsBulkGet, { 200: arr(GROUP) }],
  [routes.getGroupsById, { 200: GROUP }],
  [routes.postGroups, { 201: GROUP, 200: GROUP }],
  [routes.patchGroupsById, { 200: GROUP }],
  [routes.deleteGroupsById, { 200: EMPTY }],
  [routes.postGroupsByIdRoles, { 200: GROUP }],
  [routes.deleteGroupsByIdRoles, { 200: GROUP }],
  [routes.postGroupsByIdUsers, { 200: GROUP }],
  [routes.deleteGroupsByIdUsers, { 200: GROUP }],
];
