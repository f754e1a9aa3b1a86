/**
 * The account's usage (issue 28 item 3): descriptor in core/contract/routes/usage.ts, the handler in
 * core/domain/usage-handlers.ts, the rule in core/domain/usage.ts, SQL in server/storage/usage.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { USAGE_HANDLERS } from '../../core/domain/usage-handlers';
import { registerHandlers } from '../http/handlers';
import { usageRepository } from '../storage/usage';

export async function usageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ports = { ...usageRepository(ctx.db), now: () => Date.now() };
  registerHandlers(app, USAGE_HANDLERS, () => ports);
}
