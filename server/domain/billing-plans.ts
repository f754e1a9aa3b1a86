/**
 * The vendor's plans (issue 17; spec 001 §9: a monthly price, features in the tenant's bundle), as
 * the client SDK reads them, and the vendor's billing switches. Part of domain/billing.ts (docs/billing.md).
 */
import type { VendorBillingSwitches } from '../../core/billing/vendorRules';
import type { Database } from '../storage/database';

export interface PlanRow {
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

export async function planById(db: Database, id: string): Promise<PlanRow> {
  return (await db.query<PlanRow>('SELECT * FROM billing_plans WHERE id = $1', [id])).rows[0]!;
}

export async function defaultPlan(db: Database): Promise<PlanRow> {
  const plans = await listPlans(db);
  return plans.find((p) => p.is_default) ?? plans[0]!;
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
