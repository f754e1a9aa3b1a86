/**
 * The account's members in demo mode: the handlers of core/domain/team-member-handlers.ts (the
 * server's) over the demo's users, roles and groups (users v2 and v3, the client SDK's team
 * members and their stats, the roles an admin can give, one member read, removed, their roles and
 * customData set, their sessions ended, users v3's roles and groups by ids, Unlock). Rows are the
 * server's TeamUserDto; the listing's filters and order are the server's SQL's
 * (server/storage/team-users.ts), read here over the stored users.
 */
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import type { GroupListPage } from '../domain/groups';
import type { MemberListQuery } from '../domain/team-users';
import { TEAM_MEMBER_HANDLERS, type TeamMemberHandlerPorts } from '../domain/team-member-handlers';
import { fail, ok } from '../contract/answer';
import {
  DEMO_VENDOR_ID,
  membershipRoleIds,
  membershipRows,
  updateUser,
  userById,
  type DemoDatabase,
  type DemoUser,
} from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { accountMember, accountMembers, changeMember, removeMember, type DemoMember } from './accountMembers';
import { mfaEnrolledOf, profileOf } from './profile';
import { demoHandlers } from './shared';
import { within } from './subAccountsRepository';
import { by, byLocale, descending, page as rowsPage, withId } from './rows';
import { demoPermissionsOf, roleGrants, rolesWithIds, visibleRoles } from './teamAdmin';
import { groupsOfMember } from './teamRows';

/**
 * One page of `items` as the server's SQL reads it: those whose `search` texts contain the filter
 * (case aside), sorted by `sorters[sortBy]` in the page's order, ties by id.
 */
function memoryPage<T extends { id: string }>(
  items: T[],
  page: Omit<GroupListPage, 'sortBy'> & { sortBy: string },
  sorters: Record<string, (item: T) => string | number>,
  search: (item: T) => string[],
) {
  const text = page.filter.trim().toLowerCase();
  const order = descending(by(sorters[page.sortBy]!), page.order === 'DESC');
  const matching = items
    .filter((item) => !text || search(item).some((s) => s.toLowerCase().includes(text)))
    .sort((a, b) => order(a, b) || by<T>((item) => item.id)(a, b));
  const { limit } = page;
  const shown = limit === null ? matching : rowsPage(matching, page.page * limit, limit).items;
  return { items: shown, totalItems: matching.length };
}

const SORTABLE: Record<string, (u: DemoMember) => string | number> = {
  name: (u) => (u.name ?? '').toLowerCase(),
  email: (u) => u.email,
  createdAt: (u) => u.createdAt,
  id: (u) => u.id,
  verified: (u) => Number(u.verified),
  isLocked: (u) => Number(!!u.lockedAt),
  provider: (u) => u.provider,
  tenantId: (u) => u.tenantId,
};

const byName = byLocale((row: { name: string }) => row.name.toLowerCase());

/** A users-list row in demo mode (the server's TeamUserDto). */
export function listItemOf(db: DemoDatabase, u: DemoMember) {
  const profile = profileOf(db, u);
  const pending = u.invitationPending === true;
  const roles = visibleRoles(db, u.tenantId).sort((a, b) => (a.key < b.key ? -1 : 1));
  return {
    ...profile,
    vendorId: DEMO_VENDOR_ID,
    roleIds: profile.roles.map((r) => r.id),
    verified: u.verified,
    activatedForTenant: u.verified && !pending,
    invitationPending: pending,
    isLocked: !!u.lockedAt,
    provider: profile.provider ?? 'local',
    managedBy: 'frontegg', // no identity provider in demo mode, so no SCIM (core/demo/directory.ts)
    mfaEnabled: profile.mfaEnrolled === true,
    // The member's groups in the account, by name, with their roles by key (the server's order).
    groups: groupsOfMember(db, u.membershipId)
      .sort(byName)
      .map(({ id, name, color, roleIds }) => ({
        ...{ id, name, color },
        roles: roles.filter((r) => roleIds.includes(r.id)).map(({ id, key, name }) => ({ id, key, name })),
      })),
  };
}

/** The people a users list covers: the account's, and with `includeSubTenants` the accounts' below it, each once. */
function listedUsers(db: DemoDatabase, tenantId: string, includeSubTenants: boolean): DemoMember[] {
  const members = accountMembers(db, tenantId);
  const below = (includeSubTenants ? membershipRows(db) : []).filter(
    (m) => m.tenantId !== tenantId && within(db, tenantId, m.tenantId),
  );
  const others = below.flatMap((m) =>
    members.some(withId(m.userId)) ? [] : accountMembers(db, m.tenantId).filter(withId(m.userId)),
  );
  return [...members, ...others.filter((u, i) => others.findIndex(withId(u.id)) === i)];
}

