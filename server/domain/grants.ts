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
import { assertMayActOnMember, type MemberAction, type MemberActor } from '../../core/domain/team-members';
import type { Database } from '../storage/database';
import { loadAuthorization } from './tenants';
import type { AccessTokenClaims } from './tokens';

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

/**
 * Rule 3 for one member of `tenantId` (core/domain/team-members.ts `assertMayActOnMember`): 400 for
 * the caller's own roles, and for removing themselves from or denying their own access to the account
 * they are signed in to; 403 when the member holds a permission the caller lacks.
 */
export async function assertMayActOn(
  db: Database,
  claims: AccessTokenClaims,
  tenantId: string,
  userId: string,
  action: MemberAction,
): Promise<void> {
  await assertMayActOnMember(actorOf(claims), tenantId, userId, action, () =>
    memberPermissionKeys(db, tenantId, userId),
  );
}

/** The caller of a member rule: the token's user, active account and permissions. */
const actorOf = (claims: AccessTokenClaims): MemberActor => ({
  userId: claims.sub,
  activeTenantId: claims.tenantId ?? null,
  held: claims.permissions ?? [],
});
