/**
 * Schema for the security page (issue 15, spec 001 §3 "Lockout policy", "Password-history policy",
 * "MFA policy", "Session settings"): a tenant's policies, the vendor's defaults, the per-user
 * failure count behind the lockout, and the password history (hashes only). Appended to the
 * migrations list as one numbered migration.
 */
export const SECURITY_POLICY_STATEMENTS = [
  // One row per policy kind and scope: tenant_id NULL is the vendor's default, which applies to
  // every tenant without a row of its own. `settings` holds the kind's fields as the client sends
  // them (validated by the routes' schemas): lockout { enabled, maxAttempts }, password-history
  // { enabled, historySize }, sessions { sessionTimeoutConfiguration, ... }, mfa { enforceMFAType }
  // (the vendor's default only: a tenant's MFA policy keeps its own table, tenant_mfa_policies of
  // migration 4, which the sign-in gate already reads).
  `CREATE TABLE security_policies (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('mfa', 'lockout', 'password-history', 'sessions')),
    tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
    settings jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX security_policies_tenant_kind ON security_policies (kind, tenant_id) WHERE tenant_id IS NOT NULL`,
  `CREATE UNIQUE INDEX security_policies_vendor_kind ON security_policies (kind) WHERE tenant_id IS NULL`,
  // The MFA policy as the client reads it: an id, enforceMFAType (DontForce, Force, ForceExceptSAML)
  // and its times. enforce stays the gate's switch; except_saml lets SAML sign-ins through.
  `ALTER TABLE tenant_mfa_policies
     ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
     ADD COLUMN except_saml boolean NOT NULL DEFAULT false,
     ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  // Consecutive failed password sign-ins since the last success: at the lockout policy's
  // maxAttempts the user is locked (users.locked_at) until an administrator unlocks them.
  `ALTER TABLE users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0`,
  // Every password a user has set, as the hasher's hash (never the password): the password-history
  // policy refuses the last historySize of them. Trimmed to the 10 newest per user on insert.
  `CREATE TABLE password_history (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX password_history_user_idx ON password_history (user_id, id DESC)`,
  // The session policy's idle check on every call reads a session by id; the concurrency limit
  // counts a user's live sessions in a tenant.
  `CREATE INDEX sessions_user_tenant_live_idx ON sessions (user_id, tenant_id) WHERE revoked_at IS NULL`,
  // IP restrictions (spec 001 §3 "IP restriction: id, ip, isActive, strategy, description";
  // "Global IP config: isActive, strategy"): an address or a CIDR range per row; the config's
  // strategy says which list is in force (ALLOW: only its addresses; BLOCK: all but its addresses).
  `CREATE TABLE ip_restrictions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    ip text NOT NULL,
    strategy text NOT NULL CHECK (strategy IN ('ALLOW', 'BLOCK')),
    is_active boolean NOT NULL DEFAULT true,
    description text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, ip, strategy)
  )`,
  `CREATE TABLE ip_restriction_configs (
    tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
    is_active boolean NOT NULL DEFAULT false,
    strategy text NOT NULL DEFAULT 'ALLOW' CHECK (strategy IN ('ALLOW', 'BLOCK')),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Email-domain restrictions (spec 001 §3 "Email-domain restriction: id, domain, type; config: active,
  // blockPublicDomains, listType"): who may join the account by invitation, invite link or SSO.
  `CREATE TABLE email_domain_restrictions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    domain text NOT NULL,
    type text NOT NULL CHECK (type IN ('ALLOW', 'BLOCK')),
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, domain, type)
  )`,
  `CREATE TABLE email_domain_configs (
    tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
    active boolean NOT NULL DEFAULT false,
    list_type text NOT NULL DEFAULT 'ALLOW' CHECK (list_type IN ('ALLOW', 'BLOCK')),
    block_public_domains boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/**
 * PGlite's clock counts milliseconds, so entries added together can share `created_at`; the
 * insertion sequence orders them newest first all the same (the IP list's order).
 */
export const IP_ENTRY_ORDER_STATEMENTS = [
  'ALTER TABLE ip_restrictions ADD COLUMN seq bigint GENERATED BY DEFAULT AS IDENTITY',
];
