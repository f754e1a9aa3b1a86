/**
 * Demo mode's API tokens and access tokens (core/contract/routes/tokens.ts): the rules of
 * core/domain/api-tokens.ts (as the reference server, server/routes/api-tokens.ts) over the demo's
 * stored tokens, a user's own or the account's. The descriptor's permission is checked before a
 * handler runs (core/demo/dispatch.ts); bodies passed the contract's schemas
 * (core/contract/requests-tokens.ts). The secret is shown once and not kept: the demo never needs it.
 */
import { ok } from '../contract/answer';
import {
  createToken,
  deleteToken,
  editApiToken,
  listTokens,
  type ApiTokenChanges,
  type ApiTokenPorts,
  type ApiTokenRecord,
  type ApiTokenType,
  type TokenKind,
} from '../domain/api-tokens';
import { DEMO_POLICY, type DemoApiToken, type DemoDatabase, type DemoUser } from './data';
import { demoPermissionsOf, visibleRoles, type TeamAdminRoutes, type TeamAdminTools } from './teamAdmin';

const recordOf = (token: DemoApiToken): ApiTokenRecord => ({
  id: token.id,
  type: token.type,
  tenantId: token.tenantId,
  createdByUserId: token.createdByUserId ?? token.userId,
  description: token.description,
  expiresInMinutes: token.expiresInMinutes,
  expires:
    token.expiresInMinutes === null
      ? null
      : new Date(Date.parse(token.createdAt) + token.expiresInMinutes * 60_000).toISOString(),
  lastUsedAt: null,
  createdAt: token.createdAt,
  roleIds: token.roleIds,
});

/** The ports of core/domain/api-tokens.ts over one owner's stored tokens of one kind. */
export function demoTokenStore(
  db: DemoDatabase,
  owner: { type: ApiTokenType; kind: TokenKind; tenantId: string; userId: string },
  tools: TeamAdminTools,
): ApiTokenPorts {
  const { type, kind, tenantId, userId } = owner;
  const tokens = () => (db.apiTokens ??= []);
  const mine = (t: DemoApiToken) =>
    t.tenantId === tenantId &&
    t.type === type &&
    (t.kind ?? 'api') === kind &&
    (type === 'tenant' || t.userId === userId);
  const stored = (id: string) => tokens().find((t) => t.id === id && mine(t));
  return {
    list: async () =>
      tokens()
        .filter(mine)
        .sort((a, b) =>
          a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1,
        )
        .map(recordOf),
    find: async (id) => {
      const token = stored(id);
      return token ? recordOf(token) : null;
    },
    insert: async ({ description, expiresInMinutes, roleIds }) => {
      const token: DemoApiToken = {
        id: `${tools.random().slice(0, 8)}-demo-${tools.random().slice(0, 12)}`,
        type,
        tenantId,
        userId: type === 'user' ? userId : null,
        createdByUserId: userId,
        description,
        expiresInMinutes,
        roleIds: type === 'tenant' ? roleIds : [],
        createdAt: new Date(tools.now()).toISOString(),
        ...(kind === 'access' ? { kind } : {}),
      };
      tokens().push(token);
      return recordOf(token);
    },
    update: async (id, { description, roleIds }) => {
      const token = stored(id);
      if (token && description !== undefined) token.description = description;
      if (token && roleIds && type === 'tenant') token.roleIds = roleIds;
    },
    remove: async (id) => {
      const token = stored(id);
      db.apiTokens = tokens().filter((t) => t !== token);
      return !!token;
    },
    // The vendor's policy in demo mode (GET vendor's public policy): tokens on.
    enabled: async () => DEMO_POLICY.apiTokensEnabled !== false,
    roleGrants: async (roleIds) => {
      const roles = visibleRoles(db, tenantId).filter((r) => roleIds.includes(r.id));
      return { known: roles.map((r) => r.id), keys: roles.flatMap((r) => r.permissions) };
    },
  };
}

/** List, create, edit and delete of one owner's tokens of one kind. */
function tokenRoutes(tools: TeamAdminTools, type: ApiTokenType, kind: TokenKind) {
  const store = (db: DemoDatabase, caller: DemoUser) =>
    demoTokenStore(db, { type, kind, tenantId: caller.tenantId, userId: caller.id }, tools);
  return {
    list: (async (db, caller) => ok(await listTokens(store(db, caller), kind))) as TeamAdminHandler,
    create: (async (db, caller, { body }) => {
      const who = { held: demoPermissionsOf(db, caller), byApiToken: false };
      const created = await createToken(store(db, caller), who, kind, body as unknown as CreateBody);
      return ok(created, true, 201);
    }) as TeamAdminHandler,
    edit: (async (db, caller, { params, body }) =>
      ok(
        await editApiToken(
          store(db, caller),
          demoPermissionsOf(db, caller),
          params.id!,
          body as ApiTokenChanges,
        ),
        true,
      )) as TeamAdminHandler,
    remove: (async (db, caller, { params }) => {
      await deleteToken(store(db, caller), kind, params.id!);
      return ok({}, true);
    }) as TeamAdminHandler,
  };
}

type TeamAdminHandler = NonNullable<TeamAdminRoutes['getUsersApiTokens']>;
type CreateBody = Parameters<typeof createToken>[3];

/** The token routes of a signed-in caller, by descriptor name. */
export function demoTokenRoutes(tools: TeamAdminTools): TeamAdminRoutes {
  const userApi = tokenRoutes(tools, 'user', 'api');
  const tenantApi = tokenRoutes(tools, 'tenant', 'api');
  const userAccess = tokenRoutes(tools, 'user', 'access');
  const tenantAccess = tokenRoutes(tools, 'tenant', 'access');
  return {
    getUsersApiTokens: userApi.list,
    postUsersApiTokens: userApi.create,
    patchUsersApiTokensById: userApi.edit,
    deleteUsersApiTokensById: userApi.remove,
    getTenantsApiTokens: tenantApi.list,
    // The client SDK creates account tokens at v2, the same handler as v1's (as the server's).
    postTenantsApiTokensV1: tenantApi.create,
    postTenantsApiTokensV2: tenantApi.create,
    deleteTenantsApiTokensById: tenantApi.remove,
    patchTenantsApiTokensById: tenantApi.edit,
    getUsersAccessTokens: userAccess.list,
    postUsersAccessTokens: userAccess.create,
    deleteUsersAccessTokensById: userAccess.remove,
    getTenantsAccessTokens: tenantAccess.list,
    postTenantsAccessTokens: tenantAccess.create,
    deleteTenantsAccessTokensById: tenantAccess.remove,
  };
}
