/**
 * Billing's subscription rules (issue 17; spec 001 §3 "Billing", §4 subscription rules, §9), written
 * once over ports. Its repositories are written once too, over the tables port (billing-store.ts):
 * the reference server runs them over PostgreSQL with its payment provider (server/domain/billing.ts),
 * demo mode over the page's storage with a provider that moves no money (core/demo/billingStore.ts).
 * test/contract/billing.contract.test.ts drives both through HTTP; server/storage/billing.test.ts
 * holds both stores to the same cases.
 *
 * - A tenant's subscription is made when billing is first read: a 14-day trial of the first paid
 *   plan. A trial that ends with a payment method charges the first period; without one (or
 *   declined) the vendor's TrialEndAction applies (core/billing/vendorRules.ts).
 * - An active period that ended renews: cancelled at period end, it is `canceled`; a free plan rolls
 *   on; a paid one charges the saved card, else (or declined) it is `incomplete`.
 * - Changing plan to a paid plan charges its price for a new monthly period from now (no proration);
 *   a free plan charges nothing; the same plan with another card, while active, changes the card only.
 * - Every charge has an idempotency key: the caller's Idempotency-Key when sent, else one derived
 *   from the subscription's version, plan and payment method. A key whose invoice exists is not
 *   charged again.
 * - Entitlements: the plan's features are held until the date `entitlementsUntil` gives (none:
 *   no expiry); a lapsed plan keeps them with an expiry in the past (the kit answers BUNDLE_EXPIRED).
 */
import { cancellationRefusal, planChangeRefusal, trialEndStep } from '../billing/vendorRules';
import type { VendorBillingSwitches } from '../billing/vendorRules';
import { contractError } from '../contract/errors';
import { defaultPlan, trialPlan, type Plan, type PlanRepository } from './billing-plans';

export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'expired' | 'trialing' | 'trialEnded';

/** A tenant's subscription (times as ISO 8601 text). */
export interface Subscription {
  id: string;
  tenantId: string;
  planId: string;
  /** The subscription at the payment provider ('' before its first charge). */
  externalId: string;
  status: SubscriptionStatus;
  startDate: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  cancellation: 'atPeriodEnd' | null;
  paymentMethodId: string | null;
  /** Bumped by every save: part of the default idempotency key of a charge. */
  version: number;
}

/** A saved card (never its number), confirmed or not. */
export interface Card {
  id: string;
  type: 'card' | 'unknown';
  /** The card at the provider. */
  externalId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  name: string;
  email: string | null;
  address: Record<string, string>;
  status: 'pending' | 'requires_confirmation' | 'succeeded';
}

/** What a charge wrote: the invoice's fields. */
export interface ChargeRecord {
  planId: string;
  /** The invoice at the provider. */
  externalId: string;
  amount: number;
  currency: string;
  paid: boolean;
  periodStart: string;
  periodEnd: string;
  method: Card;
  key: string;
}

/** The tenant's billing configuration at the provider (ITenantConfigurationResponse). */
export interface TenantBillingConfiguration {
  id: string;
  tenantId: string;
  providerType: string;
  externallyManaged: boolean;
  mappingId: string | null;
}

export interface SubscriptionRepository {
  ofAccount(tenantId: string): Promise<Subscription | null>;
  /** Starts the trial unless the account has a subscription already; answers the account's. */
  startTrial(
    tenantId: string,
    trial: { planId: string; start: string; trialEnd: string },
  ): Promise<Subscription>;
  /** Saves `sub` (its version bumped); the plan's features held until `entitlementsUntil`. */
  save(sub: Subscription, entitlementsUntil: string | null): Promise<Subscription>;
  /** True when the charge of idempotency key `key` has its invoice. */
  charged(key: string): Promise<boolean>;
  /**
   * The invoice of a charge, `method` made the default and `sub` saved, together; null when the
   * key's invoice was written meanwhile (a concurrent retry).
   */
  recordCharge(
    sub: Subscription,
    charge: ChargeRecord,
    entitlementsUntil: string | null,
  ): Promise<Subscription | null>;
}

