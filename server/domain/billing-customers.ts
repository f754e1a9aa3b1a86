/**
 * The tenant's customer at the payment provider (issue 17; TenantCreatedAction create_customer).
 * Part of domain/billing.ts (docs/billing.md); the configuration's SQL is server/storage/billing.ts's.
 */
import type { PaymentProvider } from '../billing/provider';
import { saveCustomerId, tenantConfiguration, tenantName } from '../storage/billing';
import type { Database } from '../storage/database';

/** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
export async function ensureCustomer(
  db: Database,
  provider: PaymentProvider,
  tenantId: string,
  contact: { name?: string; email: string },
): Promise<string> {
  const config = await tenantConfiguration(db, tenantId);
  if (config.mappingId) return config.mappingId;
  const customerId = await provider.createCustomer({
    tenantId,
    name: contact.name || (await tenantName(db, tenantId)) || tenantId,
    email: contact.email,
  });
  await saveCustomerId(db, tenantId, customerId);
  return customerId;
}
