/**
 * Billing (issue 17; spec 001 §3 "Billing", §4 subscription rules, §9 constants): the vendor's
 * plans, one subscription per tenant, payment methods, invoices, summaries and the tenant's
 * provider configuration. Money moves through a PaymentProvider (server/billing/provider.ts).
 *
 * Choices written down (docs/billing.md):
 * - A tenant's subscription is created when billing is first read: a 14-day trial of the first
 *   paid plan. A trial that ends with a payment method charges the first period; without one (or
 *   declined) the vendor's TrialEndAction applies: change_to_default moves to the default plan,
 *   retain_trial keeps the plan as `trialEnded` (core/billing/vendorRules.ts).
 * - Changing plan (PUT subscriptions/{id}) to a paid plan charges the new plan's price for a new
 *   monthly period starting now (no proration), makes the subscription active and writes the
 *   invoice. A free plan charges nothing.
 * - Every charge has an idempotency key: the Idempotency-Key header when the caller sends one,
 *   else one derived from the subscription's version, plan and payment method. The provider keeps
 *   the key (Stripe's idempotency, the development ledger), and the invoice row is unique by it,
 *   so a retry after a crash between the charge and our commit finds the first charge.
 * - Entitlements: the plan's features go in the tenant's bundle (tenant_features). Active: no
 *   expiry; trialing: until the trial end; cancelled at period end: until the period end; a lapsed
 *   plan (canceled, expired, incomplete) keeps its features with an expiry in the past, so the kit
 *   answers BUNDLE_EXPIRED for them.
 */
import { cancellationRefusal, planChangeRefusal, trialEndStep } from '../../core/billing/vendorRules';
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import { tenantConfiguration, type BillingDeps } from './billing-customers';
import { completeSetup, paymentMethodRow } from './billing-payment-methods';
import {
  defaultPlan,
  findPlan,
  listPlans,
  planById,
  vendorBillingSwitches,
  type PlanRow,
} from './billing-plans';

const TRIAL_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

