/**
 * An account's members in demo mode, as the invitations (core/demo/invitationStore.ts) and the users
 * page (members.ts) see them: the users whose active account it is, and the users who belong to it
 * as another of their accounts through a stored membership (core/demo/subAccountsData.ts), which
 * keeps its roles and whether the invitation is pending, as the server's memberships do.
 */
import { userById, userInAccount, usersOfAccount, type DemoDatabase, type DemoUser } from './data';
import { remove, withId } from './rows';
import { membershipsOf, type DemoMembership } from './subAccountsData';

/** The stored memberships, without building the sample ones (core/demo/subAccountsData.ts). */
const storedMemberships = (db: DemoDatabase & { memberships?: DemoMembership[] }) => db.memberships ?? [];
const membershipOf = (db: DemoDatabase, tenantId: string, userId: string) =>
  storedMemberships(db).find((m) => m.tenantId === tenantId && m.userId === userId);

/**
 * The account's members, each once: the users whose active account it is, then the users who
 * belong to it as another of their accounts, seen with that membership's roles and pending flag
 * (a copy: `changeMember` and `removeMember` write to the membership).
 */
export function accountMembers(db: DemoDatabase, tenantId: string): DemoUser[] {
  const active = usersOfAccount(db, tenantId);
  const others = storedMemberships(db).flatMap((m) => {
    const user = m.tenantId === tenantId && !active.some(withId(m.userId)) && userById(db, m.userId);
    return user
      ? [{ ...user, tenantId, roleKeys: m.roleKeys, invitationPending: !!m.invitationPending }]
      : [];
  });
  return [...active, ...others];
}

/** The member `userId` of the account as `accountMembers` sees them, if any. */
export const accountMember = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  accountMembers(db, tenantId).find((u) => u.id === userId);

/** Writes a member's roles or pending flag in the account, to the user or their membership; whether they are one. */
export function changeMember(
  db: DemoDatabase,
  tenantId: string,
  userId: string,
  changes: Pick<Partial<DemoUser>, 'roleKeys' | 'invitationPending'>,
): boolean {
  const row = userInAccount(db, tenantId, userId) ?? membershipOf(db, tenantId, userId);
  if (row) Object.assign(row, changes);
  return !!row;
}

/** Removes a member from the account: a user whose active account it is goes, as before; otherwise the membership. */
export const removeMember = (db: DemoDatabase, tenantId: string, userId: string) =>
  remove(db.users, (u) => u.id === userId && u.tenantId === tenantId) ||
  remove(storedMemberships(db), (m) => m.tenantId === tenantId && m.userId === userId);

/**
 * Adds someone of another account to `tenantId` with a pending membership and these roles (their
 * own account kept as a membership too); their id.
 */
export function addPendingMembership(db: DemoDatabase, tenantId: string, user: DemoUser, roleKeys: string[]) {
  const add = (tenantId: string, roleKeys: string[], invitationPending = false) =>
    membershipsOf(db).push({ userId: user.id, tenantId, roleKeys, accessAllowed: true, invitationPending });
  if (!membershipOf(db, user.tenantId, user.id)) add(user.tenantId, [...user.roleKeys]);
  add(tenantId, roleKeys, true);
  return user.id;
}
