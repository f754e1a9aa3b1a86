/**
 * Directory (SCIM) configurations in SQL (`scim_configurations`, storage/schema/scim.ts): the ports
 * of core/domain/directory.ts, and what the SCIM endpoints read (a configuration by id, its last
 * sync, whether it manages a member). SQL only: the rules are core/domain/directory.ts, the token's
 * check server/domain/directory.ts.
 */
import type { ScimConfiguration, ScimSource } from '../../core/api/directory';
import type { DirectoryPorts } from '../../core/domain/directory';
import type { Database } from './database';

interface Row {
  id: string;
  connection_name: string;
  source: ScimSource;
  sync_to_user_management: boolean;
  created_at: Date;
  last_sync: Date | null;
}
const COLUMNS = 'id, connection_name, source, sync_to_user_management, created_at, last_sync';

const configurationOf = (row: Row): ScimConfiguration => ({
  id: row.id,
  connectionName: row.connection_name,
  source: row.source,
  syncToUserManagement: row.sync_to_user_management,
  createdAt: row.created_at.toISOString(),
  lastSync: row.last_sync ? row.last_sync.toISOString() : null,
});

/** The ports of core/domain/directory.ts; `insert` stores `hashOf(token)`, never the token. */
export function directoryStore(db: Database, hashOf: (token: string) => string): DirectoryPorts {
  return {
    async list(tenantId) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM scim_configurations WHERE tenant_id = $1 ORDER BY created_at, id`,
        [tenantId],
      );
      return rows.map(configurationOf);
    },
    async insert(tenantId, c, token, createdBy) {
      const { rows } = await db.query<Row>(
        `INSERT INTO scim_configurations (id, tenant_id, connection_name, source, sync_to_user_management, token_hash, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [c.id, tenantId, c.connectionName, c.source, c.syncToUserManagement, hashOf(token), createdBy],
      );
      return configurationOf(rows[0]!);
    },
    async update(tenantId, id, syncToUserManagement) {
      const { rows } = await db.query(
        `UPDATE scim_configurations SET sync_to_user_management = coalesce($3, sync_to_user_management), updated_at = now()
          WHERE tenant_id = $1 AND id = $2 RETURNING id`,
        [tenantId, id, syncToUserManagement ?? null],
      );
      return rows.length > 0;
    },
    // The members and groups it managed stay in the account and are managed in the portal again.
    remove: (tenantId, id) =>
      db.transaction(async (tx) => {
        await tx.query(
          `UPDATE groups SET managed_by = 'frontegg', scim_configuration_id = NULL
            WHERE tenant_id = $1 AND scim_configuration_id = $2`,
          [tenantId, id],
        );
        const { rows } = await tx.query(
          'DELETE FROM scim_configurations WHERE tenant_id = $1 AND id = $2 RETURNING id',
          [tenantId, id],
        );
        return rows.length > 0;
      }),
    async countUsers(tenantId, id) {
      const { rows } = await db.query<{ count: number | null }>(
        `SELECT (SELECT count(*)::int FROM memberships m WHERE m.scim_configuration_id = c.id) AS count
           FROM scim_configurations c WHERE c.tenant_id = $1 AND c.id = $2`,
        [tenantId, id],
      );
      return rows[0] ? (rows[0].count ?? 0) : null;
    },
  };
}

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

/** Whether a SCIM configuration manages the member `userId` of `tenantId` (the portal may not remove them). */
export async function isScimManagedMember(db: Database, tenantId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2 AND scim_configuration_id IS NOT NULL',
    [tenantId, userId],
  );
  return rows.length > 0;
}
