/**
 * One member of the account in demo mode (the users page and the client SDK): read by id, removed,
 * their roles set, their customData, unlocked; the roles an admin can give; users v3's roles and
 * groups of members by ids. The server's: server/routes/team-members.ts, users.ts, roles.ts.
 */
import { fail, ok } from '../contract/answer';
import { teamMemberOf } from '../contract/teamMember';
import { setCustomData } from '../domain/custom-data';
import {
  removeTeamMember,
  revokeMemberSessions,
  setTeamMemberRoles,
  type MemberActor,
  type TeamMemberPorts,
} from '../domain/team-members';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { demoMembersByIds, listItemOf } from './members';
import type { UserHandler } from './sessions';
import { demoPermissionsOf, demoRoles, visibleRoles } from './teamAdmin';

type Json = Record<string, unknown>;

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

const actorOf = (db: DemoDatabase, caller: DemoUser): MemberActor => ({
  userId: caller.id,
  activeTenantId: caller.tenantId,
  held: demoPermissionsOf(db, caller),
});

/** DELETE users v1/{id} (body null) and PUT users v1/{id}/roles in demo mode, by the server's rules. */
async function changeDemoMember(db: DemoDatabase, caller: DemoUser, userId: string, body: Json | null) {
  const ports = demoTeamMemberPorts(db);
  if (!body) {
    await removeTeamMember(ports, actorOf(db, caller), caller.tenantId, userId);
    return ok({}, true);
  }
  // roleIds checked by the contract (core/contract/requests-team.ts)
  const roleIds = body.roleIds as string[];
  return ok(
    { roleIds: await setTeamMemberRoles(ports, actorOf(db, caller), caller.tenantId, userId, roleIds) },
    true,
  );
}

/** POST users/sessions/v1/revoke: a member's sessions in the account ended by an admin. */
export const revokeDemoMemberSessions: UserHandler = async (db, caller, { body }) =>
  ok(
    await revokeMemberSessions(
      demoTeamMemberPorts(db),
      actorOf(db, caller),
      caller.tenantId,
      body.userId as string,
    ),
    true,
  );

/** The roles an admin can give in the caller's account (GET roles v1 and the client's team roles). */
function assignableDemoRoles(db: DemoDatabase, user: DemoUser) {
  return ok(
    demoRoles(db)
      .filter((r) => r.tenantId === null || r.tenantId === user.tenantId)
      .map((role) => ({
        id: role.id,
        key: role.key,
        name: role.name,
        description: role.description,
        isDefault: role.key === 'Admin' && role.tenantId === null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
}

const memberById = (db: DemoDatabase, caller: DemoUser, id: string) =>
  db.users.find((u) => u.id === id && u.tenantId === caller.tenantId);

/** PUT team members v1 (the client SDK's teams.updateUser): roles from the row, customData. */
const putTeamMember: UserHandler = async (db, caller, { body }) => {
  const id = body.id as string; // required by the contract (core/contract/requests-team.ts)
  const changed =
    body.roleIds === undefined ? ok({}) : await changeDemoMember(db, caller, id, { roleIds: body.roleIds });
  if (changed.status !== 200) return changed;
  const target = memberById(db, caller, id);
  if (!target) return fail('MEMBER_NOT_FOUND');
  // customData is stored (core/domain/custom-data.ts); absent: kept.
  if (body.customData !== undefined)
    await setCustomData(
      { save: async (_tenantId, _userId, data) => ((target.customData = data), true) },
      caller.tenantId,
      id,
      body.customData as Record<string, unknown> | null,
    );
  const item = listItemOf(db, target);
  return ok(teamMemberOf({ ...item, roleIds: item.roles.map((r) => r.id) }), true);
};

/** Users v3's roles and groups of members named by `?ids=`. */
function membersLinks(kind: 'roleIds' | 'groupIds'): UserHandler {
  return (db, caller, { query }) => {
    const members = demoMembersByIds(db, caller, query.ids);
    if (!Array.isArray(members)) return members;
    const idsOf = (u: DemoUser) =>
      kind === 'roleIds'
        ? demoRoles(db)
            .filter(
              (r) => (r.tenantId === null || r.tenantId === caller.tenantId) && u.roleKeys.includes(r.key),
            )
            .map((r) => r.id)
        : (db.groups ?? [])
            .filter((g) => g.tenantId === caller.tenantId && g.userIds.includes(u.id))
            .map((g) => g.id);
    return ok(
      members.map((u) => ({
        vendorId: 'demo-vendor',
        tenantId: caller.tenantId,
        userId: u.id,
        [kind]: idsOf(u).sort(),
      })),
    );
  };
}

/** Members by id (the users page and the client SDK): read, remove, their roles, unlock. */
export function demoMemberRoutes(): DemoRoutes<UserHandler> {
  const removeMember: UserHandler = (db, caller, { params }) =>
    changeDemoMember(db, caller, params.userId!, null);
  return {
    getRolesV1: assignableDemoRoles,
    // The client SDK's users page (teams): roles, and a member's roles set from the row it sends back.
    getTeamRoles: (db, user) => {
      const answer = assignableDemoRoles(db, user);
      if (answer.status !== 200) return answer;
      // ITeamUserRole: `description` a string ('' for a role without one), as on the server.
      const roles = answer.body as Array<{ description: string | null }>;
      return ok(roles.map((role) => ({ ...role, description: role.description ?? '' })));
    },
    putTeamMembers: putTeamMember,
    getUsersRoles: membersLinks('roleIds'),
    getUsersGroups: membersLinks('groupIds'),
    // auth.getUserById: a member of the caller's account.
    getUsersByUserId: (db, caller, { params }) => {
      const target = memberById(db, caller, params.userId!);
      if (!target) return fail('MEMBER_NOT_FOUND');
      return ok({
        id: target.id,
        name: target.name,
        email: target.email,
        deletedAt: null,
        metadata: target.metadata ?? '{}',
        tenantId: target.tenantId,
        vendorId: 'demo-vendor',
        createdAt: target.createdAt,
        updatedAt: target.createdAt,
      });
    },
    deleteUsersByUserId: removeMember,
    deleteTeamMembersByUserId: removeMember,
    putUsersByUserIdRoles: (db, caller, { params, body }) =>
      changeDemoMember(db, caller, params.userId!, body),
    // The users page's Unlock (server/routes/security-policies.ts): demo mode locks no one.
    postUsersByUserIdUnlock: (db, caller, { params }) =>
      memberById(db, caller, params.userId!) ? ok({ unlocked: false }) : fail('MEMBER_NOT_FOUND'),
  };
}
