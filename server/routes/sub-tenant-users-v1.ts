/**
 * The client SDK's sub-account member calls (@frontegg/rest-api 3.1.18 `subTenants`) that map onto
 * what the All accounts page already does, with the same checks (server/routes/hierarchy.ts):
 * - PATCH /identity/resources/sub-tenants/users/v1/{userId}/roles
 *   `{ subTenantsRoles: [{ tenantId, roleIds }] }` (setUserRolesForSubTenants): the member's roles in
 *   each of those accounts become `roleIds` (`[""]` or `[]` clears). Every entry is checked first
 *   (within the caller's tree, a member there, not one's own roles, not a member above the caller,
 *   only roles whose permissions the caller holds), then all are written; POST and DELETE on the
 *   same path (addUserRolesForSubTenants, removeUserRolesFromSubTenants) add or take away `roleIds`;
 * - PUT /identity/resources/sub-tenants/users/v1/{userId}/access `{ allowAccess }`
 *   (updateSubAccountAccess): the member's access to the caller's active account.
 * Both need fe.account-hierarchy.write.subAccount.
 *
 * Members across the tree (the per-account routes of hierarchy.ts do the same one account at a time):
 * - GET /identity/resources/sub-tenants/users/v1 `?_offset&_limit&_filter&_sortBy&_order`
 *   (loadAllUsers): every member of the caller's account or of an account below it, once each, with
 *   their accounts in the tree; `{ items, totalPages, _metadata }`; fe.account-hierarchy.read.subAccount;
 * - POST /identity/resources/sub-tenants/users/v1 `{ user: { email }, subTenants: [{ tenantId, roleIds? }] }`
 *   (addUserToTenantAndSubTenants) and POST /identity/resources/sub-tenants/users/v2/
 *   `{ users: [{ email, roleIds? }], tenantId, roleIds?, allowSubAccountAccess? }` (addUsersToSubTenant,
 *   a person's own roles beside those for everyone): members of the caller's account, or of an
 *   account between it and the target, added to those accounts; every account within the tree,
 *   every role one whose permissions the caller holds, checked before anything is written
 *   (core/domain/sub-accounts.ts addSubAccountMembers); 201 `{}`;
 * - DELETE /identity/resources/sub-tenants/users/v1 `{ userId, subTenants: [{ tenantId }] }`
 *   (removeUserFromTenantAndSubTenants): out of those accounts (and the accounts below each), never a
 *   member above the caller; `{}`.
 * The writes need fe.account-hierarchy.write.subAccount.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';
import {
  assertWithin,
  listTreeUsers,
  MAX_PAGE_SIZE,
  setSubAccountAccess,
  setSubAccountRoles,
  SUB_ACCOUNT_USERS_PAGE_SIZE,
} from '../domain/hierarchy';
import { permissionKeysOfRoles } from '../storage/roles';
import { addSubAccountMembers, removeSubAccountMember } from '../../core/domain/sub-accounts';
import { subAccountsRepository } from '../storage/sub-accounts';
import { contractError } from '../../core/contract/errors';
import { uuid } from '../http/list-query';
import * as s from '../http/schemas';
import { accountOf, callerOf } from '../http/route-table';

const BASE = '/identity/resources/sub-tenants/users/v1';
const BASE_V2 = '/identity/resources/sub-tenants/users/v2/';
// Bodies and queries: core/contract/requests-hierarchy.ts (the demo backend's too).
const userParams = { params: s.strictObject({ userId: uuid }, ['userId']) };

export async function subTenantUsersV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const isMember = async (tenantId: string, userId: string) =>
    (
      await ctx.db.query('SELECT 1 FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
        tenantId,
        userId,
      ])
    ).rows.length > 0;

  const currentRoleIds = async (tenantId: string, userId: string) =>
    (
      await ctx.db.query<{ role_id: string }>(
        `SELECT mr.role_id FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id
          WHERE m.tenant_id = $1 AND m.user_id = $2`,
        [tenantId, userId],
      )
    ).rows.map((r) => r.role_id);

  type RolesRequest = {
    Params: { userId: string };
    Body: {
      subTenantsRoles: Array<{ tenantId: string; roleIds: string[] }>;
      ipAddress?: string;
      userAgent?: string;
    };
  };

  /**
   * set (PATCH): the roles become `roleIds`; add (POST): `roleIds` are added; remove (DELETE): they
   * are taken away. Granting and taking away both need the caller to hold what the roles grant.
   */
  const changeRoles = (mode: 'set' | 'add' | 'remove') => async (request: FastifyRequest<RolesRequest>) => {
    const claims = callerOf(request);
    const rootId = accountOf(request);
    const { userId } = request.params;
    const entries = request.body.subTenantsRoles;
    if (new Set(entries.map((e) => e.tenantId)).size !== entries.length)
      throw contractError('SUB_ACCOUNT_NAMED_TWICE');
    const plan: Array<{ tenantId: string; next: string[] }> = [];
    for (const { tenantId, roleIds: ids } of entries) {
      await assertWithin(ctx.db, rootId, tenantId);
      if (!(await isMember(tenantId, userId))) throw contractError('SUB_ACCOUNT_USER_NOT_FOUND');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'roles');
      const named = [...new Set(ids.filter((id) => id !== ''))];
      await assertMayGrantRoles(ctx.db, claims, tenantId, named);
      // Unknown roles are refused before anything is written (no half-applied request).
      if ((await permissionKeysOfRoles(ctx.db, tenantId, named)).known.length !== named.length)
        throw contractError('ROLES_UNKNOWN');
      const current = mode === 'set' ? [] : await currentRoleIds(tenantId, userId);
      const next =
        mode === 'set'
          ? named
          : mode === 'add'
            ? [...new Set([...current, ...named])]
            : current.filter((id) => !named.includes(id));
      plan.push({ tenantId, next });
    }
    const subTenantsRoles = [];
    for (const { tenantId, next } of plan)
      subTenantsRoles.push({ tenantId, roleIds: await setSubAccountRoles(ctx.db, tenantId, userId, next) });
    return { subTenantsRoles };
  };

  app.patch<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('set'));
  app.post<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('add'));
  app.delete<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('remove'));

  app.put<{ Params: { userId: string }; Body: { allowAccess: boolean } }>(
    `${BASE}/:userId/access`,
    { schema: { ...userParams } },
    async (request) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      const { userId } = request.params;
      if (!(await isMember(tenantId, userId))) throw contractError('SUB_ACCOUNT_USER_NOT_FOUND');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'access');
      await setSubAccountAccess(ctx.db, tenantId, userId, request.body.allowAccess);
      return { allowAccess: request.body.allowAccess };
    },
  );

  app.get<{
    Querystring: { _offset?: string; _limit?: string; _filter?: string; _sortBy?: string; _order?: string };
  }>(BASE, async (request) => {
    const rootId = accountOf(request);
    const q = request.query;
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q._limit ?? SUB_ACCOUNT_USERS_PAGE_SIZE)));
    const { items, totalItems } = await listTreeUsers(ctx.db, rootId, {
      offset: Number(q._offset ?? 0),
      limit,
      filter: (q._filter ?? '').trim(),
      sortBy: (q._sortBy ?? 'name') as 'name' | 'email' | 'createdAt',
      order: q._order?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    });
    const totalPages = Math.ceil(totalItems / limit);
    return { items, totalPages, _metadata: { totalItems, totalPages } };
  });

  /** The domain's checks (core/domain/sub-accounts.ts) with the server's grant rule, then the members. */
  const addMembers = (
    request: FastifyRequest,
    input: Pick<
      Parameters<typeof addSubAccountMembers>[1],
      'emails' | 'accounts' | 'allowAccess' | 'rolesOf'
    >,
  ) => {
    const claims = callerOf(request);
    return addSubAccountMembers(subAccountsRepository(ctx.db), {
      ...input,
      rootId: accountOf(request),
      mayGrant: (tenantId, roleIds) => assertMayGrantRoles(ctx.db, claims, tenantId, roleIds),
    });
  };

  app.post<{
    Body: {
      user: { email: string; name?: string };
      subTenants: Array<{ tenantId: string; roleIds?: string[] }>;
    };
  }>(BASE, async (request, reply) => {
    await addMembers(request, {
      emails: [request.body.user.email],
      accounts: request.body.subTenants,
      allowAccess: false,
    });
    return reply.code(201).send({});
  });

  app.post<{
    Body: {
      users: Array<{ email: string; name?: string; roleIds?: string[] }>;
      tenantId: string;
      roleIds?: string[];
      allowSubAccountAccess?: boolean;
    };
  }>(BASE_V2, async (request, reply) => {
    // A person's own roles (users[].roleIds) are given beside those for everyone (roleIds).
    const rolesOf = new Map<string, string[]>();
    for (const { email, roleIds = [] } of request.body.users) {
      const key = email.trim().toLowerCase();
      const own = [...new Set([...(rolesOf.get(key) ?? []), ...roleIds.filter((id) => id !== '')])];
      if (own.length) rolesOf.set(key, own);
    }
    await addMembers(request, {
      emails: request.body.users.map((u) => u.email),
      accounts: [{ tenantId: request.body.tenantId, roleIds: request.body.roleIds ?? [] }],
      allowAccess: request.body.allowSubAccountAccess ?? false,
      rolesOf,
    });
    return reply.code(201).send({});
  });

  app.delete<{ Body: { userId: string; subTenants: Array<{ tenantId: string }> } }>(BASE, async (request) => {
    const claims = callerOf(request);
    const rootId = accountOf(request);
    const { userId, subTenants } = request.body;
    // Every account is checked before any membership ends (core/domain/sub-accounts.ts).
    await removeSubAccountMember(subAccountsRepository(ctx.db), {
      rootId,
      userId,
      tenantIds: subTenants.map((t) => t.tenantId),
      mayRemove: (tenantId) => assertMayActOn(ctx.db, claims, tenantId, userId, 'remove'),
    });
    return {};
  });
}
