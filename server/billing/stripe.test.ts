// The Stripe adapter (issue 17) through the official `stripe` SDK against a local Stripe-compatible
// server (test/support/fake-stripe.ts, which says what it covers); webhook signatures verified.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import type { BuiltServer } from '../app';
import { SEED_TENANT_ID } from '../seed';
import { bearer, login, startTestServer } from '../../test/support/server';
import { startFakeStripe, type FakeStripe } from '../../test/support/fake-stripe';
import { StripeProvider } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let provider: StripeProvider;
/** A Stripe client for what the browser does (Stripe.js confirming the setup intent). */
let browser: Stripe;

before(async () => {
  fake = await startFakeStripe();
  const config = {
    secretKey: 'sk_test_adapter',
    publishableKey: 'pk_test_adapter',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.url,
  };
  provider = new StripeProvider(config);
  const base = new URL(fake.url);
  browser = new Stripe('sk_test_browser', {
    host: base.hostname,
    port: base.port,
    protocol: 'http',
    telemetry: false,
  });
});
after(() => fake.close());

async function savedCard(customerId: string, testMethod = 'pm_card_visa') {
  const intent = await provider.createSetupIntent(customerId, `setup-${Math.random()}`);
  await browser.setupIntents.confirm(intent.id, { payment_method: testMethod });
  const confirmed = await provider.confirmedSetup(intent.id);
  assert.ok(confirmed);
  return confirmed;
}

describe('Stripe adapter against the local Stripe-compatible server', () => {
  it('creates the customer once per tenant (idempotency key)', async () => {
    const first = await provider.createCustomer({ tenantId: 't-1', name: 'Acme', email: 'a@example.com' });
    const second = await provider.createCustomer({ tenantId: 't-1', name: 'Acme', email: 'a@example.com' });
    assert.equal(first, second);
    assert.equal(
      [...fake.customers.values()].filter((c) => (c.metadata as { tenantId: string }).tenantId === 't-1')
        .length,
      1,
    );
  });

  it('a setup intent is pending until the browser confirms it; then brand, last 4 and expiry only', async () => {
    const customer = await provider.createCustomer({ tenantId: 't-2', name: 'B', email: 'b@example.com' });
    const intent = await provider.createSetupIntent(customer, 'setup-t-2');
    assert.match(intent.clientSecret, /^seti_.*_secret_/);
    assert.equal(await provider.confirmedSetup(intent.id), null);
    await browser.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const confirmed = await provider.confirmedSetup(intent.id);
    assert.deepEqual(Object.keys(confirmed!.card).sort(), ['brand', 'expMonth', 'expYear', 'last4']);
    assert.equal(confirmed!.card.last4, '4242');
  });

  it('charges a plan: a subscription and its paid invoice; a retry with the key charges nothing more', async () => {
    const customer = await provider.createCustomer({ tenantId: 't-3', name: 'C', email: 'c@example.com' });
    const card = await savedCard(customer);
    const charge = {
      customerId: customer,
      subscriptionId: null,
      priceId: 'price_pro',
      paymentMethodId: card.paymentMethodId,
      amount: 2900,
      currency: 'usd',
      description: 'Pro',
      idempotencyKey: 'change:t-3:v1',
    };
    const before = fake.subscriptions.size;
    const first = await provider.chargePlan(charge);
    const retry = await provider.chargePlan(charge);
    assert.ok(first.ok && retry.ok);
    assert.equal(first.subscriptionId, retry.subscriptionId);
    assert.equal(first.invoiceId, retry.invoiceId);
    assert.equal(first.paid, true);
    assert.equal(fake.subscriptions.size, before + 1);

    // A plan change updates the same subscription with a new invoice; cancel at period end and back.
    const changed = await provider.chargePlan({
      ...charge,
      subscriptionId: first.subscriptionId,
      priceId: 'price_business',
      idempotencyKey: 'change:t-3:v2',
    });
    assert.ok(changed.ok);
    assert.equal(changed.subscriptionId, first.subscriptionId);
    assert.notEqual(changed.invoiceId, first.invoiceId);
    await provider.setCancelAtPeriodEnd(first.subscriptionId, true);
    assert.equal(fake.subscriptions.get(first.subscriptionId)!.cancel_at_period_end, true);
    await provider.setCancelAtPeriodEnd(first.subscriptionId, false);
    assert.equal(fake.subscriptions.get(first.subscriptionId)!.cancel_at_period_end, false);
  });

  it('a declined card answers ok: false with the message; billing details reach the payment method', async () => {
    const customer = await provider.createCustomer({ tenantId: 't-4', name: 'D', email: 'd@example.com' });
    const card = await savedCard(customer, 'pm_card_chargeDeclined');
    const result = await provider.chargePlan({
      customerId: customer,
      subscriptionId: null,
      priceId: 'price_pro',
      paymentMethodId: card.paymentMethodId,
      amount: 2900,
      currency: 'usd',
      description: 'Pro',
      idempotencyKey: 'declined:t-4',
    });
    assert.deepEqual(result, { ok: false, message: 'Your card was declined.' });
    await provider.updateBillingDetails(card.paymentMethodId, {
      email: 'bill@example.com',
      address: { city: 'Springfield', country: 'US' },
    });
    const details = fake.paymentMethods.get(card.paymentMethodId)!.billing_details as {
      email: string;
      address: { city: string };
    };
    assert.equal(details.email, 'bill@example.com');
    assert.equal(details.address.city, 'Springfield');
  });

  it('verifies webhook signatures: a signed event is read, a tampered or unsigned one refused', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_1' } },
    });
    const header = browser.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    assert.equal(provider.webhookEvent(payload, header).type, 'invoice.paid');
    assert.throws(() => provider.webhookEvent(payload.replace('in_1', 'in_2'), header));
    assert.throws(() => provider.webhookEvent(payload, ''));
    const other = browser.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    assert.throws(() => provider.webhookEvent(payload, other));
  });
});

