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
import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '../billing/provider';
import {
  cancellationRefusal,
  planChangeRefusal,
  trialEndStep,
  type VendorBillingSwitches,
} from '../../core/billing/vendorRules';
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';

const TRIAL_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

interface PlanRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  features: string[];
  is_default: boolean;
  external_id: string | null;
  external_price_id: string | null;
}

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

interface PaymentMethodRow {
  id: string;
  tenant_id: string;
  external_id: string;
  type: 'card' | 'unknown';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  billing_name: string;
  billing_email: string | null;
  billing_address: Record<string, string>;
  setup_status: 'pending' | 'requires_confirmation' | 'succeeded';
}

const iso = (d: Date | string) => new Date(d).toISOString();
const addMonth = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

// ------------------------------------------------------------------------------------ plans
export function planDto(row: PlanRow) {
  return {
    id: row.id,
    externalId: row.external_id ?? row.slug,
    name: row.name,
    description: row.description,
    slug: row.slug,
    price: {
      id: `${row.id}-monthly`,
      externalId: row.external_price_id ?? `${row.slug}-monthly`,
      currency: row.currency || 'usd',
      amount: row.amount,
      // Spec 001 §9: the recurring interval is always a month.
      recurring: { interval: 'month' },
    },
    features: row.features,
  };
}

export async function listPlans(db: Database): Promise<PlanRow[]> {
  return (await db.query<PlanRow>('SELECT * FROM billing_plans ORDER BY position, amount')).rows;
}

export async function findPlan(db: Database, idOrSlug: string): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `SELECT * FROM billing_plans WHERE slug = $1 OR id::text = $1 OR external_price_id = $1 LIMIT 1`,
    [idOrSlug],
  );
  return rows[0] ?? null;
}

async function planById(db: Database, id: string): Promise<PlanRow> {
  return (await db.query<PlanRow>('SELECT * FROM billing_plans WHERE id = $1', [id])).rows[0]!;
}

async function defaultPlan(db: Database): Promise<PlanRow> {
  const plans = await listPlans(db);
  return plans.find((p) => p.is_default) ?? plans[0]!;
}

// --------------------------------------------------------------------- tenant configuration
interface TenantConfigRow {
  id: string;
  tenant_id: string;
  provider_type: string;
  externally_managed: boolean;
  mapping_id: string | null;
}

export async function tenantConfiguration(db: Database, tenantId: string): Promise<TenantConfigRow> {
  const { rows } = await db.query<TenantConfigRow>(
    `INSERT INTO billing_tenant_configurations (tenant_id) VALUES ($1)
     ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id RETURNING *`,
    [tenantId],
  );
  return rows[0]!;
}

export function tenantConfigurationDto(row: TenantConfigRow, vendorId: string) {
  return {
    id: row.id,
    vendorId,
    tenantId: row.tenant_id,
    // The client types it as a string.
    externallyManaged: String(row.externally_managed),
    paymentProviderType: row.provider_type,
    mappingId: row.mapping_id ?? '',
  };
}

/** The tenant's customer at the provider, created once (TenantCreatedAction create_customer). */
export async function ensureCustomer(
  db: Database,
  provider: PaymentProvider,
  tenantId: string,
  contact: { name?: string; email: string },
): Promise<string> {
  const config = await tenantConfiguration(db, tenantId);
  if (config.mapping_id) return config.mapping_id;
  const tenant = await db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId]);
  const customerId = await provider.createCustomer({
    tenantId,
    name: contact.name || tenant.rows[0]?.name || tenantId,
    email: contact.email,
  });
  await db.query('UPDATE billing_tenant_configurations SET mapping_id = $2 WHERE tenant_id = $1', [
    tenantId,
    customerId,
  ]);
  return customerId;
}

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

export interface BillingDeps {
  db: Database;
  provider: PaymentProvider | null;
}

