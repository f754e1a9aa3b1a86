/**
 * The ports of an account's members on the server: core/domain/team-members.ts's rules and
 * core/domain/team-member-handlers.ts's routes over the SQL of server/storage/team-members.ts and
 * team-users.ts, with the account's events (webhooks) of a removal and a change of roles.
 */
import type { TeamMemberHandlerPorts } from '../../core/domain/team-member-handlers';
import type { MemberActor, TeamMemberPorts } from '../../core/domain/team-members';
import type { AppContext } from '../context';
import type { Database } from '../storage/database';
import { customDataRepository } from '../storage/custom-data';
import { permissionKeysOfRoles } from '../storage/roles';
import {
  deleteMembership,
  listAssignableRoles,
  memberLinks,
  memberRecord,
  memberStats,
  replaceMemberRoles,
  revokeMemberSessions,
} from '../storage/team-members';
import { listTenantUsers } from '../storage/team-users';
import { emitEvent } from './connectivity';
import { isScimManagedMember } from '../storage/directory';
import { memberPermissionKeys } from './grants';

/**
 * Removes `userId` from `tenantId` and ends that user's sessions in the tenant (their refresh tokens
 * stop working; access tokens already issued expire on their own).
 */
export async function removeMember(db: Database, tenantId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await deleteMembership(tx, tenantId, userId);
    if (removed) await emitEvent({ db: tx }, tenantId, 'user.removed', { userId });
    return removed;
  });
}

/** The member rules' ports on the server (core/domain/team-members.ts). */
const teamMemberPorts = (db: Database): TeamMemberPorts => ({
  memberKeys: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
  roleGrants: (tenantId, roleIds) => permissionKeysOfRoles(db, tenantId, roleIds),
  member: async (tenantId, userId) => {
    const row = await memberRecord(db, tenantId, userId);
    return (
      row && {
        id: row.id,
        name: row.name ?? row.email.split('@')[0]!,
        email: row.email,
        metadata: JSON.stringify(row.metadata ?? {}),
        vendorId: row.vendor_id,
        createdAt: row.created_at.toISOString(),
        updatedAt: (row.updated_at ?? row.created_at).toISOString(),
      }
    );
  },
  scimManaged: (tenantId, userId) => isScimManagedMember(db, tenantId, userId),
  remove: (tenantId, userId) => removeMember(db, tenantId, userId),
  setRoles: (tenantId, userId, roleIds) =>
    db.transaction(async (tx) => {
      const replaced = await replaceMemberRoles(tx, tenantId, userId, roleIds);
      if (replaced)
        await emitEvent({ db: tx }, tenantId, 'user.rolesChanged', { userId, roleIds: roleIds.join(',') });
      return replaced;
    }),
  revokeSessions: (tenantId, userId) => revokeMemberSessions(db, tenantId, userId),
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const LINKS = {
  roles: { table: 'membership_roles', column: 'role_id' },
  groups: { table: 'group_members', column: 'group_id' },
} as const;

/** The members' handlers' ports over the server's database, for one caller (`actor`). */
export function memberHandlerPorts(ctx: AppContext): (actor: MemberActor) => TeamMemberHandlerPorts {
  const db = ctx.db;
  const shared: Omit<TeamMemberHandlerPorts, 'actor'> = {
    ...teamMemberPorts(db),
    listMembers: (query) => listTenantUsers(db, query),
    memberStats: (tenantId) => memberStats(db, tenantId),
    assignableRoles: (tenantId) => listAssignableRoles(db, tenantId),
    memberLinks: (tenantId, userIds, link) => memberLinks(db, tenantId, userIds, LINKS[link]),
    customData: customDataRepository(db),
    isUserId: (id) => UUID.test(id),
  };
  return (actor) => ({ ...shared, actor: () => actor });
}