export interface PaymentMethodPort {
  /** The account's card `id`, confirmed or not; null when there is none. */
  find(tenantId: string, id: string): Promise<Card | null>;
  makeDefault(tenantId: string, id: string): Promise<void>;
}

/** The payment provider, as billing's rules use it. */
export interface PaymentPort {
  /**
   * Whether the provider confirmed the setup of `method` (not confirmed when saved: Stripe.js
   * confirms it in the browser); a confirmed card is recorded so.
   */
  confirmSetup(tenantId: string, method: Card): Promise<boolean>;
  /** Charges `plan`'s month to `method`, once per `key`; null when declined. */
  charge(input: {
    subscription: Subscription;
    plan: Plan;
    method: Card;
    key: string;
  }): Promise<{ subscriptionId: string; invoiceId: string; paid: boolean } | null>;
  /** Cancels at period end at the provider (true) or takes it back (false). */
  setCancelAtPeriodEnd(externalId: string, cancel: boolean): Promise<void>;
}

export interface BillingPorts {
  now(): number;
  plans: PlanRepository;
  /** The vendor's switches (spec 001 §9 defaults when never set). */
  switches(): Promise<VendorBillingSwitches>;
  subscriptions: SubscriptionRepository;
  /** The account's configuration, made on first use. */
  configuration(tenantId: string): Promise<TenantBillingConfiguration>;
  methods: PaymentMethodPort;
  payments: PaymentPort;
}

const TRIAL_DAYS = 14;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const addMonth = (from: string) => {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
};
const at = (text: string) => Date.parse(text);

/** Until when the plan's features are held in the state of `sub` (null: no expiry). */
function entitlementsUntil(sub: Subscription, now: number): string | null {
  if (sub.status === 'trialing') return sub.trialEnd;
  if (sub.status === 'active') return sub.cancellation ? sub.currentPeriodEnd : null;
  return iso(Math.min(now, at(sub.currentPeriodEnd)) - 1000);
}

const save = (ports: BillingPorts, sub: Subscription) =>
  ports.subscriptions.save(sub, entitlementsUntil(sub, ports.now()));

/** The account's subscription, made on first read and brought up to date (trial end, period end). */
export async function currentSubscription(ports: BillingPorts, tenantId: string): Promise<Subscription> {
  let sub = await ports.subscriptions.ofAccount(tenantId);
  if (!sub) {
    const plan = await trialPlan(ports.plans);
    const now = ports.now();
    sub = await ports.subscriptions.startTrial(tenantId, {
      planId: plan.id,
      start: iso(now),
      trialEnd: iso(now + TRIAL_DAYS * DAY),
    });
  }
  return settle(ports, sub);
}

async function settle(ports: BillingPorts, sub: Subscription): Promise<Subscription> {
  const now = ports.now();
  if (sub.status === 'trialing' && sub.trialEnd && at(sub.trialEnd) <= now) return endTrial(ports, sub);
  if (sub.status !== 'active' || at(sub.currentPeriodEnd) > now) return sub;
  if (sub.cancellation) return save(ports, { ...sub, status: 'canceled' });
  const plan = await ports.plans.byId(sub.planId);
  if (plan.amount === 0)
    return save(ports, {
      ...sub,
      currentPeriodStart: sub.currentPeriodEnd,
      currentPeriodEnd: addMonth(sub.currentPeriodEnd),
    });
  const key = `renew:${sub.id}:${sub.currentPeriodEnd}`;
  const renewed =
    sub.paymentMethodId &&
    (await chargeAndStart(ports, sub, plan, sub.paymentMethodId, key, sub.currentPeriodEnd));
  return renewed || save(ports, { ...sub, status: 'incomplete' });
}

