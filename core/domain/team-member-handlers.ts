/**
 * The members' routes (core/contract/routes/team.ts, account.ts's session revoke), an area written
 * once for the server and demo mode (core/domain/back-office-areas.ts; its ports over the platform:
 * core/domain/team-member-store.ts `teamMemberAreaPorts`): users v2 and v3, the client
 * SDK's team members and their stats, the roles an admin can give, one member read, removed, their
 * roles and customData set, their sessions ended; users v3's roles and groups of members by ids.
 * The rules are core/domain/team-members.ts (who may act on whom), team-users.ts (v3's filters),
 * custom-data.ts and sub-accounts.ts (`_includeSubTenants`).
 *
 * Spec 001 §4, §5, §7: the roles an admin can give (fe.secure.read.roles); removing a user from the
 * account (fe.secure.delete.users); setting their roles `{ roleIds }` (fe.secure.write.users).
 * Clearing a user's roles sends a list holding one empty string, `[""]`; it is read as "no role".
 * An admin cannot remove themselves or change their own roles (no lock-out by mistake), give a role
 * whose permissions they lack, or remove or change a member who holds a permission they lack.
 * The client SDK's users page (@frontegg/rest-api 3.1.18 `teams`) calls the same actions at its own
 * paths: PUT /team/resources/members/v1 `{ id, roleIds, ... }` sends the row the page shows back
 * whole (only `roleIds` is changed through it). Users v2 (`_filter`, `_sortBy`, `_order`, `_offset`
 * as a page index, `_limit`, answering items and `_metadata`): each row carries the member's groups
 * and `mfaEnabled` (the client SDK's names); `_includeSubTenants=true` lists the members of the
 * accounts below too. Users v3 adds `_tenantId` (the caller's active account), `_preset` and
 * `_email` (core/domain/team-users.ts). API answers are never cached (server/http/app-basics.ts).
 */
import { contractError } from '../contract/errors';
import { pageOf } from '../contract/listQuery';
import { teamMemberOf } from '../contract/teamMember';
import { setCustomData, type CustomData, type CustomDataRepository } from './custom-data';
import { answer, type AreaHandler, type AreaHandlers, type HandlerCall } from './handlers';
import { includesSubAccounts } from './sub-accounts';
import {
  removeTeamMember,
  revokeMemberSessions,
  setTeamMemberRoles,
  type MemberActor,
  type TeamMemberPorts,
} from './team-members';
import { usersV3Filter, type MemberListQuery, type MemberListRow } from './team-users';

/** A listed member's vendor, account and the ids their membership links to (roles or groups). */
export interface MemberLinks {
  vendorId: string;
  tenantId: string;
  userId: string;
  linked: string[];
}

/** A role an admin can give in the account. */
interface AssignableRole {
  description?: string | null;
}

export interface TeamMemberHandlerPorts extends TeamMemberPorts {
  /** Who calls: their id, active account and the permissions they hold in the account they act in. */
  actor(): MemberActor;
  /** A page of the account's members as the users list shows them, and how many match. */
  listMembers(query: MemberListQuery): Promise<{ items: MemberListRow[]; totalItems: number }>;
  /** Members, those added in the last 7 days, those holding `fe.*`. */
  memberStats(tenantId: string): Promise<{ totalItems: number; addedThisWeek: number; superAdmins: number }>;
  /** The roles an admin can give in the account, by name. */
  assignableRoles(tenantId: string): Promise<AssignableRole[]>;
  /** Each listed member of the account with the ids of their roles or groups there. */
  memberLinks(tenantId: string, userIds: string[], link: 'roles' | 'groups'): Promise<MemberLinks[]>;
  customData: CustomDataRepository;
  /** Whether `id` can name a user (the server's are UUIDs). */
  isUserId(id: string): boolean;
}

type Handler = AreaHandler<TeamMemberHandlerPorts>;
type Query = HandlerCall['query'];

/** `?ids=a,b` (users v3, its roles and groups): each once, 1 to 200 of them, each a user id. */
function idsOf(ids: string, isUserId: (id: string) => boolean): string[] {
  const list = [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0 || list.length > 200 || !list.every(isUserId))
    throw contractError('USER_IDS_INVALID');
  return list;
}

/** Users v2 (and v3 with its filters): a page of the account's members and `_metadata`. */
function usersList(v3: boolean): Handler {
  return async (p, { tenantId, query }) => {
    const page = pageOf(query, 'name');
    const { items, totalItems } = await p.listMembers({
      tenantId,
      ...(page as Pick<MemberListQuery, 'filter' | 'sortBy' | 'order' | 'page' | 'limit'>),
      ...(v3 ? usersV3Filter(query, tenantId) : {}),
      userIds: query.ids ? [...new Set(query.ids.split(',').map((id) => id.toLowerCase()))] : undefined,
      includeSubTenants: includesSubAccounts(p.actor().held, query._includeSubTenants),
    });
    return answer({ items, _metadata: { totalItems, totalPages: Math.ceil(totalItems / page.limit) } });
  };
}

