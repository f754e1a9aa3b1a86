/**
 * The payment provider behind billing (issue 17): one interface; the server's two implementations
 * are server/billing/development.ts (a processor's test mode inside the server: test card numbers,
 * no account) and server/billing/stripe.ts (Stripe through its official Node SDK: card data goes
 * from the browser to Stripe, never through the server); demo mode's is the development provider
 * (written once below) with a ledger that moves no money (core/demo/billingStore.ts).
 * The domain (core/domain/billing-ports.ts) decides what to charge and when; a provider only moves
 * money and keeps its own records. Every charging call carries an idempotency key: a retry with
 * the same key answers the first call's result and never charges twice.
 */
import type { StoredCard } from '../billing/cards';

export type ProviderName = 'development' | 'stripe';

export interface SetupIntent {
  /** The provider's id of the setup (Stripe: seti_...). */
  id: string;
  /** What the browser confirms the card with (Stripe.js confirmCardSetup). */
  clientSecret: string;
}

export interface ConfirmedSetup {
  /** The provider's payment-method id (Stripe: pm_...). */
  paymentMethodId: string;
  card: StoredCard;
}

export interface PlanCharge {
  customerId: string;
  /** The provider's subscription, when the tenant already has one there. */
  subscriptionId: string | null;
  /** The plan's price at the provider (Stripe: price_...); the development provider ignores it. */
  priceId: string | null;
  paymentMethodId: string;
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
}

export type ChargeResult =
  { ok: true; subscriptionId: string; invoiceId: string; paid: boolean } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** What the browser needs to collect a card (Stripe: the publishable key; '' otherwise). */
  readonly publishableKey: string;
  /** Creates the tenant's customer at the provider; answers its id. Idempotent per tenant. */
  createCustomer(input: { tenantId: string; name: string; email: string }): Promise<string>;
  /** Starts saving a card for the customer. */
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<SetupIntent>;
  /** The card the setup ended with, or null while the cardholder has not confirmed it. */
  confirmedSetup(setupId: string): Promise<ConfirmedSetup | null>;
  /** Puts the customer on a plan and charges its first period (once per idempotency key). */
  chargePlan(charge: PlanCharge): Promise<ChargeResult>;
  /** Cancels at period end (true) or takes the cancellation back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Billing details shown on invoices. */
  updateBillingDetails(
    paymentMethodId: string,
    details: { email?: string; address?: Record<string, string> },
  ): Promise<void>;
}

/**
 * Where the development provider keeps its charges: answers the first charge of the idempotency
 * key (its id and whether it paid), recording `chargeId` when there is none.
 */
type ChargeLedger = (charge: PlanCharge, chargeId: string) => Promise<{ chargeId: string; paid: boolean }>;

/**
 * The development provider: a card processor's test mode (docs/billing.md). Customers, setups and
 * subscriptions are its own ids (`random` makes them unique); the card step writes the card itself
 * (core/billing/cards.ts), so nothing is ever asked of a processor afterwards; `ledger` keeps the
 * charges (the server's table, server/billing/development.ts; demo mode's moves no money).
 */
export function developmentProvider(random: () => string, ledger: ChargeLedger): PaymentProvider {
  const id = (prefix: string) => `${prefix}_dev_${random()}`;
  return {
    name: 'development',
    publishableKey: '',
    createCustomer: async ({ tenantId }) => `cus_dev_${tenantId.replace(/-/g, '')}`,
    async createSetupIntent() {
      const setup = id('seti');
      return { id: setup, clientSecret: `${setup}_secret_${random()}` };
    },
    confirmedSetup: async () => null,
    async chargePlan(charge) {
      const first = await ledger(charge, id('ch'));
      return {
        ok: true,
        subscriptionId: charge.subscriptionId ?? `sub_dev_${charge.customerId.slice(8, 32)}`,
        invoiceId: `in_${first.chargeId.slice(3)}`,
        paid: first.paid,
      };
    },
    setCancelAtPeriodEnd: async () => {},
    updateBillingDetails: async () => {},
  };
}
