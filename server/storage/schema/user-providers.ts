/**
 * Migration 35 (branch b, issue 28 item 10): a user's `provider` is how the account was created:
 * `local` (password, invitation, passwordless), `scim2`, the social provider's key (`google`,
 * `github`, a custom provider's key) or the SSO protocol (`saml`, `oidc`). Keys of custom social
 * providers are the vendor's, so the fixed list of migration 10 becomes the key's shape (that of
 * `social_providers.key`).
 */
export const USER_PROVIDER_STATEMENTS = [
  `ALTER TABLE users DROP CONSTRAINT IF EXISTS users_provider_check`,
  `ALTER TABLE users ADD CONSTRAINT users_provider_check CHECK (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$')`,
];
