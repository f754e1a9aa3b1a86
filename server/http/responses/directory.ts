/** Success answers of the directory routes (core/contract/routes/directory.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/directory';
import {
  BODY,
  CONFIGURATION,
  CREATED,
  ERRORS,
  LIST,
  NO_CONTENT,
  RESOURCE,
  scimJson,
} from '../route-schemas/directory';
import { EMPTY, any, arr, int, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const DIRECTORY_RESPONSES: ResponseTable = [
  [routes.getDirectoryConfigurationsScim2, { 200: arr(CONFIGURATION) }],
  [routes.postDirectoryConfigurationsScim2, { 201: CREATED }],
  [routes.patchDirectoryConfigurationsScim2ById, { 200: EMPTY }],
  [routes.deleteDirectoryConfigurationsScim2ById, { 200: EMPTY }],
  [routes.getDirectoryScimTempByIdUsersCount, { 200: obj({ count: int }, ['count']) }],
  [
    routes.getScimServiceProviderConfig,
    {
      200: scimJson(
        obj({ schemas: arr(str), patch: any, filter: any }, ['schemas', 'patch', 'filter']),
        'RFC 7643 §5',
      ),
      ...ERRORS,
    },
  ],
  [routes.getScimSchemas, { 200: scimJson(LIST, 'RFC 7643 §7'), ...ERRORS }],
  [routes.getScimSchemasById, { 200: scimJson(RESOURCE, 'A schema'), ...ERRORS }],
  [routes.getScimResourceTypes, { 200: scimJson(LIST, 'RFC 7643 §6'), ...ERRORS }],
  [routes.getScimResourceTypesById, { 200: scimJson(RESOURCE, 'A resource type'), ...ERRORS }],
  [routes.getScimUsers, { 200: scimJson(LIST, `${'Users'}, filtered and paged`), ...ERRORS }],
  [routes.postScimUsers, { 201: scimJson(RESOURCE, 'Created'), ...ERRORS }],
  [routes.getScimUsersById, { 200: scimJson(RESOURCE, 'The resource'), ...ERRORS }],
  [routes.putScimUsersById, { 200: scimJson(RESOURCE, 'Replaced'), ...ERRORS }],
  [routes.patchScimUsersById, { 200: scimJson(RESOURCE, 'Patched'), ...ERRORS }],
  [routes.deleteScimUsersById, { ...NO_CONTENT, ...ERRORS }],
  [routes.getScimGroups, { 200: scimJson(LIST, `${'Groups'}, filtered and paged`), ...ERRORS }],
  [routes.postScimGroups, { 201: scimJson(RESOURCE, 'Created'), ...ERRORS }],
  [routes.getScimGroupsById, { 200: scimJson(RESOURCE, 'The resource'), ...ERRORS }],
  [routes.putScimGroupsById, { 200: scimJson(RESOURCE, 'Replaced'), ...ERRORS }],
  [routes.patchScimGroupsById, { 200: scimJson(RESOURCE, 'Patched'), ...ERRORS }],
  [routes.deleteScimGroupsById, { ...NO_CONTENT, ...ERRORS }],
];

/** Bodies of calls that read none, documented. */
export const DIRECTORY_BODIES: ResponseTable = [
  [routes.postScimUsers, BODY],
  [routes.putScimUsersById, BODY],
  [routes.patchScimUsersById, BODY],
  [routes.postScimGroups, BODY],
  [routes.putScimGroupsById, BODY],
  [routes.patchScimGroupsById, BODY],
];
