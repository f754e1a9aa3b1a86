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
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import {
  createApiToken,
  deleteApiToken,
  isApiTokenAccess,
  listApiTokens,
  resolveApiToken,
  type ApiTokenType,
  type TokenKind,
} from '../domain/api-tokens';
import { tokenSubject } from '../domain/access-tokens';
import { permissionKeysOfRoles } from '../storage/roles';
import { getVendorSettings } from '../domain/vendor';
import { contractError } from '../../core/contract/errors';
import { assertMayGrantRoles } from '../domain/grants';
import { idParams } from '../http/list-query';
import { accountOf, callerOf } from '../http/route-table';
import { editApiToken, type ApiTokenChanges } from '../../core/domain/api-tokens';
import { apiTokenExists, updateApiToken } from '../storage/api-tokens';

const KINDS: Array<{ type: ApiTokenType; kind: TokenKind; path: string; resource: string }> = [
  { type: 'user', kind: 'api', path: '/identity/resources/users/api-tokens/v1', resource: 'userApiTokens' },
  {
    type: 'tenant',
    kind: 'api',
    path: '/identity/resources/tenants/api-tokens/v1',
    resource: 'tenantApiTokens',
  },
  {
    type: 'user',
    kind: 'access',
    path: '/identity/resources/users/access-tokens/v1',
    resource: 'userApiTokens',
  },
  {
    type: 'tenant',
    kind: 'access',
    path: '/identity/resources/tenants/access-tokens/v1',
    resource: 'tenantApiTokens',
  },
];

/** An access token as the client reads it (IAccessTokensData): no client id, it has none. */
function accessTokenDto<T extends Awaited<ReturnType<typeof listApiTokens>>[number]>(token: T) {
  const { tokenId: _tokenId, clientId: _clientId, ...rest } = token;
  return rest;
}

interface CreateBody {
  description: string;
  expiresInMinutes?: number | null;
  roleIds?: string[];
}

export async function apiTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const { type, kind, path } of KINDS) {
    const owner = (request: FastifyRequest) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      return { claims, owner: { type, kind, tenantId, userId: claims.sub } };
    };

    app.get(path, async (request) => {
      const tokens = await listApiTokens(ctx.db, owner(request).owner);
      return kind === 'api' ? tokens : { accessTokens: tokens.map(accessTokenDto) };
    });

    // Request schemas: core/contract/requests-tokens.ts (the demo backend's too).
    const create = async (request: FastifyRequest<{ Body: CreateBody }>, reply: FastifyReply) => {
      const { claims, owner: who } = owner(request);
      // A token does not mint tokens: that would let a leaked secret outlive its own deletion.
      if (isApiTokenAccess(claims)) throw contractError('API_TOKENS_CANNOT_CREATE');
      if (!(await getVendorSettings(ctx.db)).apiTokensEnabled) throw contractError('API_TOKENS_DISABLED');
      const roleIds = request.body.roleIds ?? [];
      if (roleIds.length) {
        const { known } = await permissionKeysOfRoles(ctx.db, who.tenantId, roleIds);
        if (known.length !== roleIds.length) throw contractError('ROLES_UNKNOWN');
        await assertMayGrantRoles(ctx.db, claims, who.tenantId, roleIds);
      }
      const token = await createApiToken(ctx.db, who, {
        description: request.body.description.trim(),
        expiresInMinutes: request.body.expiresInMinutes ?? null,
        roleIds,
      });
      return reply.code(201).send(kind === 'api' ? token : accessTokenDto(token));
    };
    app.post<{ Body: CreateBody }>(path, create);
    // The client SDK creates account tokens at v2 (auth.updateTenantApiTokensData): the same call.
    if (type === 'tenant' && kind === 'api')
      app.post<{ Body: CreateBody }>('/identity/resources/tenants/api-tokens/v2', create);

    app.delete<{ Params: { id: string } }>(
      `${path}/:id`,
      { schema: { params: idParams('id') } },
      async (request) => {
        const { owner: who } = owner(request);
        if (!(await deleteApiToken(ctx.db, who, request.params.id)))
          throw contractError(kind === 'api' ? 'API_TOKEN_NOT_FOUND' : 'ACCESS_TOKEN_NOT_FOUND');
        return {};
      },
    );
  }

  // Editing a token (issue 28 item 15; core/domain/api-tokens.ts): description, an account token's roles.
  for (const { type, kind, path } of KINDS.filter((k) => k.kind === 'api'))
    app.patch<{ Params: { id: string }; Body: ApiTokenChanges }>(
      `${path}/:id`,
      { schema: { params: idParams('id') } },
      async (request) => {
        const claims = callerOf(request);
        const who = { type, tenantId: accountOf(request), userId: claims.sub };
        return editApiToken(
          {
            exists: (id) => apiTokenExists(ctx.db, who, id),
            knownRoles: async (roleIds) =>
              (await permissionKeysOfRoles(ctx.db, who.tenantId, roleIds)).known.length,
            assertMayGrant: (roleIds) => assertMayGrantRoles(ctx.db, claims, who.tenantId, roleIds),
            update: async (id, changes) => {
              await updateApiToken(ctx.db, who, id, changes);
              return (await listApiTokens(ctx.db, { ...who, kind })).find((t) => t.id === id);
            },
          },
          request.params.id,
          request.body,
        );
      },
    );

  app.post<{ Body: { clientId: string; secret: string } }>(
    '/identity/resources/auth/v1/api-token',
    async (request) => {
      const refused = () => contractError('API_TOKEN_CREDENTIALS_INVALID');
      const token = await resolveApiToken(ctx.db, request.body.clientId, request.body.secret);
      const subject = token ? await tokenSubject(ctx.db, token) : null;
      if (!subject) throw refused();
      return ctx.tokens.issue(subject);
    },
  );
}
