/**
 * Ordered, numbered schema migrations, recorded in `schema_migrations` and applied at start.
 *
 * Rules for later work (MFA, invitations, API tokens, audits, ...): append a new entry with the
 * next version number; never edit or reorder an entry that has shipped. Each migration is a list
 * of single SQL statements (PGlite's parameterised `query` runs one statement at a time).
 */
import type { Database } from './database';
import { ADMIN_PORTAL_STATEMENTS } from './schema/admin-portal';
import { CLIENT_CONTRACT_STATEMENTS } from './schema/client-contract';
import { INVITATION_STATEMENTS } from './schema/invitations';
import { MFA_RECOVERY_SET_STATEMENTS, MFA_STATEMENTS } from './schema/mfa';
import { ROLES_GROUPS_TOKENS_STATEMENTS } from './schema/roles-groups-tokens';
import { SUB_ACCOUNT_STATEMENTS } from './schema/sub-accounts';
import { OAUTH_STATEMENTS } from './schema/oauth';
import { SOCIAL_STATEMENTS } from './schema/social';
import { SSO_STATEMENTS, SSO_TENANT_STATEMENTS } from './schema/sso';
import { SAML_STATEMENTS } from './schema/saml';
import { SECURITY_POLICY_STATEMENTS } from './schema/security-policies';
import { AUDIT_STATEMENTS } from './schema/audits';
import { CONNECTIVITY_STATEMENTS } from './schema/connectivity';
import { BILLING_STATEMENTS } from './schema/billing';
import { GAPS_STATEMENTS } from './schema/gaps';
import { SECURITY_CENTER_STATEMENTS } from './schema/security-center';
import { SIGN_IN_METHOD_STATEMENTS } from './schema/sign-in-methods';
import { SCIM_OWNER_STATEMENTS, SCIM_STATEMENTS } from './schema/scim';
import { BUILT_IN_ROLE_STATEMENTS } from './schema/built-in-roles';
import { ROTATED_TOKEN_AGE_STATEMENTS, TOKEN_ISSUER_STATEMENTS } from './schema/scale-out';
import { BACK_OFFICE_STATEMENTS } from './schema/back-office';
import { AUDIT_STREAM_STATEMENTS } from './schema/audit-streams';
import { REPORTS_NOTIFICATIONS_STATEMENTS } from './schema/reports';
import { FIELD_STATEMENTS } from './schema/user-account-fields';

type Migration = { version: number; name: string; statements: string[] };

