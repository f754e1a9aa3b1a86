/**
 * Ordered, numbered schema migrations, recorded in `schema_migrations` and applied at start.
 *
 * Rules for later work (MFA, invitations, API tokens, audits, ...): append a new entry with the
 * next version number; never edit or reorder an entry that has shipped. Each migration is a list
 * of single SQL statements (PGlite's parameterised `query` runs one statement at a time).
 * Migrations 1 to 4, the first schema, sit in ./migrations-001-004.ts.
 */
import type { Database } from './database';
import { FIRST_MIGRATIONS, type Migration } from './migrations-001-004';
import { ADMIN_PORTAL_STATEMENTS } from './schema/admin-portal';
import { CLIENT_CONTRACT_STATEMENTS } from './schema/client-contract';
import { INVITATION_STATEMENTS } from './schema/invitations';
import { MFA_ORDER_STATEMENTS, MFA_RECOVERY_SET_STATEMENTS, MFA_STATEMENTS } from './schema/mfa';
import { ROLES_GROUPS_TOKENS_STATEMENTS } from './schema/roles-groups-tokens';
import { SUB_ACCOUNT_STATEMENTS } from './schema/sub-accounts';
import { OAUTH_STATEMENTS } from './schema/oauth';
import { SOCIAL_STATEMENTS } from './schema/social';
import { SSO_STATEMENTS, SSO_TENANT_STATEMENTS } from './schema/sso';
import { SAML_STATEMENTS } from './schema/saml';
import { IP_ENTRY_ORDER_STATEMENTS, SECURITY_POLICY_STATEMENTS } from './schema/security-policies';
import { AUDIT_STATEMENTS } from './schema/audits';
import { CONNECTIVITY_STATEMENTS } from './schema/connectivity';
import { BILLING_STATEMENTS } from './schema/billing';
import { GAPS_STATEMENTS } from './schema/gaps';
import { SECURITY_CENTER_STATEMENTS } from './schema/security-center';
import { SIGN_IN_METHOD_STATEMENTS } from './schema/sign-in-methods';
import { SCIM_OWNER_STATEMENTS, SCIM_STATEMENTS } from './schema/scim';
import { BUILT_IN_ROLE_STATEMENTS } from './schema/built-in-roles';
import { ROTATED_TOKEN_AGE_STATEMENTS, TOKEN_ISSUER_STATEMENTS } from './schema/scale-out';
import { BACK_OFFICE_STATEMENTS } from './schema/back-office';
import { AUDIT_STREAM_STATEMENTS } from './schema/audit-streams';
import { REPORTS_NOTIFICATIONS_STATEMENTS } from './schema/reports';
import { FIELD_STATEMENTS } from './schema/user-account-fields';

