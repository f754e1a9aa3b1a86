/**
 * Billing on the server (issue 17; spec 001 §3 "Billing", §4, §9): the subscription rules of
 * core/domain/billing.ts over PostgreSQL (server/storage/billing.ts) and the payment provider
 * (server/billing/provider.ts), which stays behind its interface here. What the rules decide is
 * written in core/domain/billing.ts and docs/billing.md; this file only says how money moves:
 * - a charge goes to the tenant's customer at the provider, with the plan's price there (Stripe
 *   refuses a paid plan without one: PLAN_PRICE_MISSING) and the charge's idempotency key, which
 *   the provider keeps too (Stripe's idempotency, the development ledger);
 * - without a provider, billing can read but not charge (PAYMENT_PROVIDER_NOT_CONFIGURED).
 */
import type { BillingPorts, PaymentPort } from '../../core/domain/billing';
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import { contractError } from '../../core/contract/errors';
import type { PaymentProvider } from '../billing/provider';
import {
  billingVendor,
  paymentMethodPort,
  planRepository,
  subscriptionRepository,
  tenantConfiguration,
  vendorBillingSwitches,
} from '../storage/billing';
import { invoiceStore, paymentMethodStore } from '../storage/billing-records';
import type { Database } from '../storage/database';
import { ensureCustomer } from './billing-customers';
import { cardsPort } from './billing-payment-methods';

/** What billing's use cases run with: the database and the provider (none: billing is off). */
export interface BillingDeps {
  db: Database;
  provider: PaymentProvider | null;
}

function paymentPort(deps: BillingDeps): PaymentPort {
  const { db, provider } = deps;
  return {
    async confirmSetup(_tenantId, method) {
      const confirmed = provider && (await provider.confirmedSetup(method.externalId));
      if (confirmed)
        await paymentMethodStore(db).confirm(method.id, confirmed.paymentMethodId, confirmed.card);
      return !!confirmed;
    },
    async charge({ subscription, plan, method, key }) {
      if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
      const config = await tenantConfiguration(db, subscription.tenantId);
      if (plan.amount > 0 && !plan.externalPriceId && provider.name === 'stripe')
        throw contractError('PLAN_PRICE_MISSING');
      const result = await provider.chargePlan({
        customerId: config.mappingId ?? '',
        subscriptionId: subscription.externalId || null,
        priceId: plan.externalPriceId,
        paymentMethodId: method.externalId,
        amount: plan.amount,
        currency: plan.currency,
        description: `${plan.name} plan, monthly`,
        idempotencyKey: key,
      });
      return result.ok ? result : null;
    },
    async setCancelAtPeriodEnd(externalId, cancel) {
      if (provider) await provider.setCancelAtPeriodEnd(externalId, cancel);
    },
  };
}

/** Billing's ports on the server. */
function billingPorts(deps: BillingDeps): BillingPorts {
  const { db } = deps;
  return {
    now: () => Date.now(),
    plans: planRepository(db),
    switches: () => vendorBillingSwitches(db),
    subscriptions: subscriptionRepository(db),
    configuration: (tenantId) => tenantConfiguration(db, tenantId),
    methods: paymentMethodPort(db),
    payments: paymentPort(deps),
  };
}

/** Billing's routes' ports on the server (core/domain/billing-handlers.ts) for one caller. */
export function billingHandlerPorts(
  deps: BillingDeps,
  call: Pick<BillingHandlerPorts, 'caller' | 'idempotencyKey'>,
): BillingHandlerPorts {
  const { db, provider } = deps;
  return {
    ...billingPorts(deps),
    ...call,
    vendorId: async () => (await billingVendor(db)).id,
    invoices: invoiceStore(db),
    cards: cardsPort(deps),
    provider: provider && {
      name: provider.name === 'stripe' ? 'Stripe' : 'development',
      publishableKey: provider.publishableKey,
    },
    ensureCustomer: (tenantId, contact) => ensureCustomer(db, provider!, tenantId, contact),
  };
}
