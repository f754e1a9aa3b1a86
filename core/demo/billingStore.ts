/**
 * Demo mode's billing store: the ports of core/domain/billing.ts over the page's storage (per
 * account: the subscription, the cards, the invoices) and a payment provider that moves no money
 * (every confirmed card pays). The plans are the starting catalogue (core/domain/billing-plans.ts);
 * the vendor's switches are `billingVendor` in the stored data (absent: spec 001 §9's defaults).
 * server/storage/billing.test.ts holds this store and the server's to the same cases.
 */
import { DEFAULT_BILLING_SWITCHES, type VendorBillingSwitches } from '../billing/vendorRules';
import type { Subscription } from '../domain/billing';
import type { BillingHandlerPorts, Card, Invoice } from '../domain/billing-handlers';
import { PLAN_CATALOGUE, type Plan } from '../domain/billing-plans';
import { DEMO_VENDOR_ID, type DemoDatabase, type DemoUser } from './data';
import { by, isoNow, remove, update, withId, type DemoClock } from './rows';

/** The catalogue as demo mode has it: plan `plan-<slug>`, in US dollars. */
const DEMO_PLANS: Plan[] = PLAN_CATALOGUE.map((entry) => ({
  ...entry,
  features: [...entry.features],
  id: `plan-${entry.slug}`,
  currency: 'usd',
  externalId: null,
  externalPriceId: null,
}));

type DemoMethod = Omit<Card, 'type' | 'externalId' | 'name' | 'email' | 'address'> & {
  setupId: string;
  billingDetails: { name: string; email?: string; address?: Record<string, string> };
};
interface DemoInvoice extends Omit<Invoice, 'externalId'> {
  externalId?: string;
  plan: string;
  periodEnd: string;
  card: string;
  key: string;
}
/** The stored subscription (the shape predates the domain's: the cancellation is an object). */
type DemoSubscription = Omit<Subscription, 'tenantId' | 'externalId' | 'cancellation' | 'version'> & {
  externalId?: string;
  cancellation: { policy: 'atPeriodEnd' } | null;
  version?: number;
};
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
export const demoBillingOf = (db: DemoDatabase, tenantId: string): DemoBilling =>
  (((db as DemoBillingStore).billing ??= {})[tenantId] ??= { methods: [], invoices: [] });

const toDomain = (tenantId: string, s: DemoSubscription): Subscription => ({
  ...s,
  tenantId,
  externalId: s.externalId ?? '',
  cancellation: s.cancellation?.policy ?? null,
  version: s.version ?? 1,
});
const toStored = ({ tenantId: _tenantId, ...sub }: Subscription): DemoSubscription => ({
  ...sub,
  cancellation: sub.cancellation ? { policy: sub.cancellation } : null,
  version: sub.version + 1,
});

const planById = (id: string) => DEMO_PLANS.find((p) => p.id === id);

/** A stored card as the rules and the routes read it. */
const card = ({ setupId, billingDetails: { name, email, address }, ...m }: DemoMethod): Card => ({
  ...m,
  type: 'card',
  externalId: setupId,
  name,
  email: email ?? null,
  address: address ?? {},
});

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
  const setupOf = (setupId: string) => mine.methods.find((m) => m.setupId === setupId);
  const save = (sub: Subscription) => toDomain(tenantId, (mine.subscription = toStored(sub)));
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
    switches: async () => ({ ...DEFAULT_BILLING_SWITCHES, ...(db as DemoBillingStore).billingVendor }),
    subscriptions: {
      ofAccount: async () => (mine.subscription ? toDomain(tenantId, mine.subscription) : null),
      async startTrial(_tenantId, { planId, start, trialEnd }) {
        mine.subscription ??= {
          id: `sub-${clock.random()}`,
          planId,
          status: 'trialing',
          startDate: start,
          currentPeriodStart: start,
          currentPeriodEnd: trialEnd,
          trialEnd,
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
          id: `inv-${clock.random()}`,
          externalId: charge.externalId,
          subscriptionId: sub.id,
          paymentDate: isoNow(clock.now),
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
        const found = mine.methods.find(withId(id));
        return found ? card(found) : null;
      },
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
      list: async () =>
        mine.invoices.map(({ plan: _p, periodEnd: _e, card: _c, key: _k, ...i }) => ({
          ...i,
          externalId: i.externalId ?? '',
        })),
    },
    cards: {
      // The default first, then the newest (the server's order).
      confirmed: async () =>
        mine.methods
          .filter((m) => m.status === 'succeeded')
          .reverse()
          .sort(by(({ isDefault }) => Number(!isDefault)))
          .map(card),
      async updateDetails(_tenantId, { id }, { email, address }) {
        const details = mine.methods.find(withId(id))!.billingDetails;
        if (email !== undefined) details.email = email;
        if (address) details.address = address;
      },
      async startSetup(_tenantId, { name, email }) {
        const setupId = `seti_dev_${clock.random()}`;
        const id = `pm-${clock.random()}`;
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
        return { id: setupId, paymentMethodId: id, setupIntentSecret: `${setupId}_secret_${clock.random()}` };
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
        if (approve) update(mine.methods, withId(id), { status: 'succeeded' });
        else remove(mine.methods, withId(id));
      },
    },
    provider: { name: 'development', publishableKey: '' },
    ensureCustomer: async (tenantId) => `cus_dev_${tenantId}`,
  };
}
