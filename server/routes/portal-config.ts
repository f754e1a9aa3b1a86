/**
 * Portal configuration the vendor and tenants set:
 * - POST /metadata (spec 001 §7 "GET and POST admin-box metadata (update sends flattened path/value
 *   actions)"): the vendor's page visibility and field/tab appearance. Only a vendor administrator
 *   (a super user) may change it; every path and value is checked against what the portal knows.
 * Custom login per account is a sub-account route (core/domain/sub-account-handlers.ts, routes/hierarchy.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyMetadataActions, checkMetadataAction, type MetadataAction } from '../../core/portal/appearance';
import type { AppContext } from '../context';
import { lockAdminBoxConfiguration, saveAdminBoxConfiguration } from '../storage/account-settings';
import { findUserById } from '../storage/users';
import { contractError, contractErrors } from '../../core/contract/errors';
import { callerOf } from '../http/route-table';

// Request bodies: core/contract/requests-portal.ts (the demo backend's too).

export async function portalConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Saves the vendor's admin box: a vendor administrator only; every action checked before any is applied. */
  const saveAdminBox = async (request: FastifyRequest, actions: MetadataAction[]) => {
    const claims = callerOf(request);
    const user = await findUserById(ctx.db, claims.sub);
    if (!user?.superUser) throw contractError('PORTAL_VENDOR_ONLY');
    const problems = actions.map(checkMetadataAction).filter((m) => m !== null);
    if (problems.length) throw contractErrors(problems);
    const configuration = await ctx.db.transaction(async (tx) => {
      const next = applyMetadataActions((await lockAdminBoxConfiguration(tx, user.vendorId)) ?? {}, actions);
      await saveAdminBoxConfiguration(tx, user.vendorId, next);
      return next;
    });
    return { rows: [{ entityName: 'adminBox', configuration }] };
  };

  app.post<{ Body: { entityName: string; actions: MetadataAction[] } }>('/metadata', async (request) =>
    saveAdminBox(request, request.body.actions),
  );

  // The client SDK's updateAdminBoxMetadata: `{ actions: [{ type, payload }] }`, each action's type
  // the setting's path and its payload the value (null removes it), as POST /metadata's path/value.
  app.post<{ Body: { actions: Array<{ type: string; payload: string | null }> } }>(
    '/metadata/admin-box',
    async (request) =>
      saveAdminBox(
        request,
        request.body.actions.map(({ type, payload }) => ({ path: type, value: payload })),
      ),
  );
}
