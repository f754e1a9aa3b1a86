/**
 * The storage of an account's members (the ports of core/domain/team-member-handlers.ts), written
 * once over the tables port for the server (server/domain/team-membership.ts, over SQL) and demo
 * mode: the users list (core/domain/team-member-list.ts), one member read, their roles and groups
 * by ids, their roles replaced, their customData, their removal, the users page's stats and the
 * roles an admin can give. Every read and write is
 * scoped to the account: an admin cannot reach another account's members or roles, whatever ids
 * they send. What only one backend has is given by the caller (`TeamMemberStoreExtras`): the
 * platform's (`teamMemberAreaPorts`).
 */
import type { CustomDataRepository } from './custom-data';
import type { PortsFor } from './platform';
import { listMembers, type ScimManagedOf } from './team-member-list';
import { GROUP_MEMBERS, GROUP_ROLES } from './group-token-tables';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleDtoOf } from './role-tables';
import { inRows, oneOf, from, stamp, type RowClock, type Tables } from './tables';
import type { MemberLinks, TeamMemberHandlerPorts } from './team-member-handlers';
import type { TeamMemberPorts } from './team-members';
import { TENANTS } from './tenant-tables';
import { grantsOf, roleGrantsOver } from './role-store';
import { USERS, type UserRow } from './user-tables';
import { permissionKeysIn } from './member-grants';

/** What differs by backend, or stays the server's own (its reasons beside each). */
export interface TeamMemberStoreExtras {
  /** What the member holds in the account: the grants sign-in reads (server/domain/grants.ts). */
  memberKeys: TeamMemberPorts['memberKeys'];
  /** Which of these memberships SCIM manages (the server's column; demo mode has no SCIM). */
  scimMemberships: ScimManagedOf;
  /**
   * Ends the member's open sessions in the account (sessions are the server's): how many; `within`:
   * the tables of the change's transaction.
   */
  endSessions(
    tenantId: string,
    userId: string,
    reason: 'revoked_by_admin' | 'removed_from_tenant',
    within: Tables,
  ): Promise<number>;
  /** Announces a change, in the transaction that made it (`within`; the server's webhooks). */
  announce(
    tenantId: string,
    event: 'user.removed' | 'user.rolesChanged',
    data: Record<string, string>,
    within: Tables,
  ): Promise<void>;
  /** Whether `id` can name a user (the server's are UUIDs). */
  isUserId(id: string): boolean;
}

/** The member `userId` of `tenantId` (pending or not) as its `users` row, or null when not a member. */
export const memberUser = (tables: Tables, tenantId: string, userId: string): Promise<UserRow | null> =>
  tables.of(USERS).row({ id: inRows(MEMBERSHIPS, 'userId', { tenantId, userId }) });

/** Whether `userId` is a member of `tenantId` (pending or not). */
export const isMember = async (tables: Tables, tenantId: string, userId: string): Promise<boolean> =>
  (await tables.of(MEMBERSHIPS).count({ where: { tenantId, userId } })) > 0;

/** The members holding `fe.*` in the account, directly or through a group: how many. */
async function superAdmins(tables: Tables, tenantId: string): Promise<number> {
  const adminRoles = inRows<string, { roleId: string; permissionId: string }>(ROLE_PERMISSIONS, 'roleId', {
    permissionId: inRows(PERMISSIONS, 'id', { key: 'fe.*' }),
  });
  const ofAccount = inRows<string, MembershipRow>(MEMBERSHIPS, 'id', { tenantId });
  const direct = await tables
    .of(MEMBERSHIP_ROLES)
    .rows({ where: { roleId: adminRoles, membershipId: ofAccount } });
  const grouped = await tables.of(GROUP_MEMBERS).rows({
    where: { groupId: inRows(GROUP_ROLES, 'groupId', { roleId: adminRoles }), membershipId: ofAccount },
  });
  return new Set([...direct, ...grouped].map((link) => link.membershipId)).size;
}

/** The account's vendor, or null when there is no such account. */
const vendorOf = async (tables: Tables, tenantId: string) =>
  (await tables.of(TENANTS).row({ id: tenantId }))?.vendorId ?? null;

/**
 * Removes `userId` from `tenantId`: the membership goes with its roles and groups (cascade), the
 * user's sessions in the account end (their refresh tokens stop working; access tokens already
 * issued expire on their own) and it is announced, in one transaction; false when not a member.
 */
export const removeMembership = (
  tables: Tables,
  extras: Pick<TeamMemberStoreExtras, 'endSessions' | 'announce'>,
  tenantId: string,
  userId: string,
): Promise<boolean> =>
  tables.transaction(async (tx) => {
    if ((await tx.of(MEMBERSHIPS).remove({ tenantId, userId })).length === 0) return false;
    await extras.endSessions(tenantId, userId, 'removed_from_tenant', tx);
    await extras.announce(tenantId, 'user.removed', { userId }, tx);
    return true;
  });

