/**
 * Social login (migration 9): the vendor's OAuth 2.0 / OpenID Connect provider configurations and
 * the external identities that link a provider's subject to a user.
 *
 * - `social_providers`: one row per provider key per vendor. OpenID Connect providers give an
 *   `issuer` (endpoints and keys come from its discovery document); plain OAuth 2.0 providers give
 *   their endpoints. The client secret is stored encrypted (AES-256-GCM, `domain/secrets.ts`).
 *   `redirect_uris` are the application's social callback addresses the kit may use.
 * - `external_identities`: (provider key, subject) -> user. A subject signs in as the same user
 *   even if its email changes at the provider.
 */
export const SOCIAL_STATEMENTS: string[] = [
  `CREATE TABLE social_providers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    vendor_id uuid NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
    key text NOT NULL CHECK (key ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
    display_name text NOT NULL,
    custom boolean NOT NULL DEFAULT false,
    protocol text NOT NULL CHECK (protocol IN ('oidc', 'oauth2')),
    issuer text,
    authorization_endpoint text,
    token_endpoint text,
    userinfo_endpoint text,
    client_id text NOT NULL,
    client_secret_encrypted text,
    scopes text NOT NULL,
    redirect_uris text[] NOT NULL,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (vendor_id, key),
    CHECK (protocol = 'oauth2' OR issuer IS NOT NULL),
    CHECK (protocol = 'oidc' OR (authorization_endpoint IS NOT NULL AND token_endpoint IS NOT NULL AND userinfo_endpoint IS NOT NULL))
  )`,
  `CREATE TABLE external_identities (
    provider text NOT NULL,
    subject text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_login timestamptz,
    PRIMARY KEY (provider, subject)
  )`,
  `CREATE INDEX external_identities_user_idx ON external_identities (user_id)`,
];