interface SubscriptionRow {
  id: string;
  tenant_id: string;
  plan_id: string;
  external_id: string;
  status: 'active' | 'canceled' | 'incomplete' | 'expired' | 'trialing' | 'trialEnded';
  start_date: Date;
  current_period_start: Date;
  current_period_end: Date;
  trial_end: Date | null;
  cancellation_policy: 'atPeriodEnd' | null;
  payment_method_id: string | null;
  version: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const addMonth = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

// ----------------------------------------------------------------------------- subscriptions
function subscriptionDto(row: SubscriptionRow, plan: PlanRow, externallyManaged: boolean) {
  return {
    id: row.id,
    externalId: row.external_id || row.id,
    externallyManaged,
    startDate: iso(row.start_date),
    currentPeriodStart: iso(row.current_period_start),
    currentPeriodEnd: iso(row.current_period_end),
    status: row.status,
    cancellation: row.cancellation_policy ? { policy: row.cancellation_policy } : null,
    ...(row.trial_end ? { trialEnd: iso(row.trial_end) } : {}),
    plan: { slug: plan.slug },
    planId: plan.id,
    paymentMethodId: row.payment_method_id ?? '',
  };
}

/** The plan's features in the tenant's bundle, with the expiry the subscription's state gives. */
async function syncEntitlements(db: Database, sub: SubscriptionRow): Promise<void> {
  const plan = await planById(db, sub.plan_id);
  const expiresAt =
    sub.status === 'trialing'
      ? sub.trial_end
      : sub.status === 'active'
        ? sub.cancellation_policy
          ? sub.current_period_end
          : null
        : new Date(Math.min(Date.now(), new Date(sub.current_period_end).getTime()) - 1000);
  // Features of other plans that this plan lacks leave the bundle.
  await db.query(
    `DELETE FROM tenant_features WHERE tenant_id = $1 AND feature_id IN (
       SELECT f.id FROM features f WHERE f.key IN (SELECT unnest(features) FROM billing_plans)
         AND NOT (f.key = ANY($2::text[])))`,
    [sub.tenant_id, plan.features],
  );
  for (const key of plan.features)
    await db.query(
      `INSERT INTO tenant_features (tenant_id, feature_id, expires_at) SELECT $1, id, $3 FROM features WHERE key = $2
       ON CONFLICT (tenant_id, feature_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [sub.tenant_id, key, expiresAt],
    );
}

async function saveSubscription(db: Database, sub: SubscriptionRow): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE billing_subscriptions SET plan_id = $2, external_id = $3, status = $4, current_period_start = $5,
       current_period_end = $6, trial_end = $7, cancellation_policy = $8, payment_method_id = $9,
       version = version + 1, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [
      sub.id,
      sub.plan_id,
      sub.external_id,
      sub.status,
      sub.current_period_start,
      sub.current_period_end,
      sub.trial_end,
      sub.cancellation_policy,
      sub.payment_method_id,
    ],
  );
  await syncEntitlements(db, rows[0]!);
  return rows[0]!;
}

/**
 * The tenant's subscription, created on first read (a trial of the first paid plan), and brought
 * up to date: an ended trial, an ended period (renewed, or canceled when cancelled at period end).
 */
export async function currentSubscription(deps: BillingDeps, tenantId: string): Promise<SubscriptionRow> {
  const { db } = deps;
  let sub = (
    await db.query<SubscriptionRow>('SELECT * FROM billing_subscriptions WHERE tenant_id = $1', [tenantId])
  ).rows[0];
  if (!sub) {
    const plans = await listPlans(db);
    const trialPlan = plans.find((p) => p.amount > 0) ?? (await defaultPlan(db));
    const now = new Date();
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY);
    const inserted = await db.query<SubscriptionRow>(
      `INSERT INTO billing_subscriptions (tenant_id, plan_id, status, current_period_start, current_period_end, trial_end)
       VALUES ($1, $2, 'trialing', $3, $4, $4) ON CONFLICT (tenant_id) DO NOTHING RETURNING *`,
      [tenantId, trialPlan.id, now, trialEnd],
    );
    if (inserted.rows[0]) await syncEntitlements(db, inserted.rows[0]);
    sub = (
      await db.query<SubscriptionRow>('SELECT * FROM billing_subscriptions WHERE tenant_id = $1', [tenantId])
    ).rows[0]!;
  }
  return settle(deps, sub);
}

async function settle(deps: BillingDeps, sub: SubscriptionRow): Promise<SubscriptionRow> {
  const now = Date.now();
  const { db } = deps;
  if (sub.status === 'trialing' && sub.trial_end && new Date(sub.trial_end).getTime() <= now) {
    const plan = await planById(db, sub.plan_id);
    const { trialEndAction } = await vendorBillingSwitches(db);
    const trial = { amount: plan.amount, hasPaymentMethod: !!sub.payment_method_id };
    if (trialEndStep(trialEndAction, trial) === 'charge') {
      const charged = await chargeAndStart(deps, sub, plan, sub.payment_method_id!, `trial-end:${sub.id}`);
      if (charged) return charged;
    }
    // retain_trial: the plan stays, its features lapse, until the account chooses a plan.
    if (trialEndStep(trialEndAction, { ...trial, declined: true }) === 'retain')
      return saveSubscription(db, { ...sub, status: 'trialEnded' });
    const fallback = await defaultPlan(db);
    const start = new Date();
    return saveSubscription(db, {
      ...sub,
      plan_id: fallback.id,
      status: 'active',
      current_period_start: start,
      current_period_end: addMonth(start),
      trial_end: null,
      cancellation_policy: null,
    });
  }
  if (sub.status === 'active' && new Date(sub.current_period_end).getTime() <= now) {
    if (sub.cancellation_policy) return saveSubscription(db, { ...sub, status: 'canceled' });
    const plan = await planById(db, sub.plan_id);
    if (plan.amount === 0)
      return saveSubscription(db, {
        ...sub,
        current_period_start: sub.current_period_end,
        current_period_end: addMonth(sub.current_period_end),
      });
    const renewed =
      sub.payment_method_id &&
      (await chargeAndStart(
        deps,
        sub,
        plan,
        sub.payment_method_id,
        `renew:${sub.id}:${iso(sub.current_period_end)}`,
        sub.current_period_end,
      ));
    return renewed || saveSubscription(db, { ...sub, status: 'incomplete' });
  }
  return sub;
}

export async function findSubscription(
  deps: BillingDeps,
  tenantId: string,
  subscriptionId: string,
): Promise<SubscriptionRow> {
  const sub = await currentSubscription(deps, tenantId);
  if (sub.id !== subscriptionId) throw contractError('SUBSCRIPTION_NOT_FOUND');
  return sub;
}

export async function subscriptionView(deps: BillingDeps, sub: SubscriptionRow) {
  const [plan, config] = await Promise.all([
    planById(deps.db, sub.plan_id),
    tenantConfiguration(deps.db, sub.tenant_id),
  ]);
  return subscriptionDto(sub, plan, config.externally_managed);
}

async function refuseIfExternallyManaged(db: Database, tenantId: string): Promise<void> {
  if ((await tenantConfiguration(db, tenantId)).externally_managed)
    throw contractError('BILLING_EXTERNALLY_MANAGED');
}

/** Spec 001 §4: cancel only an active subscription without a cancellation. */
export async function cancelSubscription(
  deps: BillingDeps,
  tenantId: string,
  subscriptionId: string,
): Promise<void> {
  const sub = await findSubscription(deps, tenantId, subscriptionId);
  await refuseIfExternallyManaged(deps.db, tenantId);
  const switches = await vendorBillingSwitches(deps.db);
  const refusal = cancellationRefusal(switches, { status: sub.status, cancelled: !!sub.cancellation_policy });
  if (refusal) throw contractError(refusal);
  if (sub.external_id && deps.provider) await deps.provider.setCancelAtPeriodEnd(sub.external_id, true);
  await saveSubscription(deps.db, { ...sub, cancellation_policy: 'atPeriodEnd' });
}

/** Spec 001 §4: renew only a subscription cancelled at period end. */
export async function renewSubscription(
  deps: BillingDeps,
  tenantId: string,
  subscriptionId: string,
): Promise<void> {
  const sub = await findSubscription(deps, tenantId, subscriptionId);
  await refuseIfExternallyManaged(deps.db, tenantId);
  if (sub.cancellation_policy !== 'atPeriodEnd') throw contractError('SUBSCRIPTION_NOT_RENEWABLE');
  if (sub.external_id && deps.provider) await deps.provider.setCancelAtPeriodEnd(sub.external_id, false);
  await saveSubscription(deps.db, { ...sub, cancellation_policy: null });
}

/**
 * Charges `plan` for a new monthly period from `start` and writes the invoice and the subscription
 * in one transaction. Answers null when the provider declines. Idempotent per `key`: a replay finds
 * the invoice of the first call and changes nothing.
 */
async function chargeAndStart(
  deps: BillingDeps,
  sub: SubscriptionRow,
  plan: PlanRow,
  paymentMethodId: string,
  key: string,
  start = new Date(),
): Promise<SubscriptionRow | null> {
  const { db, provider } = deps;
  if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
  const done = await db.query('SELECT 1 FROM billing_invoices WHERE idempotency_key = $1', [key]);
  if (done.rows.length) return sub;
  const method = await paymentMethodRow(db, sub.tenant_id, paymentMethodId);
  const config = await tenantConfiguration(db, sub.tenant_id);
  if (plan.amount > 0 && !plan.external_price_id && provider.name === 'stripe')
    throw contractError('PLAN_PRICE_MISSING');
  const result = await provider.chargePlan({
    customerId: config.mapping_id ?? '',
    subscriptionId: sub.external_id || null,
    priceId: plan.external_price_id,
    paymentMethodId: method.external_id,
    amount: plan.amount,
    currency: plan.currency,
    description: `${plan.name} plan, monthly`,
    idempotencyKey: key,
  });
  if (!result.ok) return null;
  const end = addMonth(start);
  return db.transaction(async (tx) => {
    const invoice = await tx.query(
      `INSERT INTO billing_invoices (tenant_id, subscription_id, plan_id, external_id, receipt_number, total_amount,
         currency, paid, period_start, period_end, card_brand, card_last4, idempotency_key)
       VALUES ($1, $2, $3, $4, 'R-' || nextval('billing_receipt_numbers'), $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        sub.tenant_id,
        sub.id,
        plan.id,
        result.invoiceId,
        plan.amount,
        plan.currency,
        result.paid,
        start,
        end,
        method.brand,
        method.last4,
        key,
      ],
    );
    if (!invoice.rows.length) return sub;
    await tx.query('UPDATE billing_payment_methods SET is_default = (id = $2) WHERE tenant_id = $1', [
      sub.tenant_id,
      method.id,
    ]);
    return saveSubscription(tx, {
      ...sub,
      plan_id: plan.id,
      external_id: result.subscriptionId,
      status: 'active',
      current_period_start: start,
      current_period_end: end,
      trial_end: null,
      cancellation_policy: null,
      payment_method_id: method.id,
    });
  });
}

