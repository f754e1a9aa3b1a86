/**
 * The admin portal's pages (spec 001 §2) and what decides whether the navigation shows them:
 * visibility (always, hidden, byPermissions), the permission string that gates each page (§6),
 * feature flags, and the vendor's admin-box metadata.
 */
import { grantsPermission } from '../contract/permissions';
import { isPreviewDefaultFlag, PREVIEW_DEFAULT_FLAGS } from '../featureFlags/previewFlags';

export const PORTAL_PAGES = [
  'profile',
  'privacy',
  'account',
  'users',
  'groups',
  'roles',
  'personalApiTokens',
  'apiTokens',
  'security',
  'sso',
  'provisioning',
  'audits',
  'securityCenter',
  'webhooks',
  'usage',
  'subscriptions',
  'allAccounts',
  'portalConfiguration',
] as const;
export type PortalPageId = (typeof PORTAL_PAGES)[number];

export type PageVisibility = 'always' | 'hidden' | 'byPermissions';

/** Default visibility (spec 001 §2). */
const DEFAULT_PAGE_VISIBILITY: Record<PortalPageId, PageVisibility> = {
  users: 'always',
  profile: 'always',
  privacy: 'always',
  account: 'always',
  security: 'always',
  audits: 'always',
  usage: 'hidden',
  webhooks: 'hidden',
  roles: 'hidden',
  personalApiTokens: 'hidden',
  apiTokens: 'hidden',
  sso: 'hidden',
  provisioning: 'hidden',
  subscriptions: 'hidden',
  groups: 'hidden',
  allAccounts: 'byPermissions',
  // Not in spec 001 §2's lists: the security centre shows by its flag and permission (choice).
  securityCenter: 'byPermissions',
  // Vendor-only (VENDOR_PAGES): shown to a vendor super user whatever the metadata says.
  portalConfiguration: 'byPermissions',
};

/**
 * Pages for the vendor, not the tenant: only a vendor super user sees them (the server refuses
 * everyone else with 403), and the admin-box metadata cannot hide them (a vendor could otherwise
 * lock itself out of the page that turns pages back on).
 */
const VENDOR_PAGES: ReadonlySet<PortalPageId> = new Set(['portalConfiguration']);

/** The tenant pages a vendor can show or hide with the admin-box metadata, in navigation order. */
export const CONFIGURABLE_PAGES = PORTAL_PAGES.filter((page) => !VENDOR_PAGES.has(page));

/** A page's visibility: the vendor's metadata over the default (spec 001 §2). */
export function pageVisibility(metadata: AdminBoxMetadata, page: PortalPageId): PageVisibility {
  return metadata.navigation?.[page]?.visibility ?? DEFAULT_PAGE_VISIBILITY[page];
}

/** Pages the default visibility hides until the vendor turns them on. */
export const PAGES_HIDDEN_BY_DEFAULT = CONFIGURABLE_PAGES.filter(
  (page) => DEFAULT_PAGE_VISIBILITY[page] === 'hidden',
);

/** The permission that gates each page (spec 001 §6). Profile needs none. */
const PAGE_PERMISSIONS: Record<PortalPageId, string | null> = {
  profile: null,
  privacy: 'fe.secure.read.securityPolicy',
  security: 'fe.secure.read.securityPolicy',
  account: 'fe.secure.read.accountSettings',
  users: 'fe.secure.read.users',
  roles: 'fe.secure.read.roles',
  groups: 'fe.secure.read.groups',
  personalApiTokens: 'fe.secure.read.userApiTokens',
  apiTokens: 'fe.secure.read.tenantApiTokens',
  sso: 'fe.secure.read.samlConfiguration',
  provisioning: 'fe.secure.read.provisioningConfiguration',
  audits: 'fe.secure.read.audits',
  webhooks: 'fe.connectivity.read.webhooks',
  usage: 'fe.usage.read',
  subscriptions: 'fe.subscriptions.*',
  allAccounts: 'fe.account-hierarchy.read.subAccount',
  // Spec 001 §6 names no permission of its own: the centre reports on the security policies (choice).
  securityCenter: 'fe.secure.read.securityPolicy',
  // Decided by `superUser`, not by a permission (VENDOR_PAGES).
  portalConfiguration: null,
};

