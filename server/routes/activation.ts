/**
 * Account activation (under `/{prefix}/identity/resources/users/v1/activate`): the handlers of
 * core/domain/activation-handlers.ts over the server's ports (server/domain/activation.ts).
 * Activating signs in: the refresh cookie goes on the request's reply.
 */
import type { FastifyInstance } from 'fastify';
import { ACTIVATION_HANDLERS } from '../../core/domain/activation-handlers';
import type { FlowContext } from '../domain/account-flows';
import { activationPorts } from '../domain/activation';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { registerPublicHandlers } from '../http/handlers';

export async function activationRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  // Activation sets a cookie: the ports get the reply of their request.
  registerPublicHandlers(app, ACTIVATION_HANDLERS, (request, reply) =>
    activationPorts(ctx, {
      log: (message) => request.log.error(message),
      checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
      async startSession(user) {
        const signedIn = await ctx.auth.startSession(user, clientInfo(request));
        setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
        return signedIn.authResponse;
      },
    }),
  );
}
