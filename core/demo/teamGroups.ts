/**
 * Demo mode's groups: the shared handlers (core/domain/group-handlers.ts, the server's own) over
 * the groups' repository written once (core/domain/group-store.ts) on the demo's stored tables,
 * in the caller's account. What the groups read of its roles and members is the demo's.
 */
import { GROUP_HANDLERS } from '../domain/group-handlers';
import { groupPorts, type GroupDirectory } from '../domain/group-store';
import type { GroupPorts } from '../domain/groups';
import { accountMember, accountMembers, permissionsIn } from './accountMembers';
import type { DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';
import { demoPermissionsOf, roleGrants, rolesWithIds } from './teamAdmin';
import { displayName } from '../domain/user-tables';

/** The account's roles and members (invitees too: the server's memberships), as the groups read them. */
function demoGroupDirectory(db: DemoDatabase, tenantId: string): GroupDirectory {
  return {
    roles: async (roleIds) => rolesWithIds(db, tenantId, roleIds),
    roleGrants: async (roleIds) => roleGrants(db, tenantId, roleIds),
    memberships: async (userIds) =>
      [...new Set(userIds)].flatMap((userId) => {
        const member = accountMember(db, tenantId, userId);
        return member ? [{ userId, membershipId: member.membershipId }] : [];
      }),
    members: async (membershipIds) =>
      accountMembers(db, tenantId)
        .filter((u) => membershipIds.includes(u.membershipId))
        .map((u) => ({
          membershipId: u.membershipId,
          id: u.id,
          email: u.email,
          name: displayName(u),
          profilePictureUrl: null,
          activatedForTenant: u.verified && !u.invitationPending,
          createdAt: u.createdAt,
        })),
  };
}

/** The ports of core/domain/groups.ts (core/domain/group-store.ts) over the demo's stored tables, for one account. */
export const demoGroupStore = (db: DemoDatabase, tenantId: string, clock: DemoClock): GroupPorts =>
  groupPorts(memoryTables((db.tables ??= {})), { newId: clock.random, now: clock.now }, tenantId, {
    ...demoGroupDirectory(db, tenantId),
    memberPermissions: async (userId) => permissionsIn(db, tenantId, userId),
  });

/** The group routes of a signed-in caller (core/domain/group-handlers.ts), by descriptor name. */
export function demoGroupRoutes(clock: DemoClock) {
  return demoHandlers(GROUP_HANDLERS, (db, user) => ({
    ...demoGroupStore(db, user.tenantId, clock),
    held: demoPermissionsOf(db, user),
  }));
}
