/**
 * An account's members in demo mode, as the users page (members.ts) and the groups see them: the users holding a membership of the account (rows of
 * `memberships`, core/domain/membership-tables.ts, the server's), each acting in it, with the
 * membership's pending invitation. Roles are the membership's rows of `membership_roles`.
 */
import { MEMBERSHIP_ROLES, MEMBERSHIPS } from '../domain/membership-tables';
import { membershipOf, membershipRows, userById, type DemoDatabase, type DemoUser } from './data';
import { memoryTables } from './tables';
import { demoPermissionsOf, rolesWithIds } from './teamAdmin';

/** A member of an account: the user acting in it, their membership's id and whether they are invited only. */
export type DemoMember = DemoUser & { membershipId: string; invitationPending: boolean };

/** The account's members, each once, in the order they joined it. */
export function accountMembers(db: DemoDatabase, tenantId: string): DemoMember[] {
  return membershipRows(db).flatMap((m) => {
    const user = m.tenantId === tenantId && userById(db, m.userId);
    return user ? [{ ...user, tenantId, membershipId: m.id, invitationPending: m.invitationPending }] : [];
  });
}

/** The member `userId` of the account, if any. */
export const accountMember = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  accountMembers(db, tenantId).find((u) => u.id === userId);

/** The member `userId` who has joined the account (an invitee who has not accepted is no member yet, as on the server). */
export function joinedMember(db: DemoDatabase, tenantId: string, userId: unknown): DemoMember | undefined {
  const member = accountMember(db, tenantId, userId);
  return member?.invitationPending ? undefined : member;
}

/** The permission keys `userId` holds in the account: none while invited or no member (the server's grants). */
export const permissionsIn = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  demoPermissionsOf(db, typeof userId === 'string' ? { id: userId, tenantId } : undefined);

/** Writes a member's roles (ids the account may give) or pending flag; whether they are one. */
export async function changeMember(
  db: DemoDatabase,
  tenantId: string,
  userId: string,
  changes: { roleIds?: string[]; invitationPending?: boolean },
): Promise<boolean> {
  const membership = membershipOf(db, tenantId, userId);
  if (!membership) return false;
  const { roleIds, invitationPending } = changes;
  if (invitationPending !== undefined) membership.invitationPending = invitationPending;
  if (roleIds) {
    const links = memoryTables((db.tables ??= {})).of(MEMBERSHIP_ROLES);
    await links.remove({ membershipId: membership.id });
    for (const role of rolesWithIds(db, tenantId, roleIds))
      await links.insert({ membershipId: membership.id, roleId: role.id });
  }
  return true;
}

/** Removes a member from the account (their membership, its roles and groups; the user stays); whether they were one. */
export const removeMember = async (db: DemoDatabase, tenantId: string, userId: string) =>
  (
    await memoryTables((db.tables ??= {}))
      .of(MEMBERSHIPS)
      .remove({ tenantId, userId })
  ).length > 0;
