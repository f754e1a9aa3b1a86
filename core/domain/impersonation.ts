/**
 * Impersonation (spec 000 §2 "Impersonation", §7 "Impersonation: POST"), the rules written once for
 * the reference server and demo mode (the handler and its ports: core/domain/impersonation-handlers.ts;
 * the session opened: the Visit's, server/http/visit.ts and core/demo/platform.ts `demoVisit`). Who may
 * impersonate is not in the spec; the rules chosen here (docs/contract.md) are:
 * - the caller holds IMPERSONATE_PERMISSION in their active account (the Admin role's `fe.*` grants it);
 * - the target is another, verified member of that same account (a `tenantId` naming any other
 *   account is refused), and is not a super user;
 * - the target holds no permission the caller lacks, so impersonation never raises privileges;
 * - an impersonated session cannot impersonate again (no chains), nor switch to another account of
 *   the user, where the impersonator may have no say (`refuseStayingImpersonation`);
 * - an API token's access token cannot impersonate: the session it would open outlives the token
 *   (the same reason tokens cannot make tokens), and an account token is no user to name as the actor.
 * While impersonating, what would let the impersonator back in as the person later (their phone
 * number, where SMS codes go; their password) is refused (`refuseWhileImpersonating`).
 */
import { contractError } from '../contract/errors';
import { holdsPermission } from '../contract/permissions';
import { keysNotHeld } from './grants';

/** The permission that allows impersonation (granted by the wildcard `fe.*`). */
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonate';

/** Who asks, as their access token says. */
export interface ImpersonationCaller {
  userId: string;
  /** The caller's active account (none: a user with no account). */
  tenantId: string | null | undefined;
  permissions: readonly string[];
  /** The caller's own session is an impersonation (the token's `act`). */
  impersonating: boolean;
  /** The access token is an API token's. */
  apiToken: boolean;
}

/** A member of the account, as the rules read them. */
export interface ImpersonationMember {
  id: string;
  verified: boolean;
  superUser: boolean;
}

/** What the rules read from storage. */
export interface ImpersonationPorts {
  /** The user `userId` as a member of `tenantId`; null when there is no such member. */
  member(tenantId: string, userId: string): Promise<ImpersonationMember | null>;
  /** The permission keys the member holds in the account (roles directly and through groups). */
  permissionsOf(tenantId: string, userId: string): Promise<readonly string[]>;
}

/**
 * Checks the rules above: the member the caller may impersonate and the account the session is
 * opened in, or the refusal thrown as a ContractError.
 */
export async function impersonationTarget(
  ports: ImpersonationPorts,
  caller: ImpersonationCaller,
  request: { userId: string; tenantId?: string | null | undefined },
): Promise<{ member: ImpersonationMember; tenantId: string }> {
  if (caller.impersonating) throw contractError('IMPERSONATION_CHAINED');
  if (caller.apiToken) throw contractError('IMPERSONATION_API_TOKEN');
  if (!holdsPermission(caller.permissions, IMPERSONATE_PERMISSION))
    throw contractError('PERMISSION_REQUIRED', { permission: IMPERSONATE_PERMISSION });
  const tenantId = caller.tenantId;
  if (!tenantId) throw contractError('NO_ACCOUNT');
  if (request.tenantId && request.tenantId !== tenantId) throw contractError('IMPERSONATION_OTHER_ACCOUNT');
  if (request.userId === caller.userId) throw contractError('IMPERSONATION_SELF');
  const member = await ports.member(tenantId, request.userId);
  if (!member) throw contractError('MEMBER_NOT_FOUND');
  if (!member.verified) throw contractError('IMPERSONATION_NOT_ACTIVATED');
  if (member.superUser) throw contractError('IMPERSONATION_SUPER_USER');
  // The rule of every route that acts on a member (core/domain/grants.ts): not one who holds more.
  if (keysNotHeld(caller.permissions, await ports.permissionsOf(tenantId, member.id)).length > 0)
    throw contractError('IMPERSONATION_ESCALATION');
  return { member, tenantId };
}

/** IMPERSONATING_NOT_AVAILABLE (403) in an impersonated session: what only the person may do. */
export function refuseWhileImpersonating(impersonating: boolean): void {
  if (impersonating) throw contractError('IMPERSONATING_NOT_AVAILABLE');
}

/**
 * A profile change in an impersonated session: the phone number is where SMS sign-in codes go, so
 * an impersonator may not change it (it would be a way back in as the person, also into their
 * other accounts). `phone` is the new number (undefined: not changed; null: cleared).
 */
export function refusePhoneChangeWhileImpersonating(
  impersonating: boolean,
  phone: string | null | undefined,
  current: string | null | undefined,
): void {
  if (phone !== undefined && phone !== current) refuseWhileImpersonating(impersonating);
}

/** IMPERSONATION_STAYS (403): an impersonated session stays in the account it was opened in. */
export function refuseStayingImpersonation(impersonating: boolean): void {
  if (impersonating) throw contractError('IMPERSONATION_STAYS');
}
