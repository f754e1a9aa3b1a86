/**
 * Demo mode's plans and subscription changes (core/demo/billing.ts answers the calls): the reference
 * server's catalogue, a checkout's charge and plan change, and the end of a trial, ruled by
 * core/billing/vendorRules.ts as on the server (server/domain/billing.ts).
 */
import { type Answer, fail, ok } from '../contract/answer';
import { planChangeRefusal, trialEndStep, type VendorBillingSwitches } from '../billing/vendorRules';
import type { DemoDatabase } from './data';

type Json = Record<string, unknown>;

/** The reference server's starting catalogue (server/storage/schema/billing.ts). */
export const PLANS = (
  [
    ['free', 'Free', 'For trying things out', 0, []],
    ['pro', 'Pro', 'Single sign-on and audit logs for growing teams', 2900, ['sso', 'audits']],
    [
      'business',
      'Business',
      'Everything in Pro, with SCIM provisioning and priority support',
      9900,
      ['sso', 'audits', 'scim', 'priority-support'],
    ],
  ] as const
).map(([slug, name, description, amount, features]) => ({
  id: `plan-${slug}`,
  externalId: slug as string,
  name: name as string,
  description: description as string,
  slug: slug as string,
  price: {
    id: `plan-${slug}-monthly`,
    externalId: `${slug}-monthly`,
    currency: 'usd',
    amount: amount as number,
  },
  features: [...features] as string[],
}));
type DemoPlan = (typeof PLANS)[number];

export interface DemoMethod {
  id: string;
  setupId: string;
  secret: string;
  status: 'pending' | 'requires_confirmation' | 'succeeded';
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  billingDetails: { name: string; email?: string; address?: Record<string, string> };
}
export interface DemoInvoice {
  id: string;
  subscriptionId: string;
  paymentDate: string;
  totalAmount: number;
  currency: string;
  paid: boolean;
  receiptNumber: string;
  plan: string;
  periodEnd: string;
  card: string;
  key: string;
}
export interface DemoBilling {
  subscription: {
    id: string;
    planId: string;
    status: 'active' | 'canceled' | 'incomplete' | 'expired' | 'trialing' | 'trialEnded';
    startDate: string;
    currentPeriodStart: string;
    currentPeriodEnd: string;
    trialEnd: string | null;
    cancellation: { policy: 'atPeriodEnd' } | null;
    paymentMethodId: string | null;
  };
  methods: DemoMethod[];
  invoices: DemoInvoice[];
}

export const DAY = 86_400_000;
const plusMonth = (ms: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString();
};
export const planOf = (idOrSlug: string): DemoPlan | undefined =>
  PLANS.find((p) => p.id === idOrSlug || p.slug === idOrSlug);

/** The demo's stored data, with billing's own parts. */
export type DemoBillingStore = DemoDatabase & {
  billing?: Record<string, DemoBilling>;
  /** The vendor's billing switches (absent: spec 001 §9's defaults; tests switch them). */
  billingVendor?: Partial<VendorBillingSwitches>;
};
type DemoEnv = { now: () => number; random: () => string };

/** Charges `plan` to `card` for a month from now: an invoice, once per idempotency key. */
function chargeDemo(mine: DemoBilling, plan: DemoPlan, card: DemoMethod, key: string, env: DemoEnv): void {
  const now = env.now();
  // A retried call with the same key finds its invoice: charged once.
  if (mine.invoices.some((i) => i.key === key)) return;
  mine.invoices.unshift({
    id: `inv-${env.random()}`,
    subscriptionId: mine.subscription.id,
    paymentDate: new Date(now).toISOString(),
    totalAmount: plan.price.amount,
    currency: plan.price.currency,
    paid: true,
    receiptNumber: `R-${1001 + mine.invoices.length}`,
    plan: plan.name,
    periodEnd: plusMonth(now),
    card: `${card.brand} ending in ${card.last4}`,
    key,
  });
}

/** A plan for a month from now, active (a checkout, or the end of a trial). */
function startDemoPlan(mine: DemoBilling, plan: DemoPlan, cardId: string | null, now: number): void {
  Object.assign(mine.subscription, {
    planId: plan.id,
    status: 'active',
    currentPeriodStart: new Date(now).toISOString(),
    currentPeriodEnd: plusMonth(now),
    trialEnd: null,
    cancellation: null,
    paymentMethodId: cardId,
  });
}

/** A trial that ended: charged with a saved card, else the vendor's trial end action. True when it changed. */
export function settleDemoTrial(mine: DemoBilling, switches: VendorBillingSwitches, env: DemoEnv): boolean {
  const sub = mine.subscription;
  if (sub.status !== 'trialing' || !sub.trialEnd || Date.parse(sub.trialEnd) > env.now()) return false;
  const plan = planOf(sub.planId)!;
  const card = mine.methods.find((m) => m.id === sub.paymentMethodId && m.status === 'succeeded');
  const step = trialEndStep(switches.trialEndAction, { amount: plan.price.amount, hasPaymentMethod: !!card });
  if (step === 'charge') chargeDemo(mine, plan, card!, `trial-end:${sub.id}`, env);
  if (step === 'retain') sub.status = 'trialEnded';
  else startDemoPlan(mine, step === 'charge' ? plan : planOf('free')!, sub.paymentMethodId, env.now());
  return true;
}

/** PUT subscriptions/{id} { paymentMethodId, planId }, as the server's changePlan. */
export function changeDemoPlan(
  mine: DemoBilling,
  switches: VendorBillingSwitches,
  body: Json,
  headers: Headers | undefined,
  env: DemoEnv,
): Answer {
  const sub = mine.subscription;
  const plan = planOf(body.planId as string);
  if (!plan) return fail('PLAN_NOT_FOUND');
  const current = planOf(sub.planId)!;
  const refusal = planChangeRefusal(switches, sub.status, current.price.amount, plan.price.amount);
  if (refusal) return fail(refusal);
  const methodId = (body.paymentMethodId as string | undefined) || sub.paymentMethodId || '';
  const card = mine.methods.find((m) => m.id === methodId);
  // The same plan with another card, already paid for this period: the card changes, nothing is
  // charged (the subscriptions page's "Change card"; as on the server).
  if (sub.status === 'active' && plan.id === sub.planId && body.paymentMethodId) {
    if (!card) return fail('PAYMENT_METHOD_NOT_FOUND');
    if (card.status !== 'succeeded') return fail('CARD_NOT_CONFIRMED');
    for (const m of mine.methods) m.isDefault = m.id === card.id;
    sub.paymentMethodId = card.id;
    return ok({}, true);
  }
  if (plan.price.amount > 0) {
    if (!methodId) return fail('PAYMENT_METHOD_REQUIRED');
    if (!card) return fail('PAYMENT_METHOD_NOT_FOUND');
    if (card.status !== 'succeeded') return fail('CARD_NOT_CONFIRMED');
    const key =
      headers?.get('idempotency-key') ?? `${sub.id}:${plan.id}:${card.id}:${sub.currentPeriodStart}`;
    // A retried call with the same key finds its invoice: charged once.
    if (mine.invoices.some((i) => i.key === key)) return ok({});
    chargeDemo(mine, plan, card, key, env);
  }
  for (const m of mine.methods) m.isDefault = m.id === card?.id;
  startDemoPlan(mine, plan, card?.id ?? sub.paymentMethodId, env.now());
  return ok({}, true);
}
