/**
 * Bearer-token check for the authenticated routes.
 */
import type { FastifyRequest } from 'fastify';
import { isApiTokenAccess } from '../../core/domain/api-tokens';
import {
  InvalidTokenError,
  type AccessTokenClaims,
  type GuardContext,
  type TokenService,
} from '../domain/tokens';
import type { PrincipalRow } from '../storage/principal';
import { rememberCaller } from './audit-hook';
import { contractError } from '../../core/contract/errors';

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;
/** The client SDK's access tokens: an opaque secret (domain/access-tokens.ts), not a JWT. */
const OPAQUE_BEARER = /^Bearer +(fat_[A-Za-z0-9_-]{43})$/;
const MAX_TOKEN_LENGTH = 8192;

/**
 * Returns the verified claims of the request's access token, or throws 401: a signed JWT
 * (signature, issuer, audience, expiry, then its session: see `domain/tokens.ts`), or the opaque
 * secret of an access token (looked up by its hash on every call: `domain/access-tokens.ts`).
 */
export async function requireUser(tokens: TokenService, request: FastifyRequest): Promise<AccessTokenClaims> {
  const header = request.headers.authorization;
  if (!header) throw contractError('BEARER_MISSING');
  return verifiedCaller(tokens, request, header);
}

async function verifiedCaller(
  tokens: TokenService,
  request: FastifyRequest,
  header: string,
): Promise<AccessTokenClaims> {
  const opaque = OPAQUE_BEARER.exec(header);
  const match = opaque ?? (header.length <= MAX_TOKEN_LENGTH ? BEARER.exec(header) : null);
  if (!match?.[1]) throw contractError('TOKEN_INVALID');
  try {
    // A route that reads its caller (config `readsCaller`: GET me) has the session guard read them.
    const context: GuardContext = { ip: request.ip };
    if ((request.routeOptions.config as { readsCaller?: boolean } | undefined)?.readsCaller)
      context.principal = {};
    const claims = opaque
      ? await tokens.verifyOpaque(match[1], context)
      : await tokens.verify(match[1], context);
    rememberCaller(request, claims);
    if (context.principal?.row) readCallers.set(request, context.principal.row);
    return claims;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw error;
  }
}

const readCallers = new WeakMap<FastifyRequest, PrincipalRow>();

/**
 * The caller as the session guard's statement read them (storage/principal.ts) on a route whose
 * config says `readsCaller`; undefined otherwise (an API token's call: read it on its own).
 */
export const callerReadByGuard = (request: FastifyRequest): PrincipalRow | undefined =>
  readCallers.get(request);

export const API_TOKEN_REFUSED = 'API tokens cannot be used for this call: sign in as a user';

/**
 * `requireUser` for the calls that belong to a signed-in person and make no sense for a program:
 * those that open a session (impersonation, tenant switch), end sessions, or change how the person
 * signs in (MFA devices, passkeys, the phone number SMS sign-in uses). An access token exchanged
 * from an API token (personal or tenant) is refused with 403 before anything is read or written.
 */
export async function requireSignedInUser(
  tokens: TokenService,
  request: FastifyRequest,
): Promise<AccessTokenClaims> {
  const claims = await requireUser(tokens, request);
  if (isApiTokenAccess(claims)) throw contractError('API_TOKEN_REFUSED');
  return claims;
}

/**
 * `requireSignedInUser` for an access token sent in the body rather than the Authorization header:
 * the client SDK's impersonation sends the impersonator's token as `actorToken`, from a page that
 * may hold no bearer. The same checks as a bearer (signature, expiry, live session, IP rules; API
 * tokens refused), so the body is no weaker a proof than the header.
 */
export async function requireSignedInActor(
  tokens: TokenService,
  request: FastifyRequest,
  actorToken: string,
): Promise<AccessTokenClaims> {
  const claims = await verifiedCaller(tokens, request, `Bearer ${actorToken}`);
  if (isApiTokenAccess(claims)) throw contractError('API_TOKEN_REFUSED');
  return claims;
}
