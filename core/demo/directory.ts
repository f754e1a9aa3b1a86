/**
 * Demo mode's directory (SCIM) configurations: the shared handlers (core/domain/directory-handlers.ts)
 * over the configurations kept per account in the page's storage. Demo mode keeps no token (it has
 * no SCIM endpoint to open) and provisions nobody (every count is 0).
 */
import type { ScimConfiguration } from '../api/directory';
import type { DirectoryPorts } from '../domain/directory';
import { DIRECTORY_HANDLERS } from '../domain/directory-handlers';
import type { DemoDatabase } from './data';
import { isoNow, remove, update, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';

const demoDirectoryPorts = (db: DemoDatabase, now: () => number): DirectoryPorts => {
  const mine = (tenantId: string) => ((db.directory ??= {})[tenantId] ??= []);
  return {
    list: async (tenantId) => mine(tenantId),
    async insert(tenantId, c) {
      const stored: ScimConfiguration = { ...c, createdAt: isoNow(now), lastSync: null };
      mine(tenantId).push(stored);
      return stored;
    },
    update: async (tenantId, id, sync) =>
      !!update(mine(tenantId), withId(id), sync === undefined ? {} : { syncToUserManagement: sync }),
    remove: async (tenantId, id) => remove(mine(tenantId), withId(id)),
    countUsers: async (tenantId, id) => (mine(tenantId).some(withId(id)) ? 0 : null),
  };
};

/** The directory routes of a signed-in caller (core/contract/routes/directory.ts), by descriptor name. */
export const demoDirectoryRoutes = ({ now }: DemoClock) =>
  demoHandlers(DIRECTORY_HANDLERS, (db) => demoDirectoryPorts(db, now));
