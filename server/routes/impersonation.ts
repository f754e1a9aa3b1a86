/**
 * Impersonation (spec 000 §7 "Impersonation: POST", payload not shown by the spec): under
 * `/{prefix}/identity/resources/impersonation/v1`, the path existing backends of this contract use.
 * The handler is core/domain/impersonation-handlers.ts (demo mode runs it too); here its ports:
 * the caller verified from the bearer or the body's `actorToken` (http/bearer.ts, the same checks
 * either way; the descriptor's access is `inHandler`), the rules' reads and the session opened
 * (server/domain/impersonation.ts), whose refresh cookie replaces the impersonator's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  IMPERSONATION_HANDLERS,
  type ImpersonationHandlerPorts,
} from '../../core/domain/impersonation-handlers';
import { impersonationActor, impersonationStore, openImpersonatedSession } from '../domain/impersonation';
import { requireSignedInActor, requireSignedInUser } from '../http/bearer';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { registerPublicHandlers } from '../http/handlers';

function impersonationPorts(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
): ImpersonationHandlerPorts {
  return {
    ...impersonationStore(ctx.db),
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    hasBearer: Boolean(request.headers.authorization),
    actor: async (token) =>
      impersonationActor(
        token === undefined
          ? await requireSignedInUser(ctx.tokens, request)
          : await requireSignedInActor(ctx.tokens, request, token),
      ),
    tokenSession: (token) =>
      ctx.tokens.verify(token, { ip: request.ip }).then(
        (claims) => ({ userId: claims.sub, sessionId: claims.sid }),
        () => null,
      ),
    async startImpersonation(impersonator, userId, tenantId) {
      const target = { userId, tenantId };
      const signedIn = await openImpersonatedSession(
        ctx.db,
        ctx.auth,
        impersonator,
        target,
        clientInfo(request),
      );
      // Ids only: who impersonated whom is worth a log line, and holds nothing secret.
      request.log.info(
        { impersonator: impersonator.userId, user: userId, tenantId },
        'impersonation started',
      );
      if (reply) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
  };
}

export async function impersonationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The session's cookie: the ports get the reply of their request.
  registerPublicHandlers(app, IMPERSONATION_HANDLERS, (request, reply) =>
    impersonationPorts(ctx, request, reply),
  );
}
