/**
 * The signed-in user's sessions, under `/{prefix}/identity/resources/users/sessions/v1/me`: the
 * handlers are core/domain/login-sessions.ts (demo mode runs them too), over the `sessions` table
 * (server/storage/login-sessions.ts). The current session is the `sid` of the access token.
 * Beside them, POST /users/v3/me/token (a token of the session for another of the user's accounts).
 * API-token callers are refused (403, the descriptors' access): they have no login session, and
 * must not end the person's. A session id that is not a uuid is 400 (server/http/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TOKEN_HANDLERS, LOGIN_SESSION_HANDLERS } from '../../core/domain/login-sessions';
import { contractError } from '../../core/contract/errors';
import type { AppContext } from '../context';
import { registerHandlers } from '../http/handlers';
import { callerOf } from '../http/route-table';
import { loginSessionRepository } from '../storage/login-sessions';
import { findUserById } from '../storage/users';

export async function loginSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, LOGIN_SESSION_HANDLERS, (request) => ({
    ...loginSessionRepository(ctx.db),
    currentSession: () => callerOf(request).sid,
  }));
  // users.GetUserJwt (POST /users/v3/me/token): a token of the same session for another account.
  registerHandlers(app, ACCOUNT_TOKEN_HANDLERS, (request) => ({
    impersonating: Boolean(callerOf(request).act),
    async tokenForAccount(userId, tenantId) {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw contractError('USER_NOT_FOUND');
      return ctx.auth.tokenForTenant(user, tenantId, callerOf(request).sid);
    },
  }));
}
