/**
 * Billing's routes' ports (`BillingHandlerPorts`, core/domain/billing-handlers.ts), assembled once
 * for both backends from the stores written over the tables port (billing-store.ts) and what
 * differs by backend: the payment provider (the server's Stripe or development provider, demo
 * mode's that moves no money) and the next receipt number (the server's sequence). How money moves:
 * - a charge goes to the tenant's customer at the provider, with the plan's price there (Stripe
 *   refuses a paid plan without one: PLAN_PRICE_MISSING) and the charge's idempotency key, which
 *   the provider keeps too (Stripe's idempotency, the development ledger);
 * - without a provider, billing can read but not charge (PAYMENT_PROVIDER_NOT_CONFIGURED).
 */
import { contractError } from '../contract/errors';
import type { PaymentPort } from './billing';
import type { BillingHandlerPorts } from './billing-handlers';
import { invoiceOf, invoiceSheet } from './billing-invoices';
import type { PaymentProvider } from './billing-provider';
import { billingStore } from './billing-store';
import type { RowClock, Tables } from './tables';
import { TENANTS } from './tenant-tables';

/** What one backend has and the other does not. */
interface BillingExtras {
  /** The payment provider (none: billing is off). */
  provider: PaymentProvider | null;
  /** The next receipt number (the server's sequence: never one twice, across accounts). */
  receiptNumber(): Promise<string>;
}

type Store = ReturnType<typeof billingStore>;
type InvoiceSheetOf = (
  tenantId: string,
  id: string,
) => Promise<{ receiptNumber: string; sheet: ReturnType<typeof invoiceSheet> }>;

function paymentPort(provider: PaymentProvider | null, store: Store): PaymentPort {
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

/** Billing's routes' ports for one caller (`call`: their name and email, their Idempotency-Key). */
export function billingPorts(
  tables: Tables,
  clock: RowClock,
  extras: BillingExtras,
  call: Pick<BillingHandlerPorts, 'caller' | 'idempotencyKey'>,
): BillingHandlerPorts & { invoiceSheetOf: InvoiceSheetOf } {
  const { provider } = extras;
  const store = billingStore(tables, { ...clock, receiptNumber: extras.receiptNumber });
  /** The account's name (the customer's name at the provider when the caller gave none). */
  const tenantName = async (tenantId: string) => (await tables.of(TENANTS).row({ id: tenantId }))?.name;
  /** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
  const ensureCustomer = async (tenantId: string, contact: { name?: string; email: string }) => {
    const { mappingId } = await store.configuration(tenantId);
    if (mappingId) return mappingId;
    const customerId = await provider!.createCustomer({
      tenantId,
      name: contact.name || (await tenantName(tenantId)) || tenantId,
      email: contact.email,
    });
    await store.saveCustomerId(tenantId, customerId);
    return customerId;
  };
  return {
    ...store,
    now: clock.now,
    payments: paymentPort(provider, store),
    ...call,
    cards: {
      ...store.cards,
      async updateDetails(tenantId, found, details) {
        if (provider) await provider.updateBillingDetails(found.externalId, details);
        await store.cards.updateDetails(tenantId, found, details);
      },
      async startSetup(tenantId, contact) {
        const customerId = await ensureCustomer(tenantId, contact);
        const intent = await provider!.createSetupIntent(customerId, `setup:${tenantId}:${clock.newId()}`);
        const paymentMethodId = await store.cards.insertPending(tenantId, intent.id, contact);
        return { id: intent.id, paymentMethodId, setupIntentSecret: intent.clientSecret };
      },
    },
    provider: provider && {
      name: provider.name === 'stripe' ? 'Stripe' : 'development',
      publishableKey: provider.publishableKey,
    },
    ensureCustomer,
    /** What the account's invoice's PDF says (the PDF is each backend's own drawing of it). */
    invoiceSheetOf: async (tenantId, id) => {
      const invoice = await invoiceOf(store.invoices, tenantId, id);
      const parties = {
        vendor: (await store.vendor()).name,
        tenant: (await tenantName(tenantId)) ?? '',
      };
      return { receiptNumber: invoice.receiptNumber, sheet: invoiceSheet(invoice, parties) };
    },
  };
}
