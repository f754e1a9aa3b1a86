/**
 * Schema for the security centre (issue 15, migration 22): the breached-password verdict per user.
 * Set when a password sign-in finds the typed password on the breach list
 * (domain/breached-passwords.ts), cleared when the password is replaced; never the password
 * itself. The partial index serves the users v3 preset BREACHED_PASSWORDS and the centre's counts.
 */
export const SECURITY_CENTER_STATEMENTS = [
  `ALTER TABLE users ADD COLUMN breached_password_at timestamptz`,
  `CREATE INDEX users_breached_password_idx ON users (id) WHERE breached_password_at IS NOT NULL`,
];
