import type { UserEntitlements } from './entitlements';

/**
 * Demo mode's bundle: every tenant has "sso" and "audits"; "scim" is not in the bundle. The SSO
 * and SCIM pages' permissions are gated by those features (see the reference server's tables).
 */
export const DEMO_FEATURES: UserEntitlements['features'] = {
  sso: { expireTime: null },
  audits: { expireTime: null },
};
export const DEMO_PERMISSION_FEATURES: UserEntitlements['permissionFeatures'] = {
  'fe.secure.read.samlConfiguration': ['sso'],
  'fe.secure.read.provisioningConfiguration': ['scim'],
  'fe.secure.read.audits': ['audits'],
};