/** Advisory-lock key shared by every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_274_001;

export const migrations: Migration[] = [
  ...FIRST_MIGRATIONS,
  {
    version: 5,
    name: 'admin portal: admin-box metadata per vendor, account settings per tenant',
    statements: ADMIN_PORTAL_STATEMENTS,
  },
  {
    version: 6,
    name: 'sub-accounts (tenant parents), per-tenant custom login, sub-account access',
    statements: SUB_ACCOUNT_STATEMENTS,
  },
  {
    version: 7,
    name: 'multi-factor authentication and passkeys: devices, recovery codes, challenges, remembered devices, policies',
    statements: MFA_STATEMENTS,
  },
  {
    version: 8,
    name: 'impersonation: who opened an impersonated session',
    statements: [
      // Set on a session opened by impersonation (server/domain/impersonation.ts): every token of
      // that session names the impersonator in its `act` claim, refreshes included.
      `ALTER TABLE sessions ADD COLUMN impersonator_user_id uuid REFERENCES users(id) ON DELETE CASCADE`,
      // Granted by the Admin role's wildcard; vendors can give it to a narrower support role.
      `INSERT INTO permissions (key, name, description)
        VALUES ('fe.secure.write.impersonate', 'Impersonate users', 'Sign in as another member of the account to see what they see')`,
    ],
  },
  {
    version: 9,
    name: 'admin portal: permission catalogue and categories, tenant roles, groups, API tokens',
    statements: ROLES_GROUPS_TOKENS_STATEMENTS,
  },
  {
    version: 10,
    name: 'invitations: pending memberships, user provider and lock, tenant invite links',
    statements: INVITATION_STATEMENTS,
  },
  {
    version: 11,
    name: 'hosted login: OAuth clients, authorization codes, OAuth grants',
    statements: OAUTH_STATEMENTS,
  },
  {
    version: 12,
    name: 'social login: provider configurations per vendor, external identities',
    statements: SOCIAL_STATEMENTS,
  },
  {
    version: 13,
    name: 'tenant SSO over OpenID Connect: configurations, domains, login states',
    statements: SSO_STATEMENTS,
  },
  {
    version: 14,
    name: 'tenant SSO over SAML: configurations, requests, assertions seen',
    statements: SAML_STATEMENTS,
  },
  {
    version: 15,
    // The client SDK types every permission's `categoryId` as a string: migration 8 added this one
    // before the categories existed (migration 9), so it had none.
    name: 'the impersonation permission in the users and roles category',
    statements: [
      `UPDATE permissions SET category_id = (SELECT id FROM permission_categories WHERE key = 'team')
        WHERE key = 'fe.secure.write.impersonate' AND category_id IS NULL`,
    ],
  },
  {
    version: 16,
    name: 'security policies: lockout, password history, sessions, MFA policy ids; failed sign-ins; password history',
    statements: SECURITY_POLICY_STATEMENTS,
  },
  {
    version: 17,
    name: 'audit log: append-only records of security-relevant events',
    statements: AUDIT_STATEMENTS,
  },
  {
    version: 18,
    name: 'connectivity: webhooks, email/SMS/Slack subscriptions, the delivery outbox and webhook logs',
    statements: CONNECTIVITY_STATEMENTS,
  },
  {
    version: 19,
    name: 'billing: plans, subscriptions, payment methods, invoices, tenant configurations, development charges',
    statements: BILLING_STATEMENTS,
  },
  {
    version: 20,
    name: 'client SDK calls: access tokens (opaque bearer secrets), uploaded profile images',
    statements: GAPS_STATEMENTS,
  },
  {
    version: 21,
    name: 'security centre: the breached-password verdict per user',
    statements: SECURITY_CENTER_STATEMENTS,
  },
  {
    version: 22,
    name: 'sign-in methods (vendor and per account) and the captcha policy',
    statements: SIGN_IN_METHOD_STATEMENTS,
  },
  {
    version: 23,
    name: 'directory provisioning: SCIM configurations and tokens, SCIM-managed members and groups',
    statements: SCIM_STATEMENTS,
  },
  {
    version: 24,
    name: 'SSO connections configured by tenant administrators: domains validated by DNS, group mappings',
    statements: SSO_TENANT_STATEMENTS,
  },
  {
    version: 25,
    name: 'SCIM: the account whose provisioning created a person',
    statements: SCIM_OWNER_STATEMENTS,
  },
  {
    version: 26,
    name: 'the client SDK: group configuration per account, the invite link token sealed',
    statements: CLIENT_CONTRACT_STATEMENTS,
  },
  {
    version: 27,
    name: 'the built-in roles told apart: their descriptions, and Editor runs the team',
    statements: BUILT_IN_ROLE_STATEMENTS,
  },
  {
    version: 28,
    name: 'MFA recovery codes: a set of single-use codes per user',
    statements: MFA_RECOVERY_SET_STATEMENTS,
  },
  {
    version: 29,
    name: 'outbox messages in the order they were written (several share a created_at)',
    statements: [`ALTER TABLE outbox_messages ADD COLUMN seq bigserial`],
  },
  {
    version: 30,
    name: 'the issuers of access tokens, one per server address sharing the database',
    statements: TOKEN_ISSUER_STATEMENTS,
  },
  // Rotated refresh-token hashes are pruned by age (domain/sessions.ts pruneSessions).
  { version: 31, name: 'rotated refresh-token hashes by age', statements: ROTATED_TOKEN_AGE_STATEMENTS },
  { version: 32, name: 'the trial-end action and the account logo', statements: BACK_OFFICE_STATEMENTS },
  // Audit streams, their attempts, the trigger queueing each record (issue 28).
  { version: 33, name: 'audit streams', statements: AUDIT_STREAM_STATEMENTS },
  // Each account's report schedules, each member's notifications (issue 28).
  { version: 34, name: 'reports and notifications', statements: REPORTS_NOTIFICATIONS_STATEMENTS },
  { version: 35, name: 'locales, tenant types, custom data, providers', statements: FIELD_STATEMENTS },
  { version: 36, name: 'the IP list in insertion order', statements: IP_ENTRY_ORDER_STATEMENTS },
  { version: 37, name: 'MFA devices and challenges in insertion order', statements: MFA_ORDER_STATEMENTS },
];

/**
 * Applies every migration not yet recorded, in order, in one transaction. Safe to call from
 * several processes at once: they queue on a transaction-scoped advisory lock, and the later
 * ones find the work done. Returns the versions applied by this call.
 */
export async function migrate(db: Database, list: Migration[] = migrations): Promise<number[]> {
  assertOrdered(list);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of list) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

function assertOrdered(list: Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} has version ${migration.version}, expected ${index + 1}`);
    }
  });
}
