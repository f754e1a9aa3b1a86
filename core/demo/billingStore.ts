/**
 * Demo mode's billing (the platform's `billing`, core/demo/platform.ts): a payment provider that
 * moves no money (every confirmed card pays) and one receipt numbering, under the ports assembled
 * once (core/domain/billing-ports.ts) over the page's storage (`db.tables`). The plans are the starting catalogue (core/domain/billing-plans.ts) and
 * the vendor's row the spec's switches (spec 001 §9), written as rows on first use as the server's
 * migration writes them. Ids are random uuids, as the server's (billing reads an id that is not
 * one as no row). server/storage/billing.test.ts holds this store and the server's to the
 * same cases.
 */
import { DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import { catalogueRows } from '../domain/billing-plans';
import type { BillingBackend } from '../domain/billing-ports';
import type { PaymentProvider } from '../domain/billing-provider';
import { BILLING_INVOICES, BILLING_PLANS, BILLING_VENDOR } from '../domain/billing-tables';
import { randomUuid } from '../domain/random-secrets';
import { DEMO_VENDOR_ID, noteWritten, type DemoDatabase, type DemoTables } from './data';
import { memoryTables } from './tables';

/** The vendor's name on demo mode's invoices. */
const DEMO_VENDOR_NAME = 'Auth Elements demo';

/** The catalogue's rows and the vendor's, as the server's migrations write them, once. */
function seedBilling(store: DemoTables): void {
  if (!store[BILLING_PLANS.name]?.length) {
    store[BILLING_PLANS.name] = catalogueRows().map((row) => ({ ...row, id: randomUuid() }));
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

/** Demo mode's `billing` over the stored data `db`, the catalogue and the vendor's row written first. */
export function demoBilling(db: DemoDatabase, random: () => string): BillingBackend {
  seedBilling((db.tables ??= {}));
  const tables = memoryTables(db.tables);
  const provider = demoProvider(random);
  return {
    provider: () => provider,
    // One numbering for every account, as the server's sequence.
    receiptNumber: async () => `R-${1001 + (await tables.of(BILLING_INVOICES).count())}`,
  };
}
