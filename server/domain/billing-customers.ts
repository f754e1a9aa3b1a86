/**
 * The tenant's customer at the payment provider (issue 17; TenantCreatedAction create_customer).
 * Part of domain/billing.ts (docs/billing.md); the configuration is core/domain/billing-tables.ts's.
 */
import { configurationStore } from '../../core/domain/billing-tables';
import type { PaymentProvider } from '../billing/provider';
import { tenantName } from '../storage/billing';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

/** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
export async function ensureCustomer(
  db: Database,
  provider: PaymentProvider,
  tenantId: string,
  contact: { name?: string; email: string },
): Promise<string> {
  const configurations = configurationStore(sqlTables(db), SERVER_ROW_CLOCK);
  const config = await configurations.of(tenantId);
  if (config.mappingId) return config.mappingId;
  const customerId = await provider.createCustomer({
    tenantId,
    name: contact.name || (await tenantName(db, tenantId)) || tenantId,
    email: contact.email,
  });
  await configurations.saveCustomerId(tenantId, customerId);
  return customerId;
}
