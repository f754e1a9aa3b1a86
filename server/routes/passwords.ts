/**
 * Forgot and reset password, and a signed-in user's password change (under
 * `/{prefix}/identity/resources/users/v1/passwords`): the handlers are
 * core/domain/password-flows.ts (demo mode runs them too), over the ports of
 * server/domain/password-reset.ts. The reset request always answers `{}`, so that it does not
 * tell whether the email has an account; the captcha policy applies to it (`recaptchaToken` is
 * ours: the client SDK's forgotPassword sends none).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASSWORD_CHANGE_HANDLERS, PASSWORD_FLOW_HANDLERS } from '../../core/domain/password-flows';
import type { FlowContext } from '../domain/account-flows';
import { passwordFlowPorts } from '../domain/password-reset';
import { registerHandlers, registerPublicHandlers } from '../http/handlers';
import { callerOf, isPublicCall } from '../http/route-table';

export async function passwordRoutes(app: FastifyInstance, ctx: FlowContext): Promise<void> {
  const ports = (request: FastifyRequest) => {
    const claims = isPublicCall(request) ? null : callerOf(request);
    return passwordFlowPorts(ctx, {
      ip: request.ip,
      session: { id: claims?.sid ?? null, impersonated: Boolean(claims?.act) },
      log: (message) => request.log.error(message),
    });
  };
  registerPublicHandlers(app, PASSWORD_FLOW_HANDLERS, ports);
  registerHandlers(app, PASSWORD_CHANGE_HANDLERS, ports);
}
