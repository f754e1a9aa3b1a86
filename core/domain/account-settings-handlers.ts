/**
 * The account settings' routes (core/contract/routes/platform.ts: GET and PUT account-settings/v1),
 * written once for the server and demo mode (core/domain/handlers.ts) over the account settings'
 * repository; the rules are core/domain/account-settings.ts.
 */
import type { AccountSettingsUpdate } from '../api/accountSettings';
import {
  changeAccountSettings,
  readAccountSettings,
  type AccountSettingsRepository,
} from './account-settings';
import { answer, type AreaHandlers } from './handlers';
import type { PortsFor } from './platform';
import { accountSettingsOver } from './tenant-repositories';

export const ACCOUNT_SETTINGS_HANDLERS: AreaHandlers<AccountSettingsRepository> = {
  getTenantsAccountSettings: async (repo, { tenantId }) => answer(await readAccountSettings(repo, tenantId)),
  putTenantsAccountSettings: async (repo, { tenantId, body }) =>
    answer(await changeAccountSettings(repo, tenantId, body as AccountSettingsUpdate)),
};

/** The account settings' repository over the backend's tables (core/domain/platform.ts). */
export const accountSettingsAreaPorts: PortsFor<AccountSettingsRepository> = (platform) =>
  accountSettingsOver(platform.tables, platform.clock);
