import type { SubAccount } from './api';

/**
 * Spec 001 §5 "Sub-tenants are deduplicated by tenantId". A load-more page can repeat accounts the
 * list already has (an account created or renamed between two pages shifts the offsets): the
 * first copy wins, in order, and a later copy updates nothing.
 */
export function dedupeByTenantId<T extends { tenantId: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.tenantId) ? false : (seen.add(item.tenantId), true)));
}

/** Appends a loaded page to a list, deduplicated by tenantId. */
export function appendPage<T extends { tenantId: string }>(list: readonly T[], page: readonly T[]): T[] {
  return dedupeByTenantId([...list, ...page]);
}

/** The sub-account ids from the root to `tenantId`, following parentTenantId through known accounts. */
export function pathTo(accounts: ReadonlyMap<string, SubAccount>, tenantId: string): string[] {
  const path: string[] = [];
  let current = accounts.get(tenantId);
  while (current && !path.includes(current.tenantId)) {
    path.unshift(current.tenantId);
    current = current.parentTenantId ? accounts.get(current.parentTenantId) : undefined;
  }
  return path;
}

/** Role ids to send for a sub-account member: an emptied list of a member who had roles is [""] (spec 001 §5). */
export function subAccountRoleIds(previous: readonly string[], next: readonly string[]): string[] {
  return next.length === 0 && previous.length > 0 ? [''] : [...next];
}

/** Spec-less choice, written down in docs/admin-portal.md: a login alias is 3-40 lowercase letters, digits and single dashes. */
export const LOGIN_ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;
