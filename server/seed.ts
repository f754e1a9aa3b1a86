/**
 * Development seed: the demo tenant "Acme Demo" and its admin. Idempotent (safe at every start);
 * main.ts runs it only in development mode (AUTH_ELEMENTS_DEV=1 or --dev, refused with
 * NODE_ENV=production). The admin's password is only set when the user is created, so a password
 * changed later is not reset at the next start.
 */
import { PAGES_HIDDEN_BY_DEFAULT, PORTAL_FLAGS } from '../core/portal/pages';
import type { PasswordHasher } from './domain/passwords';
import { defineFeature, grantFeature } from './storage/entitlements';
import { addMembership } from './storage/tenants';
import { findUserByEmail, insertUser, setActiveTenant } from './storage/users';
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
      await setActiveTenant(tx, admin.id, SEED_TENANT_ID);
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

export const SEED_VENDOR_ADMIN_EMAIL = 'vendor@example.com';
export const SEED_VENDOR_ADMIN_PASSWORD = 'Vendor-demo-2026';
const SEED_VENDOR_ADMIN_NAME = 'Vera Vendor';

/**
 * `npm start`'s showcase (development mode only: main.ts runs it with `--dev` or
 * AUTH_ELEMENTS_DEV=1, never in tests or production), so that every page the portal has can be
 * seen: a vendor administrator (a super user, the one who may change the portal configuration)
 * who is also an Admin of the demo tenant; the admin-box metadata showing every page the default
 * visibility hides (core/portal/pages.ts PAGES_HIDDEN_BY_DEFAULT) to whoever holds its permission;
 * every flag that gates a page or a tab (PORTAL_FLAGS: Roles, the security centre, the Account
 * page's custom login) on. Both lists come from the portal's page table, so a new page is turned
 * on too. Idempotent, and done once: when the vendor administrator is
 * created. After that the vendor's own changes (metadata, flags, password) are never reset.
 * Answers whether it wrote anything.
 */
export async function seedShowcase(db: Database, hasher: PasswordHasher): Promise<boolean> {
  if (await findUserByEmail(db, SEED_VENDOR_ADMIN_EMAIL)) return false;
  const passwordHash = await hasher.hash(SEED_VENDOR_ADMIN_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK]);
    if (await findUserByEmail(tx, SEED_VENDOR_ADMIN_EMAIL)) return false;
    const vendor = await getVendorSettings(tx);
    const admin = await insertUser(tx, {
      vendorId: vendor.id,
      email: SEED_VENDOR_ADMIN_EMAIL,
      name: SEED_VENDOR_ADMIN_NAME,
      passwordHash,
      verified: true,
    });
    await tx.query('UPDATE users SET super_user = true, active_tenant_id = $2 WHERE id = $1', [
      admin.id,
      SEED_TENANT_ID,
    ]);
    await addMembership(tx, { userId: admin.id, tenantId: SEED_TENANT_ID, roleKeys: ['Admin'] });
    const navigation = Object.fromEntries(
      PAGES_HIDDEN_BY_DEFAULT.map((page) => [page, { visibility: 'byPermissions' }]),
    );
    // The vendor's own page settings win over the showcase's (right side of `||`). `||` and `->`
    // bind alike, left to right: hence the parentheses.
    await tx.query(
      `INSERT INTO admin_box_metadata (vendor_id, configuration, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (vendor_id) DO UPDATE
         SET configuration = admin_box_metadata.configuration || jsonb_build_object('navigation',
           (($2::jsonb)->'navigation') || COALESCE(admin_box_metadata.configuration->'navigation', '{}'::jsonb)),
             updated_at = now()`,
      [vendor.id, JSON.stringify({ navigation })],
    );
    for (const key of PORTAL_FLAGS)
      await tx.query(
        `INSERT INTO feature_flags (key, description, enabled) VALUES ($1, 'Turned on by the development showcase', true)
         ON CONFLICT (key) DO UPDATE SET enabled = true`,
        [key],
      );
    return true;
  });
}

/** What main.ts prints after the addresses when the showcase is on. */
export function showcaseLines(): string[] {
  return [
    `  Vendor admin:  ${SEED_VENDOR_ADMIN_EMAIL} / ${SEED_VENDOR_ADMIN_PASSWORD} (vendor super user)`,
    '  Showcase:      every portal page turned on; the vendor admin changes them on its Portal configuration page (README "Turning portal pages on")',
  ];
}
