/**
 * Tenant SSO over OpenID Connect (spec 000 §4 "Pre-login" step 2, §7 OIDC rows):
 *
 * - Pre-login (`routes/auth.ts`) answers `{ address, idpType: "oidc" }` for an email of a
 *   connection's domain; the address is this server's start endpoint, and the kit appends its
 *   `redirect_uri` (the `oidcRedirectUrl` route) when missing.
 * - `GET {api}/identity/resources/auth/v1/sso/oidc/{key}/start?redirect_uri=..`: stores state,
 *   PKCE verifier and nonce, marks the browser with a short-lived httpOnly cookie, and sends it to
 *   the tenant's identity provider.
 * - `POST {api}/identity/resources/auth/v1/user/oidc/postlogin` (and v2) `{ code, redirectUri,
 *   RelayState }` (RelayState carries the `state` of the callback): exchanges the code, creates the
 *   user just in time with the connection's default roles, signs in to the connection's tenant.
 *   The MFA gate of every first factor (`mfaGateOn`, core/domain/mfa-assembly.ts) runs first, with the
 *   connection's tenant: its MFA policy applies and the mfaToken keeps that tenant, so the session
 *   opened by the second factor is in it. An MFA answer sets no cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { loadSecretsKey, SecretBox } from '../domain/secrets';
import { SsoConnections, SsoLoginError, upsertSsoConnections } from '../domain/sso';
import { refreshCookiePath } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { oidcSignInState } from '../../core/contract/requests-sso-signin';
import { page } from '../http/page';
import { signInThroughConnection } from '../http/sso-sign-in';

const SSO_COOKIE = 'ae_sso';

interface PostLoginBody {
  code: string;
  redirectUri: string;
  /** One of the two: `RelayState` (v2, the kit) or `state` (the client SDK's v1 body). */
  RelayState?: string;
  state?: string;
}

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const secrets = new SecretBox(await loadSecretsKey(ctx.db, ctx.options.secretsKey));
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  const oidcConnections = ctx.options.ssoConnections.filter((c) => c.protocol === 'oidc');
  if (oidcConnections.length) {
    if (!/^https?:\/\//.test(issuer))
      throw new Error("SSO connections need the server's public URL as its issuer");
    await upsertSsoConnections(
      ctx.db,
      secrets,
      oidcConnections,
      (key) => `${issuer}${apiPrefix}/identity/resources/auth/v1/sso/oidc/${key}/start`,
    );
  }
  const connections = new SsoConnections(ctx.db, secrets, {
    allowInsecureRequests: ctx.options.allowInsecureIdentityProviders,
  });
  const cookieOptions = {
    path: refreshCookiePath(ctx.options.prefix),
    httpOnly: true,
    secure: ctx.cookies.secure,
    sameSite: ctx.cookies.sameSite,
  } as const;

  await app.register(
    async (api) => {
      api.get<{ Params: { key: string }; Querystring: { redirect_uri?: string } }>(
        '/identity/resources/auth/v1/sso/oidc/:key/start',
        async (request, reply) => {
          const redirectUri = request.query.redirect_uri;
          if (typeof redirectUri !== 'string' || redirectUri.length > 2048) {
            return page(
              reply,
              400,
              'Single sign-on failed',
              'The sign-in request is missing the address to return to.',
            );
          }
          try {
            const { url, binding } = await connections.start(request.params.key, redirectUri);
            reply.setCookie(SSO_COOKIE, binding, { ...cookieOptions, maxAge: 600 });
            return reply.redirect(url, 302);
          } catch (error) {
            request.log.warn(`SSO start refused: ${error instanceof Error ? error.message : String(error)}`);
            return page(
              reply,
              400,
              'Single sign-on failed',
              'This single sign-on connection is unknown, unavailable, or does not allow that return address.',
            );
          }
        },
      );

      // Request schema: core/contract/requests-sso-signin.ts (the demo backend's too).
      const postLogin = async (request: FastifyRequest<{ Body: PostLoginBody }>, reply: FastifyReply) => {
        assertTrustedOrigin(request, ctx.options.corsOrigins);
        const state = oidcSignInState(request.body);
        if (state === null) throw contractError('SSO_STATE_ONCE');
        let outcome;
        try {
          outcome = await connections.complete({
            code: request.body.code,
            state,
            redirectUri: request.body.redirectUri,
            binding: request.cookies[SSO_COOKIE],
          });
        } catch (error) {
          if (!(error instanceof SsoLoginError)) throw error;
          request.log.warn(`OIDC SSO refused: ${error.message}`);
          throw contractError('AUTHENTICATION_FAILED');
        } finally {
          reply.clearCookie(SSO_COOKIE, cookieOptions);
        }
        const { connection } = outcome;
        return signInThroughConnection(
          ctx,
          request,
          reply,
          {
            provider: `sso:${connection.id}`,
            subject: outcome.subject,
            email: outcome.email,
            name: outcome.name,
            groups: outcome.groups,
          },
          connection,
        );
      };
      api.post<{ Body: PostLoginBody }>('/identity/resources/auth/v1/user/oidc/postlogin', (request, reply) =>
        postLogin(request, reply),
      );
      api.post<{ Body: PostLoginBody }>('/identity/resources/auth/v2/user/oidc/postlogin', (request, reply) =>
        postLogin(request, reply),
      );
    },
    { prefix: apiPrefix },
  );
}