/** A trial that ended: its plan charged to the saved card, else the vendor's trial end action. */
async function endTrial(ports: BillingPorts, sub: Subscription): Promise<Subscription> {
  const plan = await ports.plans.byId(sub.planId);
  const { trialEndAction } = await ports.switches();
  const trial = { amount: plan.amount, hasPaymentMethod: !!sub.paymentMethodId };
  if (trialEndStep(trialEndAction, trial) === 'charge') {
    const charged = await chargeAndStart(ports, sub, plan, sub.paymentMethodId!, `trial-end:${sub.id}`);
    if (charged) return charged;
  }
  // retain_trial: the plan stays, its features lapse, until the account chooses a plan.
  if (trialEndStep(trialEndAction, { ...trial, declined: true }) === 'retain')
    return save(ports, { ...sub, status: 'trialEnded' });
  return startPlan(ports, sub, (await defaultPlan(ports.plans)).id, sub.paymentMethodId);
}

/** `planId` for a month from now, active. */
function startPlan(ports: BillingPorts, sub: Subscription, planId: string, paymentMethodId: string | null) {
  const start = iso(ports.now());
  return save(ports, {
    ...sub,
    planId,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: addMonth(start),
    trialEnd: null,
    cancellation: null,
    paymentMethodId,
  });
}

/**
 * Charges `plan` for a month from `start` and writes the invoice and the subscription together.
 * Null when the provider declines; a key whose invoice exists changes nothing.
 */
async function chargeAndStart(
  ports: BillingPorts,
  sub: Subscription,
  plan: Plan,
  methodId: string,
  key: string,
  start = iso(ports.now()),
): Promise<Subscription | null> {
  if (await ports.subscriptions.charged(key)) return sub;
  const method = await ports.methods.find(sub.tenantId, methodId);
  if (!method) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  const result = await ports.payments.charge({ subscription: sub, plan, method, key });
  if (!result) return null;
  const end = addMonth(start);
  const next: Subscription = {
    ...sub,
    planId: plan.id,
    externalId: result.subscriptionId,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: end,
    trialEnd: null,
    cancellation: null,
    paymentMethodId: method.id,
  };
  const charge: ChargeRecord = {
    planId: plan.id,
    externalId: result.invoiceId,
    amount: plan.amount,
    currency: plan.currency,
    paid: result.paid,
    periodStart: start,
    periodEnd: end,
    method,
    key,
  };
  return (await ports.subscriptions.recordCharge(next, charge, entitlementsUntil(next, ports.now()))) ?? sub;
}

/** The account's card `methodId`, confirmed (PAYMENT_METHOD_NOT_FOUND, CARD_NOT_CONFIRMED). */
async function confirmedMethod(ports: BillingPorts, tenantId: string, methodId: string) {
  const method = await ports.methods.find(tenantId, methodId);
  if (!method) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  if (method.status !== 'succeeded' && !(await ports.payments.confirmSetup(tenantId, method)))
    throw contractError('CARD_NOT_CONFIRMED');
  return method;
}

/** The account's subscription `subscriptionId` (SUBSCRIPTION_NOT_FOUND for another). */
export async function findSubscription(
  ports: BillingPorts,
  tenantId: string,
  subscriptionId: string,
): Promise<Subscription> {
  const sub = await currentSubscription(ports, tenantId);
  if (sub.id !== subscriptionId) throw contractError('SUBSCRIPTION_NOT_FOUND');
  return sub;
}

async function refuseIfExternallyManaged(ports: BillingPorts, tenantId: string): Promise<void> {
  if ((await ports.configuration(tenantId)).externallyManaged)
    throw contractError('BILLING_EXTERNALLY_MANAGED');
}

