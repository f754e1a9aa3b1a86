/**
 * Migrations 1 to 4, the schema the server started with (./migrations.ts lists every migration in
 * order and applies them). Shipped: never edit or reorder these entries.
 */

/** One numbered migration: single SQL statements, run in order in the migrating transaction. */
export type Migration = { version: number; name: string; statements: string[] };

export const FIRST_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'core schema: vendor settings, tenants, users, memberships, roles, sessions, signing keys, SSO domains',
    statements: [
      // One row per deployment (the "vendor"): the public policy and the password policy.
      `CREATE TABLE vendors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL DEFAULT 'Auth Elements',
        allow_signups boolean NOT NULL DEFAULT true,
        allow_not_verified_users_login boolean NOT NULL DEFAULT true,
        api_tokens_enabled boolean NOT NULL DEFAULT true,
        force_permissions boolean NOT NULL DEFAULT false,
        auth_strategy text NOT NULL DEFAULT 'EmailAndPassword'
          CHECK (auth_strategy IN ('EmailAndPassword', 'MagicLink', 'Code', 'SmsCode', 'Passkeys', 'NoLocalAuthentication')),
        machine_to_machine_auth_strategy text NOT NULL DEFAULT 'ClientCredentials',
        sign_up_requires_activation boolean NOT NULL DEFAULT false,
        white_label_mode boolean NOT NULL DEFAULT false,
        password_min_length integer NOT NULL DEFAULT 8,
        password_max_length integer NOT NULL DEFAULT 128,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (password_min_length >= 1 AND password_min_length <= password_max_length AND password_max_length <= 128)
      )`,
      `INSERT INTO vendors DEFAULT VALUES`,
      `CREATE TABLE tenants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        vendor_id uuid NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
        name text NOT NULL,
        is_reseller boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`,
      `CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        vendor_id uuid NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
        email text NOT NULL,
        name text,
        phone text,
        profile_picture_url text,
        password_hash text,
        verified boolean NOT NULL DEFAULT false,
        super_user boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        active_tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz
      )`,
      // Case-insensitive uniqueness: Ada@Example.com and ada@example.com are one account.
      `CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`,
      `CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, tenant_id)
      )`,
      `CREATE INDEX memberships_tenant_idx ON memberships (tenant_id)`,
      // tenant_id NULL: a vendor-wide role offered in every tenant; otherwise a tenant's own role.
      `CREATE TABLE roles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        vendor_id uuid NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
        tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
        key text NOT NULL,
        name text NOT NULL,
        description text,
        default_for_creator boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE UNIQUE INDEX roles_vendor_key ON roles (vendor_id, key) WHERE tenant_id IS NULL`,
      `CREATE UNIQUE INDEX roles_tenant_key ON roles (tenant_id, key) WHERE tenant_id IS NOT NULL`,
      `CREATE TABLE permissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE,
        name text NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE role_permissions (
        role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        permission_id uuid NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, permission_id)
      )`,
      `CREATE TABLE membership_roles (
        membership_id uuid NOT NULL REFERENCES memberships(id) ON DELETE CASCADE,
        role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (membership_id, role_id)
      )`,
      // A session is one sign-in on one device. Only the SHA-256 of the current refresh token is
      // stored: a database leak does not hand out live sessions.
      `CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
        refresh_token_hash text NOT NULL UNIQUE,
        user_agent text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text
      )`,
      `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
      // Hashes of refresh tokens already exchanged: presenting one again means the token was
      // copied (reuse detection), so the whole session is revoked.
      `CREATE TABLE rotated_refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        rotated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX rotated_refresh_tokens_session_idx ON rotated_refresh_tokens (session_id)`,
      // Stored in the database (not in memory) so every server process signs and verifies with
      // the same keys. retired_at: kept in the JWKS for verification, no longer used to sign.
      `CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        alg text NOT NULL DEFAULT 'ES256',
        private_jwk jsonb NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`,
      `CREATE TABLE sso_domains (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
        domain text NOT NULL UNIQUE CHECK (domain = lower(domain)),
        address text NOT NULL,
        idp_type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 2,
    name: 'default roles and the wildcard permission',
    statements: [
      `INSERT INTO permissions (key, name, description)
        VALUES ('fe.*', 'All permissions', 'Wildcard: every permission of the admin portal')`,
      `INSERT INTO roles (vendor_id, key, name, description, default_for_creator)
        SELECT v.id, r.key, r.name, r.description, r.key = 'Admin'
        FROM (SELECT id FROM vendors ORDER BY created_at, id LIMIT 1) v
        CROSS JOIN (VALUES
          ('Admin', 'Admin', 'Full access to the account'),
          ('ReadOnly', 'Read only', 'Can read, cannot change'),
          ('Editor', 'Editor', 'Can edit content'),
          ('Viewer', 'Viewer', 'Can view content')
        ) AS r(key, name, description)`,
      `INSERT INTO role_permissions (role_id, permission_id)
        SELECT r.id, p.id FROM roles r, permissions p
        WHERE r.key = 'Admin' AND r.tenant_id IS NULL AND p.key = 'fe.*'`,
    ],
  },
  {
    version: 3,
    name: 'delivery outbox, one-time tokens (reset, activation, invitation, passwordless), attempt counters',
    statements: [
      // Development delivery: every email and SMS the server sends, readable by tests and the demo
      // through GET /{prefix}/dev/outbox (registered only in development mode). In production with
      // SMTP or an SMS webhook configured, nothing is written here.
      `CREATE TABLE outbox_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (lower(recipient), created_at DESC)`,
      // Links and codes sent by email or SMS. Only a SHA-256 of the secret is stored; a row is
      // usable once (used_at) and until expires_at. A code row also counts wrong guesses and is
      // burned after too many.
      `CREATE TABLE one_time_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose text NOT NULL,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        failed_attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX one_time_tokens_hash_idx ON one_time_tokens (token_hash)`,
      `CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose)`,
      // Failed attempts per key (an email or an IP) in a fixed window, shared by every process.
      `CREATE TABLE attempt_counters (
        key text PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0,
        window_started_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 4,
    name: 'entitlements (features, feature gates on permissions, tenant bundles) and feature flags',
    statements: [
      `CREATE TABLE features (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // A permission gated by features is entitled only while the tenant has one of them.
      // Permission keys are text (not a foreign key): a gate may name a permission defined later.
      `CREATE TABLE feature_permissions (
        feature_id uuid NOT NULL REFERENCES features(id) ON DELETE CASCADE,
        permission_key text NOT NULL,
        PRIMARY KEY (feature_id, permission_key)
      )`,
      // A tenant's bundle: expires_at NULL never expires; past it the kit answers BUNDLE_EXPIRED.
      `CREATE TABLE tenant_features (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        feature_id uuid NOT NULL REFERENCES features(id) ON DELETE CASCADE,
        expires_at timestamptz,
        PRIMARY KEY (tenant_id, feature_id)
      )`,
      `CREATE TABLE feature_flags (
        key text PRIMARY KEY,
        description text,
        enabled boolean NOT NULL DEFAULT false,
        tenant_ids uuid[] NOT NULL DEFAULT '{}',
        user_ids uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // The flags the kit itself reads (spec 000 §6, spec 001 §6), off until the vendor turns them on.
      `INSERT INTO feature_flags (key, description) VALUES
        ('security-center-show-login-flows', 'Breached-password prompt at login'),
        ('show-passkeys-new', 'Passkeys'),
        ('admin_portal_login_per_tenant', 'Custom login per tenant'),
        ('security-center-admin-portal', 'Security centre in the admin portal')`,
    ],
  },
];
