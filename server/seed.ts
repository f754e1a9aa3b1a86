/**
 * Development seed: the demo tenant "Acme Demo" and its admin. Idempotent (safe at every start);
 * main.ts runs it only in development mode (AUTH_ELEMENTS_DEV=1 or --dev, refused with
 * NODE_ENV=production). The admin's password is only set when the user is created, so a password
 * changed later is not reset at the next start.
 */
import type { PasswordHasher } from './domain/passwords';
import { defineFeature, grantFeature } from './domain/entitlements';
import { addMembership } from './domain/tenants';
import { findUserByEmail, insertUser } from './domain/users';
import { getVendorSettings } from './domain/vendor';
import type { Database } from './storage/database';

export const SEED_ADMIN_EMAIL = 'admin@example.com';
export const SEED_ADMIN_PASSWORD = 'Admin-demo-2026';
const SEED_ADMIN_NAME = 'Ada Admin';
export const SEED_TENANT_NAME = 'Acme Demo';
/** Fixed id, so re-running the seed finds the tenant instead of adding another. */
export const SEED_TENANT_ID = '00000000-0000-4000-8000-00000000acde';

const SEED_LOCK = 7_274_003;

/** Creates the seed rows that are missing. */
export async function seedDevelopmentData(db: Database, hasher: PasswordHasher): Promise<void> {
  // Hashing is slow; do it outside the transaction and only when the admin does not exist yet.
  const existing = await findUserByEmail(db, SEED_ADMIN_EMAIL);
  const passwordHash = existing ? null : await hasher.hash(SEED_ADMIN_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK]);
    // The vendor settings row comes from migration 1; this only reads it.
    const vendor = await getVendorSettings(tx);
    await tx.query(
      `INSERT INTO tenants (id, vendor_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [SEED_TENANT_ID, vendor.id, SEED_TENANT_NAME],
    );
    let admin = await findUserByEmail(tx, SEED_ADMIN_EMAIL);
    if (!admin) {
      admin = await insertUser(tx, {
        vendorId: vendor.id,
        email: SEED_ADMIN_EMAIL,
        name: SEED_ADMIN_NAME,
        passwordHash: passwordHash ?? (await hasher.hash(SEED_ADMIN_PASSWORD)),
        verified: true,
      });
      await tx.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [admin.id, SEED_TENANT_ID]);
    }
    await addMembership(tx, { userId: admin.id, tenantId: SEED_TENANT_ID, roleKeys: ['Admin'] });
  });
}

/**
 * Development sample data (never in production): features "sso", "audits" and "scim" gating the
 * SSO, audits and SCIM pages' permissions; the demo tenant's bundle has sso and audits, not scim;
 * and a sample flag "demo-new-dashboard" on for everyone. Idempotent.
 */
export async function seedHostIntegrationData(db: Database, tenantId: string): Promise<void> {
  await defineFeature(db, 'sso', 'Single sign-on', ['fe.secure.read.samlConfiguration']);
  await defineFeature(db, 'audits', 'Audit logs', ['fe.secure.read.audits']);
  await defineFeature(db, 'scim', 'Directory provisioning', ['fe.secure.read.provisioningConfiguration']);
  await grantFeature(db, tenantId, 'sso');
  await grantFeature(db, tenantId, 'audits');
  await db.query(
    `INSERT INTO feature_flags (key, description, enabled) VALUES ('demo-new-dashboard', 'Sample flag of the development seed', true)
     ON CONFLICT (key) DO NOTHING`,
  );
}
