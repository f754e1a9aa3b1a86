/**
 * Entitlements (spec 000 §3, spec 001 §3): features in a tenant's bundle (with an optional expiry)
 * and features that gate permissions. The kit decides isEntitled and the justification from this
 * answer (core/entitlements/entitlements.ts); the server only reports facts, read by
 * storage/entitlements.ts (the user's permissions: the platform's grants, core/domain/host-info-area.ts).
 */
import type { UserEntitlements } from '../../core/entitlements/entitlements';
import type { Database } from '../storage/database';
import { featureGates, tenantFeatures } from '../storage/entitlements';

/** The features in `tenantId`'s bundle (none without an account) and every feature gate of the vendor. */
export async function featuresOf(
  db: Database,
  tenantId: string | null,
): Promise<Omit<UserEntitlements, 'permissions'>> {
  const features: UserEntitlements['features'] = {};
  if (tenantId) {
    for (const row of await tenantFeatures(db, tenantId))
      features[row.key] = { expireTime: row.expires_at ? new Date(row.expires_at).getTime() : null };
  }
  const permissionFeatures: UserEntitlements['permissionFeatures'] = {};
  for (const row of await featureGates(db))
    (permissionFeatures[row.permission_key] ??= []).push(row.feature_key);
  return { features, permissionFeatures };
}