/** PUT subscriptions/{id} { paymentMethodId, planId } (spec 001 §4 checkout). */
export async function changePlan(
  deps: BillingDeps,
  tenantId: string,
  subscriptionId: string,
  body: { paymentMethodId?: string; planId: string },
  options: { idempotencyKey?: string },
): Promise<void> {
  const { db } = deps;
  const sub = await findSubscription(deps, tenantId, subscriptionId);
  await refuseIfExternallyManaged(db, tenantId);
  const plan = await findPlan(db, body.planId);
  if (!plan) throw contractError('PLAN_NOT_FOUND');
  const current = await planById(db, sub.plan_id);
  const refusal = planChangeRefusal(await vendorBillingSwitches(db), sub.status, current.amount, plan.amount);
  if (refusal) throw contractError(refusal);
  // The same plan with another card, already paid for this period: only the card changes, nothing
  // is charged (the subscriptions page's "Change card"); it pays from the next renewal.
  if (sub.status === 'active' && plan.id === sub.plan_id && body.paymentMethodId) {
    const method = await paymentMethodRow(db, tenantId, body.paymentMethodId);
    await completeSetup(deps, tenantId, method.id);
    await db.query('UPDATE billing_payment_methods SET is_default = (id = $2) WHERE tenant_id = $1', [
      tenantId,
      method.id,
    ]);
    await saveSubscription(db, { ...sub, payment_method_id: method.id });
    return;
  }
  if (plan.amount === 0) {
    const start = new Date();
    await saveSubscription(db, {
      ...sub,
      plan_id: plan.id,
      status: 'active',
      current_period_start: start,
      current_period_end: addMonth(start),
      trial_end: null,
      cancellation_policy: null,
      payment_method_id: body.paymentMethodId
        ? (await paymentMethodRow(db, tenantId, body.paymentMethodId)).id
        : sub.payment_method_id,
    });
    return;
  }
  const methodId = body.paymentMethodId || sub.payment_method_id;
  if (!methodId) throw contractError('PAYMENT_METHOD_REQUIRED');
  await completeSetup(deps, tenantId, methodId);
  const key = options.idempotencyKey
    ? `client:${tenantId}:${options.idempotencyKey}`
    : `change:${sub.id}:v${sub.version}:${plan.id}:${methodId}`;
  const changed = await chargeAndStart(deps, sub, plan, methodId, key);
  if (!changed) throw contractError('CARD_DECLINED');
}

// ---------------------------------------------------------------------------------- summaries
export async function summary(deps: BillingDeps, tenantId: string) {
  const sub = await currentSubscription(deps, tenantId);
  const config = await tenantConfiguration(deps.db, tenantId);
  return {
    tenantConfigurationId: config.id,
    providerType: config.provider_type,
    subscriptionId: sub.id,
    externallyManaged: config.externally_managed,
    currentPlanId: sub.plan_id,
    paymentMethodId: sub.payment_method_id ?? '',
    defaultPlanId: (await defaultPlan(deps.db)).id,
  };
}
