import type { HttpClient } from './http';

/** Account settings (spec 001 §3); `name` is the company name. */
export interface AccountSettings {
  tenantId: string;
  name: string;
  address: string | null;
  website: string | null;
  timezone: string | null;
  currency: string;
  dateFormat: string;
  timeFormat: string;
  /** The logo as a data URL (`data:image/png;base64,…`), or null. */
  logo: string | null;
  /** The account's metadata, a JSON object of text values written as a string (the tenant's `metadata`). */
  metadata?: string;
  /**
   * The account's language (core/domain/locales.ts), or null: emails and SMS to its members who chose
   * none are written in it. Not in the client SDK's type (docs/contract.md).
   */
  locale?: string | null;
  hasCustomLogin: boolean;
}

export type AccountSettingsUpdate = Partial<
  Pick<
    AccountSettings,
    | 'name'
    | 'address'
    | 'website'
    | 'timezone'
    | 'currency'
    | 'dateFormat'
    | 'timeFormat'
    | 'logo'
    | 'metadata'
    | 'locale'
  >
>;

const ACCOUNT_SETTINGS_V1 = '/tenants/resources/account-settings/v1';

export function createAccountSettingsApi(http: HttpClient) {
  return {
    get: () => http.get<AccountSettings>(ACCOUNT_SETTINGS_V1),
    update: (body: AccountSettingsUpdate) => http.put<AccountSettings>(ACCOUNT_SETTINGS_V1, body),
  };
}
