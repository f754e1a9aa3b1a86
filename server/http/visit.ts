/**
 * One request as the public flows read it (core/domain/platform.ts `Visit`): its address, the
 * origin check, the captcha policy, the bearer's session (a signed-in call), and the session a
 * flow opens, whose refresh token goes on the reply as the httpOnly cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Visit } from '../../core/domain/platform';
import type { AppContext } from '../context';
import { verifyCaptcha } from '../domain/captcha';
import { clientInfo } from './client-info';
import { setRefreshCookie } from './cookies';
import { assertTrustedOrigin } from './origin';
import { callerOf, isPublicCall } from './route-table';

export function serverVisit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Visit {
  const claims = isPublicCall(request) ? null : callerOf(request);
  return {
    ip: request.ip,
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    verifyCaptcha: (token, email) =>
      verifyCaptcha(ctx, { token: typeof token === 'string' ? token : null, email, ip: request.ip }),
    session: { id: claims?.sid ?? null, impersonated: Boolean(claims?.act) },
    async startSession(user) {
      const signedIn = await ctx.auth.startSession(user, clientInfo(request));
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
    log: (message) => request.log.error(message),
  };
}
