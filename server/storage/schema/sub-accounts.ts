/**
 * Schema for sub-accounts and tenant switching (issue 6), per-tenant custom login (spec 001 §6
 * flag admin_portal_login_per_tenant) and per-member sub-account access. One numbered migration.
 */
export const SUB_ACCOUNT_STATEMENTS = [
  // A tenant's parent (NULL: a top-level account). Deleting a parent deletes its sub-accounts.
  `ALTER TABLE tenants
     ADD COLUMN parent_tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
     ADD COLUMN login_alias text,
     ADD COLUMN custom_login_enabled boolean NOT NULL DEFAULT false,
     ADD CONSTRAINT tenants_not_own_parent CHECK (parent_tenant_id IS NULL OR parent_tenant_id <> id)`,
  // Children of one parent, searched and paged by name in the database.
  `CREATE INDEX tenants_parent_name_idx ON tenants (parent_tenant_id, lower(name), id)`,
  // A login alias names one tenant of the vendor (case-insensitive).
  `CREATE UNIQUE INDEX tenants_login_alias_key ON tenants (vendor_id, lower(login_alias)) WHERE login_alias IS NOT NULL`,
  // A member whose access is denied keeps the membership (and roles) but cannot act in the tenant.
  `ALTER TABLE memberships ADD COLUMN access_allowed boolean NOT NULL DEFAULT true`,
];
