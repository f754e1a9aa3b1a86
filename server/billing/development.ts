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
import { developmentProvider, type PaymentProvider } from '../../core/domain/billing-provider';

/** The development provider with its ledger of charges in the server's table. */
export function serverDevelopmentProvider(db: Database): PaymentProvider {
  return developmentProvider(
    () => randomBytes(12).toString('hex'),
    async (charge, chargeId) => {
      await db.query(
        `INSERT INTO billing_dev_charges (idempotency_key, payment_method, amount, currency, outcome, charge_id)
         VALUES ($1, $2, $3, $4, 'succeeded', $5) ON CONFLICT (idempotency_key) DO NOTHING`,
        [charge.idempotencyKey, charge.paymentMethodId, charge.amount, charge.currency, chargeId],
      );
      const { rows } = await db.query<{ charge_id: string; outcome: string }>(
        'SELECT charge_id, outcome FROM billing_dev_charges WHERE idempotency_key = $1',
        [charge.idempotencyKey],
      );
      return { chargeId: rows[0]!.charge_id, paid: rows[0]!.outcome === 'succeeded' };
    },
  );
}
