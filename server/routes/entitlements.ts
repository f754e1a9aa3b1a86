/**
 * GET /{prefix}/entitlements/api/v2/user-entitlements **(choice of path)**: the signed-in user's
 * permissions, the active tenant's features and the vendor's feature gates.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { decidedEntitlements } from '../../core/entitlements/entitlements';
import { userEntitlements } from '../domain/entitlements';
import { listUserTenants, pickActiveTenant } from '../domain/tenants';
import { catalogueKeys } from '../storage/entitlements';
import { callerOf } from '../http/route-table';

export async function entitlementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/entitlements/api/v2/user-entitlements', async (request) => {
    const claims = callerOf(request);
    // The tenant the token acts in, and only if the user is still a member of it.
    const active = pickActiveTenant(await listUserTenants(ctx.db, claims.sub), claims.tenantId);
    return userEntitlements(ctx.db, claims.sub, active?.id ?? null);
  });

  /**
   * The client SDK's call (entitlements.loadEntitlements): every permission of the catalogue and
   * every feature the vendor defines, each `{ isEntitled, justification? }` decided now with the
   * kit's rules (core/entitlements/entitlements.ts).
   */
  app.get('/entitlements/api/v1/user-entitlements', async (request) => {
    const claims = callerOf(request);
    const active = pickActiveTenant(await listUserTenants(ctx.db, claims.sub), claims.tenantId);
    const facts = await userEntitlements(ctx.db, claims.sub, active?.id ?? null);
    const catalogue = await catalogueKeys(ctx.db);
    return decidedEntitlements(
      facts,
      [...catalogue.permissions, ...facts.permissions, ...Object.keys(facts.permissionFeatures)],
      catalogue.features,
    );
  });
}
