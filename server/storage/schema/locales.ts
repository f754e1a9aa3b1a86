/**
 * The language a user and an account chose (issue 29): `users.locale` (the profile's language
 * picker) and `tenants.locale` (account settings). Null: none chosen. One of core/domain/locales.ts
 * when written; read through `recipientLocale`, which treats anything else as none.
 */
export const LOCALE_STATEMENTS = [
  'ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text',
  'ALTER TABLE tenants ADD COLUMN IF NOT EXISTS locale text',
];
