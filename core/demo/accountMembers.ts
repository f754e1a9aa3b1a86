/**
 * An account's members in demo mode, as the invitations (core/demo/invitationStore.ts) and the users
 * page (members.ts) see them: the users whose active account it is, and the users who belong to it
 * as another of their accounts through a stored membership (core/demo/subAccountsData.ts), which
 * keeps its roles and whether the invitation is pending, as the server's memberships do.
 */
import type { InvitationPorts } from '../domain/invitations';
import {
  tenantRows,
  userByEmail,
  userById,
  userInAccount,
  usersOfAccount,
  type DemoDatabase,
  type DemoUser,
} from './data';
import { isoNow, remove, withEmail, withId, type DemoClock } from './rows';
import { demoPermissionsOf, rolesWithIds } from './teamAdmin';
import { membershipsOf, roleIdsOfKeys, type DemoMembership } from './subAccountsData';

/** The keys of the roles of these ids the account may give (demo users hold their roles by key). */
const keysOf = (db: DemoDatabase, tenantId: string, roleIds: string[]) =>
  rolesWithIds(db, tenantId, roleIds).map((r) => r.key);

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
      ? [
          {
            ...user,
            tenantId,
            roleKeys: keysOf(db, tenantId, m.roleIds),
            invitationPending: !!m.invitationPending,
          },
        ]
      : [];
  });
  return [...active, ...others];
}

/** The member `userId` of the account as `accountMembers` sees them, if any. */
export const accountMember = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  accountMembers(db, tenantId).find((u) => u.id === userId);

/** The member `userId` who has joined the account (an invitee who has not accepted is no member yet, as on the server). */
export function joinedMember(db: DemoDatabase, tenantId: string, userId: unknown): DemoUser | undefined {
  const user = accountMember(db, tenantId, userId);
  return user?.invitationPending ? undefined : user;
}

/** The permission keys `userId` holds in the account: none while invited or no member (the server's grants). */
export const permissionsIn = (db: DemoDatabase, tenantId: string, userId: unknown) =>
  demoPermissionsOf(db, joinedMember(db, tenantId, userId));

/** Writes a member's roles or pending flag in the account, to the user or their membership; whether they are one. */
export function changeMember(
  db: DemoDatabase,
  tenantId: string,
  userId: string,
  changes: Pick<Partial<DemoUser>, 'roleKeys' | 'invitationPending'>,
): boolean {
  const user = userInAccount(db, tenantId, userId);
  if (user) return !!Object.assign(user, changes);
  const membership = membershipOf(db, tenantId, userId);
  if (!membership) return false;
  const { roleKeys, invitationPending } = changes;
  if (roleKeys) membership.roleIds = roleIdsOfKeys(db, tenantId, roleKeys);
  if (invitationPending !== undefined) membership.invitationPending = invitationPending;
  return true;
}

/** Removes a member from the account: a user whose active account it is goes, as before; otherwise the membership. */
export const removeMember = (db: DemoDatabase, tenantId: string, userId: string) =>
  remove(db.users, (u) => u.id === userId && u.tenantId === tenantId) ||
  remove(storedMemberships(db), (m) => m.tenantId === tenantId && m.userId === userId);

/** The invitation ports that read and add an account's members (core/demo/invitationStore.ts). */
export function invitationMembers(
  db: DemoDatabase,
  tools: DemoClock,
): Pick<InvitationPorts, 'memberByEmail' | 'membership' | 'addInvitee' | 'pendingOf'> {
  const memberOf = (user: DemoUser | undefined) =>
    user ? { userId: user.id, pending: user.invitationPending === true } : null;
  const pending = (match: (u: DemoUser) => boolean) =>
    tenantRows(db).flatMap(({ id: tenantId }) =>
      accountMembers(db, tenantId)
        .filter((u) => u.invitationPending && match(u))
        .map((u) => ({ tenantId, userId: u.id })),
    );
  return {
    memberByEmail: async (tenantId, email) => memberOf(accountMembers(db, tenantId).find(withEmail(email))),
    membership: async (tenantId, userId) => memberOf(accountMember(db, tenantId, userId)),
    async addInvitee(tenantId, { email, name, phone, roleIds }) {
      const known = userByEmail(db, email);
      if (known) {
        // Someone of another account: a pending membership of this one (their own kept as a membership too).
        const add = (tenantId: string, roleIds: string[], invitationPending = false) =>
          membershipsOf(db).push({
            userId: known.id,
            tenantId,
            roleIds,
            accessAllowed: true,
            invitationPending,
          });
        if (!membershipsOf(db).some((m) => m.tenantId === known.tenantId && m.userId === known.id))
          add(known.tenantId, roleIdsOfKeys(db, known.tenantId, known.roleKeys));
        add(
          tenantId,
          rolesWithIds(db, tenantId, roleIds).map((r) => r.id),
          true,
        );
        return known.id;
      }
      const roleKeys = keysOf(db, tenantId, roleIds);
      const user = { id: tools.random(), email, name, password: '', tenantId, roleKeys, phoneNumber: phone };
      db.users.push({ ...user, createdAt: isoNow(tools.now), verified: false, invitationPending: true });
      return user.id;
    },
    pendingOf: async (who) => pending('userId' in who ? withId(who.userId) : withEmail(who.email)),
  };
}
