/**
 * API tokens (spec 001 §7 "Access tokens and API tokens for users and tenants: GET, POST
 * (description, expiresInMinutes, roleIds), DELETE"), in the caller's active tenant:
 * - personal: GET | POST /identity/resources/users/api-tokens/v1, DELETE .../{id}
 *   (fe.secure.read|write|delete.userApiTokens; a user sees and deletes only their own);
 * - tenant:   GET | POST /identity/resources/tenants/api-tokens/v1, DELETE .../{id}
 *   (fe.secure.read|write|delete.tenantApiTokens; roleIds: roles of the tenant whose permissions
 *   the caller holds, so a token never has more than its maker).
 * PATCH .../{id} (fe.secure.write.*): a token's description, and an account token's roles (the
 * same grant rule as creation); the secret and the expiry do not change.
 * POST answers the token with its `secret`, which no later call shows again. `expiresInMinutes`
 * null or absent: the token never expires. Creation is refused while the vendor's policy has API
 * tokens turned off (apiTokensEnabled).
 *
 * Access tokens (the client SDK's auth.getUserAccessTokensData, createUserAccessToken,
 * deleteUserAccessToken and the tenant ones), the same rules and permissions as API tokens of their
 * kind (fe.secure.*.userApiTokens / tenantApiTokens):
 * - personal: GET | POST /identity/resources/users/access-tokens/v1, DELETE .../{id};
 * - tenant:   GET | POST /identity/resources/tenants/access-tokens/v1, DELETE .../{id}.
 * GET answers `{ accessTokens }`; POST answers the token with its `secret`, which is itself the
 * bearer (domain/access-tokens.ts): no exchange, refused at once when deleted or expired.
 *
 * Using a token: POST /identity/resources/auth/v1/api-token { clientId, secret } answers
 * `{ accessToken, expiresIn, expires }`, an ordinary bearer token for this API. A personal token's
 * access token carries its owner's current roles and permissions in the token's tenant (none if
 * the owner has left it: 401); a tenant token's carries the permissions of its roles, and its
 * subject is the token's id (no user: /me calls find nobody). Wrong, deleted and expired
 * credentials all get the same 401.
 *
 * The handlers are core/domain/api-token-handlers.ts and the rules (secret, limits, roles a token
 * may carry, refusals) core/domain/api-tokens.ts (demo mode runs both), over the ports of
 * core/domain/api-token-store.ts `apiTokenAreaPorts` (an area of core/domain/back-office-areas.ts).
 * This file is the token's use.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { resolveApiToken } from '../domain/api-tokens';
import { tokenSubject } from '../domain/access-tokens';
import { contractError } from '../../core/contract/errors';

export async function apiTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: { clientId: string; secret: string } }>(
    '/identity/resources/auth/v1/api-token',
    async (request) => {
      const token = await resolveApiToken(ctx.db, request.body.clientId, request.body.secret);
      const subject = token ? await tokenSubject(ctx.db, token) : null;
      if (!subject) throw contractError('API_TOKEN_CREDENTIALS_INVALID');
      return ctx.tokens.issue(subject);
    },
  );
}
