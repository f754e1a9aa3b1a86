/**
 * Tenant single sign-on over SAML 2.0 (migration 14).
 *
 * - `saml_configurations`: a tenant's SAML identity provider (its single sign-on address, entity ID
 *   and signing certificates, whether it wants signed AuthnRequests), the kit's SAML callback
 *   addresses the server may send the browser back to, and the roles given to users created just in time. Its email domains are rows of
 *   `sso_domains` (migration 1), which pre-login reads.
 * - `saml_requests`: one row per AuthnRequest this server sent. The identity provider's answer must
 *   name it (InResponseTo), so unsolicited and replayed responses are refused; it is answered once.
 *   The assertion's identity waits here, behind a single-use code (SHA-256) that the kit's callback
 *   spends from the browser that started (the hash of a value kept in that browser's cookie).
 * - `saml_assertions_seen`: assertion IDs already accepted, until the assertion's own expiry, so the
 *   same assertion never signs anyone in twice.
 */
export const SAML_STATEMENTS: string[] = [
  `CREATE TABLE saml_configurations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    entry_point text NOT NULL,
    idp_issuer text,
    idp_certificates text[] NOT NULL CHECK (cardinality(idp_certificates) > 0),
    callback_urls text[] NOT NULL CHECK (cardinality(callback_urls) > 0),
    domains text[] NOT NULL,
    default_role_keys text[] NOT NULL DEFAULT '{}',
    sign_requests boolean NOT NULL DEFAULT false,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE sso_domains ADD COLUMN saml_configuration_id uuid REFERENCES saml_configurations(id) ON DELETE CASCADE`,
  `CREATE TABLE saml_requests (
    request_id text PRIMARY KEY,
    configuration_id uuid NOT NULL REFERENCES saml_configurations(id) ON DELETE CASCADE,
    callback_url text NOT NULL,
    relay_state_hash text NOT NULL,
    browser_binding_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    answered_at timestamptz,
    code_hash text UNIQUE,
    code_expires_at timestamptz,
    code_used_at timestamptz,
    subject text,
    email text,
    name text
  )`,
  `CREATE INDEX saml_requests_expiry_idx ON saml_requests (expires_at)`,
  `CREATE TABLE saml_assertions_seen (
    configuration_id uuid NOT NULL REFERENCES saml_configurations(id) ON DELETE CASCADE,
    assertion_id text NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (configuration_id, assertion_id)
  )`,
];
