/**
 * Schema for the admin portal, part 1 (issue 6): the vendor's admin-box metadata and a tenant's
 * account settings. Appended to the migrations list as one numbered migration.
 */
export const ADMIN_PORTAL_STATEMENTS = [
  // The vendor's portal configuration (spec 001 §1: GET /metadata?entityName=adminBox reads rows[0].configuration).
  `CREATE TABLE admin_box_metadata (
    vendor_id uuid PRIMARY KEY REFERENCES vendors(id) ON DELETE CASCADE,
    configuration jsonb NOT NULL DEFAULT '{}'::jsonb,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Account settings (spec 001 §3): the company name is the tenant's name.
  `ALTER TABLE tenants
     ADD COLUMN address text,
     ADD COLUMN website text,
     ADD COLUMN timezone text,
     ADD COLUMN currency text NOT NULL DEFAULT 'USD',
     ADD COLUMN date_format text NOT NULL DEFAULT 'DD/MM/YYYY',
     ADD COLUMN time_format text NOT NULL DEFAULT 'HH:mm',
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
];
