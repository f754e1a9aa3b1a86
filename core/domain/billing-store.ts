/**
 * Billing's repositories (the ports of core/domain/billing.ts, billing-plans.ts and
 * billing-invoices.ts), written once over the storage port (core/domain/tables.ts): the server runs
 * them over PostgreSQL (server/domain/billing.ts), demo mode over the page's storage
 * (core/demo/billingStore.ts); server/storage/billing.test.ts holds both to the same cases. The
 * payment provider stays a port of its own: Stripe or the development provider on the server, one
 * that moves no money in demo mode.
 *
 * - A subscription's save bumps its version (part of a charge's default idempotency key) by
 *   compare-and-set, so two saves never write the same version, and puts the plan's features in
 *   the account's bundle (`tenant_features`) with the expiry the rules give.
 * - A charge's invoice is written once per idempotency key: the key is checked and the invoice,
 *   the default card and the subscription written in one transaction, under the key's lock.
 */
import type { Subscription, SubscriptionRepository } from './billing';
import type { InvoiceRecord, InvoiceRepository } from './billing-invoices';
import {
  anId,
  BILLING_INVOICES,
  BILLING_PLANS,
  BILLING_SUBSCRIPTIONS,
  billingVendor,
  cardStore,
  configurationStore,
  FEATURES,
  makeDefaultCard,
  planRepository,
  TENANT_FEATURES,
  type BillingClock,
  type InvoiceRow,
  type SubscriptionRow,
} from './billing-tables';
import { oneOf, saveRow, stamp, type Tables } from './tables';

interface BillingStoreClock extends BillingClock {
  /** The next receipt number (the server's sequence: never one twice, across accounts). */
  receiptNumber(): Promise<string>;
}

const subscriptionOfRow = ({ cancellationPolicy, updatedAt: _updatedAt, ...row }: SubscriptionRow) => ({
  ...row,
  cancellation: cancellationPolicy,
});

/** The plan's features in the account's bundle until `until` (null: no expiry); other plans' leave it. */
async function holdPlanFeatures(tables: Tables, tenantId: string, planId: string, until: string | null) {
  const plans = await tables.of(BILLING_PLANS).rows();
  const held = plans.find((p) => p.id === planId)?.features ?? [];
  const every = [...new Set(plans.flatMap((p) => p.features))];
  const features = await tables.of(FEATURES).rows({ where: { key: oneOf(every) } });
  const dropped = features.filter((f) => !held.includes(f.key)).map((f) => f.id);
  if (dropped.length) await tables.of(TENANT_FEATURES).remove({ tenantId, featureId: oneOf(dropped) });
  for (const { id: featureId } of features.filter((f) => held.includes(f.key)))
    await saveRow(tables, TENANT_FEATURES, { tenantId, featureId }, { expiresAt: until }, () => ({
      tenantId,
      featureId,
      expiresAt: until,
    }));
}

/**
 * Writes `changes` to subscription `id` read at `version`, its version bumped: the row as stored.
 * A save in between (the version moved) is read again and written over, as the SQL's
 * `version = version + 1` did.
 */
export async function writeSubscription(
  tables: Tables,
  id: string,
  version: number,
  changes: Partial<SubscriptionRow>,
  now: number,
): Promise<Subscription> {
  const subscriptions = tables.of(BILLING_SUBSCRIPTIONS);
  for (let current = version; ;) {
    const [saved] = await subscriptions.update(
      { id, version: current },
      { ...changes, version: current + 1, updatedAt: stamp(now) },
    );
    if (saved) return subscriptionOfRow(saved);
    const row = await subscriptions.row({ id });
    if (!row) throw new Error(`subscription ${id} is gone`);
    current = row.version;
  }
}

function saveSubscription(tables: Tables, sub: Subscription, until: string | null, now: number) {
  return tables.transaction(async (tx) => {
    const saved = await writeSubscription(
      tx,
      sub.id,
      sub.version,
      {
        planId: sub.planId,
        externalId: sub.externalId,
        status: sub.status,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        trialEnd: sub.trialEnd,
        cancellationPolicy: sub.cancellation,
        paymentMethodId: sub.paymentMethodId,
      },
      now,
    );
    await holdPlanFeatures(tx, saved.tenantId, saved.planId, until);
    return saved;
  });
}

