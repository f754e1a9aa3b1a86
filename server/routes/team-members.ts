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
 *
 * The handlers are core/domain/team-member-handlers.ts (demo mode runs them too); here, their ports
 * over the server's database (core/domain/team-member-store.ts over `sqlTables`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { TEAM_MEMBER_HANDLERS } from '../../core/domain/team-member-handlers';
import { memberUser } from '../../core/domain/team-member-store';
import { sqlTables } from '../storage/tables';
import { memberHandlerPorts } from '../domain/team-membership';
import { contractError } from '../../core/contract/errors';
import { registerHandlers } from '../http/handlers';
import { accountOf, callerOf } from '../http/route-table';
import { actorOf } from '../domain/grants';
import { loadAuthorization } from '../domain/tenants';
import { sendActivationEmail } from '../domain/activation';
import { countSend } from '../domain/attempts';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Request schemas of this file: core/contract/routes/team.ts (the demo backend's too). */
export async function teamMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Users v2 and v3: server/routes/team-users.ts.
  const { getUsersV2: _v2, getUsersV3: _v3, ...handlers } = TEAM_MEMBER_HANDLERS;
  const ports = memberHandlerPorts(ctx);
  registerHandlers(app, handlers, (request: FastifyRequest) => ports(actorOf(callerOf(request))));

  /**
   * teams.resendActivationLink: a fresh activation link to a member of the active account who has
   * not activated yet (400 once they have); counts toward the address's sending limit (429).
   */
  app.post<{ Params: { userId: string } }>(
    '/team/resources/members/v1/:userId/resendActivationEmail',
    {
      schema: {
        params: {
          type: 'object',
          required: ['userId'],
          properties: { userId: { type: 'string', pattern: UUID } },
        },
      },
    },
    async (request) => {
      const member = await memberUser(sqlTables(ctx.db), accountOf(request), request.params.userId);
      if (!member) throw contractError('MEMBER_NOT_FOUND');
      if (member.verified) throw contractError('USER_ALREADY_ACTIVATED');
      await countSend(ctx.db, member.email);
      await sendActivationEmail(ctx, member, (m) => request.log.error(m));
      return {};
    },
  );

  /** users.getUserAuthorization: the caller's roles and permissions in the active account. */
  app.get('/identity/resources/users/v1/me/authorization', async (request) => {
    const claims = callerOf(request);
    const { roles, permissions } = await loadAuthorization(ctx.db, claims.sub, claims.tenantId ?? null);
    return { roles, permissions };
  });
}
