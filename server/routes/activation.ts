/**
 * Account activation (under `/{prefix}/identity/resources/users/v1/activate`).
 */
import type { FastifyInstance } from 'fastify';
import { activateAccount, activationStrategy, resendActivation } from '../domain/activation';
import type { FlowContext } from '../domain/account-flows';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';

export async function activationRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  const base = '/identity/resources/users/v1/activate';

  app.get<{ Querystring: { userId: string; token: string } }>(`${base}/strategy`, async (request) =>
    activationStrategy(ctx, request.query.userId, request.query.token),
  );

  // Sets the refresh cookie: same cross-site check as sign-in.
  app.post<{ Body: { userId: string; token: string; password?: string | null } }>(
    base,
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const signedIn = await activateAccount(ctx, request.body, clientInfo(request));
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
  );

  // Always 200: the answer must not tell whether the email has an account waiting for activation.
  app.post<{ Body: { email: string } }>(`${base}/reset`, async (request) => {
    await resendActivation(ctx, request.body.email, (m) => request.log.error(m));
    return {};
  });
}
