/**
 * The usage page's route (core/contract/routes/usage.ts), written once for the server and demo mode
 * (core/domain/handlers.ts) over the usage repository (core/domain/usage.ts) and a clock.
 */
import { answer, type AreaHandlers } from './handlers';
import { readUsage, type UsageRepository } from './usage';

interface UsagePorts extends UsageRepository {
  now(): number;
}

export const USAGE_HANDLERS: AreaHandlers<UsagePorts> = {
  getTenantUsage: async (p, { tenantId }) => answer(await readUsage(p, tenantId, new Date(p.now()))),
};
