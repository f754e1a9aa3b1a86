/**
 * Forgot and reset password, and a signed-in user's password change (under
 * `/{prefix}/identity/resources/users/v1/passwords`).
 */
import type { FastifyInstance } from 'fastify';
import type { FlowContext } from '../domain/account-flows';
import { changePassword, requestPasswordReset, resetPassword } from '../domain/password-reset';
import { callerOf } from '../http/route-table';
import { verifyCaptcha } from '../domain/captcha';
import { refuseWhileImpersonating } from '../../core/domain/impersonation';

export async function passwordRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  const base = '/identity/resources/users/v1/passwords';

  // Always 200 with an empty object: the answer must not tell whether the email has an account.
  // The captcha policy applies (recaptchaToken is ours here: the client SDK's forgotPassword sends none).
  app.post<{ Body: { email: string; recaptchaToken?: string | null } }>(`${base}/reset`, async (request) => {
    await verifyCaptcha(ctx, {
      token: request.body.recaptchaToken,
      email: request.body.email,
      ip: request.ip,
    });
    await requestPasswordReset(ctx, request.body.email, (m) => request.log.error(m));
    return {};
  });

  app.post<{ Body: { userId: string; token: string; password: string } }>(
    `${base}/reset/verify`,
    async (request) => {
      await resetPassword(ctx, request.body);
      return {};
    },
  );

  // The client SDK's changePassword: `{ password, newPassword }`. The caller's other sessions end.
  app.post<{ Body: { password: string; newPassword: string } }>(`${base}/change`, async (request) => {
    const claims = callerOf(request);
    // An impersonator acts for the user but must not take over their sign-in.
    refuseWhileImpersonating(Boolean(claims.act));
    await changePassword(ctx, {
      userId: claims.sub,
      sessionId: claims.sid,
      password: request.body.password,
      newPassword: request.body.newPassword,
      ip: request.ip,
    });
    return {};
  });
}
