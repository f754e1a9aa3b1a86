/**
 * Who flags are evaluated for. Spec 000 §1: an anonymous user context unless a context is
 * supplied. A supplied context names a user and/or a tenant, plus free attributes.
 */
export type FeatureFlagContext =
  | { anonymous: true }
  | {
      anonymous?: false;
      userId?: string;
      tenantId?: string;
      attributes?: Record<string, string | number | boolean>;
    };

const ANONYMOUS_CONTEXT: FeatureFlagContext = Object.freeze({ anonymous: true }) as FeatureFlagContext;

/** The flags named in spec 000 §6 and spec 001 §6. */
export const KNOWN_FEATURE_FLAGS = {
  securityCenterShowLoginFlows: 'security-center-show-login-flows',
  showPasskeysNew: 'show-passkeys-new',
  adminPortalLoginPerTenant: 'admin_portal_login_per_tenant',
  securityCenterAdminPortal: 'security-center-admin-portal',
} as const;

/** The context to send: the supplied one, else anonymous. An empty object counts as not supplied. */
export function flagContextFor(supplied: FeatureFlagContext | null | undefined): FeatureFlagContext {
  if (!supplied || supplied.anonymous) return ANONYMOUS_CONTEXT;
  const { userId, tenantId, attributes } = supplied;
  if (!userId && !tenantId && !attributes) return ANONYMOUS_CONTEXT;
  return {
    ...(userId ? { userId } : {}),
    ...(tenantId ? { tenantId } : {}),
    ...(attributes ? { attributes } : {}),
  };
}

/** A flag's value from a loaded map; unknown flags are off. */
export function isFlagOn(flags: Readonly<Record<string, boolean>>, key: string): boolean {
  return Object.hasOwn(flags, key) && flags[key] === true;
}

/** Reads an evaluation answer defensively: only boolean values count. */
export function normalizeFlags(answer: unknown): Record<string, boolean> {
  const flags = (answer as { flags?: unknown } | null)?.flags;
  const out: Record<string, boolean> = {};
  if (flags && typeof flags === 'object') {
    for (const [key, value] of Object.entries(flags as Record<string, unknown>))
      if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}
