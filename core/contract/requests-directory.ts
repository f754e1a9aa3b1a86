/**
 * Request schemas of the directory (SCIM) configuration calls (issue 16), by `METHOD path` as the
 * server registers them: the client SDK's `createConfiguration` (Scim2CreateConnectionConfigRequest)
 * and `updateConfiguration` (Scim2PatchConnectionConfigRequest). The SCIM protocol's own routes
 * (server/routes/scim.ts) are not the client SDK's and answer RFC 7644 errors: their schemas stay there.
 */
import { SCIM_SOURCES } from '../api/directory';
import type { RequestSchema } from './requests';
import * as s from './schemas';

const CONFIGURATIONS = '/directory/resources/v1/configurations/scim2';

export const DIRECTORY_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`POST ${CONFIGURATIONS}`]: {
    body: s.strictObject(
      {
        source: { type: 'string', enum: [...SCIM_SOURCES] },
        connectionName: { type: 'string', maxLength: 100 },
        syncToUserManagement: { type: 'boolean' },
      },
      ['source'],
    ),
  },
  [`PATCH ${CONFIGURATIONS}/:id`]: {
    body: s.strictObject({ syncToUserManagement: { type: 'boolean' } }),
  },
};
