/**
 * Demo mode's billing: the ports assembled once (core/domain/billing-ports.ts) over the page's
 * storage (`db.tables`, core/demo/tables.ts) and a payment provider that moves no money (every
 * confirmed card pays). The plans are the starting catalogue (core/domain/billing-plans.ts) and
 * the vendor's row the spec's switches (spec 001 §9), written as rows on first use as the server's
 * migration writes them. server/storage/billing.test.ts holds this store and the server's to the
 * same cases.
 */
import { DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import { PLAN_CATALOGUE } from '../domain/billing-plans';
import { billingPorts } from '../domain/billing-ports';
import type { PaymentProvider } from '../domain/billing-provider';
import { BILLING_INVOICES, BILLING_PLANS, BILLING_VENDOR, type PlanRow } from '../domain/billing-tables';
import {
  DEMO_VENDOR_ID,
  noteWritten,
  tenantById,
  type DemoDatabase,
  type DemoTables,
  type DemoUser,
} from './data';
import type { DemoClock } from './rows';
import { memoryTables } from './tables';
import { displayName } from '../domain/user-tables';

/** The vendor's name on demo mode's invoices. */
const DEMO_VENDOR_NAME = 'Auth Elements demo';

/** A version 4 uuid, as the server's ids are (billing reads an id that is not one as no row). */
function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** The catalogue's rows and the vendor's, as the server's migrations write them, once. */
function seedBilling(store: DemoTables): void {
  if (!store[BILLING_PLANS.name]?.length) {
    const plans: PlanRow[] = PLAN_CATALOGUE.map((entry, i) => ({
      ...entry,
      features: [...entry.features],
      id: newUuid(),
      currency: 'usd',
      position: i + 1,
      externalId: null,
      externalPriceId: null,
    }));
    store[BILLING_PLANS.name] = plans as unknown as DemoTables[string];
    // Stored after the call that made them, a read too (their ids are random).
    noteWritten(store);
  }
  if (!store[BILLING_VENDOR.name]?.length)
    store[BILLING_VENDOR.name] = [
      { id: DEMO_VENDOR_ID, name: DEMO_VENDOR_NAME, ...DEFAULT_BILLING_SWITCHES },
    ];
}

/** The development provider as demo mode has it: every confirmed card pays, nothing is charged. */
const demoProvider = (random: () => string): PaymentProvider => ({
  name: 'development',
  publishableKey: '',
  createCustomer: async ({ tenantId }) => `cus_dev_${tenantId.replace(/-/g, '')}`,
  async createSetupIntent() {
    const id = `seti_dev_${random()}`;
    return { id, clientSecret: `${id}_secret_${random()}` };
  },
  // The development card step confirms a card when it is saved, never afterwards.
  confirmedSetup: async () => null,
  chargePlan: async ({ subscriptionId, customerId }) => ({
    ok: true,
    subscriptionId: subscriptionId ?? `sub_dev_${customerId.slice(8, 32)}`,
    invoiceId: `in_dev_${random()}`,
    paid: true,
  }),
  setCancelAtPeriodEnd: async () => {},
  updateBillingDetails: async () => {},
});

/**
 * Billing's ports (core/domain/billing-ports.ts, the server's own) for `user` in their account of
 * the stored data `db`.
 */
export function demoBillingPorts(
  db: DemoDatabase,
  user: Pick<DemoUser, 'tenantId' | 'name' | 'email'>,
  clock: DemoClock,
) {
  seedBilling((db.tables ??= {}));
  const tables = memoryTables(db.tables);
  const extras = {
    provider: demoProvider(clock.random),
    // One numbering for every account, as the server's sequence.
    receiptNumber: async () => `R-${1001 + (await tables.of(BILLING_INVOICES).count())}`,
    tenantName: async (tenantId: string) => tenantById(db, tenantId)?.name,
  };
  return billingPorts(tables, { now: clock.now, newId: newUuid }, extras, {
    caller: { name: displayName(user), email: user.email },
  });
}
