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
 * The rules (secret, limits, roles a token may carry, refusals) are core/domain/api-tokens.ts (run by
 * demo mode too), over server/domain/api-tokens.ts's ports.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { apiTokenPorts, isApiTokenAccess, resolveApiToken } from '../domain/api-tokens';
import { tokenSubject } from '../domain/access-tokens';
import { contractError } from '../../core/contract/errors';
import { idParams } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';
import {
  createToken,
  deleteToken,
  editApiToken,
  listTokens,
  type ApiTokenChanges,
  type ApiTokenType,
  type TokenKind,
} from '../../core/domain/api-tokens';

const KINDS: Array<{ type: ApiTokenType; kind: TokenKind; path: string }> = [
  { type: 'user', kind: 'api', path: '/identity/resources/users/api-tokens/v1' },
  { type: 'tenant', kind: 'api', path: '/identity/resources/tenants/api-tokens/v1' },
  { type: 'user', kind: 'access', path: '/identity/resources/users/access-tokens/v1' },
  { type: 'tenant', kind: 'access', path: '/identity/resources/tenants/access-tokens/v1' },
];

interface CreateBody {
  description: string;
  expiresInMinutes?: number | null;
  roleIds?: string[];
}

export async function apiTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const { type, kind, path } of KINDS) {
    // The route table checked the caller and the permission (http/route-table.ts).
    const ports = (request: FastifyRequest) =>
      apiTokenPorts(ctx.db, { type, kind, tenantId: accountOf(request), userId: callerOf(request).sub });
    const held = (request: FastifyRequest) => callerOf(request).permissions ?? [];

    app.get(path, (request) => listTokens(ports(request), kind));

    // Request schemas: core/contract/requests-tokens.ts (the demo backend's too).
    const create = async (request: FastifyRequest<{ Body: CreateBody }>, reply: FastifyReply) => {
      const caller = { held: held(request), byApiToken: isApiTokenAccess(callerOf(request)) };
      return reply.code(201).send(await createToken(ports(request), caller, kind, request.body));
    };
    app.post<{ Body: CreateBody }>(path, create);
    // The client SDK creates account tokens at v2 (auth.updateTenantApiTokensData): the same call.
    if (type === 'tenant' && kind === 'api')
      app.post<{ Body: CreateBody }>('/identity/resources/tenants/api-tokens/v2', create);

    app.delete<{ Params: { id: string } }>(
      `${path}/:id`,
      { schema: { params: idParams('id') } },
      async (request) => {
        await deleteToken(ports(request), kind, request.params.id);
        return {};
      },
    );

    // Editing a token (issue 28 item 15): description, an account token's roles.
    if (kind === 'api')
      app.patch<{ Params: { id: string }; Body: ApiTokenChanges }>(
        `${path}/:id`,
        { schema: { params: idParams('id') } },
        (request) => editApiToken(ports(request), held(request), request.params.id, request.body),
      );
  }

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
