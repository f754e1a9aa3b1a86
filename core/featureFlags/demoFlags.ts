import { KNOWN_FEATURE_FLAGS, type FeatureFlagContext } from './featureFlags';

/**
 * Demo mode's flags: the spec's named flags off (but custom login per tenant), the roles page's
 * flag on (the demo shows every page it has), plus one sample flag on for everyone.
 */
const DEMO_FEATURE_FLAGS: Record<string, boolean> = {
  ...Object.fromEntries(Object.values(KNOWN_FEATURE_FLAGS).map((key) => [key, false])),
  'fe-roles-page': true,
  'demo-new-dashboard': true,
  // The demo shows every portal flow, the account page's custom-login tab included.
  [KNOWN_FEATURE_FLAGS.adminPortalLoginPerTenant]: true,
  // ... and the security centre page.
  [KNOWN_FEATURE_FLAGS.securityCenterAdminPortal]: true,
};

/**
 * The demo answer of the evaluate call: the asked keys (all without keys), unknown keys off. The
 * body has passed the contract's schema (core/contract/requests-flags.ts).
 */
export function evaluateDemoFlags(body: {
  keys?: string[];
  context?: FeatureFlagContext;
}): Record<string, boolean> {
  const keys = body.keys ?? Object.keys(DEMO_FEATURE_FLAGS);
  return Object.fromEntries(keys.map((key) => [key, DEMO_FEATURE_FLAGS[key] === true]));
}