/** The vendor's billing switches (columns of `vendors`; spec 001 §9 defaults). */
export async function vendorBillingSwitches(db: Database): Promise<VendorBillingSwitches> {
  const { rows } = await db.query<{
    down: boolean;
    cancel: boolean;
    trial: 'change_to_default' | 'retain_trial';
  }>(
    `SELECT allow_plan_downgrade AS down, allow_plan_cancellation AS cancel, trial_end_action AS trial
       FROM vendors LIMIT 1`,
  );
  const row = rows[0]!;
  return { allowPlanDowngrade: row.down, allowPlanCancellation: row.cancel, trialEndAction: row.trial };
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

// ---------------------------------------------------------------------------- payment methods
async function paymentMethodRow(db: Database, tenantId: string, id: string): Promise<PaymentMethodRow> {
  const { rows } = await db.query<PaymentMethodRow>(
    `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND id::text = $2`,
    [tenantId, id],
  );
  if (!rows[0]) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return rows[0];
}

function paymentMethodDto(row: PaymentMethodRow) {
  return {
    id: row.id,
    externalId: row.external_id,
    type: row.type,
    isDefault: row.is_default,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    brand: row.brand,
    billingDetails: {
      name: row.billing_name,
      ...(row.billing_email ? { email: row.billing_email } : {}),
      address: row.billing_address,
    },
  };
}

export async function listPaymentMethods(db: Database, tenantId: string) {
  const { rows } = await db.query<PaymentMethodRow>(
    `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND setup_status = 'succeeded'
      ORDER BY is_default DESC, created_at DESC`,
    [tenantId],
  );
  return rows.map(paymentMethodDto);
}

export async function getPaymentMethod(db: Database, tenantId: string, id: string) {
  const row = await paymentMethodRow(db, tenantId, id);
  if (row.setup_status !== 'succeeded') throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return paymentMethodDto(row);
}

export async function updateBillingDetails(
  deps: BillingDeps,
  tenantId: string,
  id: string,
  details: { email?: string; address?: Record<string, string> },
) {
  const row = await paymentMethodRow(deps.db, tenantId, id);
  if (deps.provider) await deps.provider.updateBillingDetails(row.external_id, details);
  await deps.db.query(
    `UPDATE billing_payment_methods SET billing_email = COALESCE($3, billing_email),
       billing_address = COALESCE($4::jsonb, billing_address) WHERE id = $1 AND tenant_id = $2`,
    [row.id, tenantId, details.email ?? null, details.address ? JSON.stringify(details.address) : null],
  );
  return { email: details.email, address: details.address };
}

/** POST setup-intents: a payment method waiting for its card, and the secret to confirm it with. */
export async function createSetupIntent(
  deps: BillingDeps,
  tenantId: string,
  contact: { name?: string; email: string },
) {
  const provider = deps.provider;
  if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
  const customerId = await ensureCustomer(deps.db, provider, tenantId, contact);
  const intent = await provider.createSetupIntent(
    customerId,
    `setup:${tenantId}:${randomBytes(8).toString('hex')}`,
  );
  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO billing_payment_methods (tenant_id, external_id, billing_name, billing_email)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [tenantId, intent.id, contact.name ?? '', contact.email],
  );
  return { id: intent.id, paymentMethodId: rows[0]!.id, setupIntentSecret: intent.clientSecret };
}

/** A payment method whose card the provider confirmed (Stripe: after Stripe.js confirmed it). */
async function completeSetup(deps: BillingDeps, tenantId: string, id: string): Promise<void> {
  const row = await paymentMethodRow(deps.db, tenantId, id);
  if (row.setup_status === 'succeeded') return;
  const confirmed = deps.provider && (await deps.provider.confirmedSetup(row.external_id));
  if (!confirmed) throw contractError('CARD_NOT_CONFIRMED');
  await deps.db.query(
    `UPDATE billing_payment_methods SET external_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6,
       setup_status = 'succeeded' WHERE id = $1`,
    [
      row.id,
      confirmed.paymentMethodId,
      confirmed.card.brand,
      confirmed.card.last4,
      confirmed.card.expMonth,
      confirmed.card.expYear,
    ],
  );
}

/**
 * The development provider's card step (the part Stripe.js does against Stripe): checks the card
 * with core/billing/cards.ts and keeps brand, last 4, expiry and the cardholder's name.
 */
export async function recordDevelopmentCard(
  db: Database,
  tenantId: string,
  setupId: string,
  card: { brand: string; last4: string; expMonth: number; expYear: number; name: string },
  status: 'succeeded' | 'requires_confirmation',
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE billing_payment_methods SET brand = $3, last4 = $4, exp_month = $5, exp_year = $6, billing_name = $7,
       setup_status = $8 WHERE tenant_id = $1 AND external_id = $2 AND setup_status <> 'succeeded' RETURNING id`,
    [tenantId, setupId, card.brand, card.last4, card.expMonth, card.expYear, card.name, status],
  );
  if (!rows[0]) throw contractError('CARD_SETUP_NOT_FOUND');
  return rows[0].id;
}

export async function setupStatus(db: Database, tenantId: string, setupId: string) {
  const { rows } = await db.query<{ id: string; setup_status: string }>(
    `SELECT id, setup_status FROM billing_payment_methods WHERE tenant_id = $1 AND external_id = $2`,
    [tenantId, setupId],
  );
  if (!rows[0]) throw contractError('CARD_SETUP_NOT_FOUND');
  return rows[0];
}

export async function finishConfirmation(db: Database, id: string, approve: boolean): Promise<void> {
  if (approve)
    await db.query(`UPDATE billing_payment_methods SET setup_status = 'succeeded' WHERE id = $1`, [id]);
  else
    await db.query(`DELETE FROM billing_payment_methods WHERE id = $1 AND setup_status <> 'succeeded'`, [id]);
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
