/**
 * Sub-accounts and tenant switching (spec 001 §7 "Tenants and sub-accounts", spec 000 §7 "PUT v1
 * /tenant"). Every sub-account call acts below the caller's active tenant: another tree is
 * answered 404, never shown. Reading needs fe.account-hierarchy.read.subAccount, changing
 * fe.account-hierarchy.write.subAccount (403 otherwise). The caller's active tenant is within its own
 * tree, so the member routes act on it too: they apply the rule of the users page
 * (server/domain/grants.ts): no change to one's own roles, no role whose permissions the caller
 * lacks, and no change to a member who holds a permission the caller lacks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { chosenAccountId, switchTenant } from '../domain/hierarchy';
import { createSubAccount } from '../../core/domain/sub-account-create';
import { subAccountCreation } from '../storage/sub-account-create';
import { searchSubAccounts, subAccountMembers } from '../../core/domain/sub-account-lists';
import { subAccountListsRepository } from '../storage/sub-account-lists';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';
import {
  addSubAccountMembers,
  deleteSubAccount,
  membersOfAccountBody,
  removeSubAccountMember,
  renameSubAccount,
  type TenantType,
} from '../../core/domain/sub-accounts';
import {
  changeSubAccountRoles,
  setSubAccountAccess,
  subAccountsMetadata,
} from '../../core/domain/sub-account-members';
import { subAccountsRepository } from '../storage/sub-accounts';
import * as s from '../http/schemas';
import { accountOf, callerOf } from '../http/route-table';
import { refuseStayingImpersonation } from '../../core/domain/impersonation';

const HIERARCHY = '/tenants/resources/hierarchy/v2';
const SUB_TENANTS = '/tenants/resources/sub-tenants/v1';
const SUB_TENANT_USERS = '/identity/resources/sub-tenants/v1/:tenantId/users';

const uuid = s.uuid;
// Bodies and queries: core/contract/requests-hierarchy.ts (the demo backend's too).
const tenantParams = { params: s.strictObject({ tenantId: uuid }, ['tenantId']) };
const memberParams = { params: s.strictObject({ tenantId: uuid, userId: uuid }, ['tenantId', 'userId']) };

export async function hierarchyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The route table checked the caller and the permission (http/route-table.ts).
  const caller = (request: FastifyRequest) => ({ claims: callerOf(request), rootId: accountOf(request) });
  // Renaming, deleting and removing members: the shared rules (core/domain/sub-accounts.ts).
  const repo = { ...subAccountsRepository(ctx.db), ...subAccountListsRepository(ctx.db) };
  // The users page's rule of who may act on whom (server/domain/grants.ts), for the shared rules.
  const guards = (claims: ReturnType<typeof callerOf>, userId: string) => ({
    mayActOn: (tenantId: string, action: 'roles' | 'access') =>
      assertMayActOn(ctx.db, claims, tenantId, userId, action),
    mayGrant: (tenantId: string, roleIds: string[]) => assertMayGrantRoles(ctx.db, claims, tenantId, roleIds),
  });

  /**
   * The children of the active tenant (or of `_subTenantId`), or with `_filter` every account of the
   * tree whose name contains it. `_offset` counts accounts; `_links.next` is the next page's
   * address, empty on the last page. `_sortBy` (createdAt, name, tenantId) and `_order` sort the
   * page (the client SDK's SearchSubTenantsParams; name ascending unless told) and go on in the link.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>(HIERARCHY, async (request) =>
    searchSubAccounts(repo, caller(request).rootId, request.query),
  );

  /**
   * Without `_tenantIds`: `{ totalSubTenants }` of the active account (the kit's All accounts page).
   * With them (the client SDK's getHierarchyMetadata, comma-separated): one
   * `{ tenantId, totalSubTenants, isParent }` per account, each within the caller's tree (else 404).
   */
  app.get<{ Querystring: { _tenantIds?: string } }>(`${HIERARCHY}/metadata`, async (request) => {
    return subAccountsMetadata(repo, caller(request).rootId, request.query._tenantIds);
  });

  app.post<{ Body: { name: string; parentTenantId?: string; tenantId?: string; tenantType?: TenantType } }>(
    SUB_TENANTS,
    {},
    async (request, reply) => {
      const { claims, rootId } = caller(request);
      // The client SDK's createSubTenant names the id (`tenantId`, spec 001 §7): it names the
      // account among its parent's (chosenAccountId).
      const created = await createSubAccount(subAccountCreation(ctx.db), {
        rootId,
        creator: claims,
        body: request.body,
        idOf: chosenAccountId,
      });
      return reply.code(201).send(created);
    },
  );

  app.patch<{ Params: { tenantId: string }; Body: { name: string; tenantType?: TenantType } }>(
    `${SUB_TENANTS}/:tenantId`,
    { schema: { ...tenantParams } },
    async (request) => {
      const { rootId } = caller(request);
      const { name, tenantType } = request.body;
      return renameSubAccount(repo, rootId, request.params.tenantId, name, tenantType);
    },
  );

  app.delete<{ Params: { tenantId: string } }>(
    `${SUB_TENANTS}/:tenantId`,
    { schema: { ...tenantParams } },
    async (request) => {
      const { rootId } = caller(request);
      await deleteSubAccount(repo, rootId, request.params.tenantId);
      return {};
    },
  );

  /** The members of a sub-account ("selected-account users limit 10"), `_offset` counting users. */
  app.get<{ Params: { tenantId: string }; Querystring: { _offset?: string; _limit?: string } }>(
    SUB_TENANT_USERS,
    { schema: { ...tenantParams } },
    async (request) =>
      subAccountMembers(repo, caller(request).rootId, request.params.tenantId, request.query),
  );

  app.post<{
    Params: { tenantId: string };
    Body: { email: string; roleIds?: string[]; allowSubAccountAccess?: boolean };
  }>(SUB_TENANT_USERS, { schema: { ...tenantParams } }, async (request, reply) => {
    const { claims, rootId } = caller(request);
    // A member of the caller's account or of an account above this one (core/domain/sub-accounts.ts).
    await addSubAccountMembers(repo, {
      ...membersOfAccountBody(request.params.tenantId, request.body),
      rootId,
      mayGrant: (tenantId, roleIds) => assertMayGrantRoles(ctx.db, claims, tenantId, roleIds),
    });
    return reply.code(201).send({});
  });

  app.delete<{ Params: { tenantId: string; userId: string } }>(
    `${SUB_TENANT_USERS}/:userId`,
    { schema: { ...memberParams } },
    async (request) => {
      const { claims, rootId } = caller(request);
      const { tenantId, userId } = request.params;
      await removeSubAccountMember(repo, {
        rootId,
        userId,
        tenantIds: [tenantId],
        mayRemove: (id) => assertMayActOn(ctx.db, claims, id, userId, 'remove'),
      });
      return {};
    },
  );

  app.put<{ Params: { tenantId: string; userId: string }; Body: { roleIds: string[] } }>(
    `${SUB_TENANT_USERS}/:userId/roles`,
    { schema: { ...memberParams } },
    async (request) => {
      const { claims, rootId } = caller(request);
      const { tenantId, userId } = request.params;
      const [changed] = await changeSubAccountRoles(repo, {
        rootId,
        userId,
        mode: 'set',
        entries: [{ tenantId, roleIds: request.body.roleIds }],
        ...guards(claims, userId),
      });
      return { roleIds: changed!.roleIds };
    },
  );

  app.put<{ Params: { tenantId: string; userId: string }; Body: { allowAccess: boolean } }>(
    `${SUB_TENANT_USERS}/:userId/access`,
    { schema: { ...memberParams } },
    async (request) => {
      const { claims, rootId } = caller(request);
      const { tenantId, userId } = request.params;
      return setSubAccountAccess(repo, {
        rootId,
        tenantId,
        userId,
        allowed: request.body.allowAccess,
        ...guards(claims, userId),
      });
    },
  );

  /** Tenant switch: the session acts in `tenantId` from now on; the client then reloads the session. */
  app.put<{ Body: { tenantId: string } }>('/identity/resources/users/v1/tenant', async (request) => {
    // The switch moves a login session: an API token has none.
    const claims = callerOf(request);
    // Impersonation was allowed for one account only (domain/impersonation.ts): the impersonated
    // session may not move to another account of the user, where the impersonator may have no say.
    refuseStayingImpersonation(Boolean(claims.act));
    await switchTenant(ctx.db, {
      userId: claims.sub,
      sessionId: claims.sid,
      tenantId: request.body.tenantId,
    });
    return { tenantId: request.body.tenantId };
  });
}
