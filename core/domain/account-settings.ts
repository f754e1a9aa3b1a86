/**
 * An account's settings (spec 001 §2 Account fields: companyName, address, website, timezone,
 * currency; §3 Account settings with the mock defaults DD/MM/YYYY, HH:mm, USD): the rules, written
 * once over a repository. The server keeps them on the tenant's row (server/storage/account-settings.ts),
 * demo mode in the page's storage (core/demo/backend.ts).
 */
import type { AccountSettings, AccountSettingsUpdate } from '../api/accountSettings';
import { contractError } from '../contract/errors';

/** What an update writes: a field given (null clears an optional one), or undefined to keep it. */
export type AccountSettingsChanges = AccountSettingsUpdate;

export interface AccountSettingsRepository {
  /** The settings of a live account, or null when there is none. */
  get(tenantId: string): Promise<AccountSettings | null>;
  /** Writes the fields given; the new settings, or null when there is no live account. */
  update(tenantId: string, changes: AccountSettingsChanges): Promise<AccountSettings | null>;
}

/** The time zones a setting may name: the runtime's IANA list, and UTC. */
const timeZones = (() => {
  let known: Set<string> | undefined;
  return () => (known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']));
})();

export async function readAccountSettings(
  repo: AccountSettingsRepository,
  tenantId: string,
): Promise<AccountSettings> {
  const settings = await repo.get(tenantId);
  if (!settings) throw contractError('ACCOUNT_NOT_FOUND');
  return settings;
}

/**
 * Applies an update (its fields, types and lengths passed the contract's schema): the company name
 * may not be blank, a time zone must be one the runtime knows, blank optional texts clear the field.
 */
export async function changeAccountSettings(
  repo: AccountSettingsRepository,
  tenantId: string,
  body: AccountSettingsUpdate,
): Promise<AccountSettings> {
  if (body.name !== undefined && !body.name.trim()) throw contractError('COMPANY_NAME_EMPTY');
  if (body.timezone && !timeZones().has(body.timezone))
    throw contractError('TIME_ZONE_UNKNOWN', { zone: body.timezone });
  const blankToNull = (value: string | null | undefined) =>
    value === undefined ? undefined : value?.trim() || null;
  const settings = await repo.update(tenantId, {
    name: body.name?.trim(),
    address: blankToNull(body.address),
    website: blankToNull(body.website),
    timezone: blankToNull(body.timezone),
    currency: body.currency,
  });
  if (!settings) throw contractError('ACCOUNT_NOT_FOUND');
  return settings;
}
