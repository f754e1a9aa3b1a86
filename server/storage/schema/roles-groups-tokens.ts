/**
 * Schema for the admin portal's roles, groups and API-token pages (issue 6): the permission
 * catalogue with categories, tenant roles that can change, groups (roles given to their members),
 * and API tokens whose secrets are stored only as a SHA-256 hash.
 */

import {
  PERMISSION_CATALOGUE as PERMISSIONS,
  PERMISSION_CATEGORIES as CATEGORIES,
} from '../../../core/portal/permissionCatalogue';

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

export const ROLES_GROUPS_TOKENS_STATEMENTS = [
  `CREATE TABLE permission_categories (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    key text NOT NULL UNIQUE,
    name text NOT NULL,
    description text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `INSERT INTO permission_categories (key, name, description) VALUES
    ${CATEGORIES.map(([key, name, description]) => `(${sqlText(key)}, ${sqlText(name)}, ${sqlText(description)})`).join(',\n    ')}`,
  `ALTER TABLE permissions ADD COLUMN category_id uuid REFERENCES permission_categories(id) ON DELETE SET NULL`,
  // Another migration may already have added some of these keys: keep its row, set the category.
  `INSERT INTO permissions (key, name, category_id)
    SELECT p.key, p.name, c.id FROM (VALUES
      ${PERMISSIONS.map(([key, name, category]) => `(${sqlText(key)}, ${sqlText(name)}, ${sqlText(category)})`).join(',\n      ')}
    ) AS p(key, name, category) JOIN permission_categories c ON c.key = p.category
    ON CONFLICT (key) DO UPDATE SET category_id = EXCLUDED.category_id`,
  `ALTER TABLE roles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  // Spec 001 §3: "ReadOnly (two permissions)".
  `INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r, permissions p
    WHERE r.key = 'ReadOnly' AND r.tenant_id IS NULL AND p.key IN ('fe.secure.read.users', 'fe.secure.read.roles')
    ON CONFLICT DO NOTHING`,
  // Groups (spec 001 §3): the roles of a group are held by each of its members in the tenant.
  `CREATE TABLE groups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    name text NOT NULL,
    color text,
    description text,
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    managed_by text NOT NULL DEFAULT 'frontegg' CHECK (managed_by IN ('frontegg', 'scim2')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX groups_tenant_name_key ON groups (tenant_id, lower(name))`,
  `CREATE TABLE group_roles (
    group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, role_id)
  )`,
  // Members through their membership: leaving the tenant leaves its groups.
  `CREATE TABLE group_members (
    group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    membership_id uuid NOT NULL REFERENCES memberships(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, membership_id)
  )`,
  `CREATE INDEX group_members_membership_idx ON group_members (membership_id)`,
  // API tokens: user (personal, acts as its user in the tenant) or tenant (acts with its roles).
  // Only the SHA-256 of the 256-bit secret is kept: it is shown once, at creation.
  `CREATE TABLE api_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL CHECK (type IN ('user', 'tenant')),
    tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    user_id uuid REFERENCES users(id) ON DELETE CASCADE,
    created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    secret_hash text NOT NULL UNIQUE,
    description text NOT NULL,
    expires_at timestamptz,
    expires_in_minutes integer,
    last_used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((type = 'user') = (user_id IS NOT NULL))
  )`,
  `CREATE INDEX api_tokens_tenant_idx ON api_tokens (tenant_id, type, created_at DESC)`,
  `CREATE TABLE api_token_roles (
    token_id uuid NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
    role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
    PRIMARY KEY (token_id, role_id)
  )`,
];
