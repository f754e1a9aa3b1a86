/** Routes: hierarchy. */
import * as s from '../schemas';
import {
  accountName,
  accounts,
  allowAccess,
  digits,
  newMember,
  roleIds,
  subTenantsRoles,
} from '../requests-hierarchy';
import { SUB_ACCOUNT_SORT_FIELDS, TENANT_TYPES } from '../../domain/sub-accounts';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

/** The client SDK's TenantType (core/domain/sub-accounts.ts), our choice to accept it on create and edit. */
const tenantType = { type: 'string', enum: [...TENANT_TYPES] };

export const getTenantsHierarchyV2: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v2',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
  request: {
    querystring: s.strictObject({
      _offset: digits(6),
      _limit: digits(3),
      _subTenantId: s.uuid,
      _filter: { type: 'string', maxLength: 100 },
      // The client SDK's SearchSubTenantsParams (TenantSortByEnum, PaginationOrderEnum).
      _sortBy: { type: 'string', enum: [...SUB_ACCOUNT_SORT_FIELDS] },
      _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
    }),
  },
};

export const getTenantsHierarchyV1: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v1',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
};

export const getTenantsHierarchyTree: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v1/tree',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
};

export const getTenantsHierarchyParents: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v1/parents',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
};

export const getTenantsHierarchyParentsByTenantId: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v1/parents/:tenantId',
  access: perm('fe.account-hierarchy.read.subAccount', 'resource'),
};

export const patchSubTenantsUsersByUserIdRoles: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/sub-tenants/users/v1/:userId/roles',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: subTenantsRoles,
  audit: audit('users', 'User roles changed', 'Medium'),
};

export const postSubTenantsUsersByUserIdRoles: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/sub-tenants/users/v1/:userId/roles',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: subTenantsRoles,
  audit: audit('users', 'User roles changed', 'Medium'),
};

export const deleteSubTenantsUsersByUserIdRoles: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/sub-tenants/users/v1/:userId/roles',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: subTenantsRoles,
  audit: audit('users', 'User roles changed', 'Medium'),
};

export const putSubTenantsUsersByUserIdAccess: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/sub-tenants/users/v1/:userId/access',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: allowAccess,
  audit: audit('users', 'Sub-account access changed', 'Medium'),
};

export const getSubTenantsUsers: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sub-tenants/users/v1',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
  request: {
    querystring: s.strictObject({
      _offset: digits(6),
      _limit: digits(3),
      _filter: { type: 'string', maxLength: 100 },
      _sortBy: { type: 'string', enum: ['name', 'email', 'createdAt'] },
      _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
    }),
  },
};

/** The client SDK's addUserToTenantAndSubTenants: `{ user: { email }, subTenants: [{ tenantId, roleIds? }] }`. */
export const postSubTenantsUsersV1: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/sub-tenants/users/v1',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: {
    body: s.strictObject(
      { user: newMember, subTenants: accounts(s.strictObject({ tenantId: s.uuid, roleIds }, ['tenantId'])) },
      ['user', 'subTenants'],
    ),
  },
  audit: audit('users', 'User added to sub-account', 'Medium'),
};

/**
 * The client SDK's addUsersToSubTenant: `{ users: [{ email, roleIds? }], tenantId, roleIds?, allowSubAccountAccess? }`
 * (a person's own roles beside those for everyone).
 */
export const postSubTenantsUsersV2: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/sub-tenants/users/v2/',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: {
    body: s.strictObject(
      {
        users: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: s.strictObject({ email: s.email, name: { type: 'string', maxLength: 200 }, roleIds }, [
            'email',
          ]),
        },
        tenantId: s.uuid,
        roleIds,
        allowSubAccountAccess: { type: 'boolean' },
      },
      ['users', 'tenantId'],
    ),
  },
  audit: audit('users', 'User added to sub-account', 'Medium'),
};

/** The client SDK's removeUserFromTenantAndSubTenants: `{ userId, subTenants: [{ tenantId }] }`. */
export const deleteSubTenantsUsers: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/sub-tenants/users/v1',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: {
    body: s.strictObject(
      { userId: s.uuid, subTenants: accounts(s.strictObject({ tenantId: s.uuid }, ['tenantId'])) },
      ['userId', 'subTenants'],
    ),
  },
};

export const getTenantsHierarchyMetadata: RouteDescriptor = {
  method: 'GET',
  path: '/tenants/resources/hierarchy/v2/metadata',
  access: perm('fe.account-hierarchy.read.subAccount', 'account'),
  request: {
    querystring: s.strictObject({
      _tenantIds: { type: 'string', maxLength: 7400, pattern: s.UUID_LIST_PATTERN },
    }),
  },
};

export const postTenantsSubTenants: RouteDescriptor = {
  method: 'POST',
  path: '/tenants/resources/sub-tenants/v1',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: {
    body: s.strictObject(
      {
        name: accountName,
        parentTenantId: s.uuid,
        tenantId: { type: 'string', maxLength: 64, pattern: '^([A-Za-z0-9][A-Za-z0-9_-]*)?$' },
        tenantType,
      },
      ['name'],
    ),
  },
  audit: audit('account', 'Sub-account created', 'Medium'),
};

export const patchTenantsSubTenantsByTenantId: RouteDescriptor = {
  method: 'PATCH',
  path: '/tenants/resources/sub-tenants/v1/:tenantId',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: { body: s.strictObject({ name: accountName, tenantType }, ['name']) },
  audit: audit('account', 'Sub-account changed', 'Medium'),
};

export const deleteTenantsSubTenantsByTenantId: RouteDescriptor = {
  method: 'DELETE',
  path: '/tenants/resources/sub-tenants/v1/:tenantId',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  audit: audit('account', 'Sub-account deleted', 'High'),
};

export const getSubTenantsByTenantIdUsers: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/sub-tenants/v1/:tenantId/users',
  access: perm('fe.account-hierarchy.read.subAccount', 'resource'),
  request: { querystring: s.strictObject({ _offset: digits(6), _limit: digits(3) }) },
};

export const postSubTenantsByTenantIdUsers: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/sub-tenants/v1/:tenantId/users',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: {
    body: s.strictObject({ email: s.email, roleIds, allowSubAccountAccess: { type: 'boolean' } }, ['email']),
  },
  audit: audit('users', 'User added to sub-account', 'Medium'),
};

export const deleteSubTenantsByTenantIdUsersByUserId: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/sub-tenants/v1/:tenantId/users/:userId',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  audit: audit('users', 'User removed from sub-account', 'High'),
};

export const putSubTenantsByTenantIdUsersByUserIdRoles: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/sub-tenants/v1/:tenantId/users/:userId/roles',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: { body: s.strictObject({ roleIds }, ['roleIds']) },
  audit: audit('users', 'User roles changed', 'Medium'),
};

export const putSubTenantsByTenantIdUsersByUserIdAccess: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/sub-tenants/v1/:tenantId/users/:userId/access',
  access: perm('fe.account-hierarchy.write.subAccount', 'resource'),
  request: allowAccess,
  audit: audit('users', 'Sub-account access changed', 'Medium'),
};
