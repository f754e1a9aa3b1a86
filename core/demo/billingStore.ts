/**
 * Demo mode's billing store: the ports of core/domain/billing.ts over the page's storage (per
 * account: the subscription, the cards, the invoices) and a payment provider that moves no money
 * (every confirmed card pays). The plans are the starting catalogue (core/domain/billing-plans.ts);
 * the vendor's switches are `billingVendor` in the stored data (absent: spec 001 §9's defaults).
 * server/storage/billing.test.ts holds this store and the server's to the same cases.
 */
import { DEFAULT_BILLING_SWITCHES, type VendorBillingSwitches } from '../billing/vendorRules';
import { contractError } from '../contract/errors';
import type { BillingPorts, Subscription } from '../domain/billing';
import type { BillingHandlerPorts, Card, Invoice } from '../domain/billing-handlers';
import { PLAN_CATALOGUE, type Plan } from '../domain/billing-plans';
import type { DemoDatabase, DemoUser } from './data';

/** The catalogue as demo mode has it: plan `plan-<slug>`, in US dollars. */
const DEMO_PLANS: Plan[] = PLAN_CATALOGUE.map((entry) => ({
  ...entry,
  features: [...entry.features],
  id: `plan-${entry.slug}`,
  currency: 'usd',
  externalId: null,
  externalPriceId: null,
}));

interface DemoMethod {
  id: string;
  setupId: string;
  status: 'pending' | 'requires_confirmation' | 'succeeded';
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  billingDetails: { name: string; email?: string; address?: Record<string, string> };
}
interface DemoInvoice extends Omit<Invoice, 'externalId'> {
  externalId?: string;
  plan: string;
  periodEnd: string;
  card: string;
  key: string;
}
interface DemoSubscription {
  id: string;
  externalId?: string;
  planId: string;
  status: Subscription['status'];
  startDate: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  cancellation: { policy: 'atPeriodEnd' } | null;
  paymentMethodId: string | null;
  version?: number;
}
export interface DemoBilling {
  /** Made on the first read of the account's billing. */
  subscription?: DemoSubscription;
  methods: DemoMethod[];
  invoices: DemoInvoice[];
}

/** The demo's stored data, with billing's own parts. */
export type DemoBillingStore = DemoDatabase & {
  billing?: Record<string, DemoBilling>;
  /** The vendor's billing switches (absent: spec 001 §9's defaults; tests switch them). */
  billingVendor?: Partial<VendorBillingSwitches>;
};

/** The account's billing record, made empty on first use. */
export function demoBillingOf(db: DemoDatabase, tenantId: string): DemoBilling {
  const store = db as DemoBillingStore;
  store.billing ??= {};
  return (store.billing[tenantId] ??= { methods: [], invoices: [] });
}

const toDomain = (tenantId: string, s: DemoSubscription): Subscription => ({
  id: s.id,
  tenantId,
  planId: s.planId,
  externalId: s.externalId ?? '',
  status: s.status,
  startDate: s.startDate,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  trialEnd: s.trialEnd,
  cancellation: s.cancellation?.policy ?? null,
  paymentMethodId: s.paymentMethodId,
  version: s.version ?? 1,
});
const toStored = (sub: Subscription): DemoSubscription => ({
  id: sub.id,
  externalId: sub.externalId,
  planId: sub.planId,
  status: sub.status,
  startDate: sub.startDate,
  currentPeriodStart: sub.currentPeriodStart,
  currentPeriodEnd: sub.currentPeriodEnd,
  trialEnd: sub.trialEnd,
  cancellation: sub.cancellation ? { policy: sub.cancellation } : null,
  paymentMethodId: sub.paymentMethodId,
  version: sub.version + 1,
});

const planById = (id: string) => DEMO_PLANS.find((p) => p.id === id);

