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
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';
import { assertWithin, setSubAccountAccess, setSubAccountRoles } from '../domain/hierarchy';
import { permissionKeysOfRoles } from '../domain/roles';
import { requireUser } from '../http/bearer';
import { httpError } from '../http/errors';
import { uuid } from '../http/list-query';
import { requirePermission } from '../http/permissions';
import * as s from '../http/schemas';

const BASE = '/identity/resources/sub-tenants/users/v1';
const WRITE_SUB_ACCOUNTS = 'fe.account-hierarchy.write.subAccount';
const roleIds = {
  type: 'array',
  maxItems: 50,
  items: { anyOf: [uuid, { type: 'string', maxLength: 0 }] },
} as const;
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

  const rolesBody = {
    ...userParams,
    body: s.strictObject(
      {
        subTenantsRoles: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: s.strictObject({ tenantId: uuid, roleIds }, ['tenantId', 'roleIds']),
        },
        // Sent by the client for auditing; this server logs neither.
        ipAddress: { type: 'string', maxLength: 100 },
        userAgent: { type: 'string', maxLength: 1000 },
      },
      ['subTenantsRoles'],
    ),
  };
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
    const claims = await requireUser(ctx.tokens, request);
    const rootId = requirePermission(claims, WRITE_SUB_ACCOUNTS);
    const { userId } = request.params;
    const entries = request.body.subTenantsRoles;
    if (new Set(entries.map((e) => e.tenantId)).size !== entries.length)
      throw httpError(400, 'Each account may be named once');
    const plan: Array<{ tenantId: string; next: string[] }> = [];
    for (const { tenantId, roleIds: ids } of entries) {
      await assertWithin(ctx.db, rootId, tenantId);
      if (!(await isMember(tenantId, userId))) throw httpError(404, 'User not found in this sub-account');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'roles');
      const named = [...new Set(ids.filter((id) => id !== ''))];
      await assertMayGrantRoles(ctx.db, claims, tenantId, named);
      // Unknown roles are refused before anything is written (no half-applied request).
      if ((await permissionKeysOfRoles(ctx.db, tenantId, named)).known.length !== named.length)
        throw httpError(400, 'Some roles do not exist in this account');
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

  app.patch<RolesRequest>(`${BASE}/:userId/roles`, { schema: rolesBody }, changeRoles('set'));
  app.post<RolesRequest>(`${BASE}/:userId/roles`, { schema: rolesBody }, changeRoles('add'));
  app.delete<RolesRequest>(`${BASE}/:userId/roles`, { schema: rolesBody }, changeRoles('remove'));

  app.put<{ Params: { userId: string }; Body: { allowAccess: boolean } }>(
    `${BASE}/:userId/access`,
    {
      schema: { ...userParams, body: s.strictObject({ allowAccess: { type: 'boolean' } }, ['allowAccess']) },
    },
    async (request) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, WRITE_SUB_ACCOUNTS);
      const { userId } = request.params;
      if (!(await isMember(tenantId, userId))) throw httpError(404, 'User not found in this sub-account');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'access');
      await setSubAccountAccess(ctx.db, tenantId, userId, request.body.allowAccess);
      return { allowAccess: request.body.allowAccess };
    },
  );
}
