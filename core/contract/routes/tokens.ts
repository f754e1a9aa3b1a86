/** Routes: tokens. */
import { tenantToken, tenantTokenEdit, userToken, userTokenEdit } from '../requests-tokens';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getTenantsApiTokens: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/tenants/api-tokens/v1',
  access: perm('fe.secure.read.tenantApiTokens', 'account'),
};

export const postTenantsApiTokensV1: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/api-tokens/v1',
  access: perm('fe.secure.write.tenantApiTokens', 'account'),
  request: tenantToken,
  audit: audit('tokens', 'API token created', 'Medium'),
};

export const postTenantsApiTokensV2: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/api-tokens/v2',
  access: perm('fe.secure.write.tenantApiTokens', 'account'),
  request: tenantToken,
  audit: audit('tokens', 'API token created', 'Medium'),
};

export const deleteTenantsApiTokensById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/tenants/api-tokens/v1/:id',
  access: perm('fe.secure.delete.tenantApiTokens', 'resource'),
  audit: audit('tokens', 'API token deleted', 'Medium', { idName: 'token' }),
};

export const patchTenantsApiTokensById: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/tenants/api-tokens/v1/:id',
  // A token does not change tokens (as it does not create them): a leaked one could raise another.
  access: perm('fe.secure.write.tenantApiTokens', 'resource', { apiTokens: 'refused' }),
  request: tenantTokenEdit,
  audit: audit('tokens', 'API token changed', 'Medium', { idName: 'token' }),
};

export const getUsersApiTokens: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/api-tokens/v1',
  access: perm('fe.secure.read.userApiTokens', 'account'),
};

export const postUsersApiTokens: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/api-tokens/v1',
  access: perm('fe.secure.write.userApiTokens', 'account'),
  request: userToken,
  audit: audit('tokens', 'Personal API token created', 'Medium'),
};

export const patchUsersApiTokensById: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/users/api-tokens/v1/:id',
  access: perm('fe.secure.write.userApiTokens', 'resource', { apiTokens: 'refused' }),
  request: userTokenEdit,
  audit: audit('tokens', 'Personal API token changed', 'Medium', { idName: 'token' }),
};

export const deleteUsersApiTokensById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/api-tokens/v1/:id',
  access: perm('fe.secure.delete.userApiTokens', 'resource'),
  audit: audit('tokens', 'Personal API token deleted', 'Medium', { idName: 'token' }),
};

export const getTenantsAccessTokens: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/tenants/access-tokens/v1',
  access: perm('fe.secure.read.tenantApiTokens', 'account'),
};

export const postTenantsAccessTokens: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/access-tokens/v1',
  access: perm('fe.secure.write.tenantApiTokens', 'account'),
  request: tenantToken,
  audit: audit('tokens', 'Access token created', 'Medium'),
};

export const deleteTenantsAccessTokensById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/tenants/access-tokens/v1/:id',
  access: perm('fe.secure.delete.tenantApiTokens', 'resource'),
  audit: audit('tokens', 'Access token deleted', 'Medium', { idName: 'token' }),
};

export const getUsersAccessTokens: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/access-tokens/v1',
  access: perm('fe.secure.read.userApiTokens', 'account'),
};

export const postUsersAccessTokens: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/access-tokens/v1',
  access: perm('fe.secure.write.userApiTokens', 'account'),
  request: userToken,
  audit: audit('tokens', 'Personal access token created', 'Medium'),
};

export const deleteUsersAccessTokensById: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/access-tokens/v1/:id',
  access: perm('fe.secure.delete.userApiTokens', 'resource'),
  audit: audit('tokens', 'Personal access token deleted', 'Medium', { idName: 'token' }),
};
