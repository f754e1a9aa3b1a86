/**
 * Changing the members of the active tenant (spec 001 §4, §5, §7):
 * - GET /identity/resources/roles/v1: the roles an admin can give (fe.secure.read.roles);
 * - DELETE /identity/resources/users/v1/{userId}: remove the user from the tenant (fe.secure.delete.users);
 * - PUT /identity/resources/users/v1/{userId}/roles { roleIds }: set their roles (fe.secure.write.users).
 *   Spec 001 §5: clearing a user's roles sends a list holding one empty string, `[""]`; it is read
 *   as "no role". An admin cannot remove themselves or change their own roles (no lock-out by mistake),
 *   give a role whose permissions they lack, or remove or change a member who holds a permission they
 *   lack (server/domain/grants.ts).
 *
 * The same actions at the paths the client SDK's users page calls (@frontegg/rest-api 3.1.18
 * `teams`): GET /team/resources/roles/v1, PUT /team/resources/members/v1 `{ id, roleIds, ... }`
 * (the row the page shows, sent back whole: only `roleIds` is changed through it),
 * DELETE /team/resources/members/v1/{id}. Plus the member reads of `auth` and `users`:
 * GET users/v1/{id}, users/v1/me/authorization, users/v3/roles and /groups (`?ids=a,b`), and
 * POST users/sessions/v1/revoke `{ userId }` (an admin ends a member's sessions in the account).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { teamMemberOf } from '../../core/contract/teamMember';
import { setCustomData, type CustomData } from '../../core/domain/custom-data';
import { removeTeamMember, revokeMemberSessions, setTeamMemberRoles } from '../../core/domain/team-members';
import { customDataRepository } from '../storage/custom-data';
import { memberLinks, memberRecord, memberStats, type MemberLink } from '../storage/team-members';
import { listAssignableRoles, teamMemberPorts } from '../domain/team-membership';
import { contractError } from '../../core/contract/errors';
import { accountOf, callerOf } from '../http/route-table';
import { actorOf } from '../domain/grants';
import { loadAuthorization } from '../domain/tenants';
import { listTenantUsers, type UserSortField } from '../domain/team-users';
import { sendActivationEmail } from '../domain/activation';
import { countSend } from '../domain/attempts';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const userParams = {
  type: 'object',
  required: ['userId'],
  properties: { userId: { type: 'string', pattern: UUID } },
} as const;
/** A fresh options object per route: the route table completes each route's schema in place. */
const byUserId = () => ({ schema: { params: userParams } });
type ByUserId = { Params: { userId: string } };

function parseIds(ids: string): string[] {
  const list = [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0 || list.length > 200 || list.some((id) => !new RegExp(UUID).test(id)))
    throw contractError('USER_IDS_INVALID');
  return list;
}

/** Request schemas of this file: core/contract/routes/team.ts (the demo backend's too). */
export async function teamMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = teamMemberPorts(ctx.db);
  const actor = (request: FastifyRequest) => actorOf(callerOf(request));
  const remove = async (request: FastifyRequest<ByUserId>) => {
    await removeTeamMember(ports, actor(request), accountOf(request), request.params.userId);
    return {};
  };
  const setRoles = (request: FastifyRequest, userId: string, roleIds: string[]) =>
    setTeamMemberRoles(ports, actor(request), accountOf(request), userId, roleIds);

  app.delete<ByUserId>('/identity/resources/users/v1/:userId', byUserId(), remove);
  app.delete<ByUserId>('/team/resources/members/v1/:userId', byUserId(), remove);

  app.put<ByUserId & { Body: { roleIds: string[] } }>(
    '/identity/resources/users/v1/:userId/roles',
    byUserId(),
    async (request) => ({ roleIds: await setRoles(request, request.params.userId, request.body.roleIds) }),
  );

  /**
   * teams.updateUser: the SDK sends the member's row (ITeamUser) with the new `roleIds`. The roles
   * and `customData` change here; the other known fields are accepted and not applied (an admin does not
   * rename a member or change their email). Answers the member as the users list shows them.
   */
  type UpdateBody = { id: string; roleIds?: string[]; customData?: CustomData | null };
  app.put<{ Body: UpdateBody }>('/team/resources/members/v1', async (request) => {
    const { id: userId, roleIds, customData } = request.body;
    const tenantId = accountOf(request);
    if (roleIds) await setRoles(request, userId, roleIds);
    // customData is stored (core/domain/custom-data.ts); absent: kept.
    if (customData !== undefined)
      await setCustomData(customDataRepository(ctx.db), tenantId, userId, customData);
    const query = { tenantId, userId, filter: '', sortBy: 'name', order: 'ASC', page: 0, limit: 1 } as const;
    const [member] = (await listTenantUsers(ctx.db, query)).items;
    if (!member) throw contractError('MEMBER_NOT_FOUND');
    return teamMemberOf(member);
  });

  /**
   * auth.revokeSessionsForUser: an admin (fe.secure.write.users) ends a member's sessions in the
   * active account (not their sessions elsewhere); not for a member holding more than the caller.
   */
  app.post<{ Body: { userId: string } }>('/identity/resources/users/sessions/v1/revoke', async (request) =>
    revokeMemberSessions(ports, actor(request), accountOf(request), request.body.userId),
  );

  /**
   * teams.resendActivationLink: a fresh activation link to a member of the active account who has
   * not activated yet (400 once they have); counts toward the address's sending limit (429).
   */
  app.post<ByUserId>(
    '/team/resources/members/v1/:userId/resendActivationEmail',
    byUserId(),
    async (request) => {
      const member = await memberRecord(ctx.db, accountOf(request), request.params.userId);
      if (!member) throw contractError('MEMBER_NOT_FOUND');
      if (member.verified) throw contractError('USER_ALREADY_ACTIVATED');
      await countSend(ctx.db, member.email);
      await sendActivationEmail(ctx, member, (m) => request.log.error(m));
      return {};
    },
  );

  await teamMemberReads(app, ctx);
}

