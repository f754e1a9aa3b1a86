/**
 * Demo mode's billing store: the ports of core/domain/billing.ts over the page's storage (per
 * account: the subscription, the cards, the invoices) and a payment provider that moves no money
 * (every confirmed card pays). The plans are the starting catalogue (core/domain/billing-plans.ts);
 * the vendor's switches are `billingVendor` in the stored data (absent: spec 001 §9's defaults).
 * server/storage/billing.test.ts holds this store and the server's to the same cases.
 */
import { DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import type { Card, Subscription } from '../domain/billing';
import type { BillingHandlerPorts } from '../domain/billing-handlers';
import type { InvoiceRecord } from '../domain/billing-invoices';
import { PLAN_CATALOGUE, type Plan } from '../domain/billing-plans';
import { DEMO_VENDOR_ID, type DemoDatabase, type DemoUser } from './data';
import { by, given, isoNow, remove, update, withId, type DemoClock } from './rows';

/** The catalogue as demo mode has it: plan `plan-<slug>`, in US dollars. */
const DEMO_PLANS: Plan[] = PLAN_CATALOGUE.map((entry) => ({
  ...entry,
  features: [...entry.features],
  id: `plan-${entry.slug}`,
  currency: 'usd',
  externalId: null,
  externalPriceId: null,
}));

export interface DemoBilling {
  /** Made on the first read of the account's billing. */
  subscription?: Subscription;
  methods: Card[];
  /** With the charge's idempotency key. */
  invoices: Array<InvoiceRecord & { key: string }>;
}

/** The account's billing record, made empty on first use. */
export const demoBillingOf = (db: DemoDatabase, tenantId: string): DemoBilling =>
  ((db.billing ??= {})[tenantId] ??= { methods: [], invoices: [] });

const planById = (id: string) => DEMO_PLANS.find((p) => p.id === id);

/**
 * Billing's ports (core/domain/billing.ts, and its routes' in billing-handlers.ts) for `user` in
 * their account of the stored data `db`.
 */
export function demoBillingPorts(
  db: DemoDatabase,
  user: Pick<DemoUser, 'tenantId' | 'name' | 'email'>,
  clock: DemoClock,
): BillingHandlerPorts {
  const { tenantId } = user;
  const mine = demoBillingOf(db, tenantId);
  const setupOf = (setupId: string) => mine.methods.find((m) => m.externalId === setupId);
  const save = (sub: Subscription) => (mine.subscription = { ...sub, version: sub.version + 1 });
  const makeDefault = (id: string) => {
    for (const m of mine.methods) m.isDefault = m.id === id;
  };
  return {
    now: clock.now,
    plans: {
      list: async () => DEMO_PLANS,
      find: async (idOrSlug) => DEMO_PLANS.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
      byId: async (id) => planById(id)!,
    },
    switches: async () => ({ ...DEFAULT_BILLING_SWITCHES, ...db.billingVendor }),
    subscriptions: {
      ofAccount: async () => mine.subscription ?? null,
      async startTrial(_tenantId, { planId, start, trialEnd }) {
        mine.subscription ??= {
          id: `sub-${clock.random()}`,
          tenantId,
          planId,
          externalId: '',
          status: 'trialing',
          startDate: start,
          currentPeriodStart: start,
          currentPeriodEnd: trialEnd,
          trialEnd,
          cancellation: null,
          paymentMethodId: null,
          version: 1,
        };
        return mine.subscription;
      },
      // Demo mode keeps no bundle of features: the expiry is the server's to write.
      save: async (sub) => save(sub),
      charged: async (key) => mine.invoices.some((i) => i.key === key),
      async recordCharge(sub, charge) {
        if (mine.invoices.some((i) => i.key === charge.key)) return null;
        mine.invoices.unshift({
          id: `inv-${clock.random()}`,
          externalId: charge.externalId ?? '',
          subscriptionId: sub.id,
          paymentDate: isoNow(clock.now),
          totalAmount: charge.amount,
          currency: charge.currency,
          paid: charge.paid,
          receiptNumber: `R-${1001 + mine.invoices.length}`,
          planName: planById(charge.planId)!.name,
          periodStart: charge.periodStart,
          periodEnd: charge.periodEnd,
          cardBrand: charge.method.brand,
          cardLast4: charge.method.last4,
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
      find: async (_tenantId, id) => mine.methods.find(withId(id)) ?? null,
      makeDefault: async (_tenantId, id) => makeDefault(id),
    },
    payments: {
      // The development provider confirms a card when it is saved, never afterwards.
      confirmSetup: async () => false,
      // No money moves: a confirmed card always pays (the card checks ran when it was saved).
      charge: async ({ subscription }) => ({
        subscriptionId: subscription.externalId,
        invoiceId: '',
        paid: true,
      }),
      setCancelAtPeriodEnd: async () => {},
    },
    caller: { name: user.name, email: user.email },
    vendorId: async () => DEMO_VENDOR_ID,
    invoices: {
      list: async () => mine.invoices,
      find: async (tenantId, id) => demoBillingOf(db, tenantId).invoices.find(withId(id)) ?? null,
    },
    cards: {
      // The default first, then the newest (the server's order).
      confirmed: async () =>
        mine.methods
          .filter((m) => m.status === 'succeeded')
          .reverse()
          .sort(by(({ isDefault }) => Number(!isDefault))),
      async updateDetails(_tenantId, { id }, { email, address }) {
        update<Card>(mine.methods, withId(id), given({ email, address }));
      },
      async startSetup(_tenantId, { name, email }) {
        const setupId = `seti_dev_${clock.random()}`;
        const id = `pm-${clock.random()}`;
        mine.methods.push({
          ...{ id, type: 'card', externalId: setupId, status: 'pending', brand: '', last4: '' },
          ...{ expMonth: 0, expYear: 0, isDefault: false, name: name ?? '', email, address: {} },
        });
        return { id: setupId, paymentMethodId: id, setupIntentSecret: `${setupId}_secret_${clock.random()}` };
      },
      async recordCard(_tenantId, setupId, { name, ...fields }, status) {
        const setup = setupOf(setupId);
        if (!setup || setup.status === 'succeeded') return null;
        Object.assign(setup, fields, { status, name });
        return setup.id;
      },
      async setup(_tenantId, setupId) {
        const setup = setupOf(setupId);
        return setup ? { id: setup.id, status: setup.status } : null;
      },
      async finish(id, approve) {
        if (approve) update(mine.methods, withId(id), { status: 'succeeded' });
        else remove(mine.methods, withId(id));
      },
    },
    provider: { name: 'development', publishableKey: '' },
    ensureCustomer: async (tenantId) => `cus_dev_${tenantId}`,
  };
}
