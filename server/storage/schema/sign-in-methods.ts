/**
 * Schema of the sign-in methods and the captcha policy (issue 15, migration 21):
 * - `vendors.main_auth_strategies`: the primary sign-in methods the application allows, in order
 *   (the first is the public policy's `authStrategy`, kept in `vendors.auth_strategy` too). NULL
 *   (every database before this migration) means "the primary first, then every other local
 *   method", what the server did before: all methods answered whatever the primary was. The
 *   Passkeys secondary strategy stays `vendors.passkeys_enabled`.
 * - `tenant_sign_in_methods`: an account's own choice, within what the vendor allows.
 * - `captcha_policy`: one vendor-wide row (sign-in, sign-up and reset happen before the account is
 *   known); the secret key sealed with the server key (domain/secrets.ts).
 */
export const SIGN_IN_METHOD_STATEMENTS: string[] = [
  `ALTER TABLE vendors ADD COLUMN main_auth_strategies text[]
    CHECK (main_auth_strategies <@ ARRAY['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode', 'NoLocalAuthentication']::text[]
      AND cardinality(main_auth_strategies) > 0)`,
  `CREATE TABLE tenant_sign_in_methods (
    tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
    main_strategies text[] NOT NULL
      CHECK (main_strategies <@ ARRAY['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode', 'NoLocalAuthentication']::text[]
        AND cardinality(main_strategies) > 0),
    passkeys boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE captcha_policy (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
    enabled boolean NOT NULL,
    site_key text NOT NULL,
    secret_key_sealed text,
    min_score double precision NOT NULL DEFAULT 0.5 CHECK (min_score >= 0 AND min_score <= 1),
    ignored_emails text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];
