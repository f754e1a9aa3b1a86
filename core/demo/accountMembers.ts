/**
 * An account's members in demo mode, as the invitations (core/demo/invitationStore.ts), the groups
 * and the reports see them (the users page runs the server's store: core/demo/members.ts): the users holding a membership of the account (rows of
 * `memberships`, core/domain/membership-tables.ts, the server's), each acting in it, with the
 * membership's pending invitation. Roles are the membership's rows of `membership_roles`.
 */
import type { InvitationPorts } from '../domain/invitations';
import {
  addMembership,
  addUser,
  membershipOf,
  membershipRows,
  newUserRow,
  userByEmail,
  userById,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { isoNow, withEmail, type DemoClock } from './rows';
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

/** Writes whether the member's invitation is still pending (accepted: false); whether they are one. */
export async function changeMember(
  db: DemoDatabase,
  tenantId: string,
  userId: string,
  changes: { invitationPending: boolean },
): Promise<boolean> {
  const membership = membershipOf(db, tenantId, userId);
  if (!membership) return false;
  membership.invitationPending = changes.invitationPending;
  return true;
}

/** The invitation ports that read and add an account's members (core/demo/invitationStore.ts). */
export function invitationMembers(
  db: DemoDatabase,
  tools: DemoClock,
): Pick<InvitationPorts, 'memberByEmail' | 'membership' | 'addInvitee' | 'pendingOf'> {
  const memberOf = (member: DemoMember | undefined) =>
    member ? { userId: member.id, pending: member.invitationPending } : null;
  const pending = (match: (u: { id: string; email: string }) => boolean) =>
    membershipRows(db).flatMap((m) => {
      const user = m.invitationPending && userById(db, m.userId);
      return user && match(user) ? [{ tenantId: m.tenantId, userId: m.userId }] : [];
    });
  return {
    memberByEmail: async (tenantId, email) => memberOf(accountMembers(db, tenantId).find(withEmail(email))),
    membership: async (tenantId, userId) => memberOf(accountMember(db, tenantId, userId)),
    async addInvitee(tenantId, { email, name, phone, roleIds }) {
      const createdAt = isoNow(tools.now);
      // Someone of another account joins this one as a pending member; a new person is a user not verified yet.
      const user =
        userByEmail(db, email) ??
        addUser(
          db,
          newUserRow({
            id: tools.random(),
            email,
            name,
            phone,
            passwordHash: null,
            verified: false,
            createdAt,
          }),
        );
      user.activeTenantId ??= tenantId;
      const roles = rolesWithIds(db, tenantId, roleIds).map((r) => r.id);
      addMembership(
        db,
        { id: tools.random(), userId: user.id, tenantId, createdAt, invitationPending: true },
        roles,
      );
      return user.id;
    },
    pendingOf: async (who) => pending('userId' in who ? (u) => u.id === who.userId : withEmail(who.email)),
  };
}
