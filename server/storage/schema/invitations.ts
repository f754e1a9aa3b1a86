/**
 * Schema for invitations (issue 6 users page, issue 3 accept invitation): pending memberships, the
 * sign-in provider and lock state of a user (the users page's provider and locked columns), and a
 * tenant's invite link. Appended to the migrations list as one numbered migration.
 */
export const INVITATION_STATEMENTS = [
  // An invited member: listed on the users page with their roles, but the tenant is not one of the
  // user's tenants (no sign-in into it, no permissions there) until the invitation is accepted.
  `ALTER TABLE memberships ADD COLUMN invitation_pending boolean NOT NULL DEFAULT false`,
  // Spec 001 §3 user providers; every account this server creates itself is local.
  `ALTER TABLE users
     ADD COLUMN provider text NOT NULL DEFAULT 'local'
       CHECK (provider IN ('local', 'saml', 'google', 'github', 'facebook', 'microsoft', 'scim2', 'slack')),
     ADD COLUMN locked_at timestamptz`,
  `CREATE INDEX users_provider_idx ON users (provider)`,
  // One invite link per tenant (spec 001 §3 "Invite link: token, expiresInMinutes, shouldSendEmail").
  // Only a SHA-256 of the token is kept: the token is shown to the admin once, when it is created.
  `CREATE TABLE invite_links (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id uuid NOT NULL UNIQUE REFERENCES tenants(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_in_minutes integer NOT NULL CHECK (expires_in_minutes > 0),
    expires_at timestamptz NOT NULL,
    should_send_email boolean NOT NULL DEFAULT false,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];
