/**
 * The directory (SCIM) configuration routes (core/contract/routes/directory.ts), written once for
 * the server and demo mode (core/domain/handlers.ts): list, create (the token answered once),
 * change `syncToUserManagement`, delete, and the count of members a configuration manages. A
 * configuration is looked up in the caller's account only (another account's is not found). The
 * rules are core/domain/directory.ts; the SCIM endpoints the token opens stay server-only
 * (server/routes/scim.ts), and demo mode, which has none, provisions nobody.
 *
 * On the client SDK's paths (`@frontegg/rest-api` 3.1.18 `directory`; issue 16; spec 001 §7
 * "Directory (SCIM): GET, POST, PATCH /{id}, DELETE /{id}, GET temp /{id}/Users/count"):
 * - GET    /directory/resources/v1/configurations/scim2          the account's configurations
 * - POST   /directory/resources/v1/configurations/scim2          create; the answer carries `token`, once
 * - PATCH  /directory/resources/v1/configurations/scim2/:id      `syncToUserManagement`
 * - DELETE /directory/resources/v1/configurations/scim2/:id      the token stops working at once
 * - GET    /directory/resources/scim/temp/:id/Users/count       `{ count }` of members it manages
 * Reading needs fe.secure.read.provisioningConfiguration, creating and changing
 * fe.secure.write.provisioningConfiguration, deleting fe.secure.delete.provisioningConfiguration
 * (the permission catalogue's companions of spec 001 §6's read string).
 */
import type { ScimSource } from '../api/directory';
import { contractError } from '../contract/errors';
import { createScimConfiguration, directoryRepository, type DirectoryPorts } from './directory';
import { answer, type AreaHandlers } from './handlers';
import type { PortsFor } from './platform';

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

/** The directory's ports on a backend, over its tables. */
export const directoryAreaPorts: PortsFor<DirectoryPorts> = ({ tables, clock }) =>
  directoryRepository(tables, clock);
