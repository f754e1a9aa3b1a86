/**
 * The account's members in demo mode: the handlers of core/domain/team-member-handlers.ts (the
 * server's) over the demo's users, roles and groups (users v2 and v3, the client SDK's team
 * members and their stats, the roles an admin can give, one member read, removed, their roles and
 * customData set, their sessions ended, users v3's roles and groups by ids). Rows are the
 * server's TeamUserDto; the listing's filters and order are the server's SQL's
 * (server/storage/team-users.ts), read here over the stored users.
 */
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import type { MemberListQuery } from '../domain/team-users';
import type { MemberActor, TeamMemberPorts } from '../domain/team-members';
import { TEAM_MEMBER_HANDLERS, type TeamMemberHandlerPorts } from '../domain/team-member-handlers';
import type { DemoDatabase, DemoUser } from './data';
import { mfaEnrolledOf, profileOf } from './profile';
import { demoHandlers } from './shared';
import { listedUsers, rowExtras } from './usersRows';
import { demoPermissionsOf, demoRoles, visibleRoles } from './teamAdmin';

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

/** Whether a member matches the query's filters (the server's WHERE, server/storage/team-users.ts). */
function kept(db: DemoDatabase, u: DemoUser, q: MemberListQuery, now: number): boolean {
  const text = q.filter.trim().toLowerCase();
  const email = (q.email ?? '').trim().toLowerCase();
  return (
    (!text || u.email.toLowerCase().includes(text) || u.name.toLowerCase().includes(text)) &&
    (!q.userId || u.id === q.userId) &&
    (!q.userIds || q.userIds.includes(u.id.toLowerCase())) &&
    (!email || u.email.toLowerCase() === email) &&
    (q.inactiveForSeconds === undefined || isInactiveMember(u.lastLogin, now, q.inactiveForSeconds)) &&
    (!q.neverSignedIn || hasNeverSignedIn(u.lastLogin)) &&
    (!q.mfaUnenrolled || !mfaEnrolledOf(db, u)) &&
    (!q.breachedPassword || u.breachedPassword === true)
  );
}

/** A page of the members a query names, in its order, and how many match. */
function listMembers(db: DemoDatabase, q: MemberListQuery, now: number) {
  const key = SORTABLE[q.sortBy] ?? SORTABLE.name!;
  const sign = q.order === 'DESC' ? -1 : 1;
  const matching = listedUsers(db, q.tenantId, Boolean(q.includeSubTenants))
    .filter((u) => kept(db, u, q, now))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1) * sign);
  const items = matching.slice(q.page * q.limit, q.page * q.limit + q.limit).map((u) => listItemOf(db, u));
  return { items, totalItems: matching.length };
}

/** The members of the demo's accounts as core/domain/team-members.ts stores them (SCIM manages none). */
function demoTeamMemberPorts(db: DemoDatabase): TeamMemberPorts {
  const member = (tenantId: string, userId: string) =>
    db.users.find((u) => u.id === userId && u.tenantId === tenantId);
  return {
    memberKeys: async (tenantId, userId) => {
      const found = member(tenantId, userId);
      return found ? demoPermissionsOf(db, found) : [];
    },
    grantedBy: async (tenantId, roleIds) =>
      visibleRoles(db, tenantId)
        .filter((role) => roleIds.includes(role.id))
        .flatMap((role) => role.permissions),
    scimManaged: async () => false,
    remove: async (tenantId, userId) => {
      const found = member(tenantId, userId);
      if (found) db.users = db.users.filter((u) => u !== found);
      return Boolean(found);
    },
    setRoles: async (tenantId, userId, roleIds) => {
      const found = member(tenantId, userId);
      if (!found) return 'notMember';
      const roles = visibleRoles(db, tenantId);
      const keys = roleIds.map((id) => roles.find((role) => role.id === id)?.key);
      if (keys.some((key) => !key)) return 'unknownRoles';
      found.roleKeys = keys as string[];
      return 'updated';
    },
    // Demo mode has one session, this browser's.
    revokeSessions: async (tenantId, userId) => {
      if (!member(tenantId, userId)) return null;
      const revoked = db.session?.userId === userId ? 1 : 0;
      if (revoked) db.session = null;
      return revoked;
    },
  };
}

/** The members' handlers' ports over the demo's data, for `caller`. */
function demoMemberPorts(db: DemoDatabase, caller: DemoUser, now: () => number): TeamMemberHandlerPorts {
  const member = (tenantId: string, userId: string) =>
    db.users.find((u) => u.id === userId && u.tenantId === tenantId);
  const roleIdsOf = (u: DemoUser) =>
    visibleRoles(db, u.tenantId)
      .filter((r) => u.roleKeys.includes(r.key))
      .map((r) => r.id);
  const groupIdsOf = (u: DemoUser) =>
    (db.groups ?? []).filter((g) => g.tenantId === u.tenantId && g.userIds.includes(u.id)).map((g) => g.id);
  const actor: MemberActor = {
    userId: caller.id,
    activeTenantId: caller.tenantId,
    held: demoPermissionsOf(db, caller),
  };
  return {
    ...demoTeamMemberPorts(db),
    actor: () => actor,
    listMembers: async (q) => listMembers(db, q, now()),
    memberStats: async (tenantId) => {
      const members = db.users.filter((u) => u.tenantId === tenantId);
      return {
        totalItems: members.length,
        addedThisWeek: members.filter((u) => Date.parse(u.createdAt) > now() - 7 * 86_400_000).length,
        superAdmins: members.filter((u) => demoPermissionsOf(db, u).includes('fe.*')).length,
      };
    },
    assignableRoles: async (tenantId) =>
      demoRoles(db)
        .filter((r) => r.tenantId === null || r.tenantId === tenantId)
        .map(({ id, key, name, description, tenantId: owner }) => ({
          ...{ id, key, name, description },
          isDefault: key === 'Admin' && owner === null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    member: async (tenantId, userId) => {
      const found = member(tenantId, userId);
      return (
        (found && {
          ...{ id: found.id, name: found.name, email: found.email, metadata: found.metadata ?? '{}' },
          ...{ vendorId: 'demo-vendor', createdAt: found.createdAt, updatedAt: found.createdAt },
        }) ??
        null
      );
    },
    memberLinks: async (tenantId, userIds, link) =>
      db.users
        .filter((u) => u.tenantId === tenantId && userIds.includes(u.id))
        .map((u) => ({
          ...{ vendorId: 'demo-vendor', tenantId, userId: u.id },
          linked: (link === 'roles' ? roleIdsOf(u) : groupIdsOf(u)).sort(),
        })),
    customData: {
      save: async (tenantId, userId, data) => {
        const found = member(tenantId, userId);
        if (found) found.customData = data;
        return Boolean(found);
      },
    },
    isUserId: () => true,
  };
}

/** The members' routes for the caller (core/domain/team-member-handlers.ts). */
export const demoMemberListRoutes = (now: () => number) =>
  demoHandlers(TEAM_MEMBER_HANDLERS, (db, user) => demoMemberPorts(db, user, now));
