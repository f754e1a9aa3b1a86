import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { TEST_CARDS } from '../../core/billing/cards';
import type { BuiltServer } from '../app';
import { PasswordHasher } from '../domain/passwords';
import { addMembership } from '../storage/tenants';
import { insertUser } from '../storage/users';
import { SEED_TENANT_ID } from '../seed';
import { FAST_HASHING, bearer, login, startTestServer } from '../../test/support/server';

const B = '/frontegg/subscriptions/resources/billing';
const DEV = `${B}/payment-providers/development/setup-intents/v1`;
const PASSWORD = 'Str0ng-enough-passw0rd!';

let server: BuiltServer;
let admin: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (
  method: Method,
  url: string,
  token = admin,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });

async function subscription() {
  const res = await call('GET', `${B}/subscriptions/v1`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json()[0];
}
async function planId(slug: string): Promise<string> {
  return (await call('GET', `${B}/plans/v1`)).json().find((p: { slug: string }) => p.slug === slug).id;
}
/** A saved card: setup intent, then the development provider's card step. */
async function card(number: string = TEST_CARDS.success) {
  const setup = (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, admin, {})).json();
  const confirmed = await call('POST', `${DEV}/${setup.id}/confirm`, admin, {
    clientSecret: setup.setupIntentSecret,
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    name: 'Ada Admin',
  });
  return { setup, confirmed };
}
async function features(): Promise<Record<string, { isEntitled: boolean; justification?: string }>> {
  return (await call('GET', '/frontegg/entitlements/api/v1/user-entitlements')).json().features;
}

before(async () => {
  server = await startTestServer();
  admin = (await login(server.app)).accessToken;
});
after(() => server.close());
beforeEach(async () => {
  for (const table of [
    'billing_invoices',
    'billing_subscriptions',
    'billing_payment_methods',
    'billing_dev_charges',
  ])
    await server.db.query(`DELETE FROM ${table}`);
  await server.db.query('DELETE FROM billing_tenant_configurations');
  await server.db.query(
    `UPDATE vendors SET allow_plan_downgrade = true, allow_plan_cancellation = true, trial_end_action = 'change_to_default'`,
  );
});

describe('plans and a new account (spec 001 §3, §9)', () => {
  it('lists the vendor plans with monthly prices in cents; a new account trials the first paid plan', async () => {
    const plans = (await call('GET', `${B}/plans/v1`)).json();
    assert.deepEqual(
      plans.map((p: { slug: string; price: { amount: number; currency: string } }) => [
        p.slug,
        p.price.amount,
        p.price.currency,
      ]),
      [
        ['free', 0, 'usd'],
        ['pro', 2900, 'usd'],
        ['business', 9900, 'usd'],
      ],
    );
    const sub = await subscription();
    assert.equal(sub.status, 'trialing');
    assert.equal(sub.plan.slug, 'pro');
    assert.ok(sub.trialEnd);
    assert.equal(sub.cancellation, null);
    const summary = (await call('GET', `${B}/summaries/v1/${SEED_TENANT_ID}`)).json();
    assert.equal(summary.subscriptionId, sub.id);
    assert.equal(summary.defaultPlanId, await planId('free'));
    assert.equal(summary.providerType, 'Stripe');
    assert.equal((await features()).sso?.isEntitled, true, 'the trial holds the plan features');
  });
});

