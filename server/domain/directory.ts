/**
 * A tenant's SCIM configurations (the client SDK's `directory` calls, spec 001 §3 "Directory (SCIM)
 * configuration: id plus user count; source enum: frontegg, okta, azure-ad, other"; §7 GET, POST,
 * PATCH /{id}, DELETE /{id}, GET temp /{id}/Users/count).
 *
 * Each configuration has one bearer token for the SCIM endpoints (routes/scim.ts), made at creation
 * and shown then only: `scim_<configuration id, 32 hex>_<32 random bytes, base64url>`. Only its
 * SHA-256 is stored; a presented token is looked up by the id it names and its hash compared in
 * constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ScimConfiguration, ScimSource } from '../../core/api/directory';
import type { Database } from '../storage/database';

/** What the SCIM endpoints act for: a configuration of one tenant. */
export interface ScimCaller {
  configurationId: string;
  tenantId: string;
  vendorId: string;
  syncToUserManagement: boolean;
  /** Who made the configuration: what they hold in the account is the most the connection may touch. */
  createdBy: string | null;
}

/** The name a configuration gets when none is given. */
const SOURCE_NAMES: Record<ScimSource, string> = {
  frontegg: 'SCIM',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  other: 'SCIM',
};

const TOKEN = /^scim_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const hashToken = (token: string) => createHash('sha256').update(`scim-token:${token}`).digest('hex');
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

interface Row {
  id: string;
  connection_name: string;
  source: ScimSource;
  sync_to_user_management: boolean;
  created_at: Date;
  last_sync: Date | null;
}
const COLUMNS = 'id, connection_name, source, sync_to_user_management, created_at, last_sync';

function toConfiguration(row: Row): ScimConfiguration {
  return {
    id: row.id,
    connectionName: row.connection_name,
    source: row.source,
    syncToUserManagement: row.sync_to_user_management,
    createdAt: row.created_at.toISOString(),
    lastSync: row.last_sync ? row.last_sync.toISOString() : null,
  };
}

export async function listScimConfigurations(db: Database, tenantId: string): Promise<ScimConfiguration[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM scim_configurations WHERE tenant_id = $1 ORDER BY created_at, id`,
    [tenantId],
  );
  return rows.map(toConfiguration);
}

/** Creates a configuration and its token; the token is returned here and never again. */
export async function createScimConfiguration(
  db: Database,
  tenantId: string,
  input: {
    source: ScimSource;
    connectionName?: string | undefined;
    syncToUserManagement?: boolean | undefined;
  },
  createdBy: string | null,
): Promise<ScimConfiguration & { token: string }> {
  const id = (await db.query<{ id: string }>('SELECT gen_random_uuid()::text AS id')).rows[0]!.id;
  const token = `scim_${id.replace(/-/g, '')}_${randomBytes(32).toString('base64url')}`;
  const name = input.connectionName?.trim() || SOURCE_NAMES[input.source];
  const { rows } = await db.query<Row>(
    `INSERT INTO scim_configurations (id, tenant_id, connection_name, source, sync_to_user_management, token_hash, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [id, tenantId, name, input.source, input.syncToUserManagement ?? true, hashToken(token), createdBy],
  );
  return { ...toConfiguration(rows[0]!), token };
}

/** PATCH: only `syncToUserManagement` changes (the client's Scim2PatchConnectionConfigRequest). */
export async function updateScimConfiguration(
  db: Database,
  tenantId: string,
  id: string,
  input: { syncToUserManagement?: boolean | undefined },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE scim_configurations SET sync_to_user_management = coalesce($3, sync_to_user_management), updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    [tenantId, id, input.syncToUserManagement ?? null],
  );
  return rows.length > 0;
}

/**
 * Deletes a configuration: its token stops working at once; the members and groups it managed stay
 * in the account and are managed in the portal again.
 */
export async function deleteScimConfiguration(db: Database, tenantId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
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
  });
}

/** How many of the account's members the configuration manages; null for an unknown configuration. */
export async function countScimUsers(db: Database, tenantId: string, id: string): Promise<number | null> {
  const { rows } = await db.query<{ count: number | null }>(
    `SELECT (SELECT count(*)::int FROM memberships m WHERE m.scim_configuration_id = c.id) AS count
       FROM scim_configurations c WHERE c.tenant_id = $1 AND c.id = $2`,
    [tenantId, id],
  );
  return rows[0] ? (rows[0].count ?? 0) : null;
}

/** The configuration a SCIM bearer token belongs to, or null (unknown, malformed or wrong secret). */
export async function scimCallerByToken(db: Database, token: string): Promise<ScimCaller | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
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
    [uuidOf(match[1]!)],
  );
  const row = rows[0];
  const given = Buffer.from(hashToken(token));
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), given)) return null;
  return {
    configurationId: row.id,
    tenantId: row.tenant_id,
    vendorId: row.vendor_id,
    syncToUserManagement: row.sync_to_user_management,
    createdBy: row.created_by,
  };
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