describe('the server with the Stripe provider', () => {
  let server: BuiltServer;
  let admin: string;
  const B = '/frontegg/subscriptions/resources/billing';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

  before(async () => {
    server = await startTestServer({
      billing: {
        provider: 'stripe',
        stripe: {
          secretKey: 'sk_test_server',
          publishableKey: 'pk_test_server',
          webhookSecret: WEBHOOK_SECRET,
          apiBase: fake.url,
        },
      },
    });
    await server.db.query(`UPDATE billing_plans SET external_price_id = 'price_' || slug WHERE amount > 0`);
    admin = (await login(server.app)).accessToken;
  });
  after(() => server.close());

  it('checkout: setup intent, the card confirmed at Stripe, plan change charged, invoice stored; webhooks applied', async () => {
    const config = (await call('GET', `${B}/payment-providers/stripe/public-configurations/v1`)).json();
    assert.deepEqual([config.name, config.publishableKey], ['Stripe', 'pk_test_server']);
    const [sub] = (await call('GET', `${B}/subscriptions/v1`)).json();
    const setup = (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {})).json();
    assert.match(setup.id, /^seti_/);
    assert.equal(
      (await call('GET', `${B}/payment-providers/stripe/customers/v1/${SEED_TENANT_ID}`))
        .json()
        .stripeCustomerId.slice(0, 4),
      'cus_',
    );
    const plans = (await call('GET', `${B}/plans/v1`)).json();
    const pro = plans.find((p: { slug: string }) => p.slug === 'pro').id;
    const early = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, {
      paymentMethodId: setup.paymentMethodId,
      planId: pro,
    });
    assert.deepEqual(early.json().errors, ['The card has not been confirmed yet']);
    await browser.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    const paid = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, {
      paymentMethodId: setup.paymentMethodId,
      planId: pro,
    });
    assert.equal(paid.statusCode, 200, paid.body);
    const [active] = (await call('GET', `${B}/subscriptions/v1`)).json();
    assert.equal(active.status, 'active');
    assert.match(active.externalId, /^sub_/);
    const invoices = (await call('GET', `${B}/invoices/v1`)).json();
    assert.equal(invoices.length, 1);
    assert.match(invoices[0].externalId, /^in_/);
    const methods = (await call('GET', `${B}/payment-methods/v1`)).json();
    assert.deepEqual([methods[0].brand, methods[0].last4], ['visa', '4242']);

    // Stripe tells us the subscription was cancelled: a signed webhook is applied, an unsigned one refused.
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: active.externalId, status: 'canceled' } },
    });
    const hook = (signature: string) =>
      server.app.inject({
        method: 'POST',
        url: `${B}/payment-providers/stripe/webhooks/v1`,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const refused = await hook('t=1,v1=bad');
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json().errors, ['The webhook signature does not verify']);
    assert.equal(
      (await hook(browser.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).statusCode,
      200,
    );
    const [canceled] = (await call('GET', `${B}/subscriptions/v1`)).json();
    assert.equal(canceled.status, 'canceled');
  });
});
