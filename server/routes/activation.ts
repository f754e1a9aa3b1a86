/**
 * Account activation (under `/{prefix}/identity/resources/users/v1/activate`).
 */
import type { FastifyInstance } from 'fastify';
import { activateAccount, activationStrategy, resendActivation } from '../domain/activation';
import type { FlowContext } from '../domain/account-flows';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { clientInfo } from '../http/client-info';
import { linkToken, userId } from '../http/flow-schemas';

export async function activationRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  const base = '/identity/resources/users/v1/activate';

  app.get<{ Querystring: { userId: string; token: string } }>(
    `${base}/strategy`,
    { schema: { querystring: s.strictObject({ userId, token: linkToken }, ['userId', 'token']) } },
    async (request) => activationStrategy(ctx, request.query.userId, request.query.token),
  );

  // Sets the refresh cookie: same cross-site check as sign-in.
  app.post<{ Body: { userId: string; token: string; password?: string | null } }>(
    base,
    {
      schema: {
        body: s.strictObject(
          { userId, token: linkToken, password: { ...s.newPassword, type: ['string', 'null'] } },
          ['userId', 'token'],
        ),
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const signedIn = await activateAccount(ctx, request.body, clientInfo(request));
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
  );

  // Always 200: the answer must not tell whether the email has an account waiting for activation.
  app.post<{ Body: { email: string } }>(
    `${base}/reset`,
    { schema: { body: s.strictObject({ email: s.email }, ['email']) } },
    async (request) => {
      await resendActivation(ctx, request.body.email, (m) => request.log.error(m));
      return {};
    },
  );
}
