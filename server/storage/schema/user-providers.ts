/**
 * Part of migration 35 (issue 28 items 10 and 14): a user's `provider` is how the account was created:
 * `local` (password, invitation, passwordless), `scim2`, the social provider's key (`google`,
 * `github`, a custom provider's key) or the SSO protocol (`saml`, `oidc`). Keys of custom social
 * providers are the vendor's, so the fixed list of migration 10 becomes the key's shape (that of
 * `social_providers.key`).
 */
/**
 * Built-in social providers (issue 28 item 14, core/domain/social-presets.ts) need what a preset
 * knows besides the endpoints: an endpoint listing the person's verified addresses (GitHub), where
 * a user-info answer keeps its fields (Microsoft Graph), and how the client authenticates at the
 * token endpoint.
 */
const SOCIAL_PRESET_STATEMENTS = [
  `ALTER TABLE social_providers
     ADD COLUMN emails_endpoint text,
     ADD COLUMN userinfo_fields jsonb,
     ADD COLUMN token_auth text NOT NULL DEFAULT 'client_secret_basic'
       CHECK (token_auth IN ('client_secret_basic', 'client_secret_post'))`,
];

export const USER_PROVIDER_STATEMENTS = [
  ...SOCIAL_PRESET_STATEMENTS,
  `ALTER TABLE users DROP CONSTRAINT IF EXISTS users_provider_check`,
  `ALTER TABLE users ADD CONSTRAINT users_provider_check CHECK (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$')`,
];
