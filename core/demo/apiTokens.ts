/**
 * Demo mode's API tokens and access tokens: the shared handlers (core/domain/api-token-handlers.ts,
 * the server's own) over the demo's stored tokens, a user's own or the account's. The secret is
 * shown once and not kept: the demo never needs it.
 */
import { API_TOKEN_HANDLERS } from '../domain/api-token-handlers';
import type { ApiTokenPorts, ApiTokenRecord, ApiTokenType, TokenKind } from '../domain/api-tokens';
import { DEMO_POLICY, type DemoApiToken, type DemoDatabase } from './data';
import { demoHandlers } from './shared';
import { demoPermissionsOf, roleGrants, type TeamAdminTools } from './teamAdmin';
import { isoNow } from './rows';

const recordOf = (token: DemoApiToken): ApiTokenRecord => ({
  id: token.id,
  type: token.type,
  tenantId: token.tenantId,
  createdByUserId: token.createdByUserId,
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
    // Newest first, ties by id.
    list: async () =>
      tokens()
        .filter(mine)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1))
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
        createdAt: isoNow(tools.now),
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
    roleGrants: async (roleIds) => roleGrants(db, tenantId, roleIds),
  };
}

/** The token routes of a signed-in caller (core/domain/api-token-handlers.ts), by descriptor name. */
export function demoTokenRoutes(tools: TeamAdminTools) {
  return demoHandlers(API_TOKEN_HANDLERS, (db, user) => ({
    held: demoPermissionsOf(db, user),
    byApiToken: false,
    tokens: (owner) => demoTokenStore(db, owner, tools),
  }));
}
