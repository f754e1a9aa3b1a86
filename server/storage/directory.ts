/**
 * Directory (SCIM) provisioning in SQL: what the SCIM endpoints read and write beside the
 * configurations' repository (core/domain/directory.ts, over `scim_configurations`): a
 * configuration by id with its account's vendor, and its last sync.
 * SQL only: the token's check is server/domain/directory.ts.
 */
import type { Database } from './database';

/** A configuration a SCIM token names, with its account's vendor and the token's stored hash. */
export async function scimConfigurationRow(db: Database, id: string) {
  const { rows } = await db.query<{
    id: string;
    tenant_id: string;
    vendor_id: string;
    token_hash: string;
    sync_to_user_management: boolean;
    created_by: string | null;
  }>(
    `SELECT c.id, c.tenant_id, t.vendor_id, c.token_hash, c.sync_to_user_management, c.created_by
       FROM scim_configurations c JOIN tenants t ON t.id = c.tenant_id
      WHERE c.id = $1 AND t.deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** Marks the configuration's last change over SCIM (the page's "last sync"). */
export async function touchScimConfiguration(db: Database, id: string): Promise<void> {
  await db.query('UPDATE scim_configurations SET last_sync = now() WHERE id = $1', [id]);
}
