/**
 * Schema for the client SDK's last calls of built features (issue 13, migration 17):
 * - access tokens (`/identity/resources/users|tenants/access-tokens/v1`): kept in `api_tokens` with
 *   `kind = 'access'`. Their secret is the bearer itself (no exchange), so it is looked up by its
 *   SHA-256 (`secret_hash` is already unique, hence indexed); API tokens are `kind = 'api'`.
 * - profile images (teams.updateProfileImage): the bytes of each user's uploaded picture, served
 *   at a public URL put in the user's profile picture address.
 */
export const GAPS_STATEMENTS = [
  `ALTER TABLE api_tokens ADD COLUMN kind text NOT NULL DEFAULT 'api' CHECK (kind IN ('api', 'access'))`,
  `CREATE TABLE user_profile_images (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX user_profile_images_user_idx ON user_profile_images (user_id)`,
];
