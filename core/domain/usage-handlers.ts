/**
 * The usage page's route (core/contract/routes/usage.ts), written once for the server and demo mode
 * (core/domain/handlers.ts) over the usage's reads (core/domain/usage.ts) and a clock.
 */
import { answer, type AreaHandlers } from './handlers';
import type { PortsFor } from './platform';
import { readUsage, usageOver, type UsageRepository } from './usage';

interface UsagePorts extends UsageRepository {
  now(): number;
}

export const USAGE_HANDLERS: AreaHandlers<UsagePorts> = {
  getTenantUsage: async (p, { tenantId }) => answer(await readUsage(p, tenantId, new Date(p.now()))),
};

/** The usage route's ports on a backend: the reads over its tables, its clock. */
export const usageAreaPorts: PortsFor<UsagePorts> = (platform) => ({
  ...usageOver(platform.tables),
  now: platform.clock.now,
});
