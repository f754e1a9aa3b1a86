// The server's platform (server/platform.ts) over a test's database: what the repository suites
// and fixtures read of it (the tables, the clock, the grants, the vendor, the outbox's events)
// needs only the database.
import type { AppContext } from '../../server/context';
import { serverPlatform } from '../../server/platform';
import type { Database } from '../../server/storage/database';

export const platformOver = (db: Database) => serverPlatform({ db } as AppContext);
