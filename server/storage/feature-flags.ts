/**
 * Feature flags in SQL (`feature_flags`: on for everyone, or for listed tenants and users). Which
 * context sees what, and the flags the portal reads before a row exists, are in
 * domain/featureFlags.ts.
 */
import type { Database } from './database';

export interface FlagRow {
  key: string;
  description: string | null;
  enabled: boolean;
  tenant_ids: string[];
  user_ids: string[];
}

const FLAG_COLUMNS =
  'key, description, enabled, tenant_ids::text[] AS tenant_ids, user_ids::text[] AS user_ids';

/**
 * Each stored flag's value for this tenant and user (null: none), by key; every stored flag when
 * `keys` is null. The ids must be UUIDs (PostgreSQL casts them).
 */
export async function flagValues(
  db: Database,
  tenantId: string | null,
  userId: string | null,
  keys: string[] | null,
): Promise<Array<{ key: string; value: boolean }>> {
  const { rows } = await db.query<{ key: string; value: boolean }>(
    `SELECT key, (enabled OR ($1::uuid IS NOT NULL AND $1::uuid = ANY(tenant_ids)) OR ($2::uuid IS NOT NULL AND $2::uuid = ANY(user_ids))) AS value
       FROM feature_flags WHERE $3::text[] IS NULL OR key = ANY($3::text[])`,
    [tenantId, userId, keys],
  );
  return rows;
}

/** Defines or updates a flag (tests and the development seed). */
export async function setFlag(
  db: Database,
  key: string,
  value: { enabled?: boolean; tenantIds?: string[]; userIds?: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO feature_flags (key, enabled, tenant_ids, user_ids) VALUES ($1, $2, $3::uuid[], $4::uuid[])
     ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled, tenant_ids = EXCLUDED.tenant_ids, user_ids = EXCLUDED.user_ids`,
    [key, value.enabled ?? false, value.tenantIds ?? [], value.userIds ?? []],
  );
}

/** Every stored flag. */
export async function flagRows(db: Database): Promise<FlagRow[]> {
  return (await db.query<FlagRow>(`SELECT ${FLAG_COLUMNS} FROM feature_flags`)).rows;
}

/**
 * Turns a flag on or off for everyone; its lists of tenants and users stay. `create`: a flag with
 * no row gets one; else a key with no row is left alone (null).
 */
export async function writeFlagEnabled(
  db: Database,
  key: string,
  enabled: boolean,
  create: boolean,
): Promise<FlagRow | null> {
  const { rows } = await db.query<FlagRow>(
    create
      ? `INSERT INTO feature_flags (key, enabled) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled
         RETURNING ${FLAG_COLUMNS}`
      : `UPDATE feature_flags SET enabled = $2 WHERE key = $1
         RETURNING ${FLAG_COLUMNS}`,
    [key, enabled],
  );
  return rows[0] ?? null;
}
