/**
 * Hosted login: the reference server as an OpenID Connect provider (spec 000 §4 "Session
 * refresh", "Logout", §7 `/oauth/*`).
 *
 * - `GET /.well-known/openid-configuration` (root and under the prefix): discovery.
 * - `GET  {api}/oauth/authorize`: authorization code + PKCE (S256 only).
 *   With a live browser session (the `ae_refresh` cookie) it answers with a code at once; without,
 *   it sends the browser to the hosted sign-in page (`/oauth/login`), which is `<auth-login-box>`
 *   and comes back here after sign-in.
 * - `POST {api}/oauth/token`: `authorization_code` and `refresh_token`.
 * - `POST {api}/oauth/authorize/silent`: tokens from the browser session (the kit's silent refresh).
 * - `GET  {api}/oauth/logout`: RP-initiated logout.
 * - `GET  {api}/oauth/userinfo`.
 *
 * `{api}/oauth` is where the client SDK (`@frontegg/rest-api` 3.1.18, `urls.oauth.v1`) calls. The
 * refresh cookie is set for this folder too (http/cookies.ts), so the browser sends it here.
 */
import { compactVerify, createLocalJWKSet, decodeJwt } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  clientIdOfCode,
  clientOrigins,
  createCode,
  endBrowserSession,
  findClient,
  findClientByPostLogoutAddress,
  registeredPostLogoutAddress,
  findClientByOrigin,
  findLiveSession,
  grantOfRefreshToken,
  grantedScope,
  isChallengeShaped,
  recordGrant,
  redeemCode,
  SUPPORTED_SCOPES,
  type OAuthClient,
} from '../domain/oauth';
import { listUserTenants, pickActiveTenant } from '../domain/tenants';
import { displayName, findUserById, type UserRow } from '../domain/users';
import { answerAbsent, prefersQuietAbsence } from '../http/quiet-absence';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { contractError, errorBody, type ContractError } from '../../core/contract/errors';
import { acceptFormBodies } from '../http/form';
import { requestOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { escapeHtml, page } from '../http/page';
import { callerOf } from '../http/route-table';

/** Under the prefix: `/frontegg/oauth/*`, where the client SDK calls (its `urls.oauth.v1`). */
const OAUTH_PATH = '/oauth';
const HOSTED_LOGIN_PAGE = '/oauth/login';
/** Sign-out refusals (error catalogue: OAUTH_LOGOUT_INVALID, OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED). */
const LOGOUT_REQUEST_INVALID = 'OAUTH_LOGOUT_INVALID';
const LOGOUT_ADDRESS_NOT_REGISTERED = 'OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TokenBody {
  grant_type?: string;
  client_id?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
}

/** The OAuth error shape (RFC 6749 §5.2), with the contract's `errors` and `errorCodes` beside it. */
function oauthError(reply: FastifyReply, status: number, error: string, refusal: ContractError) {
  return reply.status(status).send({ error, error_description: refusal.message, ...errorBody(refusal) });
}