describe('checkout with the development provider', () => {
  it('4242 4242 4242 4242 pays: active, one invoice in cents with a PDF; only brand, last 4 and expiry are kept', async () => {
    const sub = await subscription();
    const { setup, confirmed } = await card('4242 4242 4242 4242');
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().status, 'succeeded');
    const put = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, {
      paymentMethodId: setup.paymentMethodId,
      planId: await planId('business'),
    });
    assert.equal(put.statusCode, 200, put.body);
    const after = await subscription();
    assert.equal(after.status, 'active');
    assert.equal(after.plan.slug, 'business');
    const invoices = (await call('GET', `${B}/invoices/v1`)).json();
    assert.equal(invoices.length, 1);
    assert.equal(invoices[0].totalAmount, 9900);
    assert.equal(invoices[0].paid, true);
    const pdf = await call('GET', `${B}/invoices/v1/${invoices[0].id}/pdf`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const methods = (await call('GET', `${B}/payment-methods/v1`)).json();
    assert.equal(methods.length, 1);
    assert.deepEqual(
      { brand: methods[0].brand, last4: methods[0].last4, isDefault: methods[0].isDefault },
      { brand: 'visa', last4: '4242', isDefault: true },
    );
    const stored = await server.db.query<Record<string, unknown>>('SELECT * FROM billing_payment_methods');
    assert.ok(!JSON.stringify(stored.rows).includes('4242424242424242'), 'the full number is never stored');
    assert.equal((await features()).scim?.isEntitled, true);
  });

  it('4000 0000 0000 0002 is declined with the catalogue message, and nothing is saved', async () => {
    const { confirmed } = await card(TEST_CARDS.declined);
    assert.equal(confirmed.statusCode, 402);
    assert.deepEqual(confirmed.json().errors, ['Your card was declined.']);
    assert.deepEqual(confirmed.json().errorCodes, ['CARD_DECLINED']);
    assert.deepEqual((await call('GET', `${B}/payment-methods/v1`)).json(), []);
  });

  it('checks the number, expiry and CVC as a processor test mode does', async () => {
    const setup = (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, admin, {})).json();
    const attempt = (body: object) =>
      call('POST', `${DEV}/${setup.id}/confirm`, admin, {
        clientSecret: setup.setupIntentSecret,
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
        cvc: '123',
        ...body,
      });
    assert.deepEqual((await attempt({ number: '4242424242424241' })).json().errors, [
      'Your card number is invalid.',
    ]);
    assert.deepEqual((await attempt({ expYear: 2001 })).json().errors, ['Your card has expired.']);
    assert.deepEqual((await attempt({ expMonth: 13 })).json().errors, [
      "Your card's expiration date is invalid.",
    ]);
    assert.deepEqual((await attempt({ cvc: '12' })).json().errors, ["Your card's security code is invalid."]);
    assert.equal(
      (await attempt({ number: '4111111111111111' })).statusCode,
      402,
      'a real-looking number is refused',
    );
    assert.equal((await attempt({ clientSecret: 'seti_x_secret_y' })).statusCode, 404);
  });

  it('4000 0025 0000 3155 needs the extra confirmation step before it can pay', async () => {
    const sub = await subscription();
    const { setup, confirmed } = await card(TEST_CARDS.requiresConfirmation);
    assert.equal(confirmed.json().status, 'requires_confirmation');
    const early = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, {
      paymentMethodId: setup.paymentMethodId,
      planId: await planId('pro'),
    });
    assert.equal(early.statusCode, 400);
    assert.deepEqual(early.json().errors, ['The card has not been confirmed yet']);
    const ok = await call('POST', `${DEV}/${setup.id}/authenticate`, admin, {
      clientSecret: setup.setupIntentSecret,
      approve: true,
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const paid = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, {
      paymentMethodId: setup.paymentMethodId,
      planId: await planId('pro'),
    });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await subscription()).status, 'active');
  });

  it('a paid plan needs a payment method; a free plan does not', async () => {
    const sub = await subscription();
    const refused = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, {
      planId: await planId('pro'),
    });
    assert.deepEqual(refused.json().errors, ['A payment method is required for this plan']);
    const free = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, { planId: 'free' });
    assert.equal(free.statusCode, 200, free.body);
    assert.equal((await subscription()).plan.slug, 'free');
    assert.deepEqual((await call('GET', `${B}/invoices/v1`)).json(), []);
    const unknown = await call('PUT', `${B}/subscriptions/v1/00000000-0000-0000-0000-000000000000`, admin, {
      planId: 'free',
    });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json().errors, ['Subscription not found']);
  });
});

describe('idempotent payment calls', () => {
  it('a retried plan change (same Idempotency-Key, or the same change again) charges once', async () => {
    const sub = await subscription();
    const { setup } = await card();
    const body = { paymentMethodId: setup.paymentMethodId, planId: await planId('pro') };
    const first = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, body, {
      'idempotency-key': 'retry-1',
    });
    const second = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, body, {
      'idempotency-key': 'retry-1',
    });
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.equal((await call('GET', `${B}/invoices/v1`)).json().length, 1);
    const charges = await server.db.query('SELECT * FROM billing_dev_charges');
    assert.equal(charges.rows.length, 1);
  });

  it('a crash after the provider charged and before our commit: the retry finds the same charge', async () => {
    const sub = await subscription();
    const { setup } = await card();
    const body = { paymentMethodId: setup.paymentMethodId, planId: await planId('pro') };
    // The crash: the provider's charge happened, our transaction never committed. Simulated by
    // making the invoice insert fail once after the provider call.
    await server.db.query(
      `CREATE OR REPLACE FUNCTION billing_test_crash() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'crash'; END $$ LANGUAGE plpgsql`,
    );
    await server.db.query(
      'CREATE TRIGGER billing_test_crash BEFORE INSERT ON billing_invoices FOR EACH ROW EXECUTE FUNCTION billing_test_crash()',
    );
    const crashed = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, body);
    assert.equal(crashed.statusCode, 500);
    await server.db.query('DROP TRIGGER billing_test_crash ON billing_invoices');
    assert.equal((await server.db.query('SELECT * FROM billing_dev_charges')).rows.length, 1, 'charged once');
    const retried = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, body);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal((await server.db.query('SELECT * FROM billing_dev_charges')).rows.length, 1, 'still once');
    assert.equal((await call('GET', `${B}/invoices/v1`)).json().length, 1);
    assert.equal((await subscription()).status, 'active');
  });
});

