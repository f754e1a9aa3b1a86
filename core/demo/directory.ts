/**
 * Demo mode's directory (SCIM) configurations: the shared handlers (core/domain/directory-handlers.ts)
 * over the configurations kept per account in the page's storage. Demo mode keeps no token (it has
 * no SCIM endpoint to open) and provisions nobody (every count is 0).
 */
import type { ScimConfiguration } from '../api/directory';
import type { DirectoryPorts } from '../domain/directory';
import { DIRECTORY_HANDLERS } from '../domain/directory-handlers';
import type { DemoDatabase } from './data';
import { demoHandlers } from './shared';

const demoDirectoryPorts = (db: DemoDatabase, now: () => number): DirectoryPorts => {
  const mine = (tenantId: string) => ((db.directory ??= {})[tenantId] ??= []);
  const find = (tenantId: string, id: string) => mine(tenantId).find((c) => c.id === id);
  return {
    list: async (tenantId) => mine(tenantId),
    async insert(tenantId, c) {
      const stored: ScimConfiguration = { ...c, createdAt: new Date(now()).toISOString(), lastSync: null };
      mine(tenantId).push(stored);
      return stored;
    },
    async update(tenantId, id, sync) {
      const found = find(tenantId, id);
      if (found && sync !== undefined) found.syncToUserManagement = sync;
      return !!found;
    },
    async remove(tenantId, id) {
      const found = find(tenantId, id);
      if (found) mine(tenantId).splice(mine(tenantId).indexOf(found), 1);
      return !!found;
    },
    countUsers: async (tenantId, id) => (find(tenantId, id) ? 0 : null),
  };
};

/** The directory routes of a signed-in caller (core/contract/routes/directory.ts), by descriptor name. */
export const demoDirectoryRoutes = (tools: { now: () => number; random: () => string }) =>
  demoHandlers(DIRECTORY_HANDLERS, (db) => demoDirectoryPorts(db, tools.now));