/**
 * Pages shown only while their feature flag is on (spec 001 §2), and the pages of a preview-default
 * flag (core/featureFlags/previewFlags.ts), on until the vendor turns it off.
 */
export const PAGE_FLAGS: Partial<Record<PortalPageId, string>> = {
  usage: 'fe-usage-page',
  roles: 'fe-roles-page',
  // Spec 001 §6: "security-center-admin-portal gates the security centre".
  securityCenter: 'security-center-admin-portal',
  groups: PREVIEW_DEFAULT_FLAGS.groups,
  allAccounts: PREVIEW_DEFAULT_FLAGS.allAccounts,
};

/** Flags that gate a tab inside a page (spec 001 §6: admin_portal_login_per_tenant, the Account page's custom login). */
export const TAB_FLAGS = { accountCustomLogin: 'admin_portal_login_per_tenant' } as const;

/** Every flag the portal reads to show a page or a tab: what the vendor's portal configuration offers. */
export const PORTAL_FLAGS: readonly string[] = [
  ...new Set([...Object.values(PAGE_FLAGS), ...Object.values(TAB_FLAGS)]),
];

/**
 * Whether held permission keys grant `required`: the contract's rule (core/contract/permissions.ts)
 * applied both ways, so `fe.*` grants everything under `fe.`, and a page that asks for
 * `fe.subscriptions.*` is granted by any `fe.subscriptions.` key. A check of one action (server
 * routes, the demo backend) uses `holdsPermission` and never asks for a wildcard.
 */
export function hasPermission(held: readonly string[], required: string): boolean {
  return held.some((key) => grantsPermission(key, required) || grantsPermission(required, key));
}

export interface AdminBoxMetadata {
  /** Per-page visibility chosen by the vendor, over the defaults. */
  navigation?: Partial<Record<PortalPageId, { visibility?: PageVisibility }>>;
}

export interface NavigationInput {
  metadata: AdminBoxMetadata;
  permissions: readonly string[];
  flags: Readonly<Record<string, boolean>>;
  /** Pages this build of the portal has screens for. */
  available: readonly PortalPageId[];
  /** A vendor super user (users.super_user): sees the vendor pages too. */
  superUser?: boolean;
}

/**
 * The pages the navigation shows, in PORTAL_PAGES order:
 * - hidden: never;
 * - always: shown (the page itself answers a missing permission with its own message);
 * - byPermissions: only with the page's permission;
 * and, whatever the visibility, a flag-gated page only while its flag is on (a preview-default flag
 * not evaluated is on). A vendor page shows
 * to a vendor super user only.
 */
export function visiblePages(input: NavigationInput): PortalPageId[] {
  return PORTAL_PAGES.filter((page) => {
    if (!input.available.includes(page)) return false;
    if (VENDOR_PAGES.has(page)) return input.superUser === true;
    const flag = PAGE_FLAGS[page];
    // A flag not evaluated (its call failed) is off, but a preview-default one, which is on.
    if (flag && !(input.flags[flag] ?? isPreviewDefaultFlag(flag))) return false;
    const visibility = pageVisibility(input.metadata, page);
    if (visibility === 'hidden') return false;
    if (visibility === 'always') return true;
    const permission = PAGE_PERMISSIONS[page];
    return permission === null || hasPermission(input.permissions, permission);
  });
}

/** Whether the user may use the page's content (the server checks again on every call). */
export function canReadPage(page: PortalPageId, permissions: readonly string[]): boolean {
  const permission = PAGE_PERMISSIONS[page];
  return permission === null || hasPermission(permissions, permission);
}
