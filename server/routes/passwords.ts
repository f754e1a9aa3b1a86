/**
 * Forgot and reset password (under `/{prefix}/identity/resources/users/v1/passwords`).
 */
import type { FastifyInstance } from 'fastify';
import type { FlowContext } from '../domain/account-flows';
import { requestPasswordReset, resetPassword } from '../domain/password-reset';
import * as s from '../http/schemas';
import { linkToken, userId } from '../http/flow-schemas';

export async function passwordRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  const base = '/identity/resources/users/v1/passwords';

  // Always 200 with an empty object: the answer must not tell whether the email has an account.
  app.post<{ Body: { email: string } }>(
    `${base}/reset`,
    { schema: { body: s.strictObject({ email: s.email }, ['email']) } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, (m) => request.log.error(m));
      return {};
    },
  );

  app.post<{ Body: { userId: string; token: string; password: string } }>(
    `${base}/reset/verify`,
    {
      schema: {
        body: s.strictObject({ userId, token: linkToken, password: s.newPassword }, [
          'userId',
          'token',
          'password',
        ]),
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return {};
    },
  );
}
