/**
 * Billing's tables (issue 25: the domain over the storage port, core/domain/tables.ts), declared as
 * server/storage/schema/billing.ts creates them, with the columns billing reads and writes: the
 * vendor's plans and switches, each account's configuration at the payment provider, its cards
 * (brand, last 4, expiry and billing details: never a number), its subscription and invoices, and
 * the plan's features in the account's bundle. The server keeps these rows in PostgreSQL, demo
 * mode in the page's storage (`DemoDatabase.tables`); the repositories over them are written once
 * (here and in billing-store.ts).
 */
import type { TrialEndAction, VendorBillingSwitches } from '../billing/vendorRules';
import type { Card, Subscription, TenantBillingConfiguration } from './billing';
import type { Plan, PlanRepository } from './billing-plans';
import { col, not, nullable, oneOf, saveRow, stamp, table, type RowOf, type Tables } from './tables';
import { ROLES } from './role-tables';
import { TENANTS } from './tenant-tables';
import { USERS } from './user-tables';
import { isUuid } from './random-secrets';

/** What billing's stores take from their caller: the clock and new ids (the server's are uuids). */
export interface BillingClock {
  now(): number;
  newId(): string;
}

interface PlanRow extends Plan {
  /** The vendor's order. */
  position: number;
}
export const BILLING_PLANS = table<PlanRow>('billing_plans', {
  id: 'uuid',
  slug: 'text',
  name: 'text',
  description: 'text',
  amount: 'int',
  currency: 'text',
  features: 'text[]',
  isDefault: 'bool',
  position: 'int',
  externalId: 'text',
  externalPriceId: 'text',
});

/** The vendor's row, as billing reads it: the invoice's issuer and the switches (spec 001 §9). */
export const BILLING_VENDOR = table(
  'vendors',
  {
    id: col.uuid,
    name: col.text(),
    allowPlanDowngrade: col.bool,
    allowPlanCancellation: col.bool,
    trialEndAction: col.text<TrialEndAction>(),
  },
  // The vendor's roles (core/domain/role-tables.ts), accounts and users go with it.
  () => [
    [ROLES, 'vendorId'],
    [TENANTS, 'vendorId'],
    [USERS, 'vendorId'],
  ],
);

const BILLING_CONFIGURATIONS = table<TenantBillingConfiguration>('billing_tenant_configurations', {
  id: 'uuid',
  tenantId: 'uuid',
  providerType: 'text',
  externallyManaged: 'bool',
  mappingId: 'text',
});

export const BILLING_PAYMENT_METHODS = table('billing_payment_methods', {
  id: col.uuid,
  tenantId: col.uuid,
  externalId: col.text(),
  type: col.text<Card['type']>(),
  brand: col.text(),
  last4: col.text(),
  expMonth: col.int,
  expYear: col.int,
  isDefault: col.bool,
  billingName: col.text(),
  billingEmail: nullable(col.text()),
  billingAddress: col.jsonb<Record<string, string>>(),
  setupStatus: col.text<Card['status']>(),
  createdAt: col.timestamptz,
});
type PaymentMethodRow = RowOf<typeof BILLING_PAYMENT_METHODS>;

export interface SubscriptionRow extends Omit<Subscription, 'cancellation'> {
  cancellationPolicy: Subscription['cancellation'];
  updatedAt: string;
}

/** One row per charge, unique by its idempotency key. */
export const BILLING_INVOICES = table('billing_invoices', {
  id: col.uuid,
  tenantId: col.uuid,
  subscriptionId: col.uuid,
  planId: col.uuid,
  externalId: col.text(),
  receiptNumber: col.text(),
  totalAmount: col.int,
  currency: col.text(),
  paid: col.bool,
  paymentDate: col.timestamptz,
  periodStart: col.timestamptz,
  periodEnd: col.timestamptz,
  cardBrand: col.text(),
  cardLast4: col.text(),
  idempotencyKey: col.text(),
});
export type InvoiceRow = RowOf<typeof BILLING_INVOICES>;

export const BILLING_SUBSCRIPTIONS = table<SubscriptionRow>(
  'billing_subscriptions',
  {
    id: 'uuid',
    tenantId: 'uuid',
    planId: 'uuid',
    externalId: 'text',
    status: 'text',
    startDate: 'timestamptz',
    currentPeriodStart: 'timestamptz',
    currentPeriodEnd: 'timestamptz',
    trialEnd: 'timestamptz',
    cancellationPolicy: 'text',
    paymentMethodId: 'uuid',
    version: 'int',
    updatedAt: 'timestamptz',
  },
  () => [[BILLING_INVOICES, 'subscriptionId']],
);

/** The features table (entitlements), by key. */
export const TENANT_FEATURES = table('tenant_features', {
  tenantId: col.uuid,
  featureId: col.uuid,
  expiresAt: nullable(col.timestamptz),
});

export const FEATURES = table('features', { id: col.uuid, key: col.text() }, () => [
  [TENANT_FEATURES, 'featureId'],
]);
/** The account's bundle: a feature held until `expiresAt` (null: no expiry). */

/**
 * `id` as a condition on a uuid column: an id that is not a uuid names no row (the server never
 * asks PostgreSQL to read it as one, which would refuse the statement: a 400 instead of a 404).
 */
export const anId = (id: string) => (isUuid(id) ? id : oneOf<string>([]));

const planOfRow = ({ position: _position, ...plan }: PlanRow): Plan => plan;

