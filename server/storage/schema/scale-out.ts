/** Schema for several server processes on one database, and for what they keep small (issue 27). */

/** Migration 30: the issuers of access tokens, one per server address sharing the database. */
export const TOKEN_ISSUER_STATEMENTS = [
  `CREATE TABLE token_issuers (
    issuer text PRIMARY KEY,
    first_seen_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/** Migration 31: rotated refresh-token hashes found by age, so pruning them does not scan the table. */
export const ROTATED_TOKEN_AGE_STATEMENTS = [
  `CREATE INDEX rotated_refresh_tokens_rotated_at_idx ON rotated_refresh_tokens (rotated_at)`,
];