/** One value per parameter: a repeated parameter is an invalid request (RFC 6749 §3.1). */
function single(
  query: Record<string, unknown>,
  name: string,
): { value: string | undefined; repeated: boolean } {
  const raw = query[name];
  if (Array.isArray(raw)) return { value: undefined, repeated: true };
  return { value: typeof raw === 'string' ? raw : undefined, repeated: false };
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Registers discovery, the OAuth endpoints (under the prefix) and the hosted sign-in page on the root app. */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  // An OpenID provider's issuer is its URL (OIDC Discovery §3); without one, hosted login is off.
  if (!/^https?:\/\//.test(issuer)) return;
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const endpoint = (path: string) => `${issuer}${apiPrefix}${OAUTH_PATH}${path}`;
  const accessTtl = ctx.options.accessTokenTtlSeconds;

  const discovery = {
    issuer,
    authorization_endpoint: endpoint('/authorize'),
    token_endpoint: endpoint('/token'),
    userinfo_endpoint: endpoint('/userinfo'),
    end_session_endpoint: endpoint('/logout'),
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
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

  async function idToken(
    user: UserRow,
    clientId: string,
    extra: {
      nonce?: string | null;
      sid: string | null;
      authTime: Date;
      tenantId: string | null;
      scope: string;
    },
  ) {
    const scopes = extra.scope.split(' ');
    const claims: Record<string, unknown> = {
      auth_time: Math.floor(extra.authTime.getTime() / 1000),
      tenantId: extra.tenantId,
    };
    if (extra.nonce) claims.nonce = extra.nonce;
    if (extra.sid) claims.sid = extra.sid;
    if (scopes.includes('email')) Object.assign(claims, { email: user.email, email_verified: user.verified });
    if (scopes.includes('profile')) claims.name = displayName(user);
    return ctx.tokens.signIdToken({
      issuer,
      audience: clientId,
      subject: user.id,
      ttlSeconds: accessTtl,
      claims,
    });
  }

  await app.register(
    async (api) => {
      // The token endpoint takes the standard form encoding (RFC 6749 §4.1.3) as well as JSON.
      acceptFormBodies(api);

      api.get(`${OAUTH_PATH}/authorize`, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const client = await findClient(ctx.db, single(query, 'client_id').value);
        if (!client)
          return page(
            reply,
            400,
            'Unknown application',
            'The application that sent you here is not registered with this sign-in service.',
          );
        const redirect = single(query, 'redirect_uri');
        // Exact string match against the registered list, before anything is sent back (RFC 6749 §3.1.2.4).
        if (!redirect.value || !client.redirectUris.includes(redirect.value)) {
          return page(
            reply,
            400,
            'Invalid redirect address',
            'The address this application asked to return to is not registered for it.',
          );
        }
        const redirectUri = redirect.value;
        const state = single(query, 'state');
        const back = (params: Record<string, string | undefined>) =>
          reply.redirect(withParams(redirectUri, { ...params, state: state.value, iss: issuer }), 302);
        const fail = (error: string, description: string) => back({ error, error_description: description });

        const names = [
          'response_type',
          'scope',
          'state',
          'nonce',
          'code_challenge',
          'code_challenge_method',
          'prompt',
          'tenantId',
          'organization',
        ];
        const repeated =
          names.find((name) => single(query, name).repeated) ??
          (redirect.repeated ? 'redirect_uri' : undefined);
        if (repeated) return fail('invalid_request', `Parameter ${repeated} is repeated`);
        if (state.value !== undefined && state.value.length > 1000)
          return fail('invalid_request', 'state is too long');
        if (single(query, 'response_type').value !== 'code')
          return fail('unsupported_response_type', 'Only response_type=code is supported');
        const scope = grantedScope(single(query, 'scope').value);
        if (!scope) return fail('invalid_scope', 'The openid scope is required');
        const challenge = single(query, 'code_challenge').value;
        if (single(query, 'code_challenge_method').value !== 'S256' || !isChallengeShaped(challenge)) {
          return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method S256');
        }
        const nonce = single(query, 'nonce').value;
        if (nonce !== undefined && (nonce.length === 0 || nonce.length > 500))
          return fail('invalid_request', 'nonce must be 1 to 500 characters');
        const tenantHint = single(query, 'tenantId').value;
        if (tenantHint !== undefined && !UUID.test(tenantHint))
          return fail('invalid_request', 'tenantId must be a tenant id');
        const organization = single(query, 'organization').value;
        if (organization !== undefined && organization.length > 100)
          return fail('invalid_request', 'organization is too long');
        const prompt = single(query, 'prompt').value;

        const session = await findLiveSession(ctx.db, request.cookies[REFRESH_COOKIE]);
        if (session) {
          let tenantId = session.tenant_id;
          if (tenantHint) {
            const tenants = await listUserTenants(ctx.db, session.user_id);
            const chosen = pickActiveTenant(tenants, tenantHint);
            if (chosen?.id !== tenantHint)
              return fail('access_denied', 'The signed-in user is not a member of the requested tenant');
            tenantId = chosen.id;
          }
          const code = await createCode(ctx.db, {
            clientId: client.clientId,
            userId: session.user_id,
            browserSessionId: session.id,
            tenantId,
            redirectUri,
            codeChallenge: challenge,
            nonce: nonce ?? null,
            scope,
            authTime: session.created_at,
          });
          return back({ code });
        }
        if (prompt === 'none') return fail('login_required', 'The user is not signed in');
        // The hosted sign-in page comes back to this very request once the user has signed in.
        const continueAt = `${apiPrefix}${OAUTH_PATH}/authorize?${new URL(request.url, 'http://x').searchParams.toString()}`;
        const hosted = new URLSearchParams({ client_id: client.clientId, redirectUrl: continueAt });
        return reply.redirect(`${HOSTED_LOGIN_PAGE}?${hosted.toString()}`, 302);
      });

      api.post<{ Body: TokenBody }>(
        // Request bodies here: core/contract/requests-portal.ts (the demo backend's too).
        `${OAUTH_PATH}/token`,
        async (request, reply) => {
          const body = request.body;
          // The client SDK's exchangeOAuthTokens sends `{ code, code_verifier, redirect_uri }` or
          // `{ refresh_token }`, maybe without grant_type and client_id: the grant names both. The
          // verifier, the redirect URI and the token's own client are still checked (public clients).
          const grantType =
            body.grant_type ??
            (body.code ? 'authorization_code' : body.refresh_token ? 'refresh_token' : undefined);
          const clientId =
            body.client_id ??
            (grantType === 'authorization_code'
              ? await clientIdOfCode(ctx.db, body.code)
              : grantType === 'refresh_token'
                ? (await grantOfRefreshToken(ctx.db, body.refresh_token))?.clientId
                : undefined);
          const client = await findClient(ctx.db, clientId);
          if (!client) return oauthError(reply, 401, 'invalid_client', contractError('OAUTH_CLIENT_UNKNOWN'));
          if (grantType === 'authorization_code') return codeGrant(request, reply, client);
          if (grantType === 'refresh_token') return refreshGrant(request, reply, client);
          return oauthError(
            reply,
            400,
            'unsupported_grant_type',
            contractError('FIELD_TYPE', { field: 'grant_type', type: 'authorization_code or refresh_token' }),
          );
        },
      );

      async function codeGrant(
        request: FastifyRequest<{ Body: TokenBody }>,
        reply: FastifyReply,
        client: OAuthClient,
      ) {
        const body = request.body;
        const redeemed = await redeemCode(ctx.db, {
          code: body.code,
          clientId: client.clientId,
          redirectUri: body.redirect_uri,
          codeVerifier: body.code_verifier,
        });
        if (!redeemed.ok) return oauthError(reply, 400, 'invalid_grant', contractError(redeemed.refusal));
        const user = await findUserById(ctx.db, redeemed.code.userId);
        if (!user) return oauthError(reply, 400, 'invalid_grant', contractError('OAUTH_USER_GONE'));
        const signedIn = await ctx.auth.startSession(user, clientInfo(request), redeemed.code.tenantId);
        await recordGrant(ctx.db, {
          sessionId: signedIn.sessionId,
          clientId: client.clientId,
          codeHash: redeemed.code.codeHash,
          browserSessionId: redeemed.code.browserSessionId,
          scope: redeemed.code.scope,
          authTime: redeemed.code.authTime,
        });
        const tenantId = decodeJwt(signedIn.authResponse.accessToken).tenantId as string | null;
        return {
          access_token: signedIn.authResponse.accessToken,
          token_type: 'Bearer',
          expires_in: signedIn.authResponse.expiresIn,
          refresh_token: signedIn.refreshToken,
          scope: redeemed.code.scope,
          id_token: await idToken(user, client.clientId, {
            nonce: redeemed.code.nonce,
            sid: redeemed.code.browserSessionId,
            authTime: redeemed.code.authTime,
            tenantId,
            scope: redeemed.code.scope,
          }),
        };
      }

      async function refreshGrant(
        request: FastifyRequest<{ Body: TokenBody }>,
        reply: FastifyReply,
        client: OAuthClient,
      ) {
        const token = request.body.refresh_token;
        // Checked before anything is rotated: a browser cookie or another client's token is refused untouched.
        const grant = await grantOfRefreshToken(ctx.db, token);
        if (!grant || grant.clientId !== client.clientId)
          return oauthError(reply, 400, 'invalid_grant', contractError('OAUTH_REFRESH_INVALID'));
        const refreshed = await ctx.auth.refresh(token!, clientInfo(request));
        if (!refreshed)
          return oauthError(reply, 400, 'invalid_grant', contractError('OAUTH_REFRESH_EXPIRED'));
        if (!refreshed.refreshToken) {
          // The browser's 10 s grace for tabs racing one cookie does not apply: a client holds a
          // single copy, so a rotated token presented again is reuse and ends the session.
          await ctx.db.query(
            `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh token reused' WHERE id = $1 AND revoked_at IS NULL`,
            [refreshed.sessionId],
          );
          return oauthError(reply, 400, 'invalid_grant', contractError('OAUTH_REFRESH_EXPIRED'));
        }
        const claims = decodeJwt(refreshed.authResponse.accessToken);
        const user = await findUserById(ctx.db, String(claims.sub));
        if (!user) return oauthError(reply, 400, 'invalid_grant', contractError('OAUTH_USER_GONE'));
        return {
          access_token: refreshed.authResponse.accessToken,
          token_type: 'Bearer',
          expires_in: refreshed.authResponse.expiresIn,
          refresh_token: refreshed.refreshToken,
          scope: grant.scope,
          id_token: await idToken(user, client.clientId, {
            sid: grant.browserSessionId,
            authTime: grant.authTime,
            tenantId: (claims.tenantId as string | null) ?? null,
            scope: grant.scope,
          }),
        };
      }

      api.post<{ Body: { client_id?: string; nonce?: string } | undefined }>(
        `${OAUTH_PATH}/authorize/silent`,
        async (request, reply) => {
          // The client SDK's silentOAuthRefreshToken posts no body: the client is the one whose
          // pages are on the request's Origin (several or none: invalid_client).
          const body = request.body ?? {};
          const client = body.client_id
            ? await findClient(ctx.db, body.client_id)
            : await findClientByOrigin(ctx.db, request.headers.origin);
          if (!client) return oauthError(reply, 400, 'invalid_client', contractError('OAUTH_CLIENT_UNKNOWN'));
          // The browser session answers only the client's own pages (and this server's): no other
          // site can turn a visitor's cookie into tokens.
          const origin = request.headers.origin;
          if (
            origin !== undefined &&
            origin !== requestOrigin(request) &&
            !clientOrigins(client).includes(origin)
          ) {
            throw contractError('ORIGIN_NOT_ALLOWED');
          }
          const cookie = request.cookies[REFRESH_COOKIE];
          const refreshed = cookie ? await ctx.auth.refresh(cookie, clientInfo(request)) : null;
          if (!refreshed) {
            clearRefreshCookie(reply, ctx.cookies);
            if (prefersQuietAbsence(request)) return answerAbsent(reply);
            return oauthError(reply, 401, 'login_required', contractError('SESSION_EXPIRED'));
          }
          if (refreshed.refreshToken) setRefreshCookie(reply, ctx.cookies, refreshed.refreshToken);
          const claims = decodeJwt(refreshed.authResponse.accessToken);
          const user = await findUserById(ctx.db, String(claims.sub));
          if (!user) return oauthError(reply, 401, 'login_required', contractError('SESSION_EXPIRED'));
          const session = await findLiveSession(ctx.db, refreshed.refreshToken ?? cookie);
          return {
            access_token: refreshed.authResponse.accessToken,
            token_type: 'Bearer',
            expires_in: refreshed.authResponse.expiresIn,
            id_token: await idToken(user, client.clientId, {
              nonce: body.nonce ?? null,
              sid: refreshed.sessionId,
              authTime: session?.created_at ?? new Date(),
              tenantId: (claims.tenantId as string | null) ?? null,
              scope: 'openid email profile',
            }),
          };
        },
      );

      api.get(`${OAUTH_PATH}/logout`, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const hint = single(query, 'id_token_hint').value;
        const target = single(query, 'post_logout_redirect_uri').value;
        const state = single(query, 'state').value;
        let clientId = single(query, 'client_id').value;
        // A browser navigating here gets a page; the client SDK's fetch (OAuthLogout: no text/html
        // in Accept) gets the error list it reads and shows, not a page it cannot parse.
        const refuse = (
          title: string,
          code: typeof LOGOUT_REQUEST_INVALID | typeof LOGOUT_ADDRESS_NOT_REGISTERED,
        ) => {
          const error = contractError(code);
          if (request.headers.accept?.includes('text/html'))
            return page(reply, 400, title, `${error.message}.`);
          throw error.withStatus(400);
        };
        let hintedSid: string | null = null;
        if (hint) {
          const claims = await verifiedIdTokenHint(hint);
          if (!claims || (clientId && clientId !== claims.aud))
            return refuse('Sign-out failed', LOGOUT_REQUEST_INVALID);
          clientId = claims.aud;
          hintedSid = claims.sid;
        }
        // Neither client_id nor a hint (the client SDK's OAuthLogout): the client that registered
        // this return address; an address no client registered is refused below.
        const client = clientId
          ? await findClient(ctx.db, clientId)
          : target
            ? await findClientByPostLogoutAddress(ctx.db, target)
            : null;
        const returnTo = target && client ? registeredPostLogoutAddress(client, target) : null;
        if (target && !returnTo) return refuse('Invalid redirect address', LOGOUT_ADDRESS_NOT_REGISTERED);
        const session = await findLiveSession(ctx.db, request.cookies[REFRESH_COOKIE]);
        if (session) await endBrowserSession(ctx.db, session.id);
        if (hintedSid && UUID.test(hintedSid)) await endBrowserSession(ctx.db, hintedSid);
        clearRefreshCookie(reply, ctx.cookies);
        if (returnTo) {
          // A browser follows the Location; the client SDK (fetching this) reads the address from
          // the body and navigates there itself. The registered spelling is where it goes.
          const address = withParams(returnTo, { state });
          return reply.code(302).header('location', address).type('text/plain; charset=utf-8').send(address);
        }
        return page(reply, 200, 'Signed out', 'You are signed out.');
      });

      /** The hint's signature and issuer are checked; its expiry is not (OIDC RP-Initiated Logout §2). */
      async function verifiedIdTokenHint(token: string): Promise<{ aud: string; sid: string | null } | null> {
        if (token.length > 8192) return null;
        try {
          const keys = createLocalJWKSet(await ctx.tokens.jwks());
          const { payload } = await compactVerify(token, keys, { algorithms: ['ES256'] });
          const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
          if (claims.iss !== issuer || typeof claims.aud !== 'string') return null;
          return { aud: claims.aud, sid: typeof claims.sid === 'string' ? claims.sid : null };
        } catch {
          return null;
        }
      }

      api.get(`${OAUTH_PATH}/userinfo`, async (request) => {
        const claims = callerOf(request);
        const user = await findUserById(ctx.db, claims.sub);
        if (!user) throw contractError('TOKEN_INVALID');
        return {
          sub: user.id,
          email: user.email,
          email_verified: user.verified,
          name: displayName(user),
          tenantId: claims.tenantId,
        };
      });
    },
    { prefix: apiPrefix },
  );

  // The hosted sign-in page: the kit's own login box, served by this server from its CDN files.
  app.get(HOSTED_LOGIN_PAGE, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const client = await findClient(ctx.db, single(query, 'client_id').value);
    const origin = requestOrigin(request);
    if (!client || !origin)
      return page(
        reply,
        400,
        'Unknown application',
        'The application that sent you here is not registered with this sign-in service.',
      );
    if (!ctx.options.staticRoot)
      return page(
        reply,
        503,
        'Sign-in unavailable',
        'This server does not serve the sign-in page (no static files configured).',
      );
    const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in to ${escapeHtml(client.name)}</title>
  <style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1d2733}main{max-width:28rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.25rem;text-align:center;margin:0 0 1rem}</style>
  <script type="module" src="/cdn/loader.js"></script>
</head>
<body>
  <main>
    <h1>Sign in to continue to ${escapeHtml(client.name)}</h1>
    <auth-login-box base-url="${escapeHtml(origin)}"${ctx.options.prefix === 'frontegg' ? '' : ` url-prefix="${escapeHtml(ctx.options.prefix)}"`}></auth-login-box>
  </main>
</body>
</html>`;
    return reply
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', "frame-ancestors 'none'")
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
