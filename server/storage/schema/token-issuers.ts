/**
 * Migration 30: the issuers of access tokens, one per server address sharing the database
 * (written inline in migrations.ts before; unchanged).
 */
export const TOKEN_ISSUER_STATEMENTS = [
  `CREATE TABLE token_issuers (
        issuer text PRIMARY KEY,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`,
];
