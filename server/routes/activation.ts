/**
 * Account activation (under `/{prefix}/identity/resources/users/v1/activate`): the handlers of
 * core/domain/activation-handlers.ts over the server's ports (server/domain/activation.ts).
 * Activating signs in: the refresh cookie goes on the request's reply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVATION_HANDLERS } from '../../core/domain/activation-handlers';
import type { FlowContext } from '../domain/account-flows';
import { activationPorts } from '../domain/activation';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { registerPublicHandlers } from '../http/handlers';

export async function activationRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  // Activation sets a cookie: the ports reach the reply of their request.
  const replies = new WeakMap<FastifyRequest, FastifyReply>();
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      replies.set(request, reply);
    });
    registerPublicHandlers(scope, ACTIVATION_HANDLERS, (request) =>
      activationPorts(ctx, {
        log: (message) => request.log.error(message),
        checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
        async startSession(user) {
          const signedIn = await ctx.auth.startSession(user, clientInfo(request));
          const reply = replies.get(request);
          if (reply) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
          return signedIn.authResponse;
        },
      }),
    );
  });
}
