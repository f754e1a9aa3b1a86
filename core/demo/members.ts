/**
 * The account's members as lists in demo mode: users v2 and v3 (server/routes/team-users.ts, the v3
 * filters read by core/domain/team-users.ts), the client SDK's team members and their stats
 * (server/routes/team-members.ts), with the rows the server's TeamUserDto has.
 */
import { fail, ok } from '../contract/answer';
import { pageOf } from '../contract/listQuery';
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import { teamMemberOf } from '../contract/teamMember';
import { usersV3Filter, type UsersV3Filter } from '../domain/team-users';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { mfaEnrolledOf, profileOf } from './profile';
import type { UserHandler } from './sessions';
import { listedUsers, rowExtras } from './usersRows';
import { demoPermissionsOf } from './teamAdmin';

const SORTABLE: Record<string, (u: DemoUser) => string | number | boolean> = {
  name: (u) => u.name.toLowerCase(),
  email: (u) => u.email,
  createdAt: (u) => u.createdAt,
  id: (u) => u.id,
  verified: (u) => u.verified !== false,
  isLocked: () => false,
  provider: (u) => u.provider ?? 'local',
  tenantId: (u) => u.tenantId,
};

/** A users-list row in demo mode (the server's TeamUserDto). */
export function listItemOf(db: DemoDatabase, u: DemoUser) {
  const profile = profileOf(db, u);
  const pending = u.invitationPending === true;
  return {
    ...profile,
    vendorId: 'demo-vendor',
    roleIds: profile.roles.map((r) => r.id),
    verified: u.verified !== false,
    activatedForTenant: u.verified !== false && !pending,
    invitationPending: pending,
    isLocked: false,
    provider: profile.provider ?? 'local',
    managedBy: 'frontegg', // no identity provider in demo mode, so no SCIM (core/demo/directory.ts)
    ...rowExtras(db, u, profile.mfaEnrolled), // groups, mfaEnabled (core/demo/usersRows.ts)
  };
}

/** Whether a member passes v3's filters (the server's SQL, server/domain/team-users.ts). */
function keptByV3(db: DemoDatabase, u: DemoUser, filter: UsersV3Filter, now: number): boolean {
  const email = (filter.email ?? '').trim().toLowerCase();
  return (
    (!email || u.email.toLowerCase() === email) &&
    (filter.inactiveForSeconds === undefined ||
      isInactiveMember(u.lastLogin, now, filter.inactiveForSeconds)) &&
    (!filter.neverSignedIn || hasNeverSignedIn(u.lastLogin)) &&
    (!filter.mfaUnenrolled || !mfaEnrolledOf(db, u)) &&
    (!filter.breachedPassword || u.breachedPassword === true)
  );
}

/** GET users v2 and v3 in demo mode: the same query rules as the server (server/routes/team-users.ts). */
function listDemoUsers(
  db: DemoDatabase,
  caller: DemoUser,
  query: Record<string, string>,
  v3 = false,
  now = Date.now(),
) {
  // The query passed the contract's schema (core/contract/requests.ts) before it got here.
  const v3Filter = v3 ? usersV3Filter(query, caller.tenantId) : null;
  const ids = query.ids ? query.ids.split(',') : null;
  const { sortBy, order, limit, page } = pageOf(query, 'name');
  const filter = (query._filter ?? '').trim().toLowerCase();
  const key = SORTABLE[sortBy] ?? SORTABLE.name!;
  const matching = listedUsers(db, caller, demoPermissionsOf(db, caller), query._includeSubTenants)
    .filter((u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter))
    .filter((u) => !ids || ids.includes(u.id))
    .filter((u) => !v3Filter || keptByV3(db, u, v3Filter, now))
    .sort(
      (a, b) =>
        (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1) * (order === 'DESC' ? -1 : 1),
    );
  const items = matching.slice(page * limit, page * limit + limit).map((u) => listItemOf(db, u));
  return ok({
    items,
    _metadata: { totalItems: matching.length, totalPages: Math.ceil(matching.length / limit) },
  });
}

/** The users lists: v2, v3, the client SDK's team members and their stats. */
export function demoMemberListRoutes(now: () => number): DemoRoutes<UserHandler> {
  return {
    getUsersV3: (db, user, { query }) => listDemoUsers(db, user, query, true, now()),
    getUsersV2: (db, user, { query }) => listDemoUsers(db, user, query),
    // teams.loadUsers and loadStats (server/routes/team-members.ts), on the users list's rules.
    getTeamMembers: (db, user, { query }) => {
      const answer = listDemoUsers(db, user, {
        _offset: query.pageOffset ?? '0',
        _limit: query.pageSize ?? '20',
        _sortBy: query.sortBy ?? 'name',
        _order: query.sortDirection === 'desc' ? 'DESC' : 'ASC',
        _filter: query.searchValue ?? '',
      });
      if (answer.status !== 200) return answer;
      const { items, _metadata } = answer.body as {
        items: unknown[];
        _metadata: { totalItems: number; totalPages: number };
      };
      return ok({ items: (items as Array<ReturnType<typeof listItemOf>>).map(teamMemberOf), ..._metadata });
    },
    getTeamStatsMembers: (db, user) => {
      const members = db.users.filter((u) => u.tenantId === user.tenantId);
      const weekAgo = now() - 7 * 86_400_000;
      return ok({
        totalItems: members.length,
        addedThisWeek: members.filter((u) => Date.parse(u.createdAt) > weekAgo).length,
        superAdmins: members.filter((u) => demoPermissionsOf(db, u).includes('fe.*')).length,
      });
    },
  };
}

/** `?ids=a,b` of users v3 roles and groups: the account's members among them, or an error answer. */
export function demoMembersByIds(db: DemoDatabase, caller: DemoUser, ids: string | undefined) {
  const list = (ids ?? '').split(',').filter(Boolean);
  if (list.length === 0 || list.length > 200) return fail('USER_IDS_INVALID');
  return db.users.filter((u) => u.tenantId === caller.tenantId && list.includes(u.id));
}
