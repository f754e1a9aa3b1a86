/**
 * Directory provisioning over SCIM 2.0 (issue 16, migration 23): a tenant's SCIM configurations
 * (the client SDK's `/directory/resources/v1/configurations/scim2`), each with its own bearer token,
 * kept only as a SHA-256 (the token is shown once, when the configuration is created).
 *
 * Users and groups a configuration provisions are the tenant's own: a member (`memberships`) or a
 * group (`groups`) points at the configuration that manages it. Deleting the configuration hands
 * them back to the portal (`ON DELETE SET NULL`; the groups' `managed_by` is reset by the delete).
 * A member's `active` is the membership's `access_allowed` (false: no sign-in into the account).
 */
export const SCIM_STATEMENTS = [
  `CREATE TABLE scim_configurations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    connection_name text NOT NULL,
    source text NOT NULL CHECK (source IN ('frontegg', 'okta', 'azure-ad', 'other')),
    sync_to_user_management boolean NOT NULL DEFAULT true,
    token_hash text NOT NULL UNIQUE,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    last_sync timestamptz
  )`,
  `CREATE INDEX scim_configurations_tenant_idx ON scim_configurations (tenant_id)`,
  `ALTER TABLE memberships
     ADD COLUMN scim_configuration_id uuid REFERENCES scim_configurations(id) ON DELETE SET NULL,
     ADD COLUMN scim_external_id text,
     ADD COLUMN scim_user_name text,
     ADD COLUMN scim_attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  // The userName as the identity provider sent it: what `userName eq` looks up.
  `CREATE INDEX memberships_scim_user_name_idx ON memberships (scim_configuration_id, lower(scim_user_name))
     WHERE scim_configuration_id IS NOT NULL`,
  `CREATE INDEX memberships_scim_external_id_idx ON memberships (scim_configuration_id, scim_external_id)
     WHERE scim_configuration_id IS NOT NULL`,
  `CREATE INDEX memberships_scim_configuration_idx ON memberships (scim_configuration_id) WHERE scim_configuration_id IS NOT NULL`,
  `ALTER TABLE groups
     ADD COLUMN scim_configuration_id uuid REFERENCES scim_configurations(id) ON DELETE SET NULL,
     ADD COLUMN scim_external_id text`,
  `CREATE INDEX groups_scim_configuration_idx ON groups (scim_configuration_id) WHERE scim_configuration_id IS NOT NULL`,
];

/**
 * Who a connection may change (migration 25, docs/scim.md "Who a connection may change"): the
 * account whose provisioning created a person. Only that account's connections (or one that
 * validated the person's email domain) may change the person's email, phone or name, and only while
 * the person belongs to no other account.
 */
export const SCIM_OWNER_STATEMENTS = [
  `ALTER TABLE users ADD COLUMN scim_tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL`,
  // People created over SCIM before this migration: the one account whose connection manages them.
  `UPDATE users u SET scim_tenant_id = m.tenant_id
     FROM memberships m
    WHERE u.provider = 'scim2' AND m.user_id = u.id AND m.scim_configuration_id IS NOT NULL
      AND (SELECT count(*) FROM memberships o WHERE o.user_id = u.id) = 1`,
];
