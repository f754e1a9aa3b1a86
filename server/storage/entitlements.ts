/**
 * Features and their gates in SQL (spec 000 §3): the vendor's features, the permissions a feature
 * gates, and the features in a tenant's bundle with their expiry. What a user is entitled to is
 * decided from them in domain/entitlements.ts and core/entitlements/entitlements.ts.
 */
import type { Database } from './database';

/** The features in `tenantId`'s bundle, by key, with their expiry (null: none). */
export async function tenantFeatures(
  db: Database,
  tenantId: string,
): Promise<Array<{ key: string; expires_at: Date | null }>> {
  const { rows } = await db.query<{ key: string; expires_at: Date | null }>(
    `SELECT f.key, tf.expires_at FROM tenant_features tf JOIN features f ON f.id = tf.feature_id
      WHERE tf.tenant_id = $1 ORDER BY f.key`,
    [tenantId],
  );
  return rows;
}

/** Every feature gate of the vendor: a permission key and a feature it needs, by permission then feature. */
export async function featureGates(
  db: Database,
): Promise<Array<{ permission_key: string; feature_key: string }>> {
  const { rows } = await db.query<{ permission_key: string; feature_key: string }>(
    `SELECT fp.permission_key, f.key AS feature_key FROM feature_permissions fp JOIN features f ON f.id = fp.feature_id
      ORDER BY fp.permission_key, f.key`,
  );
  return rows;
}

/** The keys of the vendor's features. */
export async function featureKeys(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>('SELECT key FROM features');
  return rows.map((r) => r.key);
}

/** Adds a feature (idempotent) gating the given permission keys; returns its id. */
export async function defineFeature(
  db: Database,
  key: string,
  name: string,
  gatedPermissions: string[] = [],
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO features (key, name) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [key, name],
  );
  const id = rows[0]!.id;
  for (const permission of gatedPermissions) {
    await db.query(
      'INSERT INTO feature_permissions (feature_id, permission_key) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [id, permission],
    );
  }
  return id;
}

/** Puts a feature in a tenant's bundle until `expiresAt` (null: no expiry). */
export async function grantFeature(
  db: Database,
  tenantId: string,
  featureKey: string,
  expiresAt: Date | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO tenant_features (tenant_id, feature_id, expires_at)
       SELECT $1, id, $3 FROM features WHERE key = $2
     ON CONFLICT (tenant_id, feature_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [tenantId, featureKey, expiresAt],
  );
}
