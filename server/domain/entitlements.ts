/**
 * Entitlements (spec 000 §3, spec 001 §3): features in a tenant's bundle (with an optional expiry)
 * and features that gate permissions. The kit decides isEntitled and the justification from this
 * answer (core/entitlements/entitlements.ts); the server only reports facts.
 */
import type { Database } from '../storage/database';
import { loadAuthorization } from './tenants';

interface UserEntitlementsDto {
  permissions: string[];
  features: Record<string, { expireTime: number | null }>;
  permissionFeatures: Record<string, string[]>;
}

/** What the user holds in `tenantId`, the tenant's features, and every feature gate of the vendor. */
export async function userEntitlements(
  db: Database,
  userId: string,
  tenantId: string | null,
): Promise<UserEntitlementsDto> {
  const authorization = await loadAuthorization(db, userId, tenantId);
  const features: UserEntitlementsDto['features'] = {};
  if (tenantId) {
    const { rows } = await db.query<{ key: string; expires_at: Date | null }>(
      `SELECT f.key, tf.expires_at FROM tenant_features tf JOIN features f ON f.id = tf.feature_id
        WHERE tf.tenant_id = $1 ORDER BY f.key`,
      [tenantId],
    );
    for (const row of rows)
      features[row.key] = { expireTime: row.expires_at ? new Date(row.expires_at).getTime() : null };
  }
  const gates = await db.query<{ permission_key: string; feature_key: string }>(
    `SELECT fp.permission_key, f.key AS feature_key FROM feature_permissions fp JOIN features f ON f.id = fp.feature_id
      ORDER BY fp.permission_key, f.key`,
  );
  const permissionFeatures: UserEntitlementsDto['permissionFeatures'] = {};
  for (const row of gates.rows) (permissionFeatures[row.permission_key] ??= []).push(row.feature_key);
  return { permissions: authorization.permissions.map((p) => p.key), features, permissionFeatures };
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
