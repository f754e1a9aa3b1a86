/**
 * User routes (under `/{prefix}/identity/resources/users`): password policy, sign-up and the signed-in
 * user (their accounts: core/domain/host-info-handlers.ts; a token for another: core/domain/login-sessions.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pickActiveTenant } from '../domain/tenants';
import { loadPrincipal, principalOf, profileOf } from '../domain/principal';
import { callerReadByGuard } from '../http/bearer';
import { contractError } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';

/** Registers the user routes on `app` (already scoped to the URL prefix). */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/users';

  // GET /v1/passwords/config and POST /v1/signUp: shared handlers (core/domain/sign-in-settings-handlers.ts,
  // sign-up-handlers.ts), registered by routes/configurations.ts and as a public area (app-routes.ts).

  // One query in all: the session guard's statement reads the caller (http/bearer.ts readsCaller;
  // domain/principal.ts). An API token's call, which the guard does not read for, reads them here.
  app.get(`${base}/v2/me`, { config: { readsCaller: true } }, async (request) => {
    const claims = callerOf(request);
    const read = callerReadByGuard(request);
    const principal = read ? principalOf(read) : await loadPrincipal(ctx.db, claims.sub);
    if (!principal) throw contractError('USER_NOT_FOUND');
    return profileOf(principal, pickActiveTenant(principal.tenants, claims.tenantId)?.id ?? null);
  });
}
