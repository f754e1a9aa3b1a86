/**
 * Demo mode's API tokens and access tokens: the shared handlers (core/domain/api-token-handlers.ts,
 * the server's own) over the tokens' repository written once (core/domain/api-token-store.ts) on
 * the demo's stored tables, a user's own or the account's. The secret is shown once and nothing
 * of it is kept: the demo never needs it.
 */
import { API_TOKEN_HANDLERS } from '../domain/api-token-handlers';
import { apiTokenPorts, type ApiTokenOwner } from '../domain/api-token-store';
import type { ApiTokenPorts } from '../domain/api-tokens';
import { DEMO_POLICY, type DemoDatabase } from './data';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';
import { demoPermissionsOf } from './teamAdmin';

/** The ports of core/domain/api-tokens.ts (core/domain/api-token-store.ts) over one owner's stored tokens of one kind. */
export const demoTokenStore = (db: DemoDatabase, owner: ApiTokenOwner, clock: DemoClock): ApiTokenPorts =>
  apiTokenPorts(memoryTables((db.tables ??= {})), { newId: clock.random, now: clock.now }, owner, {
    hash: () => '',
    // The vendor's policy in demo mode (GET vendor's public policy): tokens on.
    enabled: async () => DEMO_POLICY.apiTokensEnabled !== false,
  });

/** The token routes of a signed-in caller (core/domain/api-token-handlers.ts), by descriptor name. */
export function demoTokenRoutes(clock: DemoClock) {
  return demoHandlers(API_TOKEN_HANDLERS, (db, user) => ({
    held: demoPermissionsOf(db, user),
    byApiToken: false,
    tokens: (owner) => demoTokenStore(db, owner, clock),
  }));
}
