/**
 * Authentication routes (under `/{prefix}/identity/resources/auth`): refresh, sign-out, SSO
 * pre-login. The refresh token travels only in the httpOnly cookie, never in a body. Sign-in by
 * password and sign-up are public areas over the platform (core/domain/sign-in-area.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractError } from '../../core/contract/errors';
import { SSO_PRE_LOGIN_HANDLERS } from '../../core/domain/sign-in-handlers';
import type { AppContext } from '../context';
import { clientInfo } from '../http/client-info';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { registerPublicHandlers } from '../http/handlers';
import { assertTrustedOrigin } from '../http/origin';
import { answerAbsent, prefersQuietAbsence } from '../http/quiet-absence';
import { tenantSsoRoute, vendorSsoDomain } from '../storage/sso-config';

/**
 * Registers the auth routes on `app` (already scoped to the URL prefix). Request schemas:
 * core/contract/requests.ts (the demo backend validates with them too).
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/auth';
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const ssoIssuer = ctx.options.issuer.replace(/\/+$/, '');
  const noBody = { bodyLimit: 1024 };

  // SSO pre-login: the domains the vendor configured, then the validated domains of the
  // accounts' enabled connections.
  registerPublicHandlers(app, SSO_PRE_LOGIN_HANDLERS, (request, reply) => ({
    async ssoRoute(domain) {
      const own = await vendorSsoDomain(ctx.db, domain);
      if (own) return { address: own.address, idpType: own.idp_type };
      const route = await tenantSsoRoute(ctx.db, domain);
      return (
        route && {
          address: `${ssoIssuer}${apiPrefix}/identity/resources/auth/v1/sso/${route.protocol}/${route.key}/start`,
          idpType: route.protocol,
        }
      );
    },
    quietAbsence() {
      if (!prefersQuietAbsence(request)) return null;
      reply.header('preference-applied', 'quiet-absence');
      return { status: 204, body: undefined };
    },
  }));

  app.post(`${base}/v1/user/token/refresh`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    const token = request.cookies[REFRESH_COOKIE];
    const signedIn = token ? await ctx.auth.refresh(token, clientInfo(request)) : null;
    if (!signedIn) return refuse(request, reply);
    if (signedIn.refreshToken) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return signedIn.authResponse;
  });

  app.post(`${base}/v1/logout`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    await ctx.auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, ctx.cookies);
    return {};
  });

  function refuse(request: FastifyRequest, reply: FastifyReply) {
    // The cookie is useless now; remove it so the browser stops sending it.
    clearRefreshCookie(reply, ctx.cookies);
    if (prefersQuietAbsence(request)) return answerAbsent(reply);
    throw contractError('SESSION_EXPIRED');
  }
}
