import type { PortalPageId } from '../../../core/portal/pages';

/**
 * The portal keeps its page in the URL hash (`#/portal/users`), so deep links work, the browser's
 * back button moves between pages, and the host's own path-based router is left alone.
 */
const PORTAL_HASH_PREFIX = '#/portal/';

export function pageFromHash(hash: string, visible: readonly PortalPageId[]): PortalPageId | null {
  if (!hash.startsWith(PORTAL_HASH_PREFIX)) return null;
  const page = decodeURIComponent(
    hash.slice(PORTAL_HASH_PREFIX.length).split(/[/?]/)[0] ?? '',
  ) as PortalPageId;
  return visible.includes(page) ? page : null;
}

export const hashOf = (page: PortalPageId): string => `${PORTAL_HASH_PREFIX}${page}`;
