/**
 * What Stripe's event notifications change (routes/billing.ts receives them, signature-verified):
 * a subscription's status and cancellation, an invoice paid.
 */
import type { Database } from '../storage/database';

/** What Stripe tells us happened: a subscription's status and cancellation, an invoice paid. */
export async function applyStripeEvent(
  db: Database,
  event: { type: string; data: { object: unknown } },
): Promise<void> {
  const object = event.data.object as {
    id: string;
    status?: string;
    cancel_at_period_end?: boolean;
    subscription?: string;
  };
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const status =
      event.type === 'customer.subscription.deleted'
        ? 'canceled'
        : ((
            {
              active: 'active',
              trialing: 'trialing',
              incomplete: 'incomplete',
              canceled: 'canceled',
            } as const
          )[object.status as 'active'] ?? 'expired');
    await db.query(
      `UPDATE billing_subscriptions SET status = $2, cancellation_policy = CASE WHEN $3 THEN 'atPeriodEnd' ELSE NULL END,
         version = version + 1, updated_at = now() WHERE external_id = $1`,
      [object.id, status, object.cancel_at_period_end === true],
    );
  } else if (event.type === 'invoice.paid') {
    await db.query('UPDATE billing_invoices SET paid = true WHERE external_id = $1', [object.id]);
  }
}
