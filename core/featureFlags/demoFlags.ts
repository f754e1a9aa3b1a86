import { KNOWN_FEATURE_FLAGS } from './featureFlags';
import { withPreviewDefaults } from './previewFlags';

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
  // ... and the security centre page, and the usage page.
  [KNOWN_FEATURE_FLAGS.securityCenterAdminPortal]: true,
  'fe-usage-page': true,
};

/**
 * The demo answer of the evaluate call: the asked keys (all without keys), unknown keys off but the
 * preview-default ones (previewFlags.ts), `set` (the demo's stored flags' values, as the server
 * reads them for the caller: core/domain/feature-flags.ts) over the demo's own values.
 */
export function evaluateDemoFlags(
  keys: readonly string[] | undefined,
  set: Readonly<Record<string, boolean>> = {},
): Record<string, boolean> {
  return withPreviewDefaults({ ...DEMO_FEATURE_FLAGS, ...set }, keys);
}
