/**
 * Hosted login after sign-in (routes/oauth.ts): `GET {api}/oauth/logout` (RP-initiated logout)
 * and `GET {api}/oauth/userinfo`.
 */
import { compactVerify, createLocalJWKSet } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { endBrowserSession, findLiveSession } from '../domain/oauth';
import {
  findClient,
  findClientByPostLogoutAddress,
  registeredPostLogoutAddress,
} from '../domain/oauth-clients';
import { displayName } from '../../core/domain/user-tables';
import { findUserById } from '../storage/users';
import { clearRefreshCookie, REFRESH_COOKIE } from '../http/cookies';
import { contractError, errorText } from '../../core/contract/errors';
import { OAUTH_PATH, oauthProvider, single, UUID, withParams, type OAuthProvider } from '../http/oauth';
import { page } from '../http/page';
import { callerOf } from '../http/route-table';

/** Sign-out refusals (error catalogue: OAUTH_LOGOUT_INVALID, OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED). */
const LOGOUT_REQUEST_INVALID = 'OAUTH_LOGOUT_INVALID';
const LOGOUT_ADDRESS_NOT_REGISTERED = 'OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED';

/** The hint's signature and issuer are checked; its expiry is not (OIDC RP-Initiated Logout §2). */
async function verifiedIdTokenHint(
  ctx: AppContext,
  provider: OAuthProvider,
  token: string,
): Promise<{ aud: string; sid: string | null } | null> {
  if (token.length > 8192) return null;
  try {
    const keys = createLocalJWKSet(await ctx.tokens.jwks());
    const { payload } = await compactVerify(token, keys, { algorithms: ['ES256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    if (claims.iss !== provider.issuer || typeof claims.aud !== 'string') return null;
    return { aud: claims.aud, sid: typeof claims.sid === 'string' ? claims.sid : null };
  } catch {
    return null;
  }
}

async function logout(
  ctx: AppContext,
  provider: OAuthProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) {
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
    if (request.headers.accept?.includes('text/html')) return page(reply, 400, title, `${error.message}.`);
    throw error.withStatus(400);
  };
  let hintedSid: string | null = null;
  if (hint) {
    const claims = await verifiedIdTokenHint(ctx, provider, hint);
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
  if (target && !returnTo) return refuse(errorText('OAUTH_REDIRECT_INVALID'), LOGOUT_ADDRESS_NOT_REGISTERED);
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
}

async function userinfo(ctx: AppContext, request: FastifyRequest) {
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
}

/** Registers the logout and userinfo endpoints under the prefix, when hosted login is on. */
export async function oauthSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = oauthProvider(ctx);
  if (!provider) return;
  await app.register(
    async (api) => {
      api.get(`${OAUTH_PATH}/logout`, async (request, reply) => logout(ctx, provider, request, reply));
      api.get(`${OAUTH_PATH}/userinfo`, async (request) => userinfo(ctx, request));
    },
    { prefix: provider.apiPrefix },
  );
}
