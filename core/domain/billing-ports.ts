/**
 * Billing's routes' ports (`BillingHandlerPorts`, core/domain/billing-handlers.ts), assembled once
 * for both backends from the stores written over the tables port (billing-store.ts) and what
 * differs by backend (the platform's `billing`): the payment provider (the server's Stripe or development provider, demo
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
import type { Platform, PortsFor } from './platform';
import type { Tables } from './tables';
import { TENANTS } from './tenant-tables';

/** What one backend has and the other does not (the platform's `billing`, core/domain/platform.ts). */
export interface BillingBackend {
  /** The payment provider (none: billing is off). */
  provider(): PaymentProvider | null;
  /** The next receipt number (the server's sequence: never one twice, across accounts). */
  receiptNumber(): Promise<string>;
  /** An invoice's PDF drawn from what it says (the server's with pdfkit, demo mode's in the browser). */
  invoicePdf(sheet: ReturnType<typeof invoiceSheet>): Promise<unknown>;
}

type Store = ReturnType<typeof billingStore>;

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

const storeOn = ({ tables, clock, billing }: Platform) =>
  billingStore(tables, { ...clock, receiptNumber: billing.receiptNumber });

/** The account's name (the customer's name at the provider when the caller gave none). */
const tenantName = async (tables: Tables, tenantId: string) =>
  (await tables.of(TENANTS).row({ id: tenantId }))?.name;

/**
 * Billing's routes' ports for one caller (their name and email, their Idempotency-Key), over the
 * backend's tables, clock and payment provider.
 */
export const billingAreaPorts: PortsFor<BillingHandlerPorts> = (platform, caller) => {
  const { tables, clock } = platform;
  const provider = platform.billing.provider();
  const store = storeOn(platform);
  /** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
  const ensureCustomer = async (tenantId: string, contact: { name?: string; email: string }) => {
    const { mappingId } = await store.configuration(tenantId);
    if (mappingId) return mappingId;
    const customerId = await provider!.createCustomer({
      tenantId,
      name: contact.name || (await tenantName(tables, tenantId)) || tenantId,
      email: contact.email,
    });
    await store.saveCustomerId(tenantId, customerId);
    return customerId;
  };
  return {
    ...store,
    now: clock.now,
    payments: paymentPort(provider, store),
    caller: caller.contact ?? { email: '' },
    idempotencyKey: caller.idempotencyKey,
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
    async invoicePdf(tenantId, id) {
      const { receiptNumber, sheet } = await invoiceSheetOn(platform, tenantId, id);
      return { receiptNumber, pdf: await platform.billing.invoicePdf(sheet) };
    },
  };
};

/** What the account's invoice's PDF says (the PDF is each backend's own drawing of it). */
async function invoiceSheetOn(platform: Platform, tenantId: string, id: string) {
  const store = storeOn(platform);
  const invoice = await invoiceOf(store.invoices, tenantId, id);
  const parties = {
    vendor: (await store.vendor()).name,
    tenant: (await tenantName(platform.tables, tenantId)) ?? '',
  };
  return { receiptNumber: invoice.receiptNumber, sheet: invoiceSheet(invoice, parties) };
}
