/**
 * Schema for the client SDK's calls of issue 24 (migration 26):
 * - group configuration (`POST /identity/resources/groups/v1/config`): per account, whether groups
 *   and their roles are on. No row: both on. A group's roles count for its members only while both
 *   are on (server/domain/tenants.ts loadGrants).
 * - the invite link's token, sealed with the server's secrets key (server/domain/secrets.ts), so
 *   that a later GET or PATCH can answer it as the client reads it; the SHA-256 stays the lookup.
 */
export const CLIENT_CONTRACT_STATEMENTS = [
  `CREATE TABLE group_configurations (
    tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
    enabled boolean NOT NULL DEFAULT true,
    roles_enabled boolean NOT NULL DEFAULT true,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE invite_links ADD COLUMN token_sealed text`,
];
