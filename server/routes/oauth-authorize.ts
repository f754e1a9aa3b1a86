/**
 * Hosted login's authorization endpoint, `GET {api}/oauth/authorize` (routes/oauth.ts): code +
 * PKCE (S256 only). With a live browser session it answers with a code at once; without, it sends
 * the browser to the hosted sign-in page, which comes back here after sign-in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { errorText } from '../../core/contract/errors';
import { createCode, findLiveSession, grantedScope, isChallengeShaped } from '../domain/oauth';
import { findClient, type OAuthClient } from '../domain/oauth-clients';
import { pickActiveTenant } from '../domain/tenants';
import { listUserTenants } from '../storage/tenants';
import { REFRESH_COOKIE } from '../http/cookies';
import {
  HOSTED_LOGIN_PAGE,
  OAUTH_PATH,
  oauthProvider,
  single,
  unknownApplicationPage,
  UUID,
  withParams,
  type OAuthProvider,
} from '../http/oauth';
import { page } from '../http/page';

/** The parameters that may appear once only (besides client_id and redirect_uri). */
const SINGLE_PARAMETERS = [
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

/** The authorization request, checked: what a code is issued for. */
interface AuthorizationRequest {
  scope: string;
  challenge: string;
  nonce: string | undefined;
  tenantHint: string | undefined;
  prompt: string | undefined;
}

/**
 * The request's parameters checked in RFC 6749's order, or the refusal to send back to the client
 * (`error`, `error_description`).
 */
function checkedRequest(
  query: Record<string, unknown>,
  redirectRepeated: boolean,
): AuthorizationRequest | { error: string; description: string } {
  const refuse = (error: string, description: string) => ({ error, description });
  const repeated =
    SINGLE_PARAMETERS.find((name) => single(query, name).repeated) ??
    (redirectRepeated ? 'redirect_uri' : undefined);
  if (repeated) return refuse('invalid_request', `Parameter ${repeated} is repeated`);
  const state = single(query, 'state').value;
  if (state !== undefined && state.length > 1000) return refuse('invalid_request', 'state is too long');
  if (single(query, 'response_type').value !== 'code')
    return refuse('unsupported_response_type', 'Only response_type=code is supported');
  const scope = grantedScope(single(query, 'scope').value);
  if (!scope) return refuse('invalid_scope', 'The openid scope is required');
  const challenge = single(query, 'code_challenge').value;
  if (single(query, 'code_challenge_method').value !== 'S256' || !isChallengeShaped(challenge)) {
    return refuse('invalid_request', 'PKCE is required: code_challenge with code_challenge_method S256');
  }
  const nonce = single(query, 'nonce').value;
  if (nonce !== undefined && (nonce.length === 0 || nonce.length > 500))
    return refuse('invalid_request', 'nonce must be 1 to 500 characters');
  const tenantHint = single(query, 'tenantId').value;
  if (tenantHint !== undefined && !UUID.test(tenantHint))
    return refuse('invalid_request', 'tenantId must be a tenant id');
  const organization = single(query, 'organization').value;
  if (organization !== undefined && organization.length > 100)
    return refuse('invalid_request', 'organization is too long');
  return { scope, challenge, nonce, tenantHint, prompt: single(query, 'prompt').value };
}

async function authorize(
  ctx: AppContext,
  provider: OAuthProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = request.query as Record<string, unknown>;
  const client = await findClient(ctx.db, single(query, 'client_id').value);
  if (!client) return unknownApplicationPage(reply);
  const redirect = single(query, 'redirect_uri');
  // Exact string match against the registered list, before anything is sent back (RFC 6749 §3.1.2.4).
  if (!redirect.value || !client.redirectUris.includes(redirect.value)) {
    return page(
      reply,
      400,
      errorText('OAUTH_REDIRECT_INVALID'),
      'The address this application asked to return to is not registered for it.',
    );
  }
  const redirectUri = redirect.value;
  const state = single(query, 'state');
  const back = (params: Record<string, string | undefined>) =>
    reply.redirect(withParams(redirectUri, { ...params, state: state.value, iss: provider.issuer }), 302);
  const fail = (error: string, description: string) => back({ error, error_description: description });

  const checked = checkedRequest(query, redirect.repeated);
  if ('error' in checked) return fail(checked.error, checked.description);
  const session = await findLiveSession(ctx.db, request.cookies[REFRESH_COOKIE]);
  if (session) {
    let tenantId = session.tenant_id;
    if (checked.tenantHint) {
      const tenants = await listUserTenants(ctx.db, session.user_id);
      const chosen = pickActiveTenant(tenants, checked.tenantHint);
      if (chosen?.id !== checked.tenantHint)
        return fail('access_denied', 'The signed-in user is not a member of the requested tenant');
      tenantId = chosen.id;
    }
    const code = await createCode(ctx.db, {
      clientId: client.clientId,
      userId: session.user_id,
      browserSessionId: session.id,
      tenantId,
      redirectUri,
      codeChallenge: checked.challenge,
      nonce: checked.nonce ?? null,
      scope: checked.scope,
      authTime: session.created_at,
    });
    return back({ code });
  }
  if (checked.prompt === 'none') return fail('login_required', 'The user is not signed in');
  return toHostedSignIn(provider, request, reply, client);
}

/** The hosted sign-in page comes back to this very request once the user has signed in. */
function toHostedSignIn(
  provider: OAuthProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  client: OAuthClient,
) {
  const continueAt = `${provider.apiPrefix}${OAUTH_PATH}/authorize?${new URL(request.url, 'http://x').searchParams.toString()}`;
  const hosted = new URLSearchParams({ client_id: client.clientId, redirectUrl: continueAt });
  return reply.redirect(`${HOSTED_LOGIN_PAGE}?${hosted.toString()}`, 302);
}

/** Registers `GET {api}/oauth/authorize` under the prefix, when hosted login is on. */
export async function oauthAuthorizeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = oauthProvider(ctx);
  if (!provider) return;
  await app.register(
    async (api) => {
      api.get(`${OAUTH_PATH}/authorize`, async (request, reply) => authorize(ctx, provider, request, reply));
    },
    { prefix: provider.apiPrefix },
  );
}
