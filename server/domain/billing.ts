/**
 * Billing on the server (issue 17; spec 001 §3 "Billing", §4, §9): the subscription rules of
 * core/domain/billing.ts over its tables in PostgreSQL (core/domain/billing-store.ts over
 * server/storage/tables.ts) and the payment provider
 * (server/billing/provider.ts), which stays behind its interface here. What the rules decide is
 * written in core/domain/billing.ts and docs/billing.md; this file only says how money moves:
 * - a charge goes to the tenant's customer at the provider, with the plan's price there (Stripe
 *   refuses a paid plan without one: PLAN_PRICE_MISSING) and the charge's idempotency key, which
 *   the provider keeps too (Stripe's idempotency, the development ledger);
 * - without a provider, billing can read but not charge (PAYMENT_PROVIDER_NOT_CONFIGURED).
 */
import type { PaymentPort } from '../../core/domain/billing';
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import { billingStore } from '../../core/domain/billing-store';
import { contractError } from '../../core/contract/errors';
import type { PaymentProvider } from '../billing/provider';
import { nextReceiptNumber } from '../storage/billing';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { ensureCustomer } from './billing-customers';
import { cardsPort } from './billing-payment-methods';

/** What billing's use cases run with: the database and the provider (none: billing is off). */
export interface BillingDeps {
  db: Database;
  provider: PaymentProvider | null;
}

/** Billing's stores on the server: its tables in PostgreSQL, ids from node:crypto. */
export const serverBillingStore = (db: Database) =>
  billingStore(sqlTables(db), {
    ...SERVER_ROW_CLOCK,
    receiptNumber: () => nextReceiptNumber(db),
  });

function paymentPort(deps: BillingDeps, store: ReturnType<typeof serverBillingStore>): PaymentPort {
  const { provider } = deps;
  return {
    async confirmSetup(_tenantId, method) {
      const confirmed = provider && (await provider.confirmedSetup(method.externalId));
      if (confirmed) await store.cards.confirm(method.id, confirmed.paymentMethodId, confirmed.card);
      return !!confirmed;
    },
    async charge({ subscription, plan, method, key }) {
      if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
      const config = await store.configuration(subscription.tenantId);
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

/** Billing's routes' ports on the server (core/domain/billing-handlers.ts) for one caller. */
export function billingHandlerPorts(
  deps: BillingDeps,
  call: Pick<BillingHandlerPorts, 'caller' | 'idempotencyKey'>,
): BillingHandlerPorts {
  const { db, provider } = deps;
  const store = serverBillingStore(db);
  return {
    ...store,
    now: () => Date.now(),
    payments: paymentPort(deps, store),
    ...call,
    cards: cardsPort(deps, store.cards),
    provider: provider && {
      name: provider.name === 'stripe' ? 'Stripe' : 'development',
      publishableKey: provider.publishableKey,
    },
    ensureCustomer: (tenantId, contact) => ensureCustomer(db, provider!, tenantId, contact),
  };
}
