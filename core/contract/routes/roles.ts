/** Routes: roles. */
import * as s from '../schemas';
import { RELATIONS, fields, ids, listQuery, relationsOnly, rolesBody, usersBody } from '../requests-groups';
import { ROLE_SORT_FIELDS, listQuerySchema } from '../listQuery';
import { roleDescription, roleKey, roleName } from '../requests';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getRolesV1: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/roles/v1',
  access: perm('fe.secure.read.roles', 'account'),
};

export const getRolesV2: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/roles/v2',
  access: perm('fe.secure.read.roles', 'account'),
  request: { querystring: listQuerySchema(ROLE_SORT_FIELDS) },
};

export const getPermissions: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/permissions/v1',
  access: perm('fe.secure.read.roles', 'account'),
};

export const getPermissionsCategories: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/permissions/v1/categories',
  access: perm('fe.secure.read.roles', 'account'),
};

export const postRoles: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/roles/v1',
  access: perm('fe.secure.write.roles', 'account'),
  request: {
    body: s.strictObject(
      {
        key: roleKey,
        name: roleName,
        description: roleDescription,
        permissionIds: s.uuidList,
        permissions: s.uuidList,
        isDefault: { type: 'boolean' },
        level: { type: 'integer', minimum: 0, maximum: 1000 },
      },
      ['key', 'name'],
    ),
  },
  audit: audit('roles', 'Role created', 'Medium'),
};

export const patchRolesByRoleId: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/roles/v1/:roleId',
  access: perm('fe.secure.write.roles', 'resource'),
  request: {
    body: {
      ...s.strictObject({ key: roleKey, name: roleName, description: roleDescription }),
      minProperties: 1,
    },
  },
  audit: audit('roles', 'Role changed', 'Medium'),
};

export const deleteRolesByRoleId: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/roles/v1/:roleId',
  access: perm('fe.secure.delete.roles', 'resource'),
  audit: audit('roles', 'Role deleted', 'High'),
};

export const putRolesByRoleIdPermissions: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/roles/v1/:roleId/permissions',
  access: perm('fe.secure.write.roles', 'resource'),
  request: {
    body: s.strictObject({ permissionIds: s.uuidList }, ['permissionIds']),
  },
  audit: audit('roles', 'Role permissions changed', 'High'),
};

export const putPermissionsByPermissionIdRoles: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/permissions/v1/:permissionId/roles',
  access: perm('fe.secure.write.roles', 'resource'),
  request: {
    body: s.strictObject({ roleIds: s.uuidList }, ['roleIds']),
  },
  audit: audit('roles', 'Permission roles changed', 'High'),
};

export const getGroups: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/groups/v1',
  access: perm('fe.secure.read.groups', 'account'),
  request: {
    querystring: { ...listQuery, properties: { ...listQuery.properties, _groupsRelations: RELATIONS } },
  },
};

export const getGroupsConfig: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/groups/v1/config',
  access: perm('fe.secure.read.groups', 'account'),
  request: {},
};

export const postGroupsConfig: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/groups/v1/config',
  access: perm('fe.secure.write.groups', 'account'),
  request: {
    body: s.strictObject({ enabled: { type: 'boolean' }, rolesEnabled: { type: 'boolean' } }),
  },
};

export const postGroupsBulkGet: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/groups/v1/bulkGet',
  access: perm('fe.secure.read.groups', 'account'),
  request: { querystring: relationsOnly, body: ids('groupsIds') },
};

export const getGroupsById: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/groups/v1/:id',
  access: perm('fe.secure.read.groups', 'resource'),
  request: { querystring: relationsOnly },
};

export const postGroups: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/groups/v1',
  access: perm('fe.secure.write.groups', 'account'),
  request: { body: s.strictObject(fields, ['name']) },
  audit: audit('groups', 'Group created', 'Medium'),
};

export const patchGroupsById: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/groups/v1/:id',
  access: perm('fe.secure.write.groups', 'resource'),
  request: { body: { ...s.strictObject(fields), minProperties: 1 } },
  audit: audit('groups', 'Group changed', 'Medium', { idName: 'group' }),
};

export const deleteGroupsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/groups/v1/:id',
  access: perm('fe.secure.delete.groups', 'resource'),
  audit: audit('groups', 'Group deleted', 'High', { idName: 'group' }),
};

export const postGroupsByIdRoles: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/groups/v1/:id/roles',
  access: perm('fe.secure.write.groups', 'resource'),
  request: rolesBody,
  audit: audit('groups', 'Group roles added', 'Medium', { idName: 'group' }),
};

export const deleteGroupsByIdRoles: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/groups/v1/:id/roles',
  access: perm('fe.secure.write.groups', 'resource'),
  request: rolesBody,
  audit: audit('groups', 'Group roles removed', 'Medium', { idName: 'group' }),
};

export const postGroupsByIdUsers: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/groups/v1/:id/users',
  access: perm('fe.secure.write.groups', 'resource'),
  request: usersBody,
  audit: audit('groups', 'Group members added', 'Medium', { idName: 'group' }),
};

export const deleteGroupsByIdUsers: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/groups/v1/:id/users',
  access: perm('fe.secure.write.groups', 'resource'),
  request: usersBody,
  audit: audit('groups', 'Group members removed', 'Medium', { idName: 'group' }),
};
