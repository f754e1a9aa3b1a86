/** The vendor's admin-box configuration. SQL only (an account's own settings: core/domain/tenant-tables.ts). */
import type { Database } from './database';

/** The vendor's admin-box configuration, or null when the vendor has none. */
export async function getAdminBoxConfiguration(
  db: Database,
  tenantId: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ configuration: Record<string, unknown> }>(
    `SELECT m.configuration FROM admin_box_metadata m JOIN tenants t ON t.vendor_id = m.vendor_id WHERE t.id = $1`,
    [tenantId],
  );
  return rows[0]?.configuration ?? null;
}

/** The vendor's admin-box configuration, its row locked until the transaction `tx` ends (null when none). */
export async function lockAdminBoxConfiguration(
  tx: Database,
  vendorId: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await tx.query<{ configuration: Record<string, unknown> }>(
    'SELECT configuration FROM admin_box_metadata WHERE vendor_id = $1 FOR UPDATE',
    [vendorId],
  );
  return rows[0]?.configuration ?? null;
}

/** Stores the vendor's admin-box configuration (created or replaced). */
export async function saveAdminBoxConfiguration(
  tx: Database,
  vendorId: string,
  configuration: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO admin_box_metadata (vendor_id, configuration, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (vendor_id) DO UPDATE SET configuration = EXCLUDED.configuration, updated_at = now()`,
    [vendorId, JSON.stringify(configuration)],
  );
}
