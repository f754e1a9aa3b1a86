/**
 * Bearer-token check for the authenticated routes.
 */
import type { FastifyRequest } from 'fastify';
import { InvalidTokenError, type AccessTokenClaims, type TokenService } from '../domain/tokens';
import { httpError } from './errors';

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;
const MAX_TOKEN_LENGTH = 8192;

/**
 * Returns the verified claims of the request's access token, or throws 401. The check is
 * stateless (signature, issuer, audience, expiry): see `domain/tokens.ts` for what that implies
 * for revoked sessions.
 */
export async function requireUser(tokens: TokenService, request: FastifyRequest): Promise<AccessTokenClaims> {
  const header = request.headers.authorization;
  if (!header) throw httpError(401, 'Missing bearer token');
  const match = header.length <= MAX_TOKEN_LENGTH ? BEARER.exec(header) : null;
  if (!match?.[1]) throw httpError(401, 'Invalid or expired token');
  try {
    return await tokens.verify(match[1]);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw httpError(401, error.message);
    throw error;
  }
}
