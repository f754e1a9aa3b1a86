// Response schemas of directory provisioning (issue 16): the SCIM configurations (the client SDK's
// `directory` calls) and the SCIM 2.0 endpoints (routes/scim.ts), whose answers and errors are
// `application/scim+json` (RFC 7644); by `METHOD path` without the API prefix (server/http/openapi.ts).
import { SCIM_SOURCES } from '../../../core/api/directory';
import { any, arr, bool, EMPTY, int, obj, str, strOrNull } from './common';
import type { RouteSchemas } from './index';

const CONFIGS = '/directory/resources/v1/configurations/scim2';
const SCIM = '/scim/v2';

const CONFIGURATION_FIELDS = {
  id: str,
  connectionName: str,
  source: { type: 'string', enum: [...SCIM_SOURCES] },
  syncToUserManagement: bool,
  createdAt: str,
  lastSync: strOrNull,
};
const CONFIGURATION = obj(CONFIGURATION_FIELDS, [
  'id',
  'connectionName',
  'source',
  'syncToUserManagement',
  'createdAt',
]);
const CREATED = obj(
  {
    ...CONFIGURATION_FIELDS,
    token: { type: 'string', description: 'The SCIM bearer token: shown this once' },
  },
  ['id', 'connectionName', 'source', 'token'],
  'The configuration and its SCIM bearer token (only its SHA-256 is kept)',
);

const scimJson = (schema: unknown, description: string) => ({
  description,
  content: { 'application/scim+json': { schema } },
});
const SCIM_ERROR = obj(
  {
    schemas: arr({ const: 'urn:ietf:params:scim:api:messages:2.0:Error' }),
    status: str,
    scimType: str,
    detail: str,
  },
  ['schemas', 'status'],
  'RFC 7644 §3.12 error',
);
const ERRORS = { '4XX': scimJson(SCIM_ERROR, 'A SCIM error'), '5XX': scimJson(SCIM_ERROR, 'A SCIM error') };
const RESOURCE = obj({ schemas: arr(str), id: str, meta: any }, ['schemas', 'id'], 'A SCIM resource');
const LIST = obj(
  { schemas: arr(str), totalResults: int, startIndex: int, itemsPerPage: int, Resources: arr(RESOURCE) },
  ['schemas', 'totalResults', 'Resources'],
  'RFC 7644 §3.4.2 ListResponse',
);
const NO_CONTENT = { 204: { description: 'Deleted', type: 'null' } };
const BODY = obj({}, [], 'A SCIM resource or PatchOp message (RFC 7643, RFC 7644 §3.5.2)');

const resourceRoutes = (endpoint: string): RouteSchemas => ({
  [`GET ${SCIM}/${endpoint}`]: {
    response: { 200: scimJson(LIST, `${endpoint}, filtered and paged`), ...ERRORS },
  },
  [`POST ${SCIM}/${endpoint}`]: { body: BODY, response: { 201: scimJson(RESOURCE, 'Created'), ...ERRORS } },
  [`GET ${SCIM}/${endpoint}/:id`]: { response: { 200: scimJson(RESOURCE, 'The resource'), ...ERRORS } },
  [`PUT ${SCIM}/${endpoint}/:id`]: {
    body: BODY,
    response: { 200: scimJson(RESOURCE, 'Replaced'), ...ERRORS },
  },
  [`PATCH ${SCIM}/${endpoint}/:id`]: {
    body: BODY,
    response: { 200: scimJson(RESOURCE, 'Patched'), ...ERRORS },
  },
  [`DELETE ${SCIM}/${endpoint}/:id`]: { response: { ...NO_CONTENT, ...ERRORS } },
});

export const directorySchemas: RouteSchemas = {
  [`GET ${CONFIGS}`]: { response: { 200: arr(CONFIGURATION) } },
  [`POST ${CONFIGS}`]: { response: { 201: CREATED } },
  [`PATCH ${CONFIGS}/:id`]: { response: { 200: EMPTY } },
  [`DELETE ${CONFIGS}/:id`]: { response: { 200: EMPTY } },
  'GET /directory/resources/scim/temp/:id/Users/count': { response: { 200: obj({ count: int }, ['count']) } },
  [`GET ${SCIM}/ServiceProviderConfig`]: {
    response: {
      200: scimJson(
        obj({ schemas: arr(str), patch: any, filter: any }, ['schemas', 'patch', 'filter']),
        'RFC 7643 §5',
      ),
      ...ERRORS,
    },
  },
  [`GET ${SCIM}/Schemas`]: { response: { 200: scimJson(LIST, 'RFC 7643 §7'), ...ERRORS } },
  [`GET ${SCIM}/Schemas/:id`]: { response: { 200: scimJson(RESOURCE, 'A schema'), ...ERRORS } },
  [`GET ${SCIM}/ResourceTypes`]: { response: { 200: scimJson(LIST, 'RFC 7643 §6'), ...ERRORS } },
  [`GET ${SCIM}/ResourceTypes/:id`]: { response: { 200: scimJson(RESOURCE, 'A resource type'), ...ERRORS } },
  ...resourceRoutes('Users'),
  ...resourceRoutes('Groups'),
};
