/**
 * Tables of the OpenID Connect provider behind hosted login (migration 8).
 *
 * - `oauth_clients`: registered relying parties. Public clients (PKCE, no secret): the exact
 *   redirect URIs and post-logout redirect URIs they may use.
 * - `oauth_codes`: authorization codes, stored as SHA-256, single-use, 60 s, bound to the client,
 *   the redirect URI, the PKCE challenge, the nonce and the browser session that approved them.
 * - `oauth_grants`: which sessions were issued to which client through which code, and the browser
 *   session they came from (logout of that browser session ends them too; a replayed code revokes them).
 */
export const OAUTH_STATEMENTS: string[] = [
  `CREATE TABLE oauth_clients (
    client_id text PRIMARY KEY CHECK (client_id ~ '^[A-Za-z0-9._-]{1,100}$'),
    name text NOT NULL,
    redirect_uris text[] NOT NULL,
    post_logout_redirect_uris text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE oauth_codes (
    code_hash text PRIMARY KEY,
    client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    browser_session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
    redirect_uri text NOT NULL,
    code_challenge text NOT NULL,
    nonce text,
    scope text NOT NULL,
    auth_time timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX oauth_codes_expiry_idx ON oauth_codes (expires_at)`,
  `CREATE TABLE oauth_grants (
    session_id uuid PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
    code_hash text,
    browser_session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
    scope text NOT NULL,
    auth_time timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX oauth_grants_code_idx ON oauth_grants (code_hash)`,
  `CREATE INDEX oauth_grants_browser_idx ON oauth_grants (browser_session_id)`,
];
