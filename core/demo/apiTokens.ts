/**
 * Demo mode's API tokens and access tokens (core/contract/routes/tokens.ts), answering like the
 * reference server (server/routes/api-tokens.ts): a user's own tokens, or the account's. Access
 * tokens (the client SDK's: their secret is the bearer) follow the same rules and permissions; their
 * list is `{ accessTokens }` and they have no client id. The descriptor's permission is checked
 * before a handler runs (core/demo/dispatch.ts); bodies passed the contract's schemas
 * (core/contract/requests-tokens.ts). An edit runs the rule of core/domain/api-tokens.ts.
 */
import { fail, ok } from '../contract/answer';
import { assertHoldsAll } from '../domain/grants';
import { editApiToken, type ApiTokenChanges } from '../domain/api-tokens';
import type { DemoApiToken, DemoDatabase, DemoUser } from './data';
import { demoPermissionsOf, visibleRoles, type TeamAdminRoutes, type TeamAdminTools } from './teamAdmin';

type Owner = 'user' | 'tenant';
type Kind = 'api' | 'access';

/** An API token as the server answers it (server/domain/api-tokens.ts). */
const demoTokenDto = (token: DemoApiToken) => ({
  id: token.id,
  tokenId: token.id,
  clientId: token.id,
  description: token.description,
  type: token.type,
  tenantId: token.tenantId,
  createdAt: token.createdAt,
  createdByUserId: token.userId,
  expiresInMinutes: token.expiresInMinutes,
  expires:
    token.expiresInMinutes === null
      ? null
      : new Date(Date.parse(token.createdAt) + token.expiresInMinutes * 60_000).toISOString(),
  lastUsedAt: null,
  ...(token.type === 'tenant' ? { roleIds: token.roleIds } : {}),
});

const dtoOf = (kind: Kind) => (t: DemoApiToken) => {
  const { tokenId: _tokenId, clientId: _clientId, ...access } = demoTokenDto(t);
  return kind === 'api' ? demoTokenDto(t) : access;
};

/** Whether the token is one of the caller's (a user's own), or of their account, of this kind. */
const mine = (caller: DemoUser, type: Owner, kind: Kind) => (t: DemoApiToken) =>
  t.tenantId === caller.tenantId &&
  t.type === type &&
  (t.kind ?? 'api') === kind &&
  (type === 'tenant' || t.userId === caller.id);

/** GRANT_NOT_HELD unless the caller holds every permission these roles of their account grant. */
function assertMayGrantRoles(db: DemoDatabase, caller: DemoUser, roleIds: string[]) {
  const granted = visibleRoles(db, caller.tenantId)
    .filter((r) => roleIds.includes(r.id))
    .flatMap((r) => r.permissions);
  assertHoldsAll(demoPermissionsOf(db, caller), granted);
}

/** List, create and delete of one owner's tokens of one kind. */
function tokenRoutes(
  tools: TeamAdminTools,
  type: Owner,
  kind: Kind,
): Required<Pick<TeamAdminRoutes, 'getUsersApiTokens' | 'postUsersApiTokens' | 'deleteUsersApiTokensById'>> {
  const dto = dtoOf(kind);
  const tokens = (db: DemoDatabase) => (db.apiTokens ??= []);
  return {
    getUsersApiTokens: (db, caller) => {
      const list = tokens(db)
        .filter(mine(caller, type, kind))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .map(dto);
      return ok(kind === 'api' ? list : { accessTokens: list });
    },
    postUsersApiTokens: (db, caller, { body }) => {
      const roleIds = (body.roleIds ?? []) as string[];
      const roles = visibleRoles(db, caller.tenantId).filter((r) => roleIds.includes(r.id));
      if (roles.length !== roleIds.length) return fail('ROLES_UNKNOWN');
      assertMayGrantRoles(db, caller, roleIds);
      const token: DemoApiToken = {
        id: `${tools.random().slice(0, 8)}-demo-${tools.random().slice(0, 12)}`,
        type,
        tenantId: caller.tenantId,
        userId: type === 'user' ? caller.id : null,
        description: (body.description as string).trim(),
        expiresInMinutes: (body.expiresInMinutes ?? null) as number | null,
        roleIds,
        createdAt: new Date(tools.now()).toISOString(),
        ...(kind === 'access' ? { kind } : {}),
      };
      tokens(db).push(token);
      const secret = `${kind === 'access' ? 'fat_' : ''}${`${tools.random()}${tools.random()}`.slice(0, 43)}`;
      return ok({ ...dto(token), secret }, true, 201);
    },
    deleteUsersApiTokensById: (db, caller, { params }) => {
      const token = tokens(db).find((t) => t.id === params.id && mine(caller, type, kind)(t));
      if (!token) return fail(kind === 'api' ? 'API_TOKEN_NOT_FOUND' : 'ACCESS_TOKEN_NOT_FOUND');
      db.apiTokens = tokens(db).filter((t) => t !== token);
      return ok({}, true);
    },
  };
}

/** The edit of an API token (its description, an account token's roles): core/domain/api-tokens.ts. */
const editRoute =
  (type: Owner): NonNullable<TeamAdminRoutes['patchUsersApiTokensById']> =>
  async (db, caller, { params, body }) => {
    const token = (db.apiTokens ?? []).find((t) => t.id === params.id && mine(caller, type, 'api')(t));
    const roles = visibleRoles(db, caller.tenantId);
    const edited = await editApiToken(
      {
        exists: async () => !!token,
        knownRoles: async (ids) => roles.filter((r) => ids.includes(r.id)).length,
        assertMayGrant: async (ids) => assertMayGrantRoles(db, caller, ids),
        update: async (_id, changes) => {
          if (changes.description !== undefined) token!.description = changes.description;
          if (changes.roleIds && type === 'tenant') token!.roleIds = changes.roleIds;
          return demoTokenDto(token!);
        },
      },
      token?.id ?? '',
      body as ApiTokenChanges,
    );
    return ok(edited, true);
  };

/** The token routes of a signed-in caller, by descriptor name. */
export function demoTokenRoutes(tools: TeamAdminTools): TeamAdminRoutes {
  const userApi = tokenRoutes(tools, 'user', 'api');
  const tenantApi = tokenRoutes(tools, 'tenant', 'api');
  const userAccess = tokenRoutes(tools, 'user', 'access');
  const tenantAccess = tokenRoutes(tools, 'tenant', 'access');
  return {
    ...userApi,
    patchUsersApiTokensById: editRoute('user'),
    getTenantsApiTokens: tenantApi.getUsersApiTokens,
    // The client SDK creates account tokens at v2, the same handler as v1's (as the server's).
    postTenantsApiTokensV1: tenantApi.postUsersApiTokens,
    postTenantsApiTokensV2: tenantApi.postUsersApiTokens,
    deleteTenantsApiTokensById: tenantApi.deleteUsersApiTokensById,
    patchTenantsApiTokensById: editRoute('tenant'),
    getUsersAccessTokens: userAccess.getUsersApiTokens,
    postUsersAccessTokens: userAccess.postUsersApiTokens,
    deleteUsersAccessTokensById: userAccess.deleteUsersApiTokensById,
    getTenantsAccessTokens: tenantAccess.getUsersApiTokens,
    postTenantsAccessTokens: tenantAccess.postUsersApiTokens,
    deleteTenantsAccessTokensById: tenantAccess.deleteUsersApiTokensById,
  };
}
