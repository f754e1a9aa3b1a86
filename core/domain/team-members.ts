/**
 * Changing an account's members (spec 001 §4, §5, §7), written once for the server
 * (server/routes/team-members.ts over core/domain/team-member-store.ts) and, through its ports, demo
 * mode: removing a member, setting their roles, ending their sessions in the account.
 *
 * The rule for every action on a member (server/domain/grants.ts rule 3): a caller does not change
 * their own roles, does not remove themselves from (or deny their own access to) the account they
 * are signed in to, and does not act on a member who holds a permission the caller lacks. Roles are
 * given only when the caller holds what they grant (core/domain/grants.ts); a member SCIM manages
 * is removed over SCIM only.
 */
import { contractError } from '../contract/errors';
import { assertHoldsAll, assertNotAbove } from './grants';

/** What is done to a member. */
export type MemberAction = 'roles' | 'remove' | 'access' | 'groups' | 'sessions';

/** Who acts: their user id, the account they are signed in to, the permissions they hold there. */
export interface MemberActor {
  userId: string;
  activeTenantId: string | null;
  held: readonly string[];
}

/**
 * Rule 3 for one member of `tenantId`: 400 for the caller's own roles, and for removing themselves
 * from or denying their own access to the account they are signed in to; 403 when the member holds
 * a permission the caller lacks (`memberKeys`: what the member holds; none when not a member).
 */
export async function assertMayActOnMember(
  actor: MemberActor,
  tenantId: string,
  userId: string,
  action: MemberAction,
  memberKeys: () => Promise<readonly string[]>,
): Promise<void> {
  if (userId === actor.userId) {
    const here = tenantId === actor.activeTenantId;
    if (action === 'roles') throw contractError('OWN_ROLES');
    if (here && action === 'remove') throw contractError('REMOVE_SELF');
    if (here && action === 'access') throw contractError('DENY_SELF');
  }
  assertNotAbove(actor.held, await memberKeys());
}

/** A member as auth.getUserById reads them (IUserIdResponse but the account). */
interface MemberRecord {
  id: string;
  name: string;
  email: string;
  /** The stored metadata, as the JSON text the contract answers. */
  metadata: string;
  vendorId: string;
  createdAt: string;
  updatedAt: string;
}

/** Storage of an account's members. */
export interface TeamMemberPorts {
  /** The permission keys the member holds in the account (directly and through groups; none while invited). */
  memberKeys(tenantId: string, userId: string): Promise<readonly string[]>;
  /** Which of these ids are the account's roles, and the permission keys those grant. */
  roleGrants(tenantId: string, roleIds: string[]): Promise<{ known: string[]; keys: Iterable<string> }>;
  /** The member (pending or not), or null when not a member. */
  member(tenantId: string, userId: string): Promise<MemberRecord | null>;
  /** Whether SCIM manages the member. */
  scimManaged(tenantId: string, userId: string): Promise<boolean>;
  /** Removes the membership (and ends its sessions); false when not a member. */
  remove(tenantId: string, userId: string): Promise<boolean>;
  /** Replaces the member's roles (the account's: the rules checked them); false when not a member. */
  setRoles(tenantId: string, userId: string, roleIds: string[]): Promise<boolean>;
  /** Ends the member's sessions in the account: how many; null when not a member. */
  revokeSessions(tenantId: string, userId: string): Promise<number | null>;
}

const mayActOn = (
  ports: TeamMemberPorts,
  actor: MemberActor,
  tenantId: string,
  userId: string,
  action: MemberAction,
) => assertMayActOnMember(actor, tenantId, userId, action, () => ports.memberKeys(tenantId, userId));

/** DELETE users v1/{id}, team members v1/{id}: 404 for someone who is not a member. */
export async function removeTeamMember(
  ports: TeamMemberPorts,
  actor: MemberActor,
  tenantId: string,
  userId: string,
): Promise<void> {
  await mayActOn(ports, actor, tenantId, userId, 'remove');
  if (await ports.scimManaged(tenantId, userId)) throw contractError('SCIM_MANAGED_USER');
  if (!(await ports.remove(tenantId, userId))) throw contractError('MEMBER_NOT_FOUND');
}

/**
 * PUT users v1/{id}/roles, team members v1: sets the member's roles. Spec 001 §5: clearing a user's
 * roles sends `[""]`, read as "no role". 404 for someone not a member, 400 for roles not the account's.
 */
export async function setTeamMemberRoles(
  ports: TeamMemberPorts,
  actor: MemberActor,
  tenantId: string,
  userId: string,
  requested: string[],
): Promise<string[]> {
  await mayActOn(ports, actor, tenantId, userId, 'roles');
  const roleIds = requested.filter((id) => id !== '');
  // No escalation: an admin gives only roles whose permissions they hold themselves.
  const grants = await ports.roleGrants(tenantId, roleIds);
  assertHoldsAll(actor.held, grants.keys);
  if (!(await ports.member(tenantId, userId))) throw contractError('MEMBER_NOT_FOUND');
  if (roleIds.some((id) => !grants.known.includes(id))) throw contractError('ROLES_UNKNOWN');
  if (!(await ports.setRoles(tenantId, userId, roleIds))) throw contractError('MEMBER_NOT_FOUND');
  return roleIds;
}

/** POST users/sessions/v1/revoke: ends a member's sessions in the account (not elsewhere). */
export async function revokeMemberSessions(
  ports: TeamMemberPorts,
  actor: MemberActor,
  tenantId: string,
  userId: string,
): Promise<{ revoked: number }> {
  await mayActOn(ports, actor, tenantId, userId, 'sessions');
  const revoked = await ports.revokeSessions(tenantId, userId);
  if (revoked === null) throw contractError('MEMBER_NOT_FOUND');
  return { revoked };
}
