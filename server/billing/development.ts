/**
 * The development payment provider: a card processor's test mode inside this server, so that
 * `npm start` checks out end to end without any account (docs/billing.md lists the test cards).
 * The card step (what Stripe.js does against Stripe) is the route POST .../payment-providers/
 * development/setup-intents/v1/{id}/confirm, checked by core/billing/cards.ts; what is stored is
 * the card's brand, last 4 digits and expiry (billing_payment_methods), never the number or CVC.
 * Charges go in a ledger keyed by the idempotency key (billing_dev_charges): a second call with a
 * key answers the first charge.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../storage/database';
import type {
  ChargeResult,
  PaymentProvider,
  PlanCharge,
  SetupIntent,
} from '../../core/domain/billing-provider';

const id = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString('hex')}`;

export class DevelopmentProvider implements PaymentProvider {
  readonly name = 'development' as const;
  readonly publishableKey = '';

  constructor(private readonly db: Database) {}

  async createCustomer(input: { tenantId: string }): Promise<string> {
    return `cus_dev_${input.tenantId.replace(/-/g, '')}`;
  }

  async createSetupIntent(): Promise<SetupIntent> {
    const setup = id('seti');
    return { id: setup, clientSecret: `${setup}_secret_${randomBytes(12).toString('hex')}` };
  }

  /** The development card step writes the card itself: nothing to ask a processor. */
  async confirmedSetup(): Promise<null> {
    return null;
  }

  async chargePlan(charge: PlanCharge): Promise<ChargeResult> {
    const chargeId = id('ch');
    await this.db.query(
      `INSERT INTO billing_dev_charges (idempotency_key, payment_method, amount, currency, outcome, charge_id)
       VALUES ($1, $2, $3, $4, 'succeeded', $5) ON CONFLICT (idempotency_key) DO NOTHING`,
      [charge.idempotencyKey, charge.paymentMethodId, charge.amount, charge.currency, chargeId],
    );
    const { rows } = await this.db.query<{ charge_id: string; outcome: string }>(
      'SELECT charge_id, outcome FROM billing_dev_charges WHERE idempotency_key = $1',
      [charge.idempotencyKey],
    );
    const first = rows[0]!;
    return {
      ok: true,
      subscriptionId: charge.subscriptionId ?? `sub_dev_${charge.customerId.slice(8, 32)}`,
      invoiceId: `in_${first.charge_id.slice(3)}`,
      paid: first.outcome === 'succeeded',
    };
  }

  async setCancelAtPeriodEnd(): Promise<void> {}

  async updateBillingDetails(): Promise<void> {}
}
