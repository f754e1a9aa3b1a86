/**
 * Demo mode's API tokens and access tokens: the shared handlers (core/domain/api-token-handlers.ts,
 * the server's own) over the demo's stored tokens, a user's own or the account's. The secret is
 * shown once and not kept: the demo never needs it.
 */
import { API_TOKEN_HANDLERS } from '../domain/api-token-handlers';
import type { ApiTokenPorts, ApiTokenType, TokenKind } from '../domain/api-tokens';
import { DEMO_POLICY, type DemoApiToken, type DemoDatabase } from './data';
import { demoHandlers } from './shared';
import { demoPermissionsOf, roleGrants } from './teamAdmin';
import { insert, remove, type DemoClock } from './rows';

/** The ports of core/domain/api-tokens.ts over one owner's stored tokens of one kind. */
export function demoTokenStore(
  db: DemoDatabase,
  owner: { type: ApiTokenType; kind: TokenKind; tenantId: string; userId: string },
  clock: DemoClock,
): ApiTokenPorts {
  const { type, kind, tenantId, userId } = owner;
  const tokens = () => (db.apiTokens ??= []);
  const mine = (t: DemoApiToken) =>
    t.tenantId === tenantId &&
    t.type === type &&
    t.kind === kind &&
    (type === 'tenant' || t.userId === userId);
  const stored = (id: string) => (t: DemoApiToken) => t.id === id && mine(t);
  return {
    // Newest first, ties by id.
    list: async () =>
      tokens()
        .filter(mine)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1)),
    find: async (id) => tokens().find(stored(id)) ?? null,
    insert: async ({ description, expiresInMinutes, roleIds }) => {
      const at = clock.now();
      return insert(tokens(), {
        id: `${clock.random().slice(0, 8)}-demo-${clock.random().slice(0, 12)}`,
        type,
        kind,
        tenantId,
        userId: type === 'user' ? userId : null,
        createdByUserId: userId,
        description,
        expiresInMinutes,
        expires: expiresInMinutes === null ? null : new Date(at + expiresInMinutes * 60_000).toISOString(),
        lastUsedAt: null,
        createdAt: new Date(at).toISOString(),
        roleIds: type === 'tenant' ? roleIds : [],
      });
    },
    update: async (id, { description, roleIds }) => {
      const token = tokens().find(stored(id));
      if (token && description !== undefined) token.description = description;
      if (token && roleIds && type === 'tenant') token.roleIds = roleIds;
    },
    remove: async (id) => remove(tokens(), stored(id)),
    // The vendor's policy in demo mode (GET vendor's public policy): tokens on.
    enabled: async () => DEMO_POLICY.apiTokensEnabled !== false,
    roleGrants: async (roleIds) => roleGrants(db, tenantId, roleIds),
  };
}

/** The token routes of a signed-in caller (core/domain/api-token-handlers.ts), by descriptor name. */
export function demoTokenRoutes(clock: DemoClock) {
  return demoHandlers(API_TOKEN_HANDLERS, (db, user) => ({
    held: demoPermissionsOf(db, user),
    byApiToken: false,
    tokens: (owner) => demoTokenStore(db, owner, clock),
  }));
}
