/**
 * Tenant administration of users (spec 001 §7 "Users and team"): GET /identity/resources/users/v2
 * with _filter, _sortBy, _order, _offset (page index), _limit, answering items and _metadata.
 * The caller needs fe.secure.read.users in the active tenant (403 otherwise). Each row carries the
 * member's groups there and `mfaEnabled` (the client SDK's names); `_includeSubTenants=true` lists
 * the members of the accounts below too. Users v3 (spec 001 §7) adds _tenantId (must be the caller's
 * active tenant), _preset (INACTIVE with _maxInactiveSeconds, default 90 days; NEVER_SIGNED_IN;
 * MFA_UNENROLLED; BREACHED_PASSWORDS) and _email (exact address): core/domain/team-users.ts.
 * The handlers are core/domain/team-member-handlers.ts (demo mode runs them too), registered here
 * because their answers are not to be cached.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { TEAM_MEMBER_HANDLERS } from '../../core/domain/team-member-handlers';
import { routeNamed } from '../../core/contract/routes';
import { accountOf, callerOf } from '../http/route-table';
import { memberHandlerPorts } from '../domain/team-membership';
import { actorOf } from '../domain/grants';

export async function teamUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = memberHandlerPorts(ctx);
  for (const name of ['getUsersV2', 'getUsersV3'] as const) {
    app.get(routeNamed(name).path, async (request, reply) => {
      const { body } = await TEAM_MEMBER_HANDLERS[name]!(ports(actorOf(callerOf(request))), {
        body: {},
        query: request.query as Record<string, string | undefined>,
        params: {},
        ip: request.ip,
        tenantId: accountOf(request),
        userId: callerOf(request).sub,
      });
      reply.header('cache-control', 'no-store');
      return body;
    });
  }
}
