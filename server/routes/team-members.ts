/**
 * Changing the members of the active tenant (spec 001 §4, §5, §7):
 * - GET /identity/resources/roles/v1: the roles an admin can give (fe.secure.read.roles);
 * - DELETE /identity/resources/users/v1/{userId}: remove the user from the tenant (fe.secure.delete.users);
 * - PUT /identity/resources/users/v1/{userId}/roles { roleIds }: set their roles (fe.secure.write.users).
 *   Spec 001 §5: clearing a user's roles sends a list holding one empty string, `[""]`; it is read
 *   as "no role". An admin cannot remove themselves or change their own roles (no lock-out by mistake),
 *   give a role whose permissions they lack, or remove or change a member who holds a permission they
 *   lack (server/domain/grants.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listAssignableRoles, removeMember, setMemberRoles } from '../domain/team-membership';
import { requireUser } from '../http/bearer';
import { httpError } from '../http/errors';
import { requirePermission } from '../http/permissions';
import { assertMayActOn, assertMayGrantRoles } from '../domain/grants';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const userParams = {
  type: 'object',
  required: ['userId'],
  properties: { userId: { type: 'string', pattern: UUID } },
} as const;

export async function teamMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/identity/resources/roles/v1', async (request) => {
    const claims = await requireUser(ctx.tokens, request);
    return listAssignableRoles(ctx.db, requirePermission(claims, 'fe.secure.read.roles'));
  });

  app.delete<{ Params: { userId: string } }>(
    '/identity/resources/users/v1/:userId',
    { schema: { params: userParams } },
    async (request) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.delete.users');
      await assertMayActOn(ctx.db, claims, tenantId, request.params.userId, 'remove');
      if ((await removeMember(ctx.db, tenantId, request.params.userId)) === 'notMember')
        throw httpError(404, 'User not found in this account');
      return {};
    },
  );

  app.put<{ Params: { userId: string }; Body: { roleIds: string[] } }>(
    '/identity/resources/users/v1/:userId/roles',
    {
      schema: {
        params: userParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['roleIds'],
          properties: {
            roleIds: {
              type: 'array',
              maxItems: 50,
              uniqueItems: true,
              items: { type: 'string', anyOf: [{ pattern: UUID }, { maxLength: 0 }] },
            },
          },
        },
      },
    },
    async (request) => {
      const claims = await requireUser(ctx.tokens, request);
      const tenantId = requirePermission(claims, 'fe.secure.write.users');
      await assertMayActOn(ctx.db, claims, tenantId, request.params.userId, 'roles');
      const roleIds = request.body.roleIds.filter((id) => id !== '');
      // No escalation: an admin gives only roles whose permissions they hold themselves.
      await assertMayGrantRoles(ctx.db, claims, tenantId, roleIds);
      const result = await setMemberRoles(ctx.db, tenantId, request.params.userId, roleIds);
      if (result.kind === 'notMember') throw httpError(404, 'User not found in this account');
      if (result.kind === 'unknownRoles') throw httpError(400, 'Some roles do not exist in this account');
      return { roleIds };
    },
  );
}
