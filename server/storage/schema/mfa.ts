/**
 * Migration statements for multi-factor authentication and passkeys (issue 4).
 *
 * - `server_secrets`: keys the server generates for itself in development (the MFA encryption key
 *   when MFA_ENCRYPTION_KEY is not set), shared by every process like the signing keys.
 * - `mfa_devices`: one row per second factor or passkey. TOTP secrets are AES-256-GCM encrypted
 *   (`secret_enc`); WebAuthn rows hold the credential's public key and signature counter only.
 * - `mfa_recovery_codes`: the user's set of recovery codes (10 since migration 28; one before), each
 *   single-use, stored as SHA-256 (a code has 80 random bits, so a fast hash is enough; it cannot
 *   be guessed offline).
 * - `mfa_challenges`: short-lived, single-use secrets of the MFA flows (the login `mfaToken`,
 *   `otcToken`s of SMS and email codes, pending authenticator enrolments, WebAuthn challenges),
 *   stored as SHA-256, bound to a user, with a wrong-attempt counter.
 * - `mfa_remembered_devices`: browsers that may skip MFA until `expires_at` (the cookie holds a
 *   random token; only its SHA-256 is kept).
 * - Vendor settings: the MFA strategies offered and whether passkeys are a sign-in method.
 * - `tenant_mfa_policies`: per-account MFA policy (force enrolment, remember-device allowance).
 */
export const MFA_STATEMENTS: string[] = [
  `CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE vendors
    ADD COLUMN mfa_strategies text[] NOT NULL DEFAULT '{AuthenticatorApp,SMS,EmailCode,WebAuthnPlatform,WebAuthnCrossPlatform}',
    ADD COLUMN passkeys_enabled boolean NOT NULL DEFAULT false`,
  `CREATE TABLE tenant_mfa_policies (
    tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
    enforce boolean NOT NULL DEFAULT false,
    allow_remember_device boolean NOT NULL DEFAULT true,
    device_expiration_seconds integer NOT NULL DEFAULT 1209600 CHECK (device_expiration_seconds > 0)
  )`,
  `CREATE TABLE mfa_devices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('authenticator', 'sms', 'email', 'webauthn')),
    name text,
    secret_enc text,
    last_time_step bigint,
    phone text,
    email text,
    credential_id text UNIQUE,
    public_key text,
    sign_count bigint NOT NULL DEFAULT 0,
    transports text[] NOT NULL DEFAULT '{}',
    device_type text CHECK (device_type IN ('platform', 'cross-platform')),
    passkey boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
  )`,
  `CREATE INDEX mfa_devices_user_idx ON mfa_devices (user_id)`,
  `CREATE TABLE mfa_recovery_codes (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE mfa_challenges (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    purpose text NOT NULL,
    user_id uuid REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    failed_attempts integer NOT NULL DEFAULT 0,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX mfa_challenges_user_idx ON mfa_challenges (user_id, purpose)`,
  `CREATE TABLE mfa_remembered_devices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/** Migration 26: a set of recovery codes per user (a row per code) instead of one. */
export const MFA_RECOVERY_SET_STATEMENTS: string[] = [
  `ALTER TABLE mfa_recovery_codes DROP CONSTRAINT mfa_recovery_codes_pkey`,
  `ALTER TABLE mfa_recovery_codes ADD COLUMN id uuid PRIMARY KEY DEFAULT gen_random_uuid()`,
  `CREATE UNIQUE INDEX mfa_recovery_codes_user_code_idx ON mfa_recovery_codes (user_id, code_hash)`,
];
