/**
 * What Stripe's event notifications change (routes/billing.ts receives them, signature-verified):
 * a subscription's status and cancellation, an invoice paid.
 */
import type { Database } from '../storage/database';
import { markInvoicePaid, updateExternalSubscription } from '../storage/billing-records';

const STATUSES = {
  active: 'active',
  trialing: 'trialing',
  incomplete: 'incomplete',
  canceled: 'canceled',
} as const;

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
        : (STATUSES[object.status as keyof typeof STATUSES] ?? 'expired');
    await updateExternalSubscription(db, object.id, status, object.cancel_at_period_end === true);
  } else if (event.type === 'invoice.paid') {
    await markInvoicePaid(db, object.id);
  }
}
