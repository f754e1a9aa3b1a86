/**
 * Demo mode's directory (SCIM) configurations: the shared handlers and repository
 * (core/domain/directory.ts, the server's) over the page's storage. Demo mode has no SCIM endpoint:
 * it provisions nobody (every count is 0, nothing to hand back on delete).
 */
import { directoryRepository } from '../domain/directory';
import { DIRECTORY_HANDLERS } from '../domain/directory-handlers';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';

/** The directory routes of a signed-in caller (core/contract/routes/directory.ts), by descriptor name. */
export const demoDirectoryRoutes = ({ now, random }: DemoClock) =>
  demoHandlers(DIRECTORY_HANDLERS, (db) => {
    const tables = memoryTables((db.tables ??= {}));
    return directoryRepository(
      tables,
      { now, newId: random },
      {
        managedMembers: async () => 0,
        releasing: (_tenantId, _id, remove) => remove(tables),
      },
    );
  });
