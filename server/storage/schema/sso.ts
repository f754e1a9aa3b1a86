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

/**
 * Tenant-managed SSO connections (issue 16, migration 24): tenant administrators configure their
 * own connections in the admin portal (core/domain/sso-handlers.ts, domain/sso-config.ts) on the client
 * SDK's `/team/resources/sso/v1/configurations`. A connection is a row of `saml_configurations`
 * (types saml, okta, azure, google) or of `sso_configurations` (type oidc), marked
 * `tenant_managed`; connections of the `SSO_CONNECTIONS` environment variable (a vendor's
 * bootstrap) are not. A new connection starts disabled (`active` false) and may lack its
 * identity provider's details until the administrator gives them.
 *
 * - `sso_connection_domains`: the email domains an administrator adds to a connection, and whether
 *   a DNS TXT record proved the tenant owns them. Only validated domains of enabled, complete
 *   connections route sign-ins (pre-login, routes/auth.ts); the connection's `domains` column
 *   mirrors its validated domains for the sign-in checks. A domain is validated for one
 *   connection at a time.
 * - `sso_group_mappings`: the identity provider's group names and the roles they give, applied at
 *   every sign-in through the connection (http/sso-sign-in.ts).
 * - `saml_requests.groups`: the groups the assertion named, kept with the identity until the code is spent.
 */
export const SSO_TENANT_STATEMENTS: string[] = [
  `ALTER TABLE saml_configurations ADD COLUMN tenant_managed boolean NOT NULL DEFAULT false`,
  `ALTER TABLE saml_configurations ADD COLUMN provider_type text NOT NULL DEFAULT 'saml' CHECK (provider_type IN ('saml', 'okta', 'azure', 'google'))`,
  `ALTER TABLE saml_configurations ADD COLUMN verification text`,
  `ALTER TABLE saml_configurations ADD COLUMN metadata_url text`,
  `ALTER TABLE saml_configurations DROP CONSTRAINT saml_configurations_idp_certificates_check`,
  `ALTER TABLE sso_configurations ADD COLUMN tenant_managed boolean NOT NULL DEFAULT false`,
  `ALTER TABLE sso_configurations ADD COLUMN verification text`,
  `ALTER TABLE saml_requests ADD COLUMN groups text[]`,
  `CREATE TABLE sso_connection_domains (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    saml_configuration_id uuid REFERENCES saml_configurations(id) ON DELETE CASCADE,
    sso_configuration_id uuid REFERENCES sso_configurations(id) ON DELETE CASCADE,
    domain text NOT NULL CHECK (domain = lower(domain)),
    validated boolean NOT NULL DEFAULT false,
    validated_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((saml_configuration_id IS NULL) <> (sso_configuration_id IS NULL))
  )`,
  `CREATE UNIQUE INDEX sso_connection_domains_saml ON sso_connection_domains (saml_configuration_id, domain)`,
  `CREATE UNIQUE INDEX sso_connection_domains_oidc ON sso_connection_domains (sso_configuration_id, domain)`,
  `CREATE UNIQUE INDEX sso_connection_domains_validated ON sso_connection_domains (domain) WHERE validated`,
  `CREATE TABLE sso_group_mappings (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    saml_configuration_id uuid REFERENCES saml_configurations(id) ON DELETE CASCADE,
    sso_configuration_id uuid REFERENCES sso_configurations(id) ON DELETE CASCADE,
    group_name text NOT NULL,
    role_ids uuid[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((saml_configuration_id IS NULL) <> (sso_configuration_id IS NULL))
  )`,
];
