/**
 * The account's settings in demo mode: the use cases of core/domain/account-settings.ts over the
 * demo's data (the server's repository: server/storage/account-settings.ts).
 */
import { DATE_FORMATS, TIME_FORMATS, type AccountSettingsRepository } from '../domain/account-settings';
import { ACCOUNT_SETTINGS_HANDLERS } from '../domain/account-settings-handlers';
import type { CustomLogin } from '../domain/custom-login';
import { tenantById, type DemoDatabase } from './data';
import { given } from './rows';
import { demoHandlers } from './shared';

/** Account settings over the demo's data (the repository of core/domain/account-settings.ts). */
function demoAccountSettingsRepository(db: DemoDatabase): AccountSettingsRepository {
  const read = (tenantId: string) => {
    const tenant = tenantById(db, tenantId);
    if (!tenant) return null;
    // Beside the typed fields, the date and time formats, the logo and the metadata (a JSON string).
    const saved: Record<string, string | null | undefined> = db.accountSettings?.[tenantId] ?? {};
    const custom = (db as DemoDatabase & { customLogin?: Record<string, CustomLogin> }).customLogin?.[
      tenantId
    ];
    return {
      tenantId,
      name: tenant.name,
      address: saved.address ?? null,
      website: saved.website ?? null,
      timezone: saved.timezone ?? null,
      currency: saved.currency ?? 'USD',
      dateFormat: saved.dateFormat ?? DATE_FORMATS[0],
      timeFormat: saved.timeFormat ?? TIME_FORMATS[0],
      logo: saved.logo ?? null,
      metadata: saved.metadata ?? '{}',
      locale: saved.locale ?? null,
      // As the server: its custom login is on, with an alias (core/demo/subAccountsRepository.ts).
      hasCustomLogin: !!(custom?.enabled && custom.loginAlias),
    };
  };
  return {
    get: async (tenantId) => read(tenantId),
    async update(tenantId, { name, ...rest }) {
      const tenant = tenantById(db, tenantId);
      if (!tenant) return null;
      Object.assign(((db.accountSettings ??= {})[tenantId] ??= {}), given(rest));
      if (name !== undefined) tenant.name = name;
      return read(tenantId);
    },
  };
}

/** GET and PUT the caller's account settings (core/domain/account-settings-handlers.ts). */
export const demoAccountSettingsRoutes = () =>
  demoHandlers(ACCOUNT_SETTINGS_HANDLERS, (db) => demoAccountSettingsRepository(db));