/** The member reads: roles to give, the members list and stats, one member, their roles and groups. */
async function teamMemberReads(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const listRoles = (request: FastifyRequest) => listAssignableRoles(ctx.db, accountOf(request));
  app.get('/identity/resources/roles/v1', listRoles);
  // The client SDK's users page (teams.loadAvailableRoles): the same list, each `description` a
  // string as ITeamUserRole declares it ('' for a role without one).
  app.get('/team/resources/roles/v1', async (request) =>
    (await listRoles(request)).map((role) => ({ ...role, description: role.description ?? '' })),
  );

  /**
   * teams.loadUsers: the members of the active account as ITeamUser rows, `pageOffset` counting
   * pages of `pageSize`; `searchValue` (the table's filter) matches name or email; `sortBy` one of
   * the users list's fields, `sortDirection` asc or desc. `{ items, totalPages, totalItems }`.
   */
  app.get<{
    Querystring: {
      pageOffset?: string;
      pageSize?: string;
      sortBy?: UserSortField;
      sortDirection?: 'asc' | 'desc';
      searchValue?: string;
    };
  }>('/team/resources/members/v1', async (request) => {
    const q = request.query;
    const limit = Number(q.pageSize ?? 20);
    const { items, totalItems } = await listTenantUsers(ctx.db, {
      tenantId: accountOf(request),
      filter: q.searchValue ?? '',
      sortBy: q.sortBy ?? 'name',
      order: q.sortDirection === 'desc' ? 'DESC' : 'ASC',
      page: Number(q.pageOffset ?? 0),
      limit,
    });
    return { items: items.map(teamMemberOf), totalItems, totalPages: Math.ceil(totalItems / limit) };
  });

  /** teams.loadStats: members, those who joined in the last 7 days, and `superAdmins` (holding `fe.*`). */
  app.get('/team/resources/stats/v1/members', async (request) => memberStats(ctx.db, accountOf(request)));

  /** auth.getUserById: a member of the active account (IUserIdResponse). */
  app.get<ByUserId>('/identity/resources/users/v1/:userId', byUserId(), async (request) => {
    const tenantId = accountOf(request);
    const row = await memberRecord(ctx.db, tenantId, request.params.userId);
    if (!row) throw contractError('MEMBER_NOT_FOUND');
    return {
      id: row.id,
      name: row.name ?? row.email.split('@')[0]!,
      email: row.email,
      deletedAt: null,
      metadata: JSON.stringify(row.metadata ?? {}),
      tenantId,
      vendorId: row.vendor_id,
      createdAt: row.created_at.toISOString(),
      updatedAt: (row.updated_at ?? row.created_at).toISOString(),
    };
  });

  /** users.getUserAuthorization: the caller's roles and permissions in the active account. */
  app.get('/identity/resources/users/v1/me/authorization', async (request) => {
    const claims = callerOf(request);
    const { roles, permissions } = await loadAuthorization(ctx.db, claims.sub, claims.tenantId ?? null);
    return { roles, permissions };
  });

  const links = (request: FastifyRequest<{ Querystring: { ids: string } }>, link: MemberLink) =>
    memberLinks(ctx.db, accountOf(request), parseIds(request.query.ids), link);

  /** users.getUsersRoles: `[{ vendorId, tenantId, userId, roleIds }]` for members of the account. */
  app.get<{ Querystring: { ids: string } }>('/identity/resources/users/v3/roles', async (request) =>
    (await links(request, { table: 'membership_roles', column: 'role_id' })).map(({ linked, ...member }) => ({
      ...member,
      roleIds: linked,
    })),
  );

  /** users.getUsersGroups: `[{ vendorId, tenantId, userId, groupIds }]` for members of the account. */
  app.get<{ Querystring: { ids: string } }>('/identity/resources/users/v3/groups', async (request) =>
    (await links(request, { table: 'group_members', column: 'group_id' })).map(({ linked, ...member }) => ({
      ...member,
      groupIds: linked,
    })),
  );
}
