/** Routes: directory. */
import * as s from '../schemas';
import { SCIM_SOURCES } from '../../api/directory';
import { PROTOCOL, perm, pub } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getDirectoryConfigurationsScim2: RouteDescriptor = {
  method: 'GET',
  path: '/directory/resources/v1/configurations/scim2',
  access: perm('fe.secure.read.provisioningConfiguration', 'account'),
};

export const postDirectoryConfigurationsScim2: RouteDescriptor = {
  method: 'POST',
  path: '/directory/resources/v1/configurations/scim2',
  access: perm('fe.secure.write.provisioningConfiguration', 'account', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject(
      {
        source: { type: 'string', enum: [...SCIM_SOURCES] },
        connectionName: { type: 'string', maxLength: 100 },
        syncToUserManagement: { type: 'boolean' },
      },
      ['source'],
    ),
  },
};

export const patchDirectoryConfigurationsScim2ById: RouteDescriptor = {
  method: 'PATCH',
  path: '/directory/resources/v1/configurations/scim2/:id',
  access: perm('fe.secure.write.provisioningConfiguration', 'resource'),
  request: {
    body: s.strictObject({ syncToUserManagement: { type: 'boolean' } }),
  },
};

export const deleteDirectoryConfigurationsScim2ById: RouteDescriptor = {
  method: 'DELETE',
  path: '/directory/resources/v1/configurations/scim2/:id',
  access: perm('fe.secure.delete.provisioningConfiguration', 'resource'),
};

export const getDirectoryScimTempByIdUsersCount: RouteDescriptor = {
  method: 'GET',
  path: '/directory/resources/scim/temp/:id/Users/count',
  access: perm('fe.secure.read.provisioningConfiguration', 'resource'),
};

export const getScimServiceProviderConfig: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/ServiceProviderConfig',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimSchemas: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Schemas',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimSchemasById: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Schemas/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimResourceTypes: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/ResourceTypes',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimResourceTypesById: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/ResourceTypes/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimUsers: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Users',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const postScimUsers: RouteDescriptor = {
  method: 'POST',
  path: '/scim/v2/Users',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimUsersById: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Users/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const putScimUsersById: RouteDescriptor = {
  method: 'PUT',
  path: '/scim/v2/Users/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const patchScimUsersById: RouteDescriptor = {
  method: 'PATCH',
  path: '/scim/v2/Users/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const deleteScimUsersById: RouteDescriptor = {
  method: 'DELETE',
  path: '/scim/v2/Users/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimGroups: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Groups',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const postScimGroups: RouteDescriptor = {
  method: 'POST',
  path: '/scim/v2/Groups',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const getScimGroupsById: RouteDescriptor = {
  method: 'GET',
  path: '/scim/v2/Groups/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const putScimGroupsById: RouteDescriptor = {
  method: 'PUT',
  path: '/scim/v2/Groups/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const patchScimGroupsById: RouteDescriptor = {
  method: 'PATCH',
  path: '/scim/v2/Groups/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};

export const deleteScimGroupsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/scim/v2/Groups/:id',
  access: pub(
    "SCIM 2.0 (routes/scim.ts): the directory configuration's own bearer token, not a user's (scim.test.ts)",
  ),
  demo: PROTOCOL,
};
