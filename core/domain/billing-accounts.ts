/**
 * Billing's account-level answers (issue 17), written once over core/domain/billing.ts's ports: the
 * summary, the tenant's configuration at the provider, and what an account may ask of it (only its
 * own; whether billing is managed elsewhere is the vendor's decision, not the account's).
 */
import { contractError } from '../contract/errors';
import { defaultPlan } from './billing-plans';
import { currentSubscription, type BillingPorts, type TenantBillingConfiguration } from './billing';

/** BILLING_OTHER_ACCOUNT unless `asked` is the caller's active account. */
export function ownAccount(tenantId: string, asked: string | undefined): void {
  if (asked !== tenantId) throw contractError('BILLING_OTHER_ACCOUNT');
}

/** GET summaries/v1/{tenantId}. */
export async function billingSummary(ports: BillingPorts, tenantId: string, asked: string | undefined) {
  ownAccount(tenantId, asked);
  const sub = await currentSubscription(ports, tenantId);
  const config = await ports.configuration(tenantId);
  return {
    tenantConfigurationId: config.id,
    providerType: config.providerType,
    subscriptionId: sub.id,
    externallyManaged: config.externallyManaged,
    currentPlanId: sub.planId,
    paymentMethodId: sub.paymentMethodId ?? '',
    defaultPlanId: (await defaultPlan(ports.plans)).id,
  };
}

/** GET tenant-configurations/v1/{tenantId} (the client types `externallyManaged` as a string). */
export async function tenantConfigurationView(
  ports: Pick<BillingPorts, 'configuration'>,
  tenantId: string,
  asked: string | undefined,
  vendorId: string,
) {
  ownAccount(tenantId, asked);
  const config: TenantBillingConfiguration = await ports.configuration(tenantId);
  return {
    id: config.id,
    vendorId,
    tenantId: config.tenantId,
    externallyManaged: String(config.externallyManaged),
    paymentProviderType: config.providerType,
    mappingId: config.mappingId ?? '',
  };
}

/**
 * POST tenant-configurations/v1: the account's own configuration, never marked as managed elsewhere
 * (BILLING_EXTERNAL_VENDOR_ONLY). Answers it; the caller then makes the customer at the provider.
 */
export async function configureAccount(
  ports: Pick<BillingPorts, 'configuration'>,
  tenantId: string,
  body: { tenantId?: string; externallyManaged?: string },
): Promise<TenantBillingConfiguration> {
  ownAccount(tenantId, body.tenantId);
  if (body.externallyManaged === 'true') throw contractError('BILLING_EXTERNAL_VENDOR_ONLY');
  return ports.configuration(tenantId);
}
