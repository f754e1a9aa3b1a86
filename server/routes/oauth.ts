/**
 * Hosted login: the reference server as an OpenID Connect provider (spec 000 §4 "Session
 * refresh", "Logout", §7 `/oauth/*`). One file per use case, registered in this order by app.ts;
 * what they share is in http/oauth.ts, the codes, grants and clients in domain/oauth*.ts.
 *
 * - `GET /.well-known/openid-configuration` (root and under the prefix): discovery (this file).
 * - `GET  {api}/oauth/authorize`: authorization code + PKCE (S256 only) (oauth-authorize.ts).
 *   With a live browser session (the `ae_refresh` cookie) it answers with a code at once; without,
 *   it sends the browser to the hosted sign-in page (`/oauth/login`, oauth-hosted-login.ts), which
 *   is `<auth-login-box>` and comes back here after sign-in.
 * - `POST {api}/oauth/token`: `authorization_code` and `refresh_token` (oauth-token.ts).
 * - `POST {api}/oauth/authorize/silent`: tokens from the browser session (the kit's silent
 *   refresh) (oauth-token.ts).
 * - `GET  {api}/oauth/logout`: RP-initiated logout (oauth-session.ts).
 * - `GET  {api}/oauth/userinfo` (oauth-session.ts).
 *
 * `{api}/oauth` is where the client SDK (`@frontegg/rest-api` 3.1.18, `urls.oauth.v1`) calls. The
 * refresh cookie is set for this folder too (http/cookies.ts), so the browser sends it here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { SUPPORTED_SCOPES } from '../domain/oauth';
import { OAUTH_PATH, oauthProvider } from '../http/oauth';
import { OAUTH_GRANT_TYPES } from '../../core/contract/oauth';

/** Registers discovery on the root app (and under the prefix), when hosted login is on. */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = oauthProvider(ctx);
  if (!provider) return;
  const { issuer, apiPrefix } = provider;
  const endpoint = (path: string) => `${issuer}${apiPrefix}${OAUTH_PATH}${path}`;

  const discovery = {
    issuer,
    authorization_endpoint: endpoint('/authorize'),
    token_endpoint: endpoint('/token'),
    userinfo_endpoint: endpoint('/userinfo'),
    end_session_endpoint: endpoint('/logout'),
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...OAUTH_GRANT_TYPES],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'sid',
      'email',
      'email_verified',
      'name',
      'tenantId',
    ],
    authorization_response_iss_parameter_supported: true,
  };
  const discoveryRoute = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'public, max-age=300');
    return discovery;
  };
  app.get('/.well-known/openid-configuration', discoveryRoute);
  if (apiPrefix) app.get(`${apiPrefix}/.well-known/openid-configuration`, discoveryRoute);
}
