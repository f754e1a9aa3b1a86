/**
 * What Stripe's event notifications change (routes/billing.ts receives them, signature-verified):
 * a subscription's status and cancellation, an invoice paid (billing's tables:
 * core/domain/billing-tables.ts).
 */
import { writeSubscription } from '../../core/domain/billing-store';
import { BILLING_INVOICES, BILLING_SUBSCRIPTIONS } from '../../core/domain/billing-tables';
import type { Database } from '../storage/database';
import { sqlTables } from '../storage/tables';

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
  const tables = sqlTables(db);
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
    const cancellationPolicy = object.cancel_at_period_end === true ? 'atPeriodEnd' : null;
    for (const { id, version } of await tables
      .of(BILLING_SUBSCRIPTIONS)
      .rows({ where: { externalId: object.id } }))
      await writeSubscription(tables, id, version, { status, cancellationPolicy }, Date.now());
  } else if (event.type === 'invoice.paid') {
    await tables.of(BILLING_INVOICES).update({ externalId: object.id }, { paid: true });
  }
}
