// The subscription rules of core/domain/billing.ts over demo mode's platform (core/demo/billingStore.ts:
// billing's tables in memory, held to the server's cases by server/storage/billing.test.ts), with a clock the tests move: the ends
// of trials and periods, which the HTTP suites cannot wait for.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatAmount } from '../billing/cards';
import { demoPlatform } from '../demo/platform';
import { billingAreaPorts } from './billing-ports';
import type { DemoDatabase } from '../demo/data';
import { memoryTables } from '../demo/tables';
import { cancelSubscription, changePlan, currentSubscription } from './billing';
import { invoiceDto, invoiceSheet } from './billing-invoices';
import { BILLING_INVOICES, BILLING_PAYMENT_METHODS, BILLING_SUBSCRIPTIONS } from './billing-tables';
import { stamp } from './tables';
import { testCaller } from '../test-support/caller';

const DAY = 86_400_000;
const CARD_ID = '00000000-0000-4000-8000-0000000000c1';

function account() {
  const db = { tables: {} } as DemoDatabase;
  let clock = Date.parse('2026-03-01T00:00:00Z');
  let sequence = 0;
  const platform = demoPlatform(db, { now: () => clock, random: () => `r${(sequence += 1)}` });
  const ports = billingAreaPorts(platform, testCaller({ tenantId: 't1', contact: { name: '', email: '' } }));
  const tables = memoryTables(db.tables!);
  const card = async (setupStatus: 'succeeded' | 'pending' = 'succeeded') => {
    await tables.of(BILLING_PAYMENT_METHODS).insert({
      ...{ id: CARD_ID, tenantId: 't1', externalId: 'seti_1', type: 'card', brand: 'visa', last4: '4242' },
      ...{ expMonth: 12, expYear: 2040, isDefault: false, billingName: '', billingEmail: null },
      ...{ billingAddress: {}, setupStatus, createdAt: stamp(clock) },
    });
    return CARD_ID;
  };
  /** The account's invoices, newest first, with their idempotency keys. */
  const invoices = () =>
    tables
      .of(BILLING_INVOICES)
      .rows({ where: { tenantId: 't1' }, orderBy: [{ by: 'paymentDate', desc: true }] });
  const setCard = (paymentMethodId: string | null) =>
    tables.of(BILLING_SUBSCRIPTIONS).update({ tenantId: 't1' }, { paymentMethodId });
  const plan = async (slug: string) => (await ports.plans.find(slug))!.id;
  return { ports, tables, card, invoices, setCard, plan, later: (days: number) => (clock += days * DAY) };
}