/** Spec 001 §4: cancel only an active subscription without a cancellation (and the vendor's switch). */
export async function cancelSubscription(ports: BillingPorts, tenantId: string, id: string): Promise<void> {
  const sub = await findSubscription(ports, tenantId, id);
  await refuseIfExternallyManaged(ports, tenantId);
  const refusal = cancellationRefusal(await ports.switches(), {
    status: sub.status,
    cancelled: !!sub.cancellation,
  });
  if (refusal) throw contractError(refusal);
  if (sub.externalId) await ports.payments.setCancelAtPeriodEnd(sub.externalId, true);
  await save(ports, { ...sub, cancellation: 'atPeriodEnd' });
}

/** Spec 001 §4: renew only a subscription cancelled at period end. */
export async function renewSubscription(ports: BillingPorts, tenantId: string, id: string): Promise<void> {
  const sub = await findSubscription(ports, tenantId, id);
  await refuseIfExternallyManaged(ports, tenantId);
  if (sub.cancellation !== 'atPeriodEnd') throw contractError('SUBSCRIPTION_NOT_RENEWABLE');
  if (sub.externalId) await ports.payments.setCancelAtPeriodEnd(sub.externalId, false);
  await save(ports, { ...sub, cancellation: null });
}

/** PUT subscriptions/{id} { paymentMethodId, planId } (spec 001 §4 checkout). */
export async function changePlan(
  ports: BillingPorts,
  tenantId: string,
  subscriptionId: string,
  body: { paymentMethodId?: string; planId: string },
  options: { idempotencyKey?: string } = {},
): Promise<void> {
  const sub = await findSubscription(ports, tenantId, subscriptionId);
  await refuseIfExternallyManaged(ports, tenantId);
  const plan = await ports.plans.find(body.planId);
  if (!plan) throw contractError('PLAN_NOT_FOUND');
  const current = await ports.plans.byId(sub.planId);
  const refusal = planChangeRefusal(await ports.switches(), sub.status, current.amount, plan.amount);
  if (refusal) throw contractError(refusal);
  const named = async (id: string) => {
    const method = await ports.methods.find(tenantId, id);
    if (!method) throw contractError('PAYMENT_METHOD_NOT_FOUND');
    return method;
  };
  // The same plan with another card, already paid for this period: only the card changes, nothing
  // is charged (the subscriptions page's "Change card"); it pays from the next renewal.
  if (sub.status === 'active' && plan.id === sub.planId && body.paymentMethodId) {
    const method = await confirmedMethod(ports, tenantId, body.paymentMethodId);
    await ports.methods.makeDefault(tenantId, method.id);
    await save(ports, { ...sub, paymentMethodId: method.id });
    return;
  }
  if (plan.amount === 0) {
    const methodId = body.paymentMethodId ? (await named(body.paymentMethodId)).id : sub.paymentMethodId;
    await startPlan(ports, sub, plan.id, methodId);
    return;
  }
  const methodId = body.paymentMethodId || sub.paymentMethodId;
  if (!methodId) throw contractError('PAYMENT_METHOD_REQUIRED');
  await confirmedMethod(ports, tenantId, methodId);
  const key = options.idempotencyKey
    ? `client:${tenantId}:${options.idempotencyKey}`
    : `change:${sub.id}:v${sub.version}:${plan.id}:${methodId}`;
  if (!(await chargeAndStart(ports, sub, plan, methodId, key))) throw contractError('CARD_DECLINED');
}

/** A subscription as the client SDK reads it (ISubscriptionResponse). */
export async function subscriptionView(ports: BillingPorts, sub: Subscription) {
  const [plan, config] = await Promise.all([ports.plans.byId(sub.planId), ports.configuration(sub.tenantId)]);
  return {
    id: sub.id,
    externalId: sub.externalId || sub.id,
    externallyManaged: config.externallyManaged,
    startDate: sub.startDate,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    status: sub.status,
    cancellation: sub.cancellation ? { policy: sub.cancellation } : null,
    ...(sub.trialEnd ? { trialEnd: sub.trialEnd } : {}),
    plan: { slug: plan.slug },
    planId: plan.id,
    paymentMethodId: sub.paymentMethodId ?? '',
  };
}