/** The vendor's plans (core/domain/billing-plans.ts's repository). */
export function planRepository(tables: Tables): PlanRepository {
  const plans = tables.of(BILLING_PLANS);
  const list = async () =>
    (await plans.rows({ orderBy: [{ by: 'position' }, { by: 'amount' }] })).map(planOfRow);
  return {
    list,
    // The catalogue is a few rows: read once, matched by id, slug or price id at the provider.
    find: async (idOrSlug) =>
      (await list()).find((p) => [p.id, p.slug, p.externalPriceId].includes(idOrSlug)) ?? null,
    byId: async (id) => planOfRow((await plans.row({ id }))!),
  };
}

/** The vendor's id, name and billing switches. */
export async function billingVendor(
  tables: Tables,
): Promise<{ id: string; name: string; switches: VendorBillingSwitches }> {
  const vendor = (await tables.of(BILLING_VENDOR).row({}))!;
  const { allowPlanDowngrade, allowPlanCancellation, trialEndAction } = vendor;
  return {
    id: vendor.id,
    name: vendor.name,
    switches: { allowPlanDowngrade, allowPlanCancellation, trialEndAction },
  };
}

/** Each account's configuration at the provider, made on first use; its customer id there. */
export function configurationStore(tables: Tables, clock: Pick<BillingClock, 'newId'>) {
  const configurations = tables.of(BILLING_CONFIGURATIONS);
  return {
    async of(tenantId: string): Promise<TenantBillingConfiguration> {
      // Made once per account (the SQL's ON CONFLICT): under saveRow's lock when it is missing.
      const made = () => ({
        id: clock.newId(),
        tenantId,
        providerType: 'Stripe',
        externallyManaged: false,
        mappingId: null,
      });
      return (
        (await configurations.row({ tenantId })) ??
        saveRow(tables, BILLING_CONFIGURATIONS, { tenantId }, {}, made)
      );
    },
    async saveCustomerId(tenantId: string, customerId: string): Promise<void> {
      await configurations.update({ tenantId }, { mappingId: customerId });
    },
  };
}

/** A card row as the rules and the routes read it. */
const cardOfRow = (row: PaymentMethodRow): Card => ({
  id: row.id,
  type: row.type,
  externalId: row.externalId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
  name: row.billingName,
  email: row.billingEmail,
  address: row.billingAddress,
  status: row.setupStatus,
});

type CardFields = { brand: string; last4: string; expMonth: number; expYear: number };

/** The account's card `id` the default, every other not (one write: together). */
export function makeDefaultCard(tables: Tables, tenantId: string, id: string): Promise<void> {
  return tables.transaction(async (tx) => {
    const methods = tx.of(BILLING_PAYMENT_METHODS);
    await methods.update({ tenantId, isDefault: true, id: not(id) }, { isDefault: false });
    await methods.update({ tenantId, id }, { isDefault: true });
  });
}

/** The account's cards: what the subscription rules, the routes and the card step read and write. */
export function cardStore(tables: Tables, clock: BillingClock) {
  const methods = tables.of(BILLING_PAYMENT_METHODS);
  return {
    /** The account's card `id`, confirmed or not; null when there is none. */
    async find(tenantId: string, id: string): Promise<Card | null> {
      const row = await methods.row({ tenantId, id: anId(id) });
      return row && cardOfRow(row);
    },
    makeDefault: (tenantId: string, id: string) => makeDefaultCard(tables, tenantId, id),
    /** The account's confirmed cards, the default first, then the newest. */
    async confirmed(tenantId: string): Promise<Card[]> {
      const rows = await methods.rows({
        where: { tenantId, setupStatus: 'succeeded' },
        orderBy: [
          { by: 'isDefault', desc: true },
          { by: 'createdAt', desc: true },
        ],
      });
      return rows.map(cardOfRow);
    },
    /** Writes the details given (those left out stay). */
    async updateDetails(
      tenantId: string,
      card: Card,
      details: { email?: string; address?: Record<string, string> },
    ): Promise<void> {
      await methods.update(
        { tenantId, id: card.id },
        { billingEmail: details.email, billingAddress: details.address },
      );
    },
    /** A card waiting for its setup at the provider (`setupId`); answers its id. */
    async insertPending(tenantId: string, setupId: string, contact: { name?: string; email: string }) {
      const row = await methods.insert({
        ...{ id: clock.newId(), tenantId, externalId: setupId, type: 'card', brand: '', last4: '' },
        ...{ expMonth: 0, expYear: 0, isDefault: false, billingName: contact.name ?? '' },
        ...{ billingEmail: contact.email, billingAddress: {}, setupStatus: 'pending' },
        createdAt: stamp(clock.now()),
      });
      return row.id;
    },
    /** The card the provider confirmed, under its id there. */
    async confirm(id: string, externalId: string, card: CardFields): Promise<void> {
      await methods.update({ id }, { externalId, ...card, setupStatus: 'succeeded' });
    },
    /** The development card step's card on setup `setupId` not confirmed yet; its id, or null. */
    async recordCard(
      tenantId: string,
      setupId: string,
      { name, ...card }: CardFields & { name: string },
      status: 'succeeded' | 'requires_confirmation',
    ): Promise<string | null> {
      const [row] = await methods.update(
        { tenantId, externalId: setupId, setupStatus: not('succeeded') },
        { ...card, billingName: name, setupStatus: status },
      );
      return row?.id ?? null;
    },
    async setup(tenantId: string, setupId: string) {
      const row = await methods.row({ tenantId, externalId: setupId });
      return row && { id: row.id, status: row.setupStatus };
    },
    /** The confirmation step's end: the card kept, or dropped. */
    async finish(id: string, approve: boolean): Promise<void> {
      if (approve) await methods.update({ id }, { setupStatus: 'succeeded' });
      else await methods.remove({ id, setupStatus: not('succeeded') });
    },
  };
}