/** A page of the members a query names (the server's WHERE and ORDER BY), and how many match. */
function listMembers(db: DemoDatabase, q: MemberListQuery, now: number) {
  const email = (q.email ?? '').trim().toLowerCase();
  const kept = listedUsers(db, q.tenantId, Boolean(q.includeSubTenants)).filter(
    (u) =>
      (!q.userId || u.id === q.userId) &&
      (!q.userIds || q.userIds.includes(u.id.toLowerCase())) &&
      (!email || u.email.toLowerCase() === email) &&
      (q.inactiveForSeconds === undefined || isInactiveMember(u.lastLogin, now, q.inactiveForSeconds)) &&
      (!q.neverSignedIn || hasNeverSignedIn(u.lastLogin)) &&
      (!q.mfaUnenrolled || !mfaEnrolledOf(db, u)) &&
      (!q.breachedPassword || u.breachedPasswordAt !== null),
  );
  const page = memoryPage(kept, { ...q, sortBy: q.sortBy in SORTABLE ? q.sortBy : 'name' }, SORTABLE, (u) => [
    u.email,
    u.name ?? '',
  ]);
  return { items: page.items.map((u) => listItemOf(db, u)), totalItems: page.totalItems };
}

/** The members' handlers' ports over the demo's data, for `caller` (SCIM manages no one in demo mode). */
function demoMemberPorts(db: DemoDatabase, caller: DemoUser, now: () => number): TeamMemberHandlerPorts {
  const member = (tenantId: string, userId: string) => accountMember(db, tenantId, userId);
  const roleIdsOf = (u: DemoMember) =>
    rolesWithIds(db, u.tenantId, membershipRoleIds(db, u.membershipId)).map((r) => r.id);
  const held = demoPermissionsOf(db, caller);
  return {
    actor: () => ({ userId: caller.id, activeTenantId: caller.tenantId, held }),
    memberKeys: async (tenantId, userId) => {
      const found = member(tenantId, userId);
      return found ? demoPermissionsOf(db, found) : [];
    },
    roleGrants: async (tenantId, roleIds) => roleGrants(db, tenantId, roleIds),
    scimManaged: async () => false,
    remove: async (tenantId, userId) => removeMember(db, tenantId, userId),
    setRoles: (tenantId, userId, roleIds) => changeMember(db, tenantId, userId, { roleIds }),
    // Demo mode has one session, this browser's.
    revokeSessions: async (tenantId, userId) => {
      if (!member(tenantId, userId)) return null;
      const revoked = db.session?.userId === userId ? 1 : 0;
      if (revoked) db.session = null;
      return revoked;
    },
    listMembers: async (q) => listMembers(db, q, now()),
    memberStats: async (tenantId) => {
      const members = accountMembers(db, tenantId);
      return {
        totalItems: members.length,
        addedThisWeek: members.filter((u) => Date.parse(u.createdAt) > now() - 7 * 86_400_000).length,
        superAdmins: members.filter((u) => demoPermissionsOf(db, u).includes('fe.*')).length,
      };
    },
    assignableRoles: async (tenantId) =>
      visibleRoles(db, tenantId)
        .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
        .map(({ id, key, name, description, isDefault }) => ({ id, key, name, description, isDefault })),
    member: async (tenantId, userId) => {
      const found = member(tenantId, userId);
      if (!found) return null;
      const { id, name, email, metadata, createdAt, updatedAt } = found;
      return {
        id,
        name: name ?? '',
        email,
        metadata: JSON.stringify(metadata),
        vendorId: DEMO_VENDOR_ID,
        createdAt,
        updatedAt,
      };
    },
    memberLinks: async (tenantId, userIds, link) =>
      accountMembers(db, tenantId)
        .filter((u) => userIds.includes(u.id))
        .map((u) => ({
          ...{ vendorId: DEMO_VENDOR_ID, tenantId, userId: u.id },
          linked: (link === 'roles'
            ? roleIdsOf(u)
            : groupsOfMember(db, u.membershipId).map((g) => g.id)
          ).sort(),
        })),
    customData: {
      // A user's own, whichever account names them.
      save: async (tenantId, userId, data) =>
        !!(member(tenantId, userId) && updateUser(db, userId, { customData: data })),
    },
    isUserId: () => true,
  };
}

/**
 * The members' routes for the caller (core/domain/team-member-handlers.ts), and the users page's
 * Unlock (the server's is server/routes/security-policies.ts): a member of the caller's account;
 * the lock and the failure count go (`unlocked` false when they were not locked), as on the server.
 */
export const demoMemberListRoutes = (now: () => number): DemoRoutes<UserHandler> => ({
  ...demoHandlers(TEAM_MEMBER_HANDLERS, (db, user) => demoMemberPorts(db, user, now)),
  postUsersByUserIdUnlock(db, caller, { params }) {
    const user = accountMember(db, caller.tenantId, params.userId) && userById(db, params.userId);
    if (!user) return fail('MEMBER_NOT_FOUND');
    const unlocked = !!user.lockedAt;
    if (unlocked) updateUser(db, user.id, { lockedAt: null, failedSignIns: 0 });
    return ok({ unlocked });
  },
});
