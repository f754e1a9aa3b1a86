/**
 * The "may grant" rule, in one place for every route that hands out or takes away permissions:
 *
 * 1. Grant: a caller gives (to a role, a group, a member, a token, an invitation, a new
 *    sub-account's creator) only permissions they hold themselves.
 * 2. Take away: a caller takes away (a permission from a role, a role from a group, a member from
 *    a group, a role or group deleted) only permissions they hold themselves: what they could not
 *    give, they cannot remove either.
 * 3. Members above the caller: a caller does not change the roles, group memberships, access or
 *    membership of a member who holds a permission the caller lacks (nor impersonate them), and
 *    does not change their own roles or lock themselves out of the account they are signed in to.
 *
 * Rules 1 and 2, and rule 3's comparison, are written once for the server and demo mode in
 * core/domain/grants.ts (the groups' use of them: core/domain/groups.ts).
 * "Holds" is the contract's rule (core/contract/permissions.ts `holdsPermission`): the same key, or
 * a held wildcard above it; never the looser page rule, where any key under `fe.subscriptions.*`
 * shows a page.
 * The caller's permissions are their access token's, those of their active account; sub-account
 * routes compare them with what the member holds in the sub-account.
 */
import { keysNotHeld } from '../../core/domain/grants';
import type { Database } from '../storage/database';
import { loadAuthorization } from './tenants';

/** The permission keys `userId` holds in `tenantId` (directly and through groups; none while invited). */
export async function memberPermissionKeys(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<string[]> {
  return (await loadAuthorization(db, userId, tenantId)).permissions.map((p) => p.key);
}

/** Whether `held` covers every key the member holds: the member is not above the holder. */
export function holdsEverything(held: readonly string[], memberKeys: readonly string[]): boolean {
  return keysNotHeld(held, memberKeys).length === 0;
}
