/**
 * The "may grant" rule (server/domain/grants.ts rules 1 and 2), for the server and demo mode alike:
 * a caller gives, or takes away, only permissions they hold themselves. "Holds" is the contract's
 * rule (core/contract/permissions.ts `holdsPermission`): the same key, or a held wildcard above it.
 */
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';

/** The keys among `keys` that `held` does not cover (empty: `held` covers them all). */
export function keysNotHeld(held: readonly string[], keys: Iterable<string>): string[] {
  return [...new Set(keys)].filter((key) => !holdsPermission(held, key));
}

/** GRANT_NOT_HELD (403) for the first of `keys` that `held` does not cover. */
export function assertHoldsAll(held: readonly string[], keys: Iterable<string>): void {
  const [missing] = keysNotHeld(held, keys);
  if (missing !== undefined) throw contractError('GRANT_NOT_HELD', { permission: missing });
}

/**
 * Rule 3 (server/domain/grants.ts): MEMBER_ABOVE (403) when the member holds a permission `held`
 * does not cover; what is done to them (their group memberships, roles, access) is not the caller's.
 */
export function assertNotAbove(held: readonly string[], memberKeys: readonly string[]): void {
  if (keysNotHeld(held, memberKeys).length) throw contractError('MEMBER_ABOVE');
}
