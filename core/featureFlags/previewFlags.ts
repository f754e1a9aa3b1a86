/**
 * Preview-default flags (spec 000 §6, spec 001 §1: "Admin portal feature flags are on by default in
 * preview"): the admin portal's features still in preview, on until the vendor turns one off. One
 * rule for the reference server (server/domain/featureFlags.ts), the demo backend
 * (core/demo/... through demoFlags.ts) and the portal: a flag the vendor has set has its value; a
 * preview-default flag never set is on; any other unknown flag is off.
 */
export const PREVIEW_DEFAULT_FLAGS = {
  /** The security page's IP restrictions tab. */
  ipRestrictions: 'admin_portal_ip_restrictions',
  /** The security page's email domain restrictions tab. */
  domainRestrictions: 'admin_portal_domain_restrictions',
  /** The new multi-factor pages (privacy page). */
  newMfaPages: 'admin_portal_new_mfa_pages',
  /** Passkeys on the privacy page. */
  passkeys: 'admin_portal_passkeys',
  /** The groups page. */
  groups: 'admin_portal_groups',
  /** All accounts, for managed service providers. */
  allAccounts: 'admin_portal_all_accounts',
} as const;

const PREVIEW_KEYS: ReadonlySet<string> = new Set(Object.values(PREVIEW_DEFAULT_FLAGS));

export const isPreviewDefaultFlag = (key: string) => PREVIEW_KEYS.has(key);

/**
 * The flags' values once the preview defaults apply: `set` holds what the vendor set (every value
 * it has, or only the asked keys); the asked keys (all known keys without `keys`) answer their set
 * value, else on for a preview-default flag, else off.
 */
export function withPreviewDefaults(
  set: Readonly<Record<string, boolean>>,
  keys?: readonly string[],
): Record<string, boolean> {
  const asked = keys ?? [...new Set([...Object.keys(set), ...PREVIEW_KEYS])];
  return Object.fromEntries(
    asked.map((key) => [key, Object.hasOwn(set, key) ? set[key] === true : isPreviewDefaultFlag(key)]),
  );
}
