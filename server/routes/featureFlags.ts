/**
 * The feature flags: evaluating them, public (the handlers: core/domain/flag-handlers.ts, demo
 * mode runs them too; here their ports over the database), and the vendor's switches, ours (the
 * client SDK only reads flags), for a vendor administrator (`users.super_user`) only, others 403;
 * each change is audited (http/audit-hook.ts):
 * - GET /flags/api/v1/flags: `{ items: [{ key, description, enabled, tenantIds, userIds }] }`;
 * - PUT /flags/api/v1/flags/:key `{ enabled }`: on or off for everyone; answers the flag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { evaluateFlags, listFlags, setFlagEnabled } from '../domain/featureFlags';
import { findUserById } from '../storage/users';
import { contractError } from '../../core/contract/errors';
import type { FlagContext } from '../../core/domain/feature-flags';
import { FLAG_HANDLERS, type FlagPorts } from '../../core/domain/flag-handlers';
import { requireUser } from '../http/bearer';
import { registerPublicHandlers } from '../http/handlers';
import { callerOf } from '../http/route-table';

/** The flags' ports for one request: the database's flags, for the context of its bearer if any. */
const flagPorts = (ctx: AppContext, request: FastifyRequest): FlagPorts => ({
  evaluate: (keys, context) => evaluateFlags(ctx.db, keys, context),
  // With a valid bearer, its user and active account; without one, or one that does not verify, anyone.
  async callerContext(): Promise<FlagContext> {
    if (!request.headers.authorization) return { anonymous: true };
    const claims = await requireUser(ctx.tokens, request).catch(() => null);
    return claims
      ? { userId: claims.sub, ...(claims.tenantId ? { tenantId: claims.tenantId } : {}) }
      : { anonymous: true };
  },
});

export async function featureFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // A bodiless POST (the kit's client sends none when there is nothing to say) means "anonymous, every flag".
    scope.addHook('preValidation', async (request) => {
      if (request.body === undefined) request.body = {};
    });
    registerPublicHandlers(scope, FLAG_HANDLERS, (request) => flagPorts(ctx, request));
  });

  const requireVendorAdministrator = async (request: FastifyRequest) => {
    const claims = callerOf(request);
    if (!(await findUserById(ctx.db, claims.sub))?.superUser) throw contractError('FLAGS_VENDOR_ONLY');
  };

  app.get('/flags/api/v1/flags', async (request) => {
    await requireVendorAdministrator(request);
    return { items: await listFlags(ctx.db) };
  });

  app.put<{ Params: { key: string }; Body: { enabled: boolean } }>(
    '/flags/api/v1/flags/:key',
    async (request) => {
      await requireVendorAdministrator(request);
      const flag = await setFlagEnabled(ctx.db, request.params.key, request.body.enabled);
      if (!flag) throw contractError('FLAG_NOT_FOUND');
      return flag;
    },
  );
}
