import type { AccountSettings, AccountSettingsUpdate } from '../../../../core/api/accountSettings';
import { enPortal } from '../../../i18n/en-portal';

export interface AccountFields {
  name: string;
  address: string;
  website: string;
  timezone: string;
  currency: string;
  dateFormat: string;
  timeFormat: string;
  /** The account's language (core/domain/locales.ts), '' for none. */
  locale: string;
}

export const fieldsOf = (settings: AccountSettings): AccountFields => ({
  name: settings.name,
  address: settings.address ?? '',
  website: settings.website ?? '',
  timezone: settings.timezone ?? '',
  currency: settings.currency,
  dateFormat: settings.dateFormat,
  timeFormat: settings.timeFormat,
  locale: settings.locale ?? '',
});

const WEBSITE = /^https?:\/\/\S+$/;

export function validateAccount(fields: AccountFields): Partial<Record<keyof AccountFields, string>> {
  const errors: Partial<Record<keyof AccountFields, string>> = {};
  if (!fields.name.trim()) errors.name = enPortal.portal.accountSettings.nameRequired;
  else if (fields.name.trim().length > 100) errors.name = enPortal.portal.tooLong(100);
  if (fields.address.trim().length > 200) errors.address = enPortal.portal.tooLong(200);
  if (fields.website.trim() && (!WEBSITE.test(fields.website.trim()) || fields.website.trim().length > 200))
    errors.website = enPortal.portal.accountSettings.websiteInvalid;
  return errors;
}

/**
 * Only the fields that changed (trimmed; emptied optional fields are sent as null). An empty result
 * means there is nothing to save: the page says "No changes to update" and sends nothing.
 */
export function changesOf(saved: AccountSettings, fields: AccountFields): AccountSettingsUpdate {
  const before = fieldsOf(saved);
  const update: AccountSettingsUpdate = {};
  if (fields.name.trim() !== before.name) update.name = fields.name.trim();
  for (const key of ['address', 'website', 'timezone'] as const) {
    if (fields[key].trim() !== before[key]) update[key] = fields[key].trim() || null;
  }
  if (fields.currency !== before.currency) update.currency = fields.currency;
  if (fields.dateFormat !== before.dateFormat) update.dateFormat = fields.dateFormat;
  if (fields.timeFormat !== before.timeFormat) update.timeFormat = fields.timeFormat;
  if (fields.locale !== before.locale) update.locale = fields.locale || null;
  return update;
}
