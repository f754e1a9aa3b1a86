/**
 * Directory (SCIM) provisioning in SQL: what the SCIM endpoints read and write beside the
 * configurations' repository (core/domain/directory.ts, over `scim_configurations`): a
 * configuration by id with its account's vendor, its last sync, the members and groups it manages.
 * SQL only: the token's check is server/domain/directory.ts.
 */
import type { ScimProvisioning } from '../../core/domain/directory';
import type { Database } from './database';
import { sqlTables } from './tables';

/**
 * What the SCIM endpoints provisioned, for the repository of core/domain/directory.ts: the members a
 * configuration manages (memberships.scim_configuration_id), and its groups handed back to the
 * portal in the transaction that deletes it (the key's ON DELETE SET NULL clears the id, not
 * `managed_by`).
 */
export const scimProvisioning = (db: Database): ScimProvisioning => ({
  async managedMembers(tenantId, id) {
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM memberships WHERE tenant_id = $1 AND scim_configuration_id = $2',
      [tenantId, id],
    );
    return rows[0]!.count;
  },
  releasing: (tenantId, id, remove) =>
    db.transaction(async (tx) => {
      await tx.query(
        `UPDATE groups SET managed_by = 'frontegg', scim_configuration_id = NULL
          WHERE tenant_id = $1 AND scim_configuration_id = $2`,
        [tenantId, id],
      );
      return remove(sqlTables(tx));
    }),
});

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
