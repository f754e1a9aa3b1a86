/**
 * Tenant SSO over SAML 2.0 (spec 000 §4 "Pre-login" step 2, §7 SAML rows); the checks are in
 * `domain/saml.ts`.
 *
 * - Pre-login (`routes/auth.ts`, v2 `/user/sso/prelogin` and v1 `/user/saml/prelogin`) answers
 *   `{ address, idpType: "saml" }` for an email of a connection's domain; the address is this
 *   server's start endpoint.
 * - `GET {api}/identity/resources/auth/v1/sso/saml/{key}/start[?redirect_uri=]`: sends the browser
 *   to the identity provider with an AuthnRequest, and marks it with a short-lived httpOnly cookie.
 *   `redirect_uri` picks one of the connection's registered kit callbacks (default: the first).
 * - `GET .../sso/saml/{key}/metadata`: the service provider's metadata (entity ID, ACS) for the
 *   tenant's identity provider administrator.
 * - `POST .../sso/saml/{key}/acs` (HTTP-POST binding): the identity provider's response; the
 *   browser goes on to the kit's SAML callback route with a single-use code, or with
 *   `error=sso_failed` when the response is refused.
 * - `POST {api}/identity/resources/auth/v1/user/saml/postlogin` `{ code }`: spends the code (in
 *   the browser that started), creates the user just in time with the connection's default roles,
 *   and signs in to the connection's tenant. The MFA gate of every first factor (`mfaGateOn`,
 *   core/domain/mfa-assembly.ts) runs first with that tenant, as for OIDC SSO: an MFA answer sets no cookie, and
 *   the session the second factor opens is in the connection's tenant.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SamlConnections, upsertSamlConnections } from '../domain/saml';
import { SamlLoginError } from '../domain/saml-service-provider';
import { refreshCookiePath } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { acceptFormBodies } from '../http/form';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { page } from '../http/page';
import { signInThroughConnection } from '../http/sso-sign-in';

const SAML_COOKIE = 'ae_saml';
const SSO_PATH = '/identity/resources/auth/v1/sso/saml';

export async function samlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  const base = (key: string) => `${issuer}${apiPrefix}${SSO_PATH}/${key}`;
  const samlConnections = ctx.options.ssoConnections.filter((c) => c.protocol === 'saml');
  if (samlConnections.length) {
    if (!/^https?:\/\//.test(issuer))
      throw new Error("SSO connections need the server's public URL as its issuer");
    await upsertSamlConnections(
      ctx.db,
      samlConnections,
      (key) => `${base(key)}/start`,
      ctx.options.samlSigning,
    );
  }
  const connections = new SamlConnections(
    ctx.db,
    (key) => ({ entityId: `${base(key)}/metadata`, acsUrl: `${base(key)}/acs` }),
    ctx.options.samlSigning,
  );
  const cookieOptions = {
    path: refreshCookiePath(ctx.options.prefix),
    httpOnly: true,
    secure: ctx.cookies.secure,
    sameSite: ctx.cookies.sameSite,
  } as const;

  await app.register(
    async (api) => {
      acceptFormBodies(api);

      api.get<{ Params: { key: string }; Querystring: { redirect_uri?: string } }>(
        `${SSO_PATH}/:key/start`,
        async (request, reply) => {
          const callback = request.query.redirect_uri;
          if (callback !== undefined && (typeof callback !== 'string' || callback.length > 2048)) {
            return page(
              reply,
              400,
              'Single sign-on failed',
              'The sign-in request has an invalid address to return to.',
            );
          }
          try {
            const { url, binding } = await connections.start(request.params.key, callback);
            reply.setCookie(SAML_COOKIE, binding, { ...cookieOptions, maxAge: 600 });
            return reply.redirect(url, 302);
          } catch (error) {
            if (!(error instanceof SamlLoginError)) throw error;
            request.log.warn(`SAML start refused: ${error.message}`);
            return page(
              reply,
              400,
              'Single sign-on failed',
              'This single sign-on connection is unknown, unavailable, or does not allow that return address.',
            );
          }
        },
      );

      api.get<{ Params: { key: string } }>(`${SSO_PATH}/:key/metadata`, async (request, reply) => {
        const xml = await connections.metadata(request.params.key);
        if (!xml) throw contractError('SSO_CONNECTION_UNKNOWN');
        return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
      });

      api.post<{ Params: { key: string }; Body: { SAMLResponse: string; RelayState?: string } }>(
        `${SSO_PATH}/:key/acs`,
        {
          // The identity provider's form post (SAML POST binding), not the client's contract: its
          // schema stays here (server/http/contract-requests.test.ts STILL_INLINE).
          schema: {
            body: s.strictObject(
              {
                SAMLResponse: { type: 'string', minLength: 1, maxLength: 500_000 },
                RelayState: { type: 'string', maxLength: 1024 },
              },
              ['SAMLResponse'],
            ),
          },
        },
        async (request, reply) => {
          // A cross-site form post from the identity provider: no origin check here; what it carries
          // is checked instead, and it only yields a code that the starting browser must spend.
          try {
            const { callbackUrl, code } = await connections.consume(
              request.params.key,
              request.body.SAMLResponse,
              request.body.RelayState,
            );
            const next = new URL(callbackUrl);
            next.searchParams.set('code', code);
            return reply.redirect(next.toString(), 303);
          } catch (error) {
            if (!(error instanceof SamlLoginError)) throw error;
            request.log.warn(`SAML response refused: ${error.message}`);
            if (!error.callbackUrl)
              return page(
                reply,
                400,
                'Single sign-on failed',
                'This single sign-on connection is unknown or unavailable.',
              );
            const next = new URL(error.callbackUrl);
            next.searchParams.set('error', 'sso_failed');
            return reply.redirect(next.toString(), 303);
          }
        },
      );

      // `{ code }` (the kit: the ACS sent the browser on with it) or the client SDK's
      // `{ RelayState, SAMLResponse }` (the page received the identity provider's post itself): the
      // response gets the ACS's checks, then the same browser binding (the start cookie) is required.
      // Request schema: core/contract/requests-sso-signin.ts (the demo backend's too).
      api.post<{ Body: { code?: string; SAMLResponse?: string; RelayState?: string } }>(
        '/identity/resources/auth/v1/user/saml/postlogin',
        async (request, reply) => {
          assertTrustedOrigin(request, ctx.options.corsOrigins);
          let identity;
          try {
            let code = request.body.code;
            if (!code) {
              const relayState = request.body.RelayState!;
              const key = await connections.keyOfRelayState(relayState);
              if (!key) throw new SamlLoginError('no pending request for this RelayState');
              code = (await connections.consume(key, request.body.SAMLResponse!, relayState)).code;
            }
            identity = await connections.redeem(code, request.cookies[SAML_COOKIE]);
          } catch (error) {
            if (!(error instanceof SamlLoginError)) throw error;
            request.log.warn(`SAML post-login refused: ${error.message}`);
            throw contractError('AUTHENTICATION_FAILED');
          } finally {
            reply.clearCookie(SAML_COOKIE, cookieOptions);
          }
          const { connection } = identity;
          return signInThroughConnection(
            ctx,
            request,
            reply,
            {
              provider: `saml:${connection.id}`,
              subject: identity.subject,
              email: identity.email,
              name: identity.name,
              groups: identity.groups,
            },
            connection,
          );
        },
      );
    },
    { prefix: apiPrefix },
  );
}
