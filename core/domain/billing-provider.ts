/**
 * The payment provider behind billing (issue 17): one interface; the server's two implementations
 * are server/billing/development.ts (a processor's test mode inside the server: test card numbers,
 * no account) and server/billing/stripe.ts (Stripe through its official Node SDK: card data goes
 * from the browser to Stripe, never through the server); demo mode's moves no money
 * (core/demo/billingStore.ts).
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
