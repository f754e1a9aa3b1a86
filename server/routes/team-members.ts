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
import { isScimManagedMember } from '../domain/directory';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { teamMemberOf } from '../../core/contract/teamMember';
import { setCustomData, type CustomData } from '../../core/domain/custom-data';
import { customDataRepository } from '../storage/custom-data';
import { listAssignableRoles, removeMember, setMemberRoles } from '../domain/team-membership';
import { contractError } from '../../core/contract/errors';
import { accountOf, callerOf } from '../http/route-table';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';
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

/** Request schemas of this file: core/contract/requests-team.ts (the demo backend's too). */
export async function teamMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const listRoles = async (request: FastifyRequest) => {
    return listAssignableRoles(ctx.db, accountOf(request));
  };

  async function removeFromAccount(request: FastifyRequest, userId: string) {
    const claims = callerOf(request);
    const tenantId = accountOf(request);
    await assertMayActOn(ctx.db, claims, tenantId, userId, 'remove');
    if (await isScimManagedMember(ctx.db, tenantId, userId)) throw contractError('SCIM_MANAGED_USER');
    if ((await removeMember(ctx.db, tenantId, userId)) === 'notMember')
      throw contractError('MEMBER_NOT_FOUND');
  }

  async function setRoles(request: FastifyRequest, userId: string, requested: string[]) {
    const claims = callerOf(request);
    const tenantId = accountOf(request);
    await assertMayActOn(ctx.db, claims, tenantId, userId, 'roles');
    const roleIds = requested.filter((id) => id !== '');
    // No escalation: an admin gives only roles whose permissions they hold themselves.
    await assertMayGrantRoles(ctx.db, claims, tenantId, roleIds);
    const result = await setMemberRoles(ctx.db, tenantId, userId, roleIds);
    if (result.kind === 'notMember') throw contractError('MEMBER_NOT_FOUND');
    if (result.kind === 'unknownRoles') throw contractError('ROLES_UNKNOWN');
    return { tenantId, roleIds };
  }

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
    const tenantId = accountOf(request);
    const q = request.query;
    const limit = Number(q.pageSize ?? 20);
    const { items, totalItems } = await listTenantUsers(ctx.db, {
      tenantId,
      filter: q.searchValue ?? '',
      sortBy: q.sortBy ?? 'name',
      order: q.sortDirection === 'desc' ? 'DESC' : 'ASC',
      page: Number(q.pageOffset ?? 0),
      limit,
    });
    return { items: items.map(teamMemberOf), totalItems, totalPages: Math.ceil(totalItems / limit) };
  });

  /**
   * teams.loadStats: members of the active account, those who joined in the last 7 days, and
   * `superAdmins`, the members holding the wildcard `fe.*` (directly or through a group).
   */
  app.get('/team/resources/stats/v1/members', async (request) => {
    const tenantId = accountOf(request);
    const { rows } = await ctx.db.query<{ total: number; week: number; admins: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE m.created_at > now() - interval '7 days')::int AS week,
              count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                 WHERE p.key = 'fe.*' AND rp.role_id IN (
                   SELECT mr.role_id FROM membership_roles mr WHERE mr.membership_id = m.id
                   UNION SELECT gr.role_id FROM group_members gm JOIN group_roles gr ON gr.group_id = gm.group_id
                    WHERE gm.membership_id = m.id)))::int AS admins
         FROM memberships m WHERE m.tenant_id = $1`,
      [tenantId],
    );
    const row = rows[0]!;
    return { totalItems: row.total, addedThisWeek: row.week, superAdmins: row.admins };
  });

  /**
   * teams.resendActivationLink: a fresh activation link to a member of the active account who has
   * not activated yet (400 once they have); counts toward the address's sending limit (429).
   */
  app.post<{ Params: { userId: string } }>(
    '/team/resources/members/v1/:userId/resendActivationEmail',
    { schema: { params: userParams } },
    async (request) => {
      const tenantId = accountOf(request);
      const { rows } = await ctx.db.query<{ id: string; email: string; verified: boolean }>(
        `SELECT u.id, u.email, u.verified FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.tenant_id = $1 AND m.user_id = $2`,
        [tenantId, request.params.userId],
      );
      const member = rows[0];
      if (!member) throw contractError('MEMBER_NOT_FOUND');
      if (member.verified) throw contractError('USER_ALREADY_ACTIVATED');
      await countSend(ctx.db, member.email);
      await sendActivationEmail(ctx, member, (m) => request.log.error(m));
      return {};
    },
  );

  app.delete<{ Params: { userId: string } }>(
    '/identity/resources/users/v1/:userId',
    { schema: { params: userParams } },
    async (request) => {
      await removeFromAccount(request, request.params.userId);
      return {};
    },
  );
  app.delete<{ Params: { userId: string } }>(
    '/team/resources/members/v1/:userId',
    { schema: { params: userParams } },
    async (request) => {
      await removeFromAccount(request, request.params.userId);
      return {};
    },
  );

  app.put<{ Params: { userId: string }; Body: { roleIds: string[] } }>(
    '/identity/resources/users/v1/:userId/roles',
    { schema: { params: userParams } },
    async (request) => {
      const { roleIds } = await setRoles(request, request.params.userId, request.body.roleIds);
      return { roleIds };
    },
  );

  /**
   * teams.updateUser: the SDK sends the member's row (ITeamUser) with the new `roleIds`. The roles
   * and `customData` change here; the other known fields are accepted and not applied (an admin does not
   * rename a member or change their email). Answers the member as the users list shows them.
   */
  type UpdateBody = { id: string; roleIds?: string[]; customData?: CustomData | null };
  app.put<{ Body: UpdateBody }>('/team/resources/members/v1', async (request) => {
    const { id: userId, roleIds, customData } = request.body;
    const tenantId = roleIds ? (await setRoles(request, userId, roleIds)).tenantId : accountOf(request);
    // customData is stored (core/domain/custom-data.ts); absent: kept.
    if (customData !== undefined)
      await setCustomData(customDataRepository(ctx.db), tenantId, userId, customData);
    const query = { tenantId, userId, filter: '', sortBy: 'name', order: 'ASC', page: 0, limit: 1 } as const;
    const [member] = (await listTenantUsers(ctx.db, query)).items;
    if (!member) throw contractError('MEMBER_NOT_FOUND');
    return teamMemberOf(member);
  });

  /** auth.getUserById: a member of the active account (IUserIdResponse). */
  app.get<{ Params: { userId: string } }>(
    '/identity/resources/users/v1/:userId',
    { schema: { params: userParams } },
    async (request) => {
      const tenantId = accountOf(request);
      const { rows } = await ctx.db.query<{
        id: string;
        name: string | null;
        email: string;
        metadata: unknown;
        vendor_id: string;
        created_at: Date;
        updated_at: Date | null;
      }>(
        `SELECT u.id, u.name, u.email, u.metadata, u.vendor_id, u.created_at, u.updated_at
           FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.tenant_id = $1 AND m.user_id = $2`,
        [tenantId, request.params.userId],
      );
      const row = rows[0];
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
    },
  );

  /** users.getUserAuthorization: the caller's roles and permissions in the active account. */
  app.get('/identity/resources/users/v1/me/authorization', async (request) => {
    const claims = callerOf(request);
    const { roles, permissions } = await loadAuthorization(ctx.db, claims.sub, claims.tenantId ?? null);
    return { roles, permissions };
  });

  /**
   * Each listed member of the account with the ids linked to their membership in `table` (roles or
   * groups): users.getUsersRoles and users.getUsersGroups of the client SDK.
   */
  async function memberLinks(
    request: FastifyRequest<{ Querystring: { ids: string } }>,
    link: { table: 'membership_roles'; column: 'role_id' } | { table: 'group_members'; column: 'group_id' },
  ) {
    const tenantId = accountOf(request);
    const { rows } = await ctx.db.query<{ user_id: string; vendor_id: string; linked: string[] }>(
      `SELECT m.user_id, t.vendor_id,
              coalesce(array_agg(l.${link.column} ORDER BY l.${link.column}) FILTER (WHERE l.${link.column} IS NOT NULL), '{}') AS linked
         FROM memberships m JOIN tenants t ON t.id = m.tenant_id
         LEFT JOIN ${link.table} l ON l.membership_id = m.id
        WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[])
        GROUP BY m.user_id, t.vendor_id`,
      [tenantId, parseIds(request.query.ids)],
    );
    return rows.map((r) => ({ vendorId: r.vendor_id, tenantId, userId: r.user_id, linked: r.linked }));
  }

  /** users.getUsersRoles: `[{ vendorId, tenantId, userId, roleIds }]` for members of the account. */
  app.get<{ Querystring: { ids: string } }>('/identity/resources/users/v3/roles', async (request) =>
    (await memberLinks(request, { table: 'membership_roles', column: 'role_id' })).map(
      ({ linked, ...member }) => ({ ...member, roleIds: linked }),
    ),
  );

  /** users.getUsersGroups: `[{ vendorId, tenantId, userId, groupIds }]` for members of the account. */
  app.get<{ Querystring: { ids: string } }>('/identity/resources/users/v3/groups', async (request) =>
    (await memberLinks(request, { table: 'group_members', column: 'group_id' })).map(
      ({ linked, ...member }) => ({ ...member, groupIds: linked }),
    ),
  );

  /**
   * auth.revokeSessionsForUser: an admin (fe.secure.write.users) ends a member's sessions in the
   * active account (not their sessions elsewhere); not for a member holding more than the caller.
   */
  app.post<{ Body: { userId: string } }>('/identity/resources/users/sessions/v1/revoke', async (request) => {
    const claims = callerOf(request);
    const tenantId = accountOf(request);
    const { userId } = request.body;
    await assertMayActOn(ctx.db, claims, tenantId, userId, 'sessions');
    const member = await ctx.db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
      tenantId,
      userId,
    ]);
    if (member.rows.length === 0) throw contractError('MEMBER_NOT_FOUND');
    const { rows } = await ctx.db.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_admin'
          WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id`,
      [userId, tenantId],
    );
    return { revoked: rows.length };
  });
}
