/**
 * Billing's repositories over PostgreSQL (the ports of core/domain/billing.ts and billing-plans.ts):
 * `billing_plans`, `billing_subscriptions` (one per tenant; a save syncs the plan's features into
 * `tenant_features` with the expiry the rules give), `billing_invoices` (unique by idempotency key),
 * `billing_tenant_configurations` and the vendor's switches (columns of `vendors`). SQL only: the
 * rules are the domain's; the payment provider is server/domain/billing.ts's.
 */
import type { TrialEndAction, VendorBillingSwitches } from '../../core/billing/vendorRules';
import type {
  PaymentMethodPort,
  Subscription,
  SubscriptionRepository,
  TenantBillingConfiguration,
} from '../../core/domain/billing';
import type { Plan, PlanRepository } from '../../core/domain/billing-plans';
import { cardOfRow, paymentMethodStore } from './billing-records';
import type { Database } from './database';

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
const plan = (row: PlanRow): Plan => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  amount: row.amount,
  currency: row.currency,
  features: row.features,
  isDefault: row.is_default,
  externalId: row.external_id,
  externalPriceId: row.external_price_id,
});

export function planRepository(db: Database): PlanRepository {
  return {
    async list() {
      return (await db.query<PlanRow>('SELECT * FROM billing_plans ORDER BY position, amount')).rows.map(
        plan,
      );
    },
    async find(idOrSlug) {
      const { rows } = await db.query<PlanRow>(
        `SELECT * FROM billing_plans WHERE slug = $1 OR id::text = $1 OR external_price_id = $1 LIMIT 1`,
        [idOrSlug],
      );
      return rows[0] ? plan(rows[0]) : null;
    },
    async byId(id) {
      return plan((await db.query<PlanRow>('SELECT * FROM billing_plans WHERE id = $1', [id])).rows[0]!);
    },
  };
}

/** The vendor's billing switches (columns of `vendors`; spec 001 §9 defaults). */
export async function vendorBillingSwitches(db: Database): Promise<VendorBillingSwitches> {
  const { rows } = await db.query<{ down: boolean; cancel: boolean; trial: TrialEndAction }>(
    `SELECT allow_plan_downgrade AS down, allow_plan_cancellation AS cancel, trial_end_action AS trial
       FROM vendors LIMIT 1`,
  );
  const row = rows[0]!;
  return { allowPlanDowngrade: row.down, allowPlanCancellation: row.cancel, trialEndAction: row.trial };
}

interface ConfigRow {
  id: string;
  tenant_id: string;
  provider_type: string;
  externally_managed: boolean;
  mapping_id: string | null;
}

/** The tenant's configuration at the provider, made on first use. */
export async function tenantConfiguration(
  db: Database,
  tenantId: string,
): Promise<TenantBillingConfiguration> {
  const { rows } = await db.query<ConfigRow>(
    `INSERT INTO billing_tenant_configurations (tenant_id) VALUES ($1)
     ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id RETURNING *`,
    [tenantId],
  );
  const row = rows[0]!;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    providerType: row.provider_type,
    externallyManaged: row.externally_managed,
    mappingId: row.mapping_id,
  };
}

/** The vendor's id and name (the tenant configuration's `vendorId`, the invoice PDF's issuer). */
export async function billingVendor(db: Database): Promise<{ id: string; name: string }> {
  return (await db.query<{ id: string; name: string }>('SELECT id, name FROM vendors LIMIT 1')).rows[0]!;
}

/** The tenant's name (the customer's name at the provider when the caller gave none). */
export async function tenantName(db: Database, tenantId: string): Promise<string | undefined> {
  return (await db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId])).rows[0]
    ?.name;
}

/** The tenant's customer id at the provider. */
export async function saveCustomerId(db: Database, tenantId: string, customerId: string): Promise<void> {
  await db.query('UPDATE billing_tenant_configurations SET mapping_id = $2 WHERE tenant_id = $1', [
    tenantId,
    customerId,
  ]);
}

interface SubscriptionRow {
  id: string;
  tenant_id: string;
  plan_id: string;
  external_id: string;
  status: Subscription['status'];
  start_date: Date;
  current_period_start: Date;
  current_period_end: Date;
  trial_end: Date | null;
  cancellation_policy: 'atPeriodEnd' | null;
  payment_method_id: string | null;
  version: number;
}
const iso = (d: Date | string) => new Date(d).toISOString();
const subscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  tenantId: row.tenant_id,
  planId: row.plan_id,
  externalId: row.external_id,
  status: row.status,
  startDate: iso(row.start_date),
  currentPeriodStart: iso(row.current_period_start),
  currentPeriodEnd: iso(row.current_period_end),
  trialEnd: row.trial_end ? iso(row.trial_end) : null,
  cancellation: row.cancellation_policy,
  paymentMethodId: row.payment_method_id,
  version: row.version,
});

