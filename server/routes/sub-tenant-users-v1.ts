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
 * - POST /identity/resources/sub-tenants/users/v1 (addUserToTenantAndSubTenants) and POST
 *   /identity/resources/sub-tenants/users/v2/ (addUsersToSubTenant; bodies: the descriptors in
 *   core/contract/routes/hierarchy.ts): members of the caller's account, or of an
 *   account between it and the target, added to those accounts; every account within the tree,
 *   every role one whose permissions the caller holds, checked before anything is written
 *   (core/domain/sub-accounts.ts addSubAccountMembers); 201 `{}`;
 * - DELETE /identity/resources/sub-tenants/users/v1 (removeUserFromTenantAndSubTenants): out of those accounts (and the accounts below each), never a
 *   member above the caller; `{}`.
 * The writes need fe.account-hierarchy.write.subAccount.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';
import { treeMembers } from '../../core/domain/sub-account-lists';
import { subAccountListsRepository } from '../storage/sub-account-lists';
import {
  addSubAccountMembers,
  membersOfV1Body,
  membersOfV2Body,
  type NewMembers,
  removeSubAccountMember,
} from '../../core/domain/sub-accounts';
import {
  changeSubAccountRoles,
  type RoleChange,
  setSubAccountAccess,
} from '../../core/domain/sub-account-members';
import { subAccountsRepository } from '../storage/sub-accounts';
import { uuid } from '../http/list-query';
import * as s from '../http/schemas';
import { accountOf, callerOf } from '../http/route-table';

const BASE = '/identity/resources/sub-tenants/users/v1';
const BASE_V2 = '/identity/resources/sub-tenants/users/v2/';
// Bodies and queries: core/contract/requests-hierarchy.ts (the demo backend's too).
const userParams = { params: s.strictObject({ userId: uuid }, ['userId']) };

export async function subTenantUsersV1Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = subAccountsRepository(ctx.db);
  // The users page's rule of who may act on whom (server/domain/grants.ts), for the shared rules.
  const guards = (claims: ReturnType<typeof callerOf>, userId: string) => ({
    mayActOn: (tenantId: string, action: 'roles' | 'access') =>
      assertMayActOn(ctx.db, claims, tenantId, userId, action),
    mayGrant: (tenantId: string, roleIds: string[]) => assertMayGrantRoles(ctx.db, claims, tenantId, roleIds),
  });

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
   * are taken away (core/domain/sub-account-members.ts). Granting and taking away both need the
   * caller to hold what the roles grant.
   */
  const changeRoles = (mode: RoleChange) => async (request: FastifyRequest<RolesRequest>) => {
    const { userId } = request.params;
    const subTenantsRoles = await changeSubAccountRoles(repo, {
      rootId: accountOf(request),
      userId,
      mode,
      entries: request.body.subTenantsRoles,
      ...guards(callerOf(request), userId),
    });
    return { subTenantsRoles };
  };

  app.patch<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('set'));
  app.post<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('add'));
  app.delete<RolesRequest>(`${BASE}/:userId/roles`, { schema: { ...userParams } }, changeRoles('remove'));

  app.put<{ Params: { userId: string }; Body: { allowAccess: boolean } }>(
    `${BASE}/:userId/access`,
    { schema: { ...userParams } },
    async (request) => {
      const tenantId = accountOf(request);
      const { userId } = request.params;
      // The caller's active account: within its own tree.
      return setSubAccountAccess(repo, {
        rootId: tenantId,
        tenantId,
        userId,
        allowed: request.body.allowAccess,
        ...guards(callerOf(request), userId),
      });
    },
  );

  app.get<{
    Querystring: { _offset?: string; _limit?: string; _filter?: string; _sortBy?: string; _order?: string };
  }>(BASE, async (request) =>
    treeMembers(subAccountListsRepository(ctx.db), accountOf(request), request.query),
  );

  /** The domain's checks (core/domain/sub-accounts.ts) with the server's grant rule, then the members. */
  const addMembers = async (request: FastifyRequest, reply: FastifyReply, members: NewMembers) => {
    const claims = callerOf(request);
    await addSubAccountMembers(repo, {
      ...members,
      rootId: accountOf(request),
      mayGrant: (tenantId, roleIds) => assertMayGrantRoles(ctx.db, claims, tenantId, roleIds),
    });
    return reply.code(201).send({});
  };
  app.post<{ Body: Parameters<typeof membersOfV1Body>[0] }>(BASE, (request, reply) =>
    addMembers(request, reply, membersOfV1Body(request.body)),
  );
  app.post<{ Body: Parameters<typeof membersOfV2Body>[0] }>(BASE_V2, (request, reply) =>
    addMembers(request, reply, membersOfV2Body(request.body)),
  );

  app.delete<{ Body: { userId: string; subTenants: Array<{ tenantId: string }> } }>(BASE, async (request) => {
    const claims = callerOf(request);
    const rootId = accountOf(request);
    const { userId, subTenants } = request.body;
    // Every account is checked before any membership ends (core/domain/sub-accounts.ts).
    await removeSubAccountMember(repo, {
      rootId,
      userId,
      tenantIds: subTenants.map((t) => t.tenantId),
      mayRemove: (tenantId) => assertMayActOn(ctx.db, claims, tenantId, userId, 'remove'),
    });
    return {};
  });
}