function subscriptionRepository(tables: Tables, clock: BillingStoreClock): SubscriptionRepository {
  const invoices = tables.of(BILLING_INVOICES);
  const ofAccount = async (tenantId: string) => {
    const row = await tables.of(BILLING_SUBSCRIPTIONS).row({ tenantId });
    return row && subscriptionOfRow(row);
  };
  return {
    ofAccount,
    startTrial: (tenantId, trial) =>
      // One subscription per account (the SQL's ON CONFLICT): made under the account's lock.
      tables.transaction(async (tx) => {
        await tx.lock(`billing_subscriptions:${tenantId}`);
        const found = await tx.of(BILLING_SUBSCRIPTIONS).row({ tenantId });
        if (found) return subscriptionOfRow(found);
        const row = await tx.of(BILLING_SUBSCRIPTIONS).insert({
          ...{ id: clock.newId(), tenantId, planId: trial.planId, externalId: '', status: 'trialing' },
          ...{ startDate: trial.start, currentPeriodStart: trial.start, currentPeriodEnd: trial.trialEnd },
          ...{ trialEnd: trial.trialEnd, cancellationPolicy: null, paymentMethodId: null, version: 1 },
          updatedAt: stamp(clock.now()),
        });
        await holdPlanFeatures(tx, tenantId, trial.planId, trial.trialEnd);
        return subscriptionOfRow(row);
      }),
    save: (sub, until) => saveSubscription(tables, sub, until, clock.now()),
    charged: async (key) => (await invoices.count({ where: { idempotencyKey: key } })) > 0,
    async recordCharge(sub, charge, until) {
      // Taken before the transaction, as the sequence's nextval is outside it anyway.
      const receiptNumber = await clock.receiptNumber();
      return tables.transaction(async (tx) => {
        await tx.lock(`billing_invoices:${charge.key}`);
        if (await tx.of(BILLING_INVOICES).row({ idempotencyKey: charge.key })) return null;
        await tx.of(BILLING_INVOICES).insert({
          ...{ id: clock.newId(), tenantId: sub.tenantId, subscriptionId: sub.id, planId: charge.planId },
          ...{ externalId: charge.externalId, receiptNumber, totalAmount: charge.amount },
          ...{ currency: charge.currency, paid: charge.paid, paymentDate: stamp(clock.now()) },
          ...{ periodStart: charge.periodStart, periodEnd: charge.periodEnd },
          ...{ cardBrand: charge.method.brand, cardLast4: charge.method.last4, idempotencyKey: charge.key },
        });
        await makeDefaultCard(tx, sub.tenantId, charge.method.id);
        return saveSubscription(tx, sub, until, clock.now());
      });
    },
  };
}

/** The account's invoices, each with its plan's name (the PDF's line): one read of the plans named. */
function invoiceRepository(tables: Tables): InvoiceRepository {
  const records = async (rows: InvoiceRow[]): Promise<InvoiceRecord[]> => {
    const planIds = [...new Set(rows.map((r) => r.planId))];
    const plans = planIds.length
      ? await tables.of(BILLING_PLANS).rows({ where: { id: oneOf(planIds) } })
      : [];
    return rows.map((row) => ({
      id: row.id,
      externalId: row.externalId,
      subscriptionId: row.subscriptionId,
      paymentDate: row.paymentDate,
      totalAmount: row.totalAmount,
      currency: row.currency || 'usd',
      paid: row.paid,
      receiptNumber: row.receiptNumber,
      planName: plans.find((p) => p.id === row.planId)?.name ?? '',
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
    }));
  };
  const invoices = tables.of(BILLING_INVOICES);
  return {
    list: async (tenantId) =>
      records(
        await invoices.rows({
          where: { tenantId },
          orderBy: [
            { by: 'paymentDate', desc: true },
            { by: 'receiptNumber', desc: true },
          ],
        }),
      ),
    async find(tenantId, id) {
      const row = await invoices.row({ tenantId, id: anId(id) });
      return row && (await records([row]))[0]!;
    },
  };
}

/** Billing's stores over `tables`: what both backends' ports (`BillingHandlerPorts`) are made of. */
export function billingStore(tables: Tables, clock: BillingStoreClock) {
  const cards = cardStore(tables, clock);
  const configurations = configurationStore(tables, clock);
  return {
    plans: planRepository(tables),
    vendor: () => billingVendor(tables),
    vendorId: async () => (await billingVendor(tables)).id,
    switches: async () => (await billingVendor(tables)).switches,
    subscriptions: subscriptionRepository(tables, clock),
    configuration: configurations.of,
    saveCustomerId: configurations.saveCustomerId,
    methods: { find: cards.find, makeDefault: cards.makeDefault },
    cards,
    invoices: invoiceRepository(tables),
  };
}