/** Billing's ports over the account `tenantId` of the stored data `db`. */
export function demoBillingPorts(
  db: DemoDatabase,
  tenantId: string,
  env: { now: () => number; random: () => string },
): BillingPorts {
  const mine = demoBillingOf(db, tenantId);
  const save = (sub: Subscription) => toDomain(tenantId, (mine.subscription = toStored(sub)));
  const methodOf = (id: string) => mine.methods.find((m) => m.id === id);
  const makeDefault = (id: string) => {
    for (const m of mine.methods) m.isDefault = m.id === id;
  };
  return {
    now: env.now,
    plans: {
      list: async () => DEMO_PLANS,
      find: async (idOrSlug) => DEMO_PLANS.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
      byId: async (id) => planById(id)!,
    },
    switches: async () => ({ ...DEFAULT_BILLING_SWITCHES, ...(db as DemoBillingStore).billingVendor }),
    subscriptions: {
      ofAccount: async () => (mine.subscription ? toDomain(tenantId, mine.subscription) : null),
      async startTrial(_tenantId, trial) {
        mine.subscription ??= {
          id: `sub-${env.random()}`,
          planId: trial.planId,
          status: 'trialing',
          startDate: trial.start,
          currentPeriodStart: trial.start,
          currentPeriodEnd: trial.trialEnd,
          trialEnd: trial.trialEnd,
          cancellation: null,
          paymentMethodId: null,
          version: 1,
        };
        return toDomain(tenantId, mine.subscription);
      },
      // Demo mode keeps no bundle of features: the expiry is the server's to write.
      save: async (sub) => save(sub),
      charged: async (key) => mine.invoices.some((i) => i.key === key),
      async recordCharge(sub, charge) {
        if (mine.invoices.some((i) => i.key === charge.key)) return null;
        mine.invoices.unshift({
          id: `inv-${env.random()}`,
          externalId: charge.externalId,
          subscriptionId: sub.id,
          paymentDate: new Date(env.now()).toISOString(),
          totalAmount: charge.amount,
          currency: charge.currency,
          paid: charge.paid,
          receiptNumber: `R-${1001 + mine.invoices.length}`,
          plan: planById(charge.planId)!.name,
          periodEnd: charge.periodEnd,
          card: `${charge.method.brand} ending in ${charge.method.last4}`,
          key: charge.key,
        });
        makeDefault(charge.method.id);
        return save(sub);
      },
    },
    configuration: async () => ({
      id: `config-${tenantId}`,
      tenantId,
      providerType: 'Stripe',
      externallyManaged: false,
      mappingId: `cus_dev_${tenantId}`,
    }),
    methods: {
      async find(_tenantId, id) {
        const m = methodOf(id);
        return m ? { id: m.id, externalId: m.setupId, brand: m.brand, last4: m.last4 } : null;
      },
      makeDefault: async (_tenantId, id) => makeDefault(id),
    },
    payments: {
      async completeSetup(_tenantId, id) {
        const m = methodOf(id);
        if (!m) throw contractError('PAYMENT_METHOD_NOT_FOUND');
        if (m.status !== 'succeeded') throw contractError('CARD_NOT_CONFIRMED');
      },
      // No money moves: a confirmed card always pays (the card checks ran when it was saved).
      charge: async ({ subscription }) => ({
        subscriptionId: subscription.externalId,
        invoiceId: '',
        paid: true,
      }),
      setCancelAtPeriodEnd: async () => {},
    },
  };
}

const card = (m: DemoMethod): Card => ({
  id: m.id,
  type: 'card',
  externalId: m.setupId,
  brand: m.brand,
  last4: m.last4,
  expMonth: m.expMonth,
  expYear: m.expYear,
  isDefault: m.isDefault,
  name: m.billingDetails.name,
  email: m.billingDetails.email ?? null,
  address: m.billingDetails.address ?? {},
  status: m.status,
});

/** Billing's routes' ports (core/domain/billing-handlers.ts) for `user` in their account. */
export function demoBillingHandlerPorts(
  db: DemoDatabase,
  user: DemoUser,
  env: { now: () => number; random: () => string },
): BillingHandlerPorts {
  const mine = demoBillingOf(db, user.tenantId);
  const setupOf = (setupId: string) => mine.methods.find((m) => m.setupId === setupId);
  const invoices = () =>
    mine.invoices.map(({ plan: _p, periodEnd: _e, card: _c, key: _k, ...i }) => ({
      ...i,
      externalId: i.externalId ?? '',
    }));
  return {
    ...demoBillingPorts(db, user.tenantId, env),
    caller: { name: user.name, email: user.email },
    vendorId: async () => 'demo-vendor',
    invoices: {
      list: async () => invoices(),
      find: async (_tenantId, id) => invoices().find((i) => i.id === id) ?? null,
    },
    cards: {
      // The default first, then the newest (the server's order).
      confirmed: async () =>
        mine.methods
          .filter((m) => m.status === 'succeeded')
          .reverse()
          .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
          .map(card),
      find: async (_tenantId, id) => {
        const found = mine.methods.find((m) => m.id === id);
        return found ? card(found) : null;
      },
      async updateDetails(_tenantId, { id }, { email, address }) {
        const details = mine.methods.find((m) => m.id === id)!.billingDetails;
        if (email !== undefined) details.email = email;
        if (address) details.address = address;
      },
      async startSetup(_tenantId, { name, email }) {
        const setupId = `seti_dev_${env.random()}`;
        const id = `pm-${env.random()}`;
        mine.methods.push({
          id,
          setupId,
          status: 'pending',
          brand: '',
          last4: '',
          expMonth: 0,
          expYear: 0,
          isDefault: false,
          billingDetails: { name: name ?? '', email },
        });
        return { id: setupId, paymentMethodId: id, setupIntentSecret: `${setupId}_secret_${env.random()}` };
      },
      async recordCard(_tenantId, setupId, { name, ...fields }, status) {
        const setup = setupOf(setupId);
        if (!setup || setup.status === 'succeeded') return null;
        Object.assign(setup, fields, { status, billingDetails: { ...setup.billingDetails, name } });
        return setup.id;
      },
      async setup(_tenantId, setupId) {
        const setup = setupOf(setupId);
        return setup ? { id: setup.id, status: setup.status } : null;
      },
      async finish(id, approve) {
        if (approve) mine.methods.find((m) => m.id === id)!.status = 'succeeded';
        else mine.methods = mine.methods.filter((m) => m.id !== id || m.status === 'succeeded');
      },
    },
    provider: { name: 'development', publishableKey: '' },
    ensureCustomer: async (tenantId) => `cus_dev_${tenantId}`,
  };
}
