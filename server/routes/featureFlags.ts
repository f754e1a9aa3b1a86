/**
 * POST /{prefix}/flags/api/v1/evaluate **(choice of path and method: the context travels as JSON)**.
 * Public: flags are not secrets, and the login box reads some before anyone signs in. Request
 * schema: core/contract/requests-flags.ts (the demo backend's too).
 *
 * The vendor's switches (ours; the client SDK only reads flags), for a vendor administrator
 * (`users.super_user`) only, others 403; each change is audited (http/audit-hook.ts):
 * - GET /flags/api/v1/flags: `{ items: [{ key, description, enabled, tenantIds, userIds }] }`;
 * - PUT /flags/api/v1/flags/:key `{ enabled }`: on or off for everyone; answers the flag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { evaluateFlags, listFlags, setFlagEnabled, type FlagContext } from '../domain/featureFlags';
import { findUserById } from '../domain/users';
import { requireUser } from '../http/bearer';
import { contractError } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';

export async function featureFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const requireVendorAdministrator = async (request: FastifyRequest) => {
    const claims = callerOf(request);
    if (!(await findUserById(ctx.db, claims.sub))?.super_user) throw contractError('FLAGS_VENDOR_ONLY');
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

  app.post<{ Body: { keys?: string[]; context?: FlagContext } | undefined }>(
    '/flags/api/v1/evaluate',
    {
      // A bodiless POST (the kit's client sends none when there is nothing to say) means "anonymous, every flag".
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request) => ({
      flags: await evaluateFlags(ctx.db, request.body?.keys, request.body?.context ?? { anonymous: true }),
    }),
  );

  /**
   * The client SDK's call (featureFlags.loadFeatureFlags): every flag as `"on"` or `"off"`. Public;
   * with a valid bearer token the flags are evaluated for its user and active tenant, otherwise
   * (no token, or one that does not verify) for an anonymous context: flags are not secrets.
   */
  app.get('/flags', async (request) => {
    let context: FlagContext = { anonymous: true };
    if (request.headers.authorization) {
      const claims = await requireUser(ctx.tokens, request).catch(() => null);
      if (claims) context = { userId: claims.sub, ...(claims.tenantId ? { tenantId: claims.tenantId } : {}) };
    }
    const flags = await evaluateFlags(ctx.db, undefined, context);
    return Object.fromEntries(Object.entries(flags).map(([key, on]) => [key, on ? 'on' : 'off']));
  });
}
