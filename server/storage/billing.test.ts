// Billing's repositories, written once over the tables port (core/domain/billing-store.ts), one suite
// for both stores: the ports (core/domain/billing-ports.ts) over the server's platform on PGlite
// (no provider) and demo mode's over its stored data (core/demo/billingStore.ts). The rules in core/domain/billing.ts
// rely on what each case states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoPlatform } from '../../core/demo/platform';
import type { DemoDatabase } from '../../core/demo/data';
import { memoryTables } from '../../core/demo/tables';
import type { Card } from '../../core/domain/billing';
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import { billingAreaPorts } from '../../core/domain/billing-ports';
import { testCaller } from '../../core/test-support/caller';
import {
  BILLING_PAYMENT_METHODS,
  configurationStore,
  FEATURES,
  TENANT_FEATURES,
} from '../../core/domain/billing-tables';
import { stamp, type Tables } from '../../core/domain/tables';
import { platformOver } from '../../test/support/platform';
import type { AppContext } from '../context';
import { serverBilling } from '../domain/billing';
import { repositorySuite } from '../../test/support/repository-suite';
import type { Database } from './database';
import { BILLING_STATEMENTS } from './schema/billing';
import { sqlTables } from './tables';

interface Store {
  ports: Pick<
    BillingHandlerPorts,
    'plans' | 'switches' | 'subscriptions' | 'configuration' | 'methods' | 'cards' | 'invoices'
  >;
  tables: Tables;
}

/** How many cards `addCard` has added (each a second newer than the last, so "the newest first" decides). */
let cardsAdded = 0;
const ids = { next: 0 };
const uuid = () => `00000000-0000-4000-9000-${String((ids.next += 1)).padStart(12, '0')}`;

/** A confirmed card of the account (what the card step leaves), written as both stores keep it. */
async function addCard(tables: Tables, tenantId: string, last4: string): Promise<string> {
  const row = await tables.of(BILLING_PAYMENT_METHODS).insert({
    ...{ id: uuid(), tenantId, externalId: `pm_${last4}`, type: 'card', brand: 'visa', last4 },
    ...{ expMonth: 12, expYear: 2040, isDefault: false, billingName: '', billingEmail: null },
    ...{ billingAddress: {}, setupStatus: 'succeeded' },
    createdAt: stamp(Date.now() + (cardsAdded += 1) * 1000),
  });
  return row.id;
}

/** A card waiting for the card step on setup `setupId` (what a setup intent leaves). */
async function addSetup(tables: Tables, tenantId: string, setupId: string): Promise<void> {
  await tables.of(BILLING_PAYMENT_METHODS).insert({
    ...{ id: uuid(), tenantId, externalId: setupId, type: 'card', brand: '', last4: '' },
    ...{ expMonth: 0, expYear: 0, isDefault: false, billingName: '', billingEmail: null },
    ...{ billingAddress: {}, setupStatus: 'pending', createdAt: stamp(Date.now()) },
  });
}

