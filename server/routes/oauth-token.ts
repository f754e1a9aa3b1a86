/**
 * Hosted login's token endpoints (routes/oauth.ts): `POST {api}/oauth/token` (the code and
 * refresh-token grants) and `POST {api}/oauth/authorize/silent` (tokens from the browser session,
 * the kit's silent refresh). Request bodies: core/contract/routes/oauth.ts (the demo backend's too).
 */
import { decodeJwt } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  clientIdOfCode,
  endReusedClientSession,
  findLiveSession,
  grantOfRefreshToken,
  recordGrant,
  redeemCode,
} from '../domain/oauth';
import { clientOrigins, findClient, findClientByOrigin, type OAuthClient } from '../domain/oauth-clients';
import { findUserById } from '../storage/users';
import { answerAbsent, prefersQuietAbsence } from '../http/quiet-absence';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { oauthRefusal, unsupportedGrantRefusal } from '../../core/contract/oauth';
import { oauthTokenAnswer, SILENT_SCOPE } from '../../core/domain/session-tokens';
import { acceptFormBodies } from '../http/form';
import { requestOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { idToken, OAUTH_PATH, oauthError, oauthProvider, type OAuthProvider } from '../http/oauth';

interface TokenBody {
  grant_type?: string;
  client_id?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
}

type TokenRequest = FastifyRequest<{ Body: TokenBody }>;

async function token(ctx: AppContext, provider: OAuthProvider, request: TokenRequest, reply: FastifyReply) {
  const body = request.body;
  // The client SDK's exchangeOAuthTokens sends `{ code, code_verifier, redirect_uri }` or
  // `{ refresh_token }`, maybe without grant_type and client_id: the grant names both. The
  // verifier, the redirect URI and the token's own client are still checked (public clients).
  const grantType =
    body.grant_type ?? (body.code ? 'authorization_code' : body.refresh_token ? 'refresh_token' : undefined);
  const clientId =
    body.client_id ??
    (grantType === 'authorization_code'
      ? await clientIdOfCode(ctx.db, body.code)
      : grantType === 'refresh_token'
        ? (await grantOfRefreshToken(ctx.db, body.refresh_token))?.clientId
        : undefined);
  const client = await findClient(ctx.db, clientId);
  if (!client) return oauthError(reply, oauthRefusal('tokenClient'));
  if (grantType === 'authorization_code') return codeGrant(ctx, provider, request, reply, client);
  if (grantType === 'refresh_token') return refreshGrant(ctx, provider, request, reply, client);
  return oauthError(reply, unsupportedGrantRefusal());
}

async function codeGrant(
  ctx: AppContext,
  provider: OAuthProvider,
  request: TokenRequest,
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
  if (!redeemed.ok) return oauthError(reply, oauthRefusal('code', contractError(redeemed.refusal)));
  const user = await findUserById(ctx.db, redeemed.code.userId);
  if (!user) return oauthError(reply, oauthRefusal('userGone'));
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
  const { scope } = redeemed.code;
  const issued = await idToken(ctx, provider, user, client.clientId, {
    nonce: redeemed.code.nonce,
    sid: redeemed.code.browserSessionId,
    authTime: redeemed.code.authTime,
    tenantId,
    scope,
  });
  return oauthTokenAnswer(signedIn.authResponse, issued, { refreshToken: signedIn.refreshToken, scope });
}

async function refreshGrant(
  ctx: AppContext,
  provider: OAuthProvider,
  request: TokenRequest,
  reply: FastifyReply,
  client: OAuthClient,
) {
  const token = request.body.refresh_token;
  // Checked before anything is rotated: a browser cookie or another client's token is refused untouched.
  const grant = await grantOfRefreshToken(ctx.db, token);
  if (!grant || grant.clientId !== client.clientId) return oauthError(reply, oauthRefusal('refreshInvalid'));
  const refreshed = await ctx.auth.refresh(token!, clientInfo(request));
  if (!refreshed) return oauthError(reply, oauthRefusal('refreshExpired'));
  if (!refreshed.refreshToken) {
    await endReusedClientSession(ctx.db, refreshed.sessionId);
    return oauthError(reply, oauthRefusal('refreshExpired'));
  }
  const claims = decodeJwt(refreshed.authResponse.accessToken);
  const user = await findUserById(ctx.db, String(claims.sub));
  if (!user) return oauthError(reply, oauthRefusal('userGone'));
  const issued = await idToken(ctx, provider, user, client.clientId, {
    sid: grant.browserSessionId,
    authTime: grant.authTime,
    tenantId: (claims.tenantId as string | null) ?? null,
    scope: grant.scope,
  });
  const { refreshToken } = refreshed;
  return oauthTokenAnswer(refreshed.authResponse, issued, { refreshToken, scope: grant.scope });
}

type SilentRequest = FastifyRequest<{ Body: { client_id?: string; nonce?: string } | undefined }>;

async function silentAuthorize(
  ctx: AppContext,
  provider: OAuthProvider,
  request: SilentRequest,
  reply: FastifyReply,
) {
  // The client SDK's silentOAuthRefreshToken posts no body: the client is the one whose
  // pages are on the request's Origin (several or none: invalid_client).
  const body = request.body ?? {};
  const client = body.client_id
    ? await findClient(ctx.db, body.client_id)
    : await findClientByOrigin(ctx.db, request.headers.origin);
  if (!client) return oauthError(reply, oauthRefusal('silentClient'));
  // The browser session answers only the client's own pages (and this server's): no other
  // site can turn a visitor's cookie into tokens.
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== requestOrigin(request) && !clientOrigins(client).includes(origin)) {
    throw contractError('ORIGIN_NOT_ALLOWED');
  }
  const cookie = request.cookies[REFRESH_COOKIE];
  const refreshed = cookie ? await ctx.auth.refresh(cookie, clientInfo(request)) : null;
  if (!refreshed) {
    clearRefreshCookie(reply, ctx.cookies);
    if (prefersQuietAbsence(request)) return answerAbsent(reply);
    return oauthError(reply, oauthRefusal('loginRequired'));
  }
  if (refreshed.refreshToken) setRefreshCookie(reply, ctx.cookies, refreshed.refreshToken);
  const claims = decodeJwt(refreshed.authResponse.accessToken);
  const user = await findUserById(ctx.db, String(claims.sub));
  if (!user) return oauthError(reply, oauthRefusal('loginRequired'));
  const session = await findLiveSession(ctx.db, refreshed.refreshToken ?? cookie);
  const issued = await idToken(ctx, provider, user, client.clientId, {
    nonce: body.nonce ?? null,
    sid: refreshed.sessionId,
    authTime: session?.created_at ?? new Date(),
    tenantId: (claims.tenantId as string | null) ?? null,
    scope: SILENT_SCOPE,
  });
  return oauthTokenAnswer(refreshed.authResponse, issued);
}

/** Registers the token endpoint and the silent authorization under the prefix, when hosted login is on. */
export async function oauthTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = oauthProvider(ctx);
  if (!provider) return;
  await app.register(
    async (api) => {
      // The token endpoint takes the standard form encoding (RFC 6749 §4.1.3) as well as JSON.
      acceptFormBodies(api);
      api.post<{ Body: TokenBody }>(`${OAUTH_PATH}/token`, async (request, reply) =>
        token(ctx, provider, request, reply),
      );
      api.post<{ Body: { client_id?: string; nonce?: string } | undefined }>(
        `${OAUTH_PATH}/authorize/silent`,
        async (request, reply) => silentAuthorize(ctx, provider, request, reply),
      );
    },
    { prefix: provider.apiPrefix },
  );
}