describe('billing rules: the end of a trial and of a period', () => {
  test('a new account trials the first paid plan for 14 days', async () => {
    const { ports, plan } = account();
    const sub = await currentSubscription(ports, 't1');
    assert.deepEqual(
      [sub.status, sub.planId, sub.trialEnd],
      ['trialing', await plan('pro'), '2026-03-15T00:00:00.000Z'],
    );
  });

  test('a paid period that ends renews on the saved card: charged once, the next month from the end', async () => {
    const { ports, card, invoices, plan, later } = account();
    const sub = await currentSubscription(ports, 't1');
    await changePlan(ports, 't1', sub.id, { planId: await plan('business'), paymentMethodId: await card() });
    const paid = await currentSubscription(ports, 't1');
    assert.equal((await invoices()).length, 1);
    later(40);
    const renewed = await currentSubscription(ports, 't1');
    assert.deepEqual(
      [renewed.status, renewed.currentPeriodStart, renewed.currentPeriodEnd],
      ['active', paid.currentPeriodEnd, '2026-05-01T00:00:00.000Z'],
    );
    const [latest, ...rest] = await invoices();
    assert.equal(rest.length, 1);
    assert.equal(latest!.idempotencyKey, `renew:${sub.id}:${paid.currentPeriodEnd}`);
    await currentSubscription(ports, 't1');
    assert.equal((await invoices()).length, 2, 'read again: not charged twice');
  });

  test('cancelled at period end: canceled when the period ends, nothing charged', async () => {
    const { ports, card, invoices, plan, later } = account();
    const sub = await currentSubscription(ports, 't1');
    await changePlan(ports, 't1', sub.id, { planId: await plan('pro'), paymentMethodId: await card() });
    await cancelSubscription(ports, 't1', sub.id);
    later(40);
    assert.equal((await currentSubscription(ports, 't1')).status, 'canceled');
    assert.equal((await invoices()).length, 1);
  });

  test('a free plan rolls on; a paid plan without a card ends incomplete', async () => {
    const free = account();
    const sub = await currentSubscription(free.ports, 't1');
    await changePlan(free.ports, 't1', sub.id, { planId: 'free' });
    const start = await currentSubscription(free.ports, 't1');
    free.later(35);
    const rolled = await currentSubscription(free.ports, 't1');
    assert.deepEqual([rolled.status, rolled.currentPeriodStart], ['active', start.currentPeriodEnd]);

    const unpaid = account();
    const trial = await currentSubscription(unpaid.ports, 't1');
    const pro = await unpaid.plan('pro');
    await changePlan(unpaid.ports, 't1', trial.id, { planId: pro, paymentMethodId: await unpaid.card() });
    await unpaid.setCard(null);
    unpaid.later(40);
    assert.equal((await currentSubscription(unpaid.ports, 't1')).status, 'incomplete');
  });

  test('a trial that ends with a saved card charges its plan (TrialEndAction does not apply)', async () => {
    const { ports, tables, card, invoices, setCard, plan, later } = account();
    await currentSubscription(ports, 't1');
    await setCard(await card());
    later(15);
    const ended = await currentSubscription(ports, 't1');
    assert.deepEqual([ended.status, ended.planId, ended.trialEnd], ['active', await plan('pro'), null]);
    assert.deepEqual(
      (await invoices()).map((i) => [
        i.totalAmount,
        i.cardBrand,
        i.cardLast4,
        i.idempotencyKey,
        i.receiptNumber,
      ]),
      [[2900, 'visa', '4242', `trial-end:${ended.id}`, 'R-1001']],
    );
    assert.equal((await tables.of(BILLING_PAYMENT_METHODS).row({ id: CARD_ID }))!.isDefault, true);
  });

  test('a card not confirmed yet: the provider is asked, and the plan is charged once it confirmed', async () => {
    const { ports, card, invoices, plan } = account();
    const sub = await currentSubscription(ports, 't1');
    const id = await card('pending');
    const pro = await plan('pro');
    const change = () => changePlan(ports, 't1', sub.id, { planId: pro, paymentMethodId: id });
    await assert.rejects(change(), { codes: ['CARD_NOT_CONFIRMED'] });
    await assert.rejects(changePlan(ports, 't1', sub.id, { planId: pro, paymentMethodId: 'pm-none' }), {
      codes: ['PAYMENT_METHOD_NOT_FOUND'],
    });
    const asked: string[] = [];
    ports.payments.confirmSetup = async (_tenantId, method) => {
      asked.push(method.externalId);
      return true;
    };
    await change();
    assert.deepEqual([asked, (await invoices()).length], [['seti_1'], 1]);
  });
});

test("an invoice: the client's fields, and what its PDF says on both backends", () => {
  const invoice = {
    ...{ id: 'inv-1', externalId: '', subscriptionId: 'sub-1', paymentDate: '2026-01-15T10:00:00.000Z' },
    ...{ totalAmount: 9900, currency: 'usd', paid: true, receiptNumber: 'R-1001', planName: 'Business' },
    ...{ periodStart: '2026-01-15T10:00:00.000Z', periodEnd: '2026-02-15T10:00:00.000Z' },
    ...{ cardBrand: 'visa', cardLast4: '4242' },
  };
  assert.deepEqual(Object.keys(invoiceDto(invoice)), [
    ...['id', 'externalId', 'subscriptionId', 'paymentDate', 'totalAmount', 'currency', 'paid'],
    'receiptNumber',
  ]);
  assert.equal(invoiceDto(invoice).externalId, 'inv-1', 'no invoice at the provider: its own id');
  assert.deepEqual(invoiceSheet(invoice, { vendor: 'Acme', tenant: 'Globex' }), {
    vendor: 'Acme',
    title: 'Invoice R-1001',
    details: ['Billed to: Globex', 'Date: 2026-01-15', 'Period: 2026-01-15 to 2026-02-15', 'Status: Paid'],
    item: 'Business plan, monthly',
    total: formatAmount(9900, 'usd'),
    card: 'Paid with visa ending in 4242',
  });
  assert.equal(invoiceSheet({ ...invoice, cardLast4: '' }, { vendor: '', tenant: '' }).card, null);
});
