/**
 * Tenant single sign-on over OpenID Connect (migration 13).
 *
 * - `sso_configurations`: a tenant's identity provider (issuer, client, sealed secret), the kit's
 *   callback addresses it may return to, and the roles given to users created just in time. Its
 *   email domains are rows of `sso_domains` (migration 1), which pre-login reads.
 * - `sso_login_states`: one row per sign-in started at the server: the state (as SHA-256), the PKCE
 *   verifier (sealed), the nonce, the redirect URI, and the hash of a value kept in the starting
 *   browser's cookie, so a callback only completes in the browser that started it. Single-use, 10 minutes.
 */
export const SSO_STATEMENTS: string[] = [
  `CREATE TABLE sso_configurations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    protocol text NOT NULL CHECK (protocol IN ('oidc')),
    issuer text NOT NULL,
    client_id text NOT NULL,
    client_secret_encrypted text,
    scopes text NOT NULL DEFAULT 'openid email profile',
    redirect_uris text[] NOT NULL,
    domains text[] NOT NULL,
    default_role_keys text[] NOT NULL DEFAULT '{}',
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE sso_domains ADD COLUMN sso_configuration_id uuid REFERENCES sso_configurations(id) ON DELETE CASCADE`,
  `CREATE TABLE sso_login_states (
    state_hash text PRIMARY KEY,
    configuration_id uuid NOT NULL REFERENCES sso_configurations(id) ON DELETE CASCADE,
    code_verifier_sealed text NOT NULL,
    nonce text NOT NULL,
    redirect_uri text NOT NULL,
    browser_binding_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX sso_login_states_expiry_idx ON sso_login_states (expires_at)`,
];
