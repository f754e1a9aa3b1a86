/**
 * What the hosted-login routes share (routes/oauth.ts discovery, oauth-authorize.ts,
 * oauth-token.ts, oauth-session.ts, oauth-hosted-login.ts): where the provider is, the OAuth error
 * shape, query parameters read one value each, and the ID token.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../storage/users';
import { errorText } from '../../core/contract/errors';
import { idTokenClaims, type IdTokenFacts } from '../../core/domain/session-tokens';
import { page } from './page';

/** Under the prefix: `/frontegg/oauth/*`, where the client SDK calls (its `urls.oauth.v1`). */
export const OAUTH_PATH = '/oauth';
export const HOSTED_LOGIN_PAGE = '/oauth/login';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider's addresses: its issuer URL and the API prefix its endpoints sit under. */
export interface OAuthProvider {
  issuer: string;
  /** `/frontegg`, or '' without a prefix. */
  apiPrefix: string;
}

/**
 * The provider of this server, or null when hosted login is off: an OpenID provider's issuer is its
 * URL (OIDC Discovery §3), so without an http(s) issuer no OAuth route is registered.
 */
export function oauthProvider(ctx: AppContext): OAuthProvider | null {
  const issuer = ctx.options.issuer.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(issuer)) return null;
  return { issuer, apiPrefix: ctx.options.prefix ? `/${ctx.options.prefix}` : '' };
}

/** A refusal in the OAuth error shape (core/contract/oauth.ts `oauthRefusal`, with demo mode). */
export function oauthError(reply: FastifyReply, refusal: { status: number; body: object }) {
  return reply.status(refusal.status).send(refusal.body);
}

/** One value per parameter: a repeated parameter is an invalid request (RFC 6749 §3.1). */
export function single(
  query: Record<string, unknown>,
  name: string,
): { value: string | undefined; repeated: boolean } {
  const raw = query[name];
  if (Array.isArray(raw)) return { value: undefined, repeated: true };
  return { value: typeof raw === 'string' ? raw : undefined, repeated: false };
}

export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The page for a client_id no client has (the authorization request, the hosted sign-in page). */
export function unknownApplicationPage(reply: FastifyReply) {
  return page(
    reply,
    400,
    errorText('OAUTH_APPLICATION_UNKNOWN'),
    'The application that sent you here is not registered with this sign-in service.',
  );
}

/** An ID token for `user` and `clientId`: its claims by scope (`email`, `profile`). */
export async function idToken(
  ctx: AppContext,
  provider: OAuthProvider,
  user: UserRow,
  clientId: string,
  extra: IdTokenFacts,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const issue = { iss: provider.issuer, aud: clientId, iat, ttl: ctx.options.accessTokenTtlSeconds };
  return ctx.tokens.signIdToken(idTokenClaims(user, extra, issue));
}
