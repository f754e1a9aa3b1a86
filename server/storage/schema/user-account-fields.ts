/**
 * Fields of users and accounts added together (migration 35):
 * - the language a user and an account chose (issue 29): `users.locale` (the profile's language
 *   picker) and `tenants.locale` (account settings). Null: none chosen. One of core/domain/locales.ts
 *   when written; read through `recipientLocale`, which treats anything else as none;
 * - an account's type (issue 28 item 12; the client SDK's TenantType: customer, spam, test,
 *   reseller, headquarter), NULL when none was given. The values are the contract's
 *   (core/domain/sub-accounts.ts TENANT_TYPES); the check keeps the column to them;
 * - a user's customData (issue 28 item 11; the client SDK's ITeamUser.customData,
 *   core/domain/custom-data.ts): NULL when none;
 * - a user's provider by the key's shape, and what built-in social providers need (issue 28 items
 *   10 and 14, ./user-providers.ts).
 */
import { USER_PROVIDER_STATEMENTS } from './user-providers';

export const FIELD_STATEMENTS = [
  'ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text',
  'ALTER TABLE tenants ADD COLUMN IF NOT EXISTS locale text',
  `ALTER TABLE tenants ADD COLUMN tenant_type text
     CHECK (tenant_type IN ('customer', 'spam', 'test', 'reseller', 'headquarter'))`,
  `ALTER TABLE users ADD COLUMN custom_data jsonb`,
  ...USER_PROVIDER_STATEMENTS,
];
