/**
 * The Stripe payment provider, through Stripe's official Node SDK (`stripe`). Card data goes from
 * the browser to Stripe (Stripe.js confirms the setup intent's client secret); this server sees
 * only ids, brand, last 4 digits and expiry. Every charging call passes our idempotency key to
 * Stripe (its `Idempotency-Key`), so a retry answers the first call's subscription and invoice.
 *
 * Plans map to Stripe prices through billing_plans.external_price_id (a vendor sets it to the
 * price_... of each paid plan). Webhooks (POST .../payment-providers/stripe/webhooks/v1) are
 * verified with the endpoint's signing secret (webhookEvent below).
 *
 * Tested against test/support/fake-stripe.ts, a small Stripe-compatible server (docs/billing.md
 * says what it covers); how to try with a real test key: docs/billing.md.
 */
import Stripe from 'stripe';
import type {
  ChargeResult,
  ConfirmedSetup,
  PaymentProvider,
  PlanCharge,
  SetupIntent,
} from '../../core/domain/billing-provider';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret?: string;
  /** Another API address (the tests' fake server): http://127.0.0.1:PORT. */
  apiBase?: string;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCustomer(input: { tenantId: string; name: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { name: input.name, email: input.email, metadata: { tenantId: input.tenantId } },
      { idempotencyKey: `customer:${input.tenantId}` },
    );
    return customer.id;
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<SetupIntent> {
    const intent = await this.stripe.setupIntents.create(
      { customer: customerId, usage: 'off_session' },
      { idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async confirmedSetup(setupId: string): Promise<ConfirmedSetup | null> {
    const intent = await this.stripe.setupIntents.retrieve(setupId);
    if (intent.status !== 'succeeded' || !intent.payment_method) return null;
    const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method.id;
    const method = await this.stripe.paymentMethods.retrieve(pmId);
    if (!method.card) return null;
    return {
      paymentMethodId: method.id,
      card: {
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      },
    };
  }

  async chargePlan(charge: PlanCharge): Promise<ChargeResult> {
    if (!charge.priceId) return { ok: false, message: 'The plan has no price at the payment provider' };
    const options = { idempotencyKey: charge.idempotencyKey };
    let subscription: Stripe.Subscription;
    try {
      if (charge.subscriptionId) {
        const current = await this.stripe.subscriptions.retrieve(charge.subscriptionId);
        subscription = await this.stripe.subscriptions.update(
          charge.subscriptionId,
          {
            items: [{ id: current.items.data[0]?.id, price: charge.priceId }],
            default_payment_method: charge.paymentMethodId,
            cancel_at_period_end: false,
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          options,
        );
      } else {
        subscription = await this.stripe.subscriptions.create(
          {
            customer: charge.customerId,
            items: [{ price: charge.priceId }],
            default_payment_method: charge.paymentMethodId,
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          options,
        );
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return { ok: false, message: error.message || 'Your card was declined.' };
      throw error;
    }
    if (subscription.status === 'incomplete' || subscription.status === 'incomplete_expired')
      return { ok: false, message: 'Your card was declined.' };
    const invoice = subscription.latest_invoice;
    const invoiceId = typeof invoice === 'string' ? invoice : (invoice?.id ?? '');
    const paid = typeof invoice === 'object' && invoice !== null ? invoice.status === 'paid' : true;
    return { ok: true, subscriptionId: subscription.id, invoiceId, paid };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  async updateBillingDetails(
    paymentMethodId: string,
    details: { email?: string; address?: Record<string, string> },
  ): Promise<void> {
    const a = details.address ?? {};
    await this.stripe.paymentMethods.update(paymentMethodId, {
      billing_details: {
        ...(details.email ? { email: details.email } : {}),
        address: {
          line1: a.addressLine1 ?? '',
          line2: a.addressLine2 ?? '',
          city: a.city ?? '',
          state: a.state ?? '',
          postal_code: a.postalCode ?? '',
          country: a.country ?? '',
        },
      },
    });
  }

  /** A webhook's event after checking its Stripe-Signature header; throws when it does not verify. */
  webhookEvent(rawBody: string | Buffer, signature: string): Stripe.Event {
    if (!this.config.webhookSecret) throw new Error('No webhook signing secret configured');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
  }
}