/** The member rules' storage (core/domain/team-members.ts) over `tables`. */
function memberRules(tables: Tables, extras: TeamMemberStoreExtras): TeamMemberPorts {
  return {
    memberKeys: extras.memberKeys,
    async scimManaged(tenantId, userId) {
      const membership = await tables.of(MEMBERSHIPS).row({ tenantId, userId });
      return !!membership && (await extras.scimMemberships([membership.id])).has(membership.id);
    },
    // The account's roles of these ids (the vendor's and its own) and what they grant.
    roleGrants: (tenantId, roleIds) => roleGrantsOver(tables, tenantId, roleIds),
    async member(tenantId, userId) {
      const row = await memberUser(tables, tenantId, userId);
      return (
        row && {
          id: row.id,
          name: row.name ?? row.email.split('@')[0]!,
          email: row.email,
          metadata: JSON.stringify(row.metadata ?? {}),
          vendorId: row.vendorId,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        }
      );
    },
    remove: (tenantId, userId) => removeMembership(tables, extras, tenantId, userId),
    setRoles: (tenantId, userId, roleIds) =>
      tables.transaction(async (tx) => {
        const membership = await tx.of(MEMBERSHIPS).row({ tenantId, userId });
        if (!membership) return false;
        // One writer of the member's roles at a time (two replacing them at once would both insert).
        await tx.lock(`membership_roles:${membership.id}`);
        await tx.of(MEMBERSHIP_ROLES).remove({ membershipId: membership.id });
        for (const roleId of new Set(roleIds))
          await tx.of(MEMBERSHIP_ROLES).insert({ membershipId: membership.id, roleId });
        await extras.announce(tenantId, 'user.rolesChanged', { userId, roleIds: roleIds.join(',') }, tx);
        return true;
      }),
    revokeSessions: async (tenantId, userId) =>
      (await isMember(tables, tenantId, userId))
        ? extras.endSessions(tenantId, userId, 'revoked_by_admin', tables)
        : null,
  };
}

/**
 * The members' ports (core/domain/team-member-handlers.ts, but who calls) over `tables`, stamped by
 * `clock`, with what differs by backend in `extras`.
 */
export function teamMemberPorts(
  tables: Tables,
  clock: RowClock,
  extras: TeamMemberStoreExtras,
): Omit<TeamMemberHandlerPorts, 'actor'> {
  const customData: CustomDataRepository = {
    // The user's own object, whichever account names them (its updatedAt unchanged, as before).
    save: async (tenantId, userId, data) =>
      (
        await tables
          .of(USERS)
          .update({ id: inRows(MEMBERSHIPS, 'userId', { tenantId, userId }) }, { customData: data })
      ).length > 0,
  };
  return {
    ...memberRules(tables, extras),
    listMembers: (query) => listMembers(tables, clock, query, extras.scimMemberships),
    isUserId: extras.isUserId,
    customData,
    async memberStats(tenantId) {
      const memberships = tables.of(MEMBERSHIPS);
      const weekAgo = stamp(clock.now() - 7 * 86_400_000);
      return {
        totalItems: await memberships.count({ where: { tenantId } }),
        addedThisWeek: await memberships.count({ where: { tenantId, createdAt: from(weekAgo) } }),
        superAdmins: await superAdmins(tables, tenantId),
      };
    },
    // Vendor-wide roles and the account's own, by name (ties by id).
    async assignableRoles(tenantId) {
      const vendorId = await vendorOf(tables, tenantId);
      if (vendorId === null) return [];
      const roles = await tables.of(ROLES).rows({
        where: { vendorId, tenantId: oneOf([null, tenantId]) },
        orderBy: [{ by: 'name' }, { by: 'id' }],
      });
      const grants = await grantsOf(
        tables,
        roles.map((r) => r.id),
      );
      return roles.map((r) => roleDtoOf(r, grants.get(r.id)!));
    },
    async memberLinks(tenantId, userIds, link): Promise<MemberLinks[]> {
      const vendorId = await vendorOf(tables, tenantId);
      if (vendorId === null || userIds.length === 0) return [];
      const members = await tables.of(MEMBERSHIPS).rows({ where: { tenantId, userId: oneOf(userIds) } });
      if (members.length === 0) return [];
      const membershipId = oneOf(members.map((m) => m.id));
      // [membership, linked id] pairs in the linked ids' order.
      const pairs =
        link === 'roles'
          ? (
              await tables.of(MEMBERSHIP_ROLES).rows({ where: { membershipId }, orderBy: [{ by: 'roleId' }] })
            ).map((r) => [r.membershipId, r.roleId] as const)
          : (
              await tables.of(GROUP_MEMBERS).rows({ where: { membershipId }, orderBy: [{ by: 'groupId' }] })
            ).map((r) => [r.membershipId, r.groupId] as const);
      return members.map((m) => ({
        vendorId,
        tenantId,
        userId: m.userId,
        linked: pairs.filter(([of]) => of === m.id).map(([, id]) => id),
      }));
    },
  };
}

/**
 * The members' ports over a backend's platform, for one caller: its grants as sign-in reads them,
 * its SCIM column, its sessions and its events (announced in the transaction of the change).
 */
export const teamMemberAreaPorts: PortsFor<TeamMemberHandlerPorts> = (platform, caller) => ({
  ...teamMemberPorts(platform.tables, platform.clock, {
    memberKeys: (tenantId, userId) => permissionKeysIn(platform.tables, tenantId, userId),
    scimMemberships: (ids) => platform.members.scimMemberships(ids),
    endSessions: (tenantId, userId, reason, within) =>
      platform.members.endSessions(tenantId, userId, reason, within),
    announce: (tenantId, event, data, within) => platform.emit(tenantId, event, data, within),
    isUserId: (id) => platform.members.isUserId(id),
  }),
  actor: () => ({ userId: caller.userId, activeTenantId: caller.tenantId, held: caller.permissions }),
});
