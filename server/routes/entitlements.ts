/**
 * GET /{prefix}/entitlements/api/v2/user-entitlements **(choice of path)**: the signed-in user's
 * permissions, the active tenant's features and the vendor's feature gates.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { userEntitlements } from '../domain/entitlements';
import { listUserTenants, pickActiveTenant } from '../domain/tenants';
import { requireUser } from '../http/bearer';

export async function entitlementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/entitlements/api/v2/user-entitlements', async (request) => {
    const claims = await requireUser(ctx.tokens, request);
    // The tenant the token acts in, and only if the user is still a member of it.
    const active = pickActiveTenant(await listUserTenants(ctx.db, claims.sub), claims.tenantId);
    return userEntitlements(ctx.db, claims.sub, active?.id ?? null);
  });
}
