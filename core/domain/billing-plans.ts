/**
 * The vendor's plans (issue 17; spec 001 §9: a monthly price, features in the tenant's bundle), written
 * once: the starting catalogue (the server's migration writes it into `billing_plans`, which the vendor
 * then edits; demo mode writes the same rows on first use), a plan as the client SDK reads it, and the choices the
 * subscription rules make among the plans (core/domain/billing.ts).
 */
import { contractError } from '../contract/errors';

/** A plan as the rules read it (the server's row, demo mode's catalogue entry). */
export interface Plan {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** The monthly price, in cents. */
  amount: number;
  currency: string;
  /** Feature keys a tenant on the plan holds (entitlements). */
  features: string[];
  /** Where a trial ends (TrialEndAction change_to_default). */
  isDefault: boolean;
  /** The plan and its price at the payment provider, when the vendor linked them. */
  externalId: string | null;
  externalPriceId: string | null;
}

export interface PlanRepository {
  /** Every plan, in the vendor's order. */
  list(): Promise<Plan[]>;
  /** A plan by its id, slug or price id at the provider. */
  find(idOrSlug: string): Promise<Plan | null>;
  /** A plan a subscription names (it exists). */
  byId(id: string): Promise<Plan>;
}

/** The starting catalogue, in order. */
const PLAN_CATALOGUE: ReadonlyArray<
  Pick<Plan, 'slug' | 'name' | 'description' | 'amount' | 'features' | 'isDefault'>
> = [
  {
    slug: 'free',
    name: 'Free',
    description: 'For trying things out',
    amount: 0,
    features: [],
    isDefault: true,
  },
  {
    slug: 'pro',
    name: 'Pro',
    description: 'Single sign-on and audit logs for growing teams',
    amount: 2900,
    features: ['sso', 'audits'],
    isDefault: false,
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'Everything in Pro, with SCIM provisioning and priority support',
    amount: 9900,
    features: ['sso', 'audits', 'scim', 'priority-support'],
    isDefault: false,
  },
];

/**
 * The starting catalogue as rows of `billing_plans`, their ids aside: the server's migration writes
 * them (server/storage/schema/billing.ts, the table's default ids), demo mode on first use
 * (core/demo/billingStore.ts, random uuids).
 */
export const catalogueRows = () =>
  PLAN_CATALOGUE.map((entry, i) => ({
    ...entry,
    features: [...entry.features],
    currency: 'usd',
    position: i + 1,
    externalId: null,
    externalPriceId: null,
  }));

/** A plan as the client SDK reads it (IPlanResponse). */
export function planDto(plan: Plan) {
  return {
    id: plan.id,
    externalId: plan.externalId ?? plan.slug,
    name: plan.name,
    description: plan.description,
    slug: plan.slug,
    price: {
      id: `${plan.id}-monthly`,
      externalId: plan.externalPriceId ?? `${plan.slug}-monthly`,
      currency: plan.currency || 'usd',
      amount: plan.amount,
      // Spec 001 §9: the recurring interval is always a month.
      recurring: { interval: 'month' },
    },
    features: plan.features,
  };
}

/** The plan a trial ends on: the vendor's default, else the first. */
export async function defaultPlan(plans: Pick<PlanRepository, 'list'>): Promise<Plan> {
  const all = await plans.list();
  return all.find((p) => p.isDefault) ?? all[0]!;
}

/** The plan a new account trials: the first paid one, else the default. */
export async function trialPlan(plans: Pick<PlanRepository, 'list'>): Promise<Plan> {
  return (await plans.list()).find((p) => p.amount > 0) ?? defaultPlan(plans);
}

/** GET plans/v1/{id}: the plan, or PLAN_NOT_FOUND. */
export async function planOf(plans: Pick<PlanRepository, 'find'>, idOrSlug: string): Promise<Plan> {
  const plan = await plans.find(idOrSlug);
  if (!plan) throw contractError('PLAN_NOT_FOUND');
  return plan;
}
