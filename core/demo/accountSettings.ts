/**
 * The account's settings in demo mode: the server's handlers and repository
 * (core/domain/account-settings-handlers.ts, tenant-repositories.ts) over the demo's tables.
 */
import { ACCOUNT_SETTINGS_HANDLERS } from '../domain/account-settings-handlers';
import { accountSettingsOver } from '../domain/tenant-repositories';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';

/** GET and PUT the caller's account settings. */
export const demoAccountSettingsRoutes = (now: () => number) =>
  demoHandlers(ACCOUNT_SETTINGS_HANDLERS, (db) =>
    accountSettingsOver(memoryTables((db.tables ??= {})), { now }),
  );