/** The member as the users list shows them; 404 for someone not a member. */
async function listedMember(p: TeamMemberHandlerPorts, tenantId: string, userId: string) {
  const query = { tenantId, userId, filter: '', sortBy: 'name', order: 'ASC', page: 0, limit: 1 } as const;
  const [member] = (await p.listMembers(query)).items;
  if (!member) throw contractError('MEMBER_NOT_FOUND');
  return member;
}

/** teams.loadUsers: `pageOffset` counts pages of `pageSize`; `searchValue` matches name or email. */
const teamMembers: Handler = async (p, { tenantId, query }: { tenantId: string; query: Query }) => {
  const limit = Number(query.pageSize ?? 20);
  const { items, totalItems } = await p.listMembers({
    tenantId,
    filter: query.searchValue ?? '',
    sortBy: (query.sortBy ?? 'name') as MemberListQuery['sortBy'],
    order: query.sortDirection === 'desc' ? 'DESC' : 'ASC',
    page: Number(query.pageOffset ?? 0),
    limit,
  });
  return answer({ items: items.map(teamMemberOf), totalItems, totalPages: Math.ceil(totalItems / limit) });
};

/** users.getUsersRoles / getUsersGroups: `[{ vendorId, tenantId, userId, roleIds | groupIds }]`. */
const membersLinks =
  (link: 'roles' | 'groups'): Handler =>
  async (p, { tenantId, query }) => {
    const found = await p.memberLinks(tenantId, idsOf(query.ids ?? '', p.isUserId), link);
    const field = link === 'roles' ? 'roleIds' : 'groupIds';
    return answer(found.map(({ linked, ...member }) => ({ ...member, [field]: linked })));
  };

const removeMember: Handler = async (p, { tenantId, params }) => {
  await removeTeamMember(p, p.actor(), tenantId, params.userId!);
  return answer({});
};

export const TEAM_MEMBER_HANDLERS: AreaHandlers<TeamMemberHandlerPorts> = {
  getUsersV2: usersList(false),
  getUsersV3: usersList(true),
  getTeamMembers: teamMembers,
  getTeamStatsMembers: async (p, { tenantId }) => answer(await p.memberStats(tenantId)),
  getRolesV1: async (p, { tenantId }) => answer(await p.assignableRoles(tenantId)),
  // teams.loadAvailableRoles: each `description` a string, as ITeamUserRole declares it.
  getTeamRoles: async (p, { tenantId }) =>
    answer(
      (await p.assignableRoles(tenantId)).map((role) => ({ ...role, description: role.description ?? '' })),
    ),
  deleteUsersByUserId: removeMember,
  deleteTeamMembersByUserId: removeMember,
  putUsersByUserIdRoles: async (p, { tenantId, params, body }) =>
    answer({
      roleIds: await setTeamMemberRoles(p, p.actor(), tenantId, params.userId!, body.roleIds as string[]),
    }),
  /**
   * teams.updateUser: the SDK sends the member's row (ITeamUser) with the new `roleIds`. The roles
   * and `customData` (absent: kept) change here; the other known fields are accepted and not applied.
   */
  putTeamMembers: async (p, { tenantId, body }) => {
    const { id, roleIds, customData } = body as {
      id: string;
      roleIds?: string[];
      customData?: CustomData | null;
    };
    if (roleIds) await setTeamMemberRoles(p, p.actor(), tenantId, id, roleIds);
    if (customData !== undefined) await setCustomData(p.customData, tenantId, id, customData);
    return answer(teamMemberOf(await listedMember(p, tenantId, id)));
  },
  // auth.revokeSessionsForUser: a member's sessions in the account (not elsewhere).
  postUsersSessionsRevoke: async (p, { tenantId, body }) =>
    answer(await revokeMemberSessions(p, p.actor(), tenantId, body.userId as string)),
  getUsersByUserId: async (p, { tenantId, params }) => {
    const found = await p.member(tenantId, params.userId!);
    if (!found) throw contractError('MEMBER_NOT_FOUND');
    const { id, name, email, metadata, vendorId, createdAt, updatedAt } = found;
    return answer({ id, name, email, deletedAt: null, metadata, tenantId, vendorId, createdAt, updatedAt });
  },
  getUsersRoles: membersLinks('roles'),
  getUsersGroups: membersLinks('groups'),
};
