/**
 * The tenant's billing configuration and its customer at the payment provider (issue 17;
 * TenantCreatedAction create_customer). Part of domain/billing.ts (docs/billing.md).
 */
import type { PaymentProvider } from '../billing/provider';
import type { Database } from '../storage/database';

/** What billing's use cases run with: the database and the provider (none: billing is off). */
export interface BillingDeps {
  db: Database;
  provider: PaymentProvider | null;
}

// --------------------------------------------------------------------- tenant configuration
interface TenantConfigRow {
  id: string;
  tenant_id: string;
  provider_type: string;
  externally_managed: boolean;
  mapping_id: string | null;
}

export async function tenantConfiguration(db: Database, tenantId: string): Promise<TenantConfigRow> {
  const { rows } = await db.query<TenantConfigRow>(
    `INSERT INTO billing_tenant_configurations (tenant_id) VALUES ($1)
     ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id RETURNING *`,
    [tenantId],
  );
  return rows[0]!;
}

export function tenantConfigurationDto(row: TenantConfigRow, vendorId: string) {
  return {
    id: row.id,
    vendorId,
    tenantId: row.tenant_id,
    // The client types it as a string.
    externallyManaged: String(row.externally_managed),
    paymentProviderType: row.provider_type,
    mappingId: row.mapping_id ?? '',
  };
}

/** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
export async function ensureCustomer(
  db: Database,
  provider: PaymentProvider,
  tenantId: string,
  contact: { name?: string; email: string },
): Promise<string> {
  const config = await tenantConfiguration(db, tenantId);
  if (config.mapping_id) return config.mapping_id;
  const tenant = await db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId]);
  const customerId = await provider.createCustomer({
    tenantId,
    name: contact.name || tenant.rows[0]?.name || tenantId,
    email: contact.email,
  });
  await db.query('UPDATE billing_tenant_configurations SET mapping_id = $2 WHERE tenant_id = $1', [
    tenantId,
    customerId,
  ]);
  return customerId;
}