/** The plan's features in the tenant's bundle, held until `until` (null: no expiry). */
async function syncEntitlements(db: Database, sub: Subscription, until: string | null): Promise<void> {
  const { features } = await planRepository(db).byId(sub.planId);
  // Features of other plans that this plan lacks leave the bundle.
  await db.query(
    `DELETE FROM tenant_features WHERE tenant_id = $1 AND feature_id IN (
       SELECT f.id FROM features f WHERE f.key IN (SELECT unnest(features) FROM billing_plans)
         AND NOT (f.key = ANY($2::text[])))`,
    [sub.tenantId, features],
  );
  for (const key of features)
    await db.query(
      `INSERT INTO tenant_features (tenant_id, feature_id, expires_at) SELECT $1, id, $3 FROM features WHERE key = $2
       ON CONFLICT (tenant_id, feature_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [sub.tenantId, key, until],
    );
}

async function saveSubscription(db: Database, sub: Subscription, until: string | null) {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE billing_subscriptions SET plan_id = $2, external_id = $3, status = $4, current_period_start = $5,
       current_period_end = $6, trial_end = $7, cancellation_policy = $8, payment_method_id = $9,
       version = version + 1, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [
      sub.id,
      sub.planId,
      sub.externalId,
      sub.status,
      sub.currentPeriodStart,
      sub.currentPeriodEnd,
      sub.trialEnd,
      sub.cancellation,
      sub.paymentMethodId,
    ],
  );
  const saved = subscription(rows[0]!);
  await syncEntitlements(db, saved, until);
  return saved;
}

export function subscriptionRepository(db: Database): SubscriptionRepository {
  const ofAccount = async (tenantId: string) => {
    const { rows } = await db.query<SubscriptionRow>(
      'SELECT * FROM billing_subscriptions WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0] ? subscription(rows[0]) : null;
  };
  return {
    ofAccount,
    async startTrial(tenantId, trial) {
      const inserted = await db.query<SubscriptionRow>(
        `INSERT INTO billing_subscriptions (tenant_id, plan_id, status, start_date, current_period_start, current_period_end, trial_end)
         VALUES ($1, $2, 'trialing', $3, $3, $4, $4) ON CONFLICT (tenant_id) DO NOTHING RETURNING *`,
        [tenantId, trial.planId, trial.start, trial.trialEnd],
      );
      if (inserted.rows[0]) await syncEntitlements(db, subscription(inserted.rows[0]), trial.trialEnd);
      return (await ofAccount(tenantId))!;
    },
    save: (sub, until) => saveSubscription(db, sub, until),
    async charged(key) {
      return (
        (await db.query('SELECT 1 FROM billing_invoices WHERE idempotency_key = $1', [key])).rows.length > 0
      );
    },
    recordCharge: (sub, charge, until) =>
      db.transaction(async (tx) => {
        const invoice = await tx.query(
          `INSERT INTO billing_invoices (tenant_id, subscription_id, plan_id, external_id, receipt_number, total_amount,
             currency, paid, period_start, period_end, card_brand, card_last4, idempotency_key)
           VALUES ($1, $2, $3, $4, 'R-' || nextval('billing_receipt_numbers'), $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          [
            sub.tenantId,
            sub.id,
            charge.planId,
            charge.externalId,
            charge.amount,
            charge.currency,
            charge.paid,
            charge.periodStart,
            charge.periodEnd,
            charge.method.brand,
            charge.method.last4,
            charge.key,
          ],
        );
        if (!invoice.rows.length) return null;
        await makeDefault(tx, sub.tenantId, charge.method.id);
        return saveSubscription(tx, sub, until);
      }),
  };
}

async function makeDefault(db: Database, tenantId: string, id: string): Promise<void> {
  await db.query('UPDATE billing_payment_methods SET is_default = (id = $2) WHERE tenant_id = $1', [
    tenantId,
    id,
  ]);
}

/** The account's cards as the subscription rules read them. */
export function paymentMethodPort(db: Database): PaymentMethodPort {
  return {
    async find(tenantId, id) {
      const row = await paymentMethodStore(db).row(tenantId, id);
      return row && cardOfRow(row);
    },
    makeDefault: (tenantId, id) => makeDefault(db, tenantId, id),
  };
}