/** Advisory-lock key shared by every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_274_001;

export const migrations: Migration[] = [
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
  {
    version: 5,
    name: 'admin portal: admin-box metadata per vendor, account settings per tenant',
    statements: ADMIN_PORTAL_STATEMENTS,
  },
  {
    version: 6,
    name: 'sub-accounts (tenant parents), per-tenant custom login, sub-account access',
    statements: SUB_ACCOUNT_STATEMENTS,
  },
  {
    version: 7,
    name: 'multi-factor authentication and passkeys: devices, recovery codes, challenges, remembered devices, policies',
    statements: MFA_STATEMENTS,
  },
  {
    version: 8,
    name: 'impersonation: who opened an impersonated session',
    statements: [
      // Set on a session opened by impersonation (server/domain/impersonation.ts): every token of
      // that session names the impersonator in its `act` claim, refreshes included.
      `ALTER TABLE sessions ADD COLUMN impersonator_user_id uuid REFERENCES users(id) ON DELETE CASCADE`,
      // Granted by the Admin role's wildcard; vendors can give it to a narrower support role.
      `INSERT INTO permissions (key, name, description)
        VALUES ('fe.secure.write.impersonate', 'Impersonate users', 'Sign in as another member of the account to see what they see')`,
    ],
  },
  {
    version: 9,
    name: 'admin portal: permission catalogue and categories, tenant roles, groups, API tokens',
    statements: ROLES_GROUPS_TOKENS_STATEMENTS,
  },
  {
    version: 10,
    name: 'invitations: pending memberships, user provider and lock, tenant invite links',
    statements: INVITATION_STATEMENTS,
  },
  {
    version: 11,
    name: 'hosted login: OAuth clients, authorization codes, OAuth grants',
    statements: OAUTH_STATEMENTS,
  },
  {
    version: 12,
    name: 'social login: provider configurations per vendor, external identities',
    statements: SOCIAL_STATEMENTS,
  },
  {
    version: 13,
    name: 'tenant SSO over OpenID Connect: configurations, domains, login states',
    statements: SSO_STATEMENTS,
  },
  {
    version: 14,
    name: 'tenant SSO over SAML: configurations, requests, assertions seen',
    statements: SAML_STATEMENTS,
  },
  {
    version: 15,
    // The client SDK types every permission's `categoryId` as a string: migration 8 added this one
    // before the categories existed (migration 9), so it had none.
    name: 'the impersonation permission in the users and roles category',
    statements: [
      `UPDATE permissions SET category_id = (SELECT id FROM permission_categories WHERE key = 'team')
        WHERE key = 'fe.secure.write.impersonate' AND category_id IS NULL`,
    ],
  },
  {
    version: 16,
    name: 'security policies: lockout, password history, sessions, MFA policy ids; failed sign-ins; password history',
    statements: SECURITY_POLICY_STATEMENTS,
  },
  {
    version: 17,
    name: 'audit log: append-only records of security-relevant events',
    statements: AUDIT_STATEMENTS,
  },
  {
    version: 18,
    name: 'connectivity: webhooks, email/SMS/Slack subscriptions, the delivery outbox and webhook logs',
    statements: CONNECTIVITY_STATEMENTS,
  },
  {
    version: 19,
    name: 'billing: plans, subscriptions, payment methods, invoices, tenant configurations, development charges',
    statements: BILLING_STATEMENTS,
  },
  {
    version: 20,
    name: 'client SDK calls: access tokens (opaque bearer secrets), uploaded profile images',
    statements: GAPS_STATEMENTS,
  },
  {
    version: 21,
    name: 'security centre: the breached-password verdict per user',
    statements: SECURITY_CENTER_STATEMENTS,
  },
  {
    version: 22,
    name: 'sign-in methods (vendor and per account) and the captcha policy',
    statements: SIGN_IN_METHOD_STATEMENTS,
  },
  {
    version: 23,
    name: 'directory provisioning: SCIM configurations and tokens, SCIM-managed members and groups',
    statements: SCIM_STATEMENTS,
  },
  {
    version: 24,
    name: 'SSO connections configured by tenant administrators: domains validated by DNS, group mappings',
    statements: SSO_TENANT_STATEMENTS,
  },
  {
    version: 25,
    name: 'SCIM: the account whose provisioning created a person',
    statements: SCIM_OWNER_STATEMENTS,
  },
  {
    version: 26,
    name: 'the client SDK: group configuration per account, the invite link token sealed',
    statements: CLIENT_CONTRACT_STATEMENTS,
  },
  {
    version: 27,
    name: 'the built-in roles told apart: their descriptions, and Editor runs the team',
    statements: BUILT_IN_ROLE_STATEMENTS,
  },
  {
    version: 28,
    name: 'MFA recovery codes: a set of single-use codes per user',
    statements: MFA_RECOVERY_SET_STATEMENTS,
  },
  {
    version: 29,
    name: 'outbox messages in the order they were written (several share a created_at)',
    statements: [`ALTER TABLE outbox_messages ADD COLUMN seq bigserial`],
  },
  {
    version: 30,
    name: 'the issuers of access tokens, one per server address sharing the database',
    statements: TOKEN_ISSUER_STATEMENTS,
  },
  // Rotated refresh-token hashes are pruned by age (domain/sessions.ts pruneSessions).
  { version: 31, name: 'rotated refresh-token hashes by age', statements: ROTATED_TOKEN_AGE_STATEMENTS },
  { version: 32, name: 'the trial-end action and the account logo', statements: BACK_OFFICE_STATEMENTS },
  // Audit streams, their attempts, the trigger queueing each record (issue 28).
  { version: 33, name: 'audit streams', statements: AUDIT_STREAM_STATEMENTS },
  // Each account's report schedules, each member's notifications (issue 28).
  { version: 34, name: 'reports and notifications', statements: REPORTS_NOTIFICATIONS_STATEMENTS },
  { version: 35, name: 'locales, tenant types, custom data, providers', statements: FIELD_STATEMENTS },
];

/**
 * Applies every migration not yet recorded, in order, in one transaction. Safe to call from
 * several processes at once: they queue on a transaction-scoped advisory lock, and the later
 * ones find the work done. Returns the versions applied by this call.
 */
export async function migrate(db: Database, list: Migration[] = migrations): Promise<number[]> {
  assertOrdered(list);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of list) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

function assertOrdered(list: Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} has version ${migration.version}, expected ${index + 1}`);
    }
  });
}