describe('cancel and renew (spec 001 §4)', () => {
  async function activePro() {
    const sub = await subscription();
    const { setup } = await card();
    await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, {
      paymentMethodId: setup.paymentMethodId,
      planId: await planId('pro'),
    });
    return sub.id as string;
  }

  it('cancels an active subscription at period end, once; renews only a cancelled one', async () => {
    const trial = await subscription();
    const notActive = await call('PUT', `${B}/subscriptions/v1/${trial.id}/cancellations/`, admin, {});
    assert.deepEqual(notActive.json().errors, [
      'Only an active subscription without a cancellation can be cancelled',
    ]);
    const notCancelled = await call('PUT', `${B}/subscriptions/v1/${trial.id}/renewals/`, admin, {});
    assert.deepEqual(notCancelled.json().errors, [
      'Only a subscription cancelled at period end can be renewed',
    ]);

    const id = await activePro();
    assert.equal(
      (await call('PUT', `${B}/subscriptions/v1/${id}/cancellations/`, admin, {})).statusCode,
      200,
    );
    const cancelled = await subscription();
    assert.deepEqual(cancelled.cancellation, { policy: 'atPeriodEnd' });
    assert.equal(cancelled.status, 'active');
    assert.equal(
      (await call('PUT', `${B}/subscriptions/v1/${id}/cancellations/`, admin, {})).statusCode,
      400,
    );
    assert.equal((await call('PUT', `${B}/subscriptions/v1/${id}/renewals/`, admin, {})).statusCode, 200);
    assert.equal((await subscription()).cancellation, null);
    // The managed-subscriptions paths answer the same.
    assert.equal(
      (
        await call(
          'PUT',
          `/frontegg/subscriptions/resources/subscriptions/v1/${id}/cancellations/`,
          admin,
          {},
        )
      ).statusCode,
      200,
    );
  });

  it('both are refused with "Billing is externally managed." when it is', async () => {
    const id = await activePro();
    await server.db.query('UPDATE billing_tenant_configurations SET externally_managed = true');
    for (const path of ['cancellations/', 'renewals/']) {
      const res = await call('PUT', `${B}/subscriptions/v1/${id}/${path}`, admin, {});
      assert.deepEqual(res.json().errors, ['Billing is externally managed.']);
    }
    assert.equal((await subscription()).externallyManaged, true);
  });

  it('the vendor can forbid cancellation and downgrades (vendor public configuration)', async () => {
    const id = await activePro();
    await server.db.query('UPDATE vendors SET allow_plan_downgrade = false, allow_plan_cancellation = false');
    assert.deepEqual((await call('GET', `${B}/configurations/vendor-public-configurations/v1`)).json(), [
      { allowPlanDowngrade: false, allowPlanCancellation: false },
    ]);
    assert.equal(
      (await call('PUT', `${B}/subscriptions/v1/${id}/cancellations/`, admin, {})).statusCode,
      403,
    );
    const down = await call('PUT', `${B}/subscriptions/v1/${id}`, admin, { planId: 'free' });
    assert.deepEqual(down.json().errors, ['Plan downgrades are not allowed']);
  });

  it('a plan cancelled at period end lapses after it: canceled, its features BUNDLE_EXPIRED', async () => {
    const id = await activePro();
    await call('PUT', `${B}/subscriptions/v1/${id}/cancellations/`, admin, {});
    await server.db.query(
      `UPDATE billing_subscriptions SET current_period_end = now() - interval '1 minute', current_period_start = now() - interval '1 month'`,
    );
    assert.equal((await subscription()).status, 'canceled');
    const sso = (await features()).sso;
    assert.deepEqual(sso, { isEntitled: false, justification: 'BUNDLE_EXPIRED' });
  });

  it('an active plan renews at period end with one charge for the new period', async () => {
    await activePro();
    await server.db.query(
      `UPDATE billing_subscriptions SET current_period_end = now() - interval '1 minute'`,
    );
    await subscription();
    await subscription();
    assert.equal((await call('GET', `${B}/invoices/v1`)).json().length, 2);
    assert.equal((await subscription()).status, 'active');
  });
});

