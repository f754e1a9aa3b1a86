/**
 * The users page's routes that are the server's own (spec 001 §7 "Users and team"); the members'
 * shared routes are an area (core/domain/team-member-handlers.ts, over the platform).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { memberUser } from '../../core/domain/team-member-store';
import { sqlTables } from '../storage/tables';
import { contractError } from '../../core/contract/errors';
import { accountOf } from '../http/route-table';
import { sendActivationEmail } from '../domain/activation';
import { countSend } from '../domain/attempts';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Request schemas of this file: core/contract/routes/team.ts (the demo backend's too). */
export async function teamMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
}
