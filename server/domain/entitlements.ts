/**
 * Entitlements (spec 000 §3, spec 001 §3): features in a tenant's bundle (with an optional expiry)
 * and features that gate permissions. The kit decides isEntitled and the justification from this
 * answer (core/entitlements/entitlements.ts); the server only reports facts, read by
 * storage/entitlements.ts.
 */
import type { Database } from '../storage/database';
import { featureGates, tenantFeatures } from '../storage/entitlements';
import { loadAuthorization } from './tenants';

export { defineFeature, grantFeature } from '../storage/entitlements';

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
    for (const row of await tenantFeatures(db, tenantId))
      features[row.key] = { expireTime: row.expires_at ? new Date(row.expires_at).getTime() : null };
  }
  const permissionFeatures: UserEntitlementsDto['permissionFeatures'] = {};
  for (const row of await featureGates(db))
    (permissionFeatures[row.permission_key] ??= []).push(row.feature_key);
  return { permissions: authorization.permissions.map((p) => p.key), features, permissionFeatures };
}
