/**
 * Impersonation (spec 000 §7 "Impersonation: POST", payload not shown by the spec): under
 * `/{prefix}/identity/resources/impersonation/v1`, the path existing backends of this contract use.
 * Body `{ userId, tenantId? }`. Answers an AuthResponse for the impersonated user and moves the
 * refresh cookie to the new session; the rules are in domain/impersonation.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { impersonate } from '../domain/impersonation';
import { requireSignedInUser } from '../http/bearer';
import { setRefreshCookie } from '../http/cookies';
import { httpError } from '../http/errors';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { clientInfo } from '../http/client-info';

export const IMPERSONATION_PATH = '/identity/resources/impersonation/v1';

interface ImpersonateBody {
  userId: string;
  tenantId?: string | null;
}

export async function impersonationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: ImpersonateBody }>(
    IMPERSONATION_PATH,
    {
      schema: {
        body: s.strictObject(
          { userId: { type: 'string', minLength: 1, maxLength: 100 }, tenantId: s.optionalId },
          ['userId'],
        ),
      },
    },
    async (request, reply) => {
      // Sets the refresh cookie: only pages of trusted origins may ask.
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      // A program holding an API token has no browser session to hand over (spec: none; see README).
      const caller = await requireSignedInUser(ctx.tokens, request);
      const result = await impersonate(ctx.db, ctx.auth, caller, request.body, clientInfo(request));
      if (!result.ok) throw httpError(result.status, result.message);
      // Ids only: who impersonated whom is worth a log line, and holds nothing secret.
      request.log.info(
        { impersonator: caller.sub, user: request.body.userId, tenantId: caller.tenantId },
        'impersonation started',
      );
      setRefreshCookie(reply, ctx.cookies, result.signedIn.refreshToken);
      return result.signedIn.authResponse;
    },
  );
}
