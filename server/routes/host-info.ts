/**
 * What the host page and the portal read about the vendor and the signed-in user (the handlers:
 * core/domain/host-info-handlers.ts, demo mode runs them too): GET /metadata by entity, the admin
 * box, the caller's address, the user's accounts, entitlements, and the feature flags (public; the
 * vendor's switches stay in routes/featureFlags.ts). Here: their ports over the database.
 * GET /entitlements/api/v2/user-entitlements is **a choice of path**; POST /flags/api/v1/evaluate
 * **a choice of path and method** (the context travels as JSON).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { FLAG_HANDLERS, HOST_INFO_HANDLERS, type HostInfoPorts } from '../../core/domain/host-info-handlers';
import { notificationsMetadata } from '../../core/domain/notifications';
import { contractError } from '../../core/contract/errors';
import type { FlagContext } from '../../core/domain/feature-flags';
import { evaluateFlags } from '../domain/featureFlags';
import { userEntitlements } from '../domain/entitlements';
import { pickActiveTenant, toTenantDto } from '../domain/tenants';
import { listUserTenants } from '../storage/tenants';
import { findUserById } from '../storage/users';
import { getAdminBoxConfiguration } from '../storage/account-settings';
import { auditMetadata } from '../storage/audits';
import { catalogueKeys } from '../storage/entitlements';
import { vendorIdOf } from '../storage/notifications';
import { requireUser } from '../http/bearer';
import { registerHandlers, registerPublicHandlers } from '../http/handlers';
import { callerOf } from '../http/route-table';
import { legacySsoOn } from '../../core/domain/sso-handlers';
import type { Platform } from '../../core/domain/platform';
import { serverPlatform } from '../platform';

function hostInfoPorts(ctx: AppContext, platform: Platform, request: FastifyRequest): HostInfoPorts {
  const { db } = ctx;
  const claims = callerOf(request);
  /** The user's accounts and the one the token acts in, if the user is still a member of it. */
  const accounts = async (userId: string) => {
    const tenants = await listUserTenants(db, userId);
    return { tenants, active: pickActiveTenant(tenants, claims.tenantId) };
  };
  return {
    adminBox: async () => (claims.tenantId ? getAdminBoxConfiguration(db, claims.tenantId) : null),
    auditsMetadata: () => auditMetadata(db),
    // The descriptor's `byQuery` made the route table check the SSO readers' permission.
    samlMetadata: async (tenantId) => (await legacySsoOn(platform)).samlMetadata(tenantId),
    notificationsMetadata: async () => notificationsMetadata(await vendorIdOf(db)),
    async accountsOf(userId) {
      if (!(await findUserById(db, userId))) throw contractError('USER_NOT_FOUND');
      const { tenants, active } = await accounts(userId);
      return { tenants: tenants.map(toTenantDto), active: active ? toTenantDto(active) : null };
    },
    entitlementsOf: async (userId) =>
      userEntitlements(db, userId, (await accounts(userId)).active?.id ?? null),
    catalogue: () => catalogueKeys(db),
    now: Date.now,
  };
}

export async function hostInfoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platform = serverPlatform(ctx);
  registerHandlers(app, HOST_INFO_HANDLERS, (request) => hostInfoPorts(ctx, platform, request));
  const flagPorts = (request: FastifyRequest) => ({
    evaluate: (keys: string[] | undefined, context: FlagContext) => evaluateFlags(ctx.db, keys, context),
    // With a valid bearer, its user and active account; without one, or one that does not verify, anyone.
    async callerContext(): Promise<FlagContext> {
      if (!request.headers.authorization) return { anonymous: true };
      const claims = await requireUser(ctx.tokens, request).catch(() => null);
      return claims
        ? { userId: claims.sub, ...(claims.tenantId ? { tenantId: claims.tenantId } : {}) }
        : { anonymous: true };
    },
  });
  await app.register(async (scope) => {
    // A bodiless POST (the kit's client sends none when there is nothing to say) means "anonymous, every flag".
    scope.addHook('preValidation', async (request) => {
      if (request.body === undefined) request.body = {};
    });
    registerPublicHandlers(scope, FLAG_HANDLERS, flagPorts);
  });
}
