/**
 * An account's members in demo mode, as the groups and the reports see them (the users page runs
 * the server's store: core/demo/members.ts; invitations theirs: core/demo/invitationStore.ts): the
 * users holding a membership of the account (rows of `memberships`, core/domain/membership-tables.ts,
 * the server's), each acting in it, with the membership's pending invitation.
 */
import { membershipRows, userById, type DemoDatabase, type DemoUser } from './data';

/** A member of an account: the user acting in it, their membership's id and whether they are invited only. */
type DemoMember = DemoUser & { membershipId: string; invitationPending: boolean };

/** The account's members, each once, in the order they joined it. */
function accountMembers(db: DemoDatabase, tenantId: string): DemoMember[] {
  return membershipRows(db).flatMap((m) => {
    const user = m.tenantId === tenantId && userById(db, m.userId);
    return user ? [{ ...user, tenantId, membershipId: m.id, invitationPending: m.invitationPending }] : [];
  });
}

/** The member `userId` of the account, if any. */
const accountMember = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  accountMembers(db, tenantId).find((u) => u.id === userId);

/** The member `userId` who has joined the account (an invitee who has not accepted is no member yet, as on the server). */
export function joinedMember(db: DemoDatabase, tenantId: string, userId: unknown): DemoMember | undefined {
  const member = accountMember(db, tenantId, userId);
  return member?.invitationPending ? undefined : member;
}
