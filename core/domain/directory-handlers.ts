/**
 * The directory (SCIM) configuration routes (core/contract/routes/directory.ts), written once for
 * the server and demo mode (core/domain/handlers.ts): list, create (the token answered once),
 * change `syncToUserManagement`, delete, and the count of members a configuration manages. A
 * configuration is looked up in the caller's account only (another account's is not found). The
 * rules are core/domain/directory.ts; the SCIM endpoints the token opens stay server-only.
 */
import type { ScimSource } from '../api/directory';
import { contractError } from '../contract/errors';
import { createScimConfiguration, type DirectoryPorts } from './directory';
import { answer, type AreaHandlers } from './handlers';

const found = <T>(value: T | null | false): T => {
  if (value === null || value === false) throw contractError('SCIM_CONFIGURATION_NOT_FOUND');
  return value;
};

export const DIRECTORY_HANDLERS: AreaHandlers<DirectoryPorts> = {
  getDirectoryConfigurationsScim2: async (p, { tenantId }) => answer(await p.list(tenantId)),
  // A token that opens the account's directory is made for a person signed in (the descriptor refuses API tokens).
  postDirectoryConfigurationsScim2: async (p, { tenantId, userId, body }) =>
    answer(
      await createScimConfiguration(
        p,
        tenantId,
        body as { source: ScimSource; connectionName?: string; syncToUserManagement?: boolean },
        userId,
      ),
      201,
    ),
  patchDirectoryConfigurationsScim2ById: async (p, { tenantId, params, body }) => {
    const sync = body.syncToUserManagement as boolean | undefined;
    found(await p.update(tenantId, params.id!, sync));
    return answer({});
  },
  deleteDirectoryConfigurationsScim2ById: async (p, { tenantId, params }) => {
    found(await p.remove(tenantId, params.id!));
    return answer({});
  },
  getDirectoryScimTempByIdUsersCount: async (p, { tenantId, params }) =>
    answer({ count: found(await p.countUsers(tenantId, params.id!)) }),
};