/** The plan features the account holds, by key, with their expiry. */
async function held(tables: Tables, tenantId: string) {
  const features = await tables.of(FEATURES).rows();
  const rows = await tables.of(TENANT_FEATURES).rows({ where: { tenantId } });
  return rows
    .map((row) => [features.find((f) => f.id === row.featureId)?.key, row.expiresAt])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const caller = (tenantId: string) => testCaller({ tenantId, contact: { name: '', email: '' } });

repositorySuite<Store>(
  'billing repositories',
  {
    pglite: (db: Database) => ({
      ports: billingAreaPorts(
        {
          ...platformOver(db),
          billing: { ...serverBilling({ db } as AppContext), provider: () => null },
        },
        caller(''),
      ),
      tables: sqlTables(db),
    }),
    demo: () => {
      const db = { tables: {} } as DemoDatabase;
      let sequence = 0;
      const clock = { now: () => Date.now(), random: () => `r${(sequence += 1)}` };
      const tables = memoryTables(db.tables!);
      // The server's migration writes these features; demo mode's data has none of its own.
      const keys = ['sso', 'audits', 'scim', 'priority-support'];
      db.tables!.features = keys.map((key) => ({ id: uuid(), key }));
      return { ports: billingAreaPorts(demoPlatform(db, clock), caller('demo-tenant')), tables };
    },
  },
  (context) => {
    test('the plans are the catalogue, in order; found by id or slug; the free plan is the default', async () => {
      const { plans } = context.repos.ports;
      const all = await plans.list();
      assert.deepEqual(
        all.map((p) => [p.slug, p.amount, p.currency, p.features, p.isDefault]),
        [
          ['free', 0, 'usd', [], true],
          ['pro', 2900, 'usd', ['sso', 'audits'], false],
          ['business', 9900, 'usd', ['sso', 'audits', 'scim', 'priority-support'], false],
        ],
      );
      const pro = all[1]!;
      assert.deepEqual(await plans.find(pro.id), pro);
      assert.deepEqual(await plans.find('pro'), pro);
      assert.deepEqual(await plans.byId(pro.id), pro);
      assert.equal(await plans.find('no-such-plan'), null);
    });

    test("the vendor's switches default to spec 001 §9's", async () => {
      assert.deepEqual(await context.repos.ports.switches(), {
        allowPlanDowngrade: true,
        allowPlanCancellation: true,
        trialEndAction: 'change_to_default',
      });
    });

    test("the account's configuration keeps one id, not managed elsewhere, no customer until one is saved", async () => {
      const first = await context.repos.ports.configuration(context.tenantId);
      const again = await context.repos.ports.configuration(context.tenantId);
      assert.equal(again.id, first.id);
      assert.deepEqual([first.tenantId, first.externallyManaged], [context.tenantId, false]);
      // No customer at the provider until one is made; its id then kept (TenantCreatedAction).
      const configurations = configurationStore(context.repos.tables, { newId: uuid });
      assert.equal(first.mappingId, null);
      await configurations.saveCustomerId(context.tenantId, 'cus_suite');
      assert.deepEqual(await configurations.of(context.tenantId), { ...first, mappingId: 'cus_suite' });
    });

    test('a trial starts once; a save keeps every field and bumps the version', async () => {
      const { plans, subscriptions } = context.repos.ports;
      assert.equal(await subscriptions.ofAccount(context.tenantId), null);
      const pro = (await plans.find('pro'))!;
      const trial = {
        planId: pro.id,
        start: '2026-01-01T00:00:00.000Z',
        trialEnd: '2026-01-15T00:00:00.000Z',
      };
      const started = await subscriptions.startTrial(context.tenantId, trial);
      assert.deepEqual(
        [started.tenantId, started.planId, started.status, started.currentPeriodStart, started.trialEnd],
        [context.tenantId, pro.id, 'trialing', trial.start, trial.trialEnd],
      );
      assert.deepEqual(
        [started.currentPeriodEnd, started.cancellation, started.paymentMethodId],
        [trial.trialEnd, null, null],
      );
      const twice = await subscriptions.startTrial(context.tenantId, {
        ...trial,
        start: '2026-02-01T00:00:00.000Z',
      });
      assert.deepEqual(twice, started, 'a second start answers the first trial');
      const { tables } = context.repos;
      assert.deepEqual(
        await held(tables, context.tenantId),
        [
          ['audits', trial.trialEnd],
          ['sso', trial.trialEnd],
        ],
        "the trial's plan features, until the trial's end",
      );
      const saved = await subscriptions.save(
        { ...started, status: 'active', trialEnd: null, cancellation: 'atPeriodEnd' },
        started.currentPeriodEnd,
      );
      assert.deepEqual(saved, {
        ...started,
        status: 'active',
        trialEnd: null,
        cancellation: 'atPeriodEnd',
        version: started.version + 1,
      });
      assert.deepEqual(await subscriptions.ofAccount(context.tenantId), saved);
      const stale = await subscriptions.save({ ...started, externalId: 'sub_stale' }, null);
      assert.equal(stale.version, saved.version + 1, 'a save of an older read still bumps the version');
      await subscriptions.save({ ...saved, version: stale.version }, started.currentPeriodEnd);
    });

    test('a charge is recorded once per key, its card made the default', async () => {
      const { plans, subscriptions, methods } = context.repos.ports;
      const first = await addCard(context.repos.tables, context.tenantId, '4242');
      const second = await addCard(context.repos.tables, context.tenantId, '4444');
      assert.equal(await methods.find(context.tenantId, 'no-such-card'), null);
      const card = (await methods.find(context.tenantId, second)) as Card;
      assert.deepEqual(
        [card.id, card.externalId, card.brand, card.last4],
        [second, 'pm_4444', 'visa', '4444'],
      );
      const sub = (await subscriptions.ofAccount(context.tenantId))!;
      const business = (await plans.find('business'))!;
      const key = `test:${sub.id}`;
      assert.equal(await subscriptions.charged(key), false);
      const charge = {
        planId: business.id,
        externalId: '',
        amount: business.amount,
        currency: business.currency,
        paid: true,
        periodStart: '2026-01-15T00:00:00.000Z',
        periodEnd: '2026-02-15T00:00:00.000Z',
        method: card,
        key,
      };
      const next = { ...sub, planId: business.id, paymentMethodId: second, status: 'active' as const };
      const recorded = await subscriptions.recordCharge(next, charge, null);
      assert.deepEqual(recorded, { ...next, version: sub.version + 1 });
      assert.equal(await subscriptions.charged(key), true);
      assert.equal(
        await subscriptions.recordCharge(next, charge, null),
        null,
        'the same key: no second charge',
      );
      assert.deepEqual(
        await held(context.repos.tables, context.tenantId),
        ['audits', 'priority-support', 'scim', 'sso'].map((key) => [key, null]),
        "the new plan's features, no expiry",
      );
      await methods.makeDefault(context.tenantId, first);
      assert.equal((await subscriptions.ofAccount(context.tenantId))?.version, sub.version + 1);
    });

    test('cards: the default first, then the newest; the card step records a pending card once; a refused confirmation drops it', async () => {
      const { cards, methods, invoices, subscriptions } = context.repos.ports;
      const { tenantId } = context;
      // The cards of the case above, 4242 its default.
      const listed = async () => (await cards.confirmed(tenantId)).map((c) => c.last4).join(' ');
      const old = await addCard(context.repos.tables, tenantId, '1111');
      await addCard(context.repos.tables, tenantId, '2222');
      assert.equal(await listed(), '4242 2222 1111 4444');
      await methods.makeDefault(tenantId, old);
      assert.equal(await listed(), '1111 2222 4444 4242');
      const found = (await methods.find(tenantId, old))!;
      assert.deepEqual(
        [found.type, found.status, found.email, found.address],
        ['card', 'succeeded', null, {}],
      );
      await cards.updateDetails(tenantId, found, { email: 'pay@example.com', address: { city: 'Oslo' } });
      const changed = (await methods.find(tenantId, old))!;
      assert.deepEqual([changed.email, changed.address], ['pay@example.com', { city: 'Oslo' }]);

      await addSetup(context.repos.tables, tenantId, 'seti_a');
      assert.equal(await cards.setup(tenantId, 'seti_unknown'), null);
      const fields = { brand: 'visa', last4: '3155', expMonth: 1, expYear: 2040, name: 'Ann' };
      const id = await cards.recordCard(tenantId, 'seti_a', fields, 'requires_confirmation');
      assert.deepEqual(await cards.setup(tenantId, 'seti_a'), { id, status: 'requires_confirmation' });
      await cards.finish(id!, false);
      assert.equal(await cards.setup(tenantId, 'seti_a'), null, 'dropped');
      await addSetup(context.repos.tables, tenantId, 'seti_b');
      const kept = await cards.recordCard(tenantId, 'seti_b', fields, 'requires_confirmation');
      await cards.finish(kept!, true);
      assert.equal(await cards.recordCard(tenantId, 'seti_b', fields, 'succeeded'), null, 'once');
      assert.equal((await methods.find(tenantId, kept!))!.name, 'Ann');

      // The invoice the charge above wrote, as the routes and its PDF read it.
      const [invoice] = await invoices.list(tenantId);
      const sub = (await subscriptions.ofAccount(tenantId))!;
      assert.deepEqual(
        [invoice!.subscriptionId, invoice!.totalAmount, invoice!.currency, invoice!.paid],
        [sub.id, 9900, 'usd', true],
      );
      assert.match(invoice!.receiptNumber, /^R-1\d{3,}$/, "the receipt numbers' sequence, from 1001");
      assert.deepEqual(
        [invoice!.planName, invoice!.cardBrand, invoice!.cardLast4, invoice!.periodStart, invoice!.periodEnd],
        ['Business', 'visa', '4444', '2026-01-15T00:00:00.000Z', '2026-02-15T00:00:00.000Z'],
      );
      // One invoice by its id, the account's only.
      assert.deepEqual(await invoices.find(tenantId, invoice!.id), invoice);
      assert.equal(await invoices.find('00000000-0000-4000-8000-000000000001', invoice!.id), null);
      assert.equal(await invoices.find(tenantId, '00000000-0000-4000-8000-000000000000'), null);
    });
  },
);

test("the migration's plan statement is the text it always was (the catalogue is written once)", () => {
  assert.equal(
    BILLING_STATEMENTS[2],
    `INSERT INTO billing_plans (slug, name, description, amount, features, is_default, position) VALUES
    ('free', 'Free', 'For trying things out', 0, '{}', true, 1),
    ('pro', 'Pro', 'Single sign-on and audit logs for growing teams', 2900, '{sso,audits}', false, 2),
    ('business', 'Business', 'Everything in Pro, with SCIM provisioning and priority support', 9900, '{sso,audits,scim,priority-support}', false, 3)`,
  );
});
