/**
 * The account's usage (issue 28 item 3): descriptor in core/contract/routes/usage.ts, the rule in
 * core/domain/usage.ts, SQL in server/storage/usage.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { readUsage } from '../../core/domain/usage';
import { accountOf } from '../http/route-table';
import { usageRepository } from '../storage/usage';

export async function usageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = usageRepository(ctx.db);
  app.get('/tenants/resources/usage/v1', async (request) => readUsage(repo, accountOf(request), new Date()));
}
