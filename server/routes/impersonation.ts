/**
 * Impersonation (spec 000 §7 "Impersonation: POST", payload not shown by the spec): under
 * `/{prefix}/identity/resources/impersonation/v1`, the path existing backends of this contract use.
 * Body `{ userId, tenantId? }`. Answers an AuthResponse for the impersonated user and moves the
 * refresh cookie to the new session; the rules are in domain/impersonation.ts.
 *
 * The client SDK (impersonate.impersonate of @frontegg/rest-api 3.1.18) sends
 * `{ impersonatedUserId, actorToken, redirectUrl? }`: `impersonatedUserId` names the user as
 * `userId` does (one of the two, not both). `actorToken` is the impersonator's access token, the
 * proof of who asks: sent without a bearer (the client's impersonation page holds only that
 * token), it is checked exactly as a bearer would be (http/bearer.ts `requireSignedInActor`); sent
 * with one, it must be a token of the bearer's session (401 otherwise). Who may impersonate whom
 * is decided by the same rules either way. `redirectUrl` is accepted and not used: the kit's
 * impersonation route decides where to go. The answer adds the client's `tokenType: "Bearer"`.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { impersonate } from '../domain/impersonation';
import { requireSignedInActor, requireSignedInUser } from '../http/bearer';
import { setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';

const IMPERSONATION_PATH = '/identity/resources/impersonation/v1';

interface ImpersonateBody {
  userId?: string;
  impersonatedUserId?: string;
  actorToken?: string;
  redirectUrl?: string;
  tenantId?: string | null;
}

export async function impersonationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: ImpersonateBody }>(
    // Request schema: core/contract/requests.ts (the demo backend validates with it too).
    IMPERSONATION_PATH,
    async (request, reply) => {
      // Sets the refresh cookie: only pages of trusted origins may ask.
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      // A program holding an API token has no browser session to hand over (spec: none; see README).
      const { actorToken, tenantId } = request.body;
      const bearerless = !request.headers.authorization && actorToken !== undefined;
      // Verified here, not by the route table: the token may come in the body (descriptor: inHandler).
      const caller = bearerless
        ? await requireSignedInActor(ctx.tokens, request, actorToken)
        : await requireSignedInUser(ctx.tokens, request);
      const userId = (request.body.userId ?? request.body.impersonatedUserId)!;
      if (actorToken !== undefined && !bearerless) {
        const actor = await ctx.tokens.verify(actorToken, { ip: request.ip }).catch(() => null);
        if (!actor || actor.sub !== caller.sub || actor.sid !== caller.sid)
          throw contractError('ACTOR_TOKEN_FOREIGN');
      }
      const result = await impersonate(
        ctx.db,
        ctx.auth,
        caller,
        { userId, ...(tenantId !== undefined ? { tenantId } : {}) },
        clientInfo(request),
      );
      if (!result.ok) throw result.error;
      // Ids only: who impersonated whom is worth a log line, and holds nothing secret.
      request.log.info(
        { impersonator: caller.sub, user: userId, tenantId: caller.tenantId },
        'impersonation started',
      );
      setRefreshCookie(reply, ctx.cookies, result.signedIn.refreshToken);
      return { ...result.signedIn.authResponse, tokenType: 'Bearer' };
    },
  );
}
