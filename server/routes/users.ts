/**
 * User routes (under `/{prefix}/identity/resources/users`): password policy, sign-up, the signed-in
 * user and their tenants.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { listUserTenants, pickActiveTenant, toTenantDto } from '../domain/tenants';
import { findUserById } from '../domain/users';
import { loadPrincipal, principalOf, profileOf } from '../domain/principal';
import { callerReadByGuard } from '../http/bearer';
import { contractError } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';
import { refuseStayingImpersonation } from '../../core/domain/impersonation';

/** Registers the user routes on `app` (already scoped to the URL prefix). */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/users';

  // GET /v1/passwords/config and POST /v1/signUp: shared handlers (core/domain/sign-in-settings-handlers.ts,
  // sign-up-handlers.ts), registered by routes/configurations.ts and routes/auth.ts.

  /** The token's user, their tenants and the tenant the token acts in; 401 if the user is gone. */
  async function currentUser(request: FastifyRequest) {
    const claims = callerOf(request);
    const user = await findUserById(ctx.db, claims.sub);
    if (!user) throw contractError('USER_NOT_FOUND');
    const tenants = await listUserTenants(ctx.db, user.id);
    const active = pickActiveTenant(tenants, claims.tenantId);
    return { user, tenants, active };
  }

  // One query in all: the session guard's statement reads the caller (http/bearer.ts readsCaller;
  // domain/principal.ts). An API token's call, which the guard does not read for, reads them here.
  app.get(`${base}/v2/me`, { config: { readsCaller: true } }, async (request) => {
    const claims = callerOf(request);
    const read = callerReadByGuard(request);
    const principal = read ? principalOf(read) : await loadPrincipal(ctx.db, claims.sub);
    if (!principal) throw contractError('USER_NOT_FOUND');
    return profileOf(principal, pickActiveTenant(principal.tenants, claims.tenantId)?.id ?? null);
  });

  app.get(`${base}/v2/me/tenants`, async (request) => {
    const { tenants } = await currentUser(request);
    return tenants.map(toTenantDto);
  });

  app.get(`${base}/v3/me/tenants`, async (request) => {
    const { tenants, active } = await currentUser(request);
    return { tenants: tenants.map(toTenantDto), activeTenant: active ? toTenantDto(active) : null };
  });

  /**
   * users.GetUserJwt: `{ accessToken, expires, expiresIn }` for the same session acting in
   * `tenantId`, one of the caller's accounts (403 otherwise). A signed-in person only (not an API
   * token), and not while impersonating: impersonation was allowed for one account only.
   */
  app.post<{ Body: { tenantId: string } }>(`${base}/v3/me/token`, async (request) => {
    const claims = callerOf(request);
    refuseStayingImpersonation(Boolean(claims.act));
    const user = await findUserById(ctx.db, claims.sub);
    if (!user) throw contractError('USER_NOT_FOUND');
    const issued = await ctx.auth.tokenForTenant(user, request.body.tenantId, claims.sid);
    if (!issued) throw contractError('NOT_ACCOUNT_MEMBER');
    return { accessToken: issued.accessToken, expires: issued.expires, expiresIn: issued.expiresIn };
  });
}
