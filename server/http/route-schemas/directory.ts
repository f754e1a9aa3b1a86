// Response schemas of directory provisioning (issue 16): the SCIM configurations (the client SDK's
// `directory` calls) and the SCIM 2.0 endpoints (routes/scim.ts), whose answers and errors are
// `application/scim+json` (RFC 7644); by `METHOD path` without the API prefix (server/http/openapi.ts).
import { SCIM_SOURCES } from '../../../core/api/directory';
import { any, arr, bool, int, obj, str, strOrNull } from './common';

const CONFIGURATION_FIELDS = {
  id: str,
  connectionName: str,
  source: { type: 'string', enum: [...SCIM_SOURCES] },
  syncToUserManagement: bool,
  createdAt: str,
  lastSync: strOrNull,
};
export const CONFIGURATION = obj(CONFIGURATION_FIELDS, [
  'id',
  'connectionName',
  'source',
  'syncToUserManagement',
  'createdAt',
]);
export const CREATED = obj(
  {
    ...CONFIGURATION_FIELDS,
    token: { type: 'string', description: 'The SCIM bearer token: shown this once' },
  },
  ['id', 'connectionName', 'source', 'token'],
  'The configuration and its SCIM bearer token (only its SHA-256 is kept)',
);

export const scimJson = (schema: unknown, description: string) => ({
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
export const ERRORS = {
  '4XX': scimJson(SCIM_ERROR, 'A SCIM error'),
  '5XX': scimJson(SCIM_ERROR, 'A SCIM error'),
};
export const RESOURCE = obj({ schemas: arr(str), id: str, meta: any }, ['schemas', 'id'], 'A SCIM resource');
export const LIST = obj(
  { schemas: arr(str), totalResults: int, startIndex: int, itemsPerPage: int, Resources: arr(RESOURCE) },
  ['schemas', 'totalResults', 'Resources'],
  'RFC 7644 §3.4.2 ListResponse',
);
export const NO_CONTENT = { 204: { description: 'Deleted', type: 'null' } };
export const BODY = obj({}, [], 'A SCIM resource or PatchOp message (RFC 7643, RFC 7644 §3.5.2)');