describe('the end of a trial without a card (TrialEndAction)', () => {
  const endTrial = () =>
    server.db.query(`UPDATE billing_subscriptions SET trial_end = now() - interval '1 minute'`);

  it('change_to_default (the default): the account moves to the free plan, active', async () => {
    await subscription();
    await endTrial();
    const sub = await subscription();
    assert.deepEqual([sub.status, sub.plan.slug], ['active', 'free']);
  });

  it('retain_trial keeps the plan as trialEnded, its features lapsed; choosing a plan ends it, even a cheaper one', async () => {
    await server.db.query(
      `UPDATE vendors SET trial_end_action = 'retain_trial', allow_plan_downgrade = false`,
    );
    await subscription();
    await endTrial();
    const sub = await subscription();
    assert.deepEqual([sub.status, sub.plan.slug], ['trialEnded', 'pro']);
    assert.deepEqual((await features()).sso, { isEntitled: false, justification: 'BUNDLE_EXPIRED' });
    assert.equal(
      (await call('PUT', `${B}/subscriptions/v1/${sub.id}/cancellations/`, admin, {})).statusCode,
      400,
      'nothing to cancel',
    );
    // Never paid for: the free plan is not a downgrade the vendor forbade.
    const free = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, admin, { planId: 'free' });
    assert.equal(free.statusCode, 200, free.body);
    assert.deepEqual([(await subscription()).status, (await subscription()).plan.slug], ['active', 'free']);
  });

  it('retain_trial with a saved card: the first period is charged, as with either action', async () => {
    await server.db.query(`UPDATE vendors SET trial_end_action = 'retain_trial'`);
    const sub = await subscription();
    const { setup } = await card();
    await server.db.query('UPDATE billing_subscriptions SET payment_method_id = $1 WHERE id = $2', [
      setup.paymentMethodId,
      sub.id,
    ]);
    await endTrial();
    const after = await subscription();
    assert.deepEqual([after.status, after.plan.slug], ['active', 'pro']);
    assert.equal((await call('GET', `${B}/invoices/v1`)).json().length, 1);
  });
});

describe('payment methods, configurations, other accounts', () => {
  it('edits billing details; reads the tenant configuration and provider', async () => {
    const { setup } = await card();
    const patched = await call(
      'PATCH',
      `${B}/payment-methods/v1/${setup.paymentMethodId}/billing-details`,
      admin,
      {
        email: 'billing@example.com',
        address: { addressLine1: '1 Main St', city: 'Springfield', country: 'US' },
      },
    );
    assert.equal(patched.statusCode, 200, patched.body);
    const method = (await call('GET', `${B}/payment-methods/v1/${setup.paymentMethodId}`)).json();
    assert.equal(method.billingDetails.email, 'billing@example.com');
    assert.equal(method.billingDetails.address.city, 'Springfield');
    const config = (await call('GET', `${B}/tenant-configurations/v1/${SEED_TENANT_ID}`)).json();
    assert.equal(config.externallyManaged, 'false');
    assert.match(config.mappingId, /^cus_dev_/);
    assert.deepEqual((await call('GET', '/frontegg/subscriptions/resources/payment-providers/v1')).json(), [
      { providerType: 'Stripe', name: 'development', status: '1' },
    ]);
    const other = await call('GET', `${B}/summaries/v1/00000000-0000-0000-0000-000000000000`);
    assert.equal(other.statusCode, 403);
    const vendorOnly = await call('POST', `${B}/tenant-configurations/v1`, admin, {
      tenantId: SEED_TENANT_ID,
      providerType: 'Stripe',
      externallyManaged: 'true',
    });
    assert.equal(vendorOnly.statusCode, 403);
  });

  it('a member with only fe.subscriptions.read reads but cannot change; a plain member gets 403', async () => {
    const hasher = new PasswordHasher(FAST_HASHING);
    const vendorId = (await server.db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows[0]!.id;
    const make = async (key: string, roleKeys: string[]) => {
      const email = `${key}-${Math.random().toString(36).slice(2, 8)}@billing.example.com`;
      const user = await insertUser(server.db, {
        vendorId,
        email,
        name: key,
        passwordHash: await hasher.hash(PASSWORD),
        verified: true,
      });
      await addMembership(server.db, { userId: user.id, tenantId: SEED_TENANT_ID, roleKeys });
      return (await login(server.app, email, PASSWORD)).accessToken;
    };
    const plain = await make('plain', []);
    assert.equal((await call('GET', `${B}/subscriptions/v1`, plain)).statusCode, 403);
    assert.equal(
      (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, plain, {})).statusCode,
      403,
    );
  });

  it('without a provider the checkout answers "Payment provider not configured"', async () => {
    const none = await startTestServer({ billing: { provider: 'none' } });
    try {
      const token = (await login(none.app)).accessToken;
      const res = await none.app.inject({
        method: 'POST',
        url: `${B}/payment-providers/stripe/setup-intents/v1`,
        headers: bearer(token),
        payload: {},
      });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, ['Payment provider not configured']);
      assert.deepEqual(
        (
          await none.app.inject({
            method: 'GET',
            url: '/frontegg/subscriptions/resources/payment-providers/v1',
            headers: bearer(token),
          })
        ).json(),
        [],
      );
    } finally {
      await none.close();
    }
  });
});
