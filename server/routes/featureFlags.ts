/**
 * The vendor's switches of feature flags (evaluating them: routes/host-info.ts): ours, the client
 * SDK only reads flags; for a vendor administrator (`users.super_user`) only, others 403; each
 * change is audited (http/audit-hook.ts):
 * - GET /flags/api/v1/flags: `{ items: [{ key, description, enabled, tenantIds, userIds }] }`;
 * - PUT /flags/api/v1/flags/:key `{ enabled }`: on or off for everyone; answers the flag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { listFlags, setFlagEnabled } from '../domain/featureFlags';
import { findUserById } from '../storage/users';
import { contractError } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';

export async function featureFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
