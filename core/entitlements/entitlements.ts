import { MESSAGES } from '../api/messages';
import { holdsPermission } from '../contract/permissions';

/** Why an entitlement is missing (spec 000 §3, spec 001 §3). */
export type EntitlementJustification = 'MISSING_PERMISSION' | 'MISSING_FEATURE' | 'BUNDLE_EXPIRED';

export interface Entitlement {
  isEntitled: boolean;
  /** Set only when isEntitled is false. */
  justification?: EntitlementJustification;
}

/**
 * What the server answers for the signed-in user in the active tenant **(choice of shape; the spec
 * shows none)**: the permission keys held, the features of the tenant's bundle with their expiry
 * (epoch milliseconds, null = no expiry), and which features unlock a gated permission (vendor-wide,
 * so a permission gated by a feature the tenant lacks is known to be gated).
 */
export interface UserEntitlements {
  permissions: string[];
  features: Record<string, { expireTime: number | null }>;
  permissionFeatures: Record<string, string[]>;
}

export const EMPTY_ENTITLEMENTS: UserEntitlements = { permissions: [], features: {}, permissionFeatures: {} };

/** Thrown when an entitlement is asked for while entitlements are not enabled (spec 000 §5, §8). */
export class EntitlementsDisabledError extends Error {
  readonly kind = 'EntitlementsDisabledError';
  constructor() {
    super(MESSAGES.entitlementsDisabled);
    this.name = 'EntitlementsDisabledError';
  }
}

const ENTITLED: Entitlement = Object.freeze({ isEntitled: true });
const missing = (justification: EntitlementJustification): Entitlement => ({
  isEntitled: false,
  justification,
});

/** A feature of the bundle: absent is MISSING_FEATURE, past its expiry is BUNDLE_EXPIRED. */
export function featureEntitlement(
  entitlements: UserEntitlements,
  featureKey: string,
  now: number = Date.now(),
): Entitlement {
  const feature = Object.hasOwn(entitlements.features, featureKey)
    ? entitlements.features[featureKey]
    : undefined;
  if (!feature) return missing('MISSING_FEATURE');
  if (feature.expireTime !== null && feature.expireTime !== undefined && feature.expireTime <= now)
    return missing('BUNDLE_EXPIRED');
  return ENTITLED;
}

/**
 * A permission: not held (wildcards count, `fe.*` holds `fe.x`) is MISSING_PERMISSION. A held
 * permission gated by features needs one of them: if one is present and valid it is entitled; if
 * the only ones present have expired it is BUNDLE_EXPIRED; if none is present, MISSING_FEATURE.
 */
export function permissionEntitlement(
  entitlements: UserEntitlements,
  permissionKey: string,
  now: number = Date.now(),
): Entitlement {
  if (!holdsPermission(entitlements.permissions, permissionKey)) return missing('MISSING_PERMISSION');
  const gates = Object.hasOwn(entitlements.permissionFeatures, permissionKey)
    ? (entitlements.permissionFeatures[permissionKey] ?? [])
    : [];
  if (gates.length === 0) return ENTITLED;
  const results = gates.map((key) => featureEntitlement(entitlements, key, now));
  if (results.some((r) => r.isEntitled)) return ENTITLED;
  return results.some((r) => r.justification === 'BUNDLE_EXPIRED')
    ? missing('BUNDLE_EXPIRED')
    : missing('MISSING_FEATURE');
}

/** What a host asks: by feature key, by permission key, or both (both must be entitled). */
export interface EntitlementQuery {
  featureKey?: string;
  permissionKey?: string;
}

/** The answer for a query; the permission's justification comes first when both are missing. */
export function entitlementFor(
  entitlements: UserEntitlements,
  query: EntitlementQuery,
  now: number = Date.now(),
): Entitlement {
  if (query.permissionKey !== undefined) {
    const byPermission = permissionEntitlement(entitlements, query.permissionKey, now);
    if (!byPermission.isEntitled) return byPermission;
  }
  if (query.featureKey !== undefined) return featureEntitlement(entitlements, query.featureKey, now);
  return ENTITLED;
}

/** Reads an answer defensively: anything malformed counts as "nothing entitled". */
export function normalizeEntitlements(answer: unknown): UserEntitlements {
  const value = (answer ?? {}) as Partial<Record<keyof UserEntitlements, unknown>>;
  const permissions = Array.isArray(value.permissions)
    ? value.permissions.filter((k): k is string => typeof k === 'string')
    : [];
  const features: UserEntitlements['features'] = {};
  if (value.features && typeof value.features === 'object') {
    for (const [key, feature] of Object.entries(value.features as Record<string, unknown>)) {
      const expireTime = (feature as { expireTime?: unknown } | null)?.expireTime;
      features[key] = { expireTime: typeof expireTime === 'number' ? expireTime : null };
    }
  }
  const permissionFeatures: UserEntitlements['permissionFeatures'] = {};
  if (value.permissionFeatures && typeof value.permissionFeatures === 'object') {
    for (const [key, gates] of Object.entries(value.permissionFeatures as Record<string, unknown>)) {
      if (Array.isArray(gates))
        permissionFeatures[key] = gates.filter((g): g is string => typeof g === 'string');
    }
  }
  return { permissions, features, permissionFeatures };
}

/**
 * The client SDK's answer (`GET /entitlements/api/v1/user-entitlements` of @frontegg/rest-api
 * 3.1.18): each permission and feature with its decision made by the backend. One function for the
 * reference server and the demo backend, with the kit's own rules above.
 */
export function decidedEntitlements(
  entitlements: UserEntitlements,
  permissionKeys: Iterable<string>,
  featureKeys: Iterable<string>,
  now: number = Date.now(),
): { permissions: Record<string, Entitlement>; features: Record<string, Entitlement> } {
  const decide = <K extends string>(keys: Iterable<K>, rule: (key: K) => Entitlement) =>
    Object.fromEntries([...new Set(keys)].sort().map((key) => [key, { ...rule(key) }]));
  return {
    permissions: decide(permissionKeys, (key) => permissionEntitlement(entitlements, key, now)),
    features: decide([...featureKeys, ...Object.keys(entitlements.features)], (key) =>
      featureEntitlement(entitlements, key, now),
    ),
  };
}
