// Billing and the checkout (issue 17) as the client SDK calls them (subscriptions/*): the same
// requests against the demo backend and the server, with the development provider's test cards.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoTarget, newAccountOwner, serverTarget, type ContractTarget } from './targets';

const factories: Array<[string, () => Promise<ContractTarget> | ContractTarget]> = [
  ['demo backend', demoTarget],
  ['reference server', serverTarget],
];
const B = '/subscriptions/resources/billing';
const DEV = `${B}/payment-providers/development/setup-intents/v1`;

for (const [name, factory] of factories) {
  describe(`contract: ${name}: billing`, () => {
    let target: ContractTarget;
    let token: string;
    let tenantId: string;
    const call = (method: string, path: string, body?: unknown) =>
      target.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    const card = async (number: string) => {
      const setup = (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {})).body;
      const confirmed = await call('POST', `${DEV}/${setup.id}/confirm`, {
        clientSecret: setup.setupIntentSecret,
        number,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
        name: 'Owner',
      });
      return { setup, confirmed };
    };
    before(async () => {
      target = await factory();
      const signUp = await target.call('POST', '/identity/resources/users/v1/signUp', {
        body: { email: `billing-${Date.now()}@example.com`, password: 'a-long-password-1', name: 'Owner' },
      });
      token = signUp.body.authResponse.accessToken;
      tenantId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).tenantId;
    });
    after(async () => {
      await target.close();
    });

    test('a new account trials a paid plan; plans, summary, provider and vendor configuration', async () => {
      const plans = await call('GET', `${B}/plans/v1`);
      assert.equal(plans.status, 200);
      assert.deepEqual(
        plans.body.map((p: { slug: string; price: { amount: number } }) => [p.slug, p.price.amount]),
        [
          ['free', 0],
          ['pro', 2900],
          ['business', 9900],
        ],
      );
      // The features each plan puts in the bundle: what the checkout says a downgrade drops.
      assert.deepEqual(
        plans.body.map((p: { features: string[] }) => p.features),
        [[], ['sso', 'audits'], ['sso', 'audits', 'scim', 'priority-support']],
      );
      // Spec 001 §9: every price recurs monthly (the catalogue is core/domain/billing-plans.ts's on both).
      assert.deepEqual(
        plans.body.map((p: { price: { recurring?: unknown } }) => p.price.recurring),
        [{ interval: 'month' }, { interval: 'month' }, { interval: 'month' }],
      );
      // One plan by id: the plan itself (what the client SDK's callers read), not a list of one.
      const pro = plans.body.find((p: { slug: string }) => p.slug === 'pro');
      const one = await call('GET', `${B}/plans/v1/${pro.id}`);
      assert.equal(one.status, 200);
      assert.deepEqual(one.body, pro);
      assert.equal((await call('GET', `${B}/plans/v1/00000000-0000-4000-8000-000000000000`)).status, 404);
      const [sub] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(sub.status, 'trialing');
      assert.equal(sub.plan.slug, 'pro');
      const summary = (await call('GET', `${B}/summaries/v1/${tenantId}`)).body;
      assert.equal(summary.subscriptionId, sub.id);
      assert.equal(
        (await call('GET', `${B}/payment-providers/stripe/public-configurations/v1`)).body.name,
        'development',
      );
      assert.deepEqual((await call('GET', `${B}/configurations/vendor-public-configurations/v1`)).body, [
        { allowPlanDowngrade: true, allowPlanCancellation: true },
      ]);
    });

    test('a declined card (4000 0000 0000 0002) answers the catalogue message', async () => {
      const { confirmed } = await card('4000000000000002');
      assert.equal(confirmed.status, 402);
      assert.deepEqual(confirmed.body.errors, ['Your card was declined.']);
      assert.deepEqual(confirmed.body.errorCodes, ['CARD_DECLINED']);
    });

    test('pay with 4242 4242 4242 4242: active, one invoice in cents; cancel at period end, renew', async () => {
      const [sub] = (await call('GET', `${B}/subscriptions/v1`)).body;
      const { setup, confirmed } = await card('4242 4242 4242 4242');
      assert.equal(confirmed.body.status, 'succeeded');
      const plans = (await call('GET', `${B}/plans/v1`)).body;
      const business = plans.find((p: { slug: string }) => p.slug === 'business').id;
      const put = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, {
        paymentMethodId: setup.paymentMethodId,
        planId: business,
      });
      assert.equal(put.status, 200);
      const [active] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(active.status, 'active');
      assert.equal(active.plan.slug, 'business');
      const invoices = (await call('GET', `${B}/invoices/v1`)).body;
      assert.equal(invoices.length, 1);
      assert.equal(invoices[0].totalAmount, 9900);
      assert.deepEqual((await call('GET', `${B}/invoices/v1/${invoices[0].id}`)).body, invoices[0]);
      const unknownInvoice = await call('GET', `${B}/invoices/v1/00000000-0000-4000-8000-000000000000`);
      assert.equal(unknownInvoice.status, 404);
      // Its PDF (the same sheet on both backends: core/domain/billing-invoices.ts), and none for another id.
      const pdf = await call('GET', `${B}/invoices/v1/${invoices[0].id}/pdf`);
      assert.deepEqual([pdf.status, String(pdf.body).slice(0, 5)], [200, '%PDF-']);
      const unknownPdf = await call('GET', `${B}/invoices/v1/00000000-0000-4000-8000-000000000000/pdf`);
      assert.equal(unknownPdf.status, 404);
      const methods = (await call('GET', `${B}/payment-methods/v1`)).body;
      assert.deepEqual([methods[0].brand, methods[0].last4], ['visa', '4242']);
      const details = await call('PATCH', `${B}/payment-methods/v1/${methods[0].id}/billing-details`, {
        email: 'billing@example.com',
        address: { city: 'Springfield' },
      });
      assert.equal(details.status, 200);

      assert.equal((await call('PUT', `${B}/subscriptions/v1/${sub.id}/cancellations/`, {})).status, 200);
      const [cancelled] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.deepEqual(cancelled.cancellation, { policy: 'atPeriodEnd' });
      const again = await call('PUT', `${B}/subscriptions/v1/${sub.id}/cancellations/`, {});
      assert.deepEqual(again.body.errors, [
        'Only an active subscription without a cancellation can be cancelled',
      ]);
      assert.equal((await call('PUT', `${B}/subscriptions/v1/${sub.id}/renewals/`, {})).status, 200);
      const [renewed] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(renewed.cancellation, null);
    });

    test('change card: the same plan with a new card, while active, switches the card and charges nothing', async () => {
      const [sub] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(sub.status, 'active', 'paid by the test above');
      const before = (await call('GET', `${B}/invoices/v1`)).body.length;
      const { setup, confirmed } = await card('5555 5555 5555 4444');
      assert.equal(confirmed.body.status, 'succeeded');
      const plans = (await call('GET', `${B}/plans/v1`)).body;
      const current = plans.find((p: { slug: string }) => p.slug === sub.plan.slug).id;
      const put = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, {
        paymentMethodId: setup.paymentMethodId,
        planId: current,
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.equal((await call('GET', `${B}/invoices/v1`)).body.length, before, 'nothing charged');
      const [after] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(after.currentPeriodEnd, sub.currentPeriodEnd, 'the period is unchanged');
      const methods = (await call('GET', `${B}/payment-methods/v1`)).body as Array<{
        id: string;
        isDefault: boolean;
        last4: string;
      }>;
      assert.deepEqual(
        methods.filter((m) => m.isDefault).map((m) => m.last4),
        ['4444'],
      );
    });

    test('renewing a subscription that is not cancelled; billing managed elsewhere; another account', async () => {
      const [sub] = (await call('GET', `${B}/subscriptions/v1`)).body;
      assert.equal(sub.cancellation, null);
      const renew = await call('PUT', `${B}/subscriptions/v1/${sub.id}/renewals/`, {});
      assert.equal(renew.status, 400);
      assert.deepEqual(renew.body.errorCodes, ['SUBSCRIPTION_NOT_RENEWABLE']);
      const external = await call('POST', `${B}/tenant-configurations/v1`, {
        tenantId,
        externallyManaged: 'true',
        providerType: 'Stripe',
      });
      assert.deepEqual([external.status, external.body.errorCodes], [403, ['BILLING_EXTERNAL_VENDOR_ONLY']]);
      const other = await call('POST', `${B}/tenant-configurations/v1`, {
        tenantId: '00000000-0000-4000-8000-000000000000',
        providerType: 'Stripe',
      });
      assert.deepEqual([other.status, other.body.errorCodes], [403, ['BILLING_OTHER_ACCOUNT']]);
      const own = await call('POST', `${B}/tenant-configurations/v1`, { tenantId, providerType: 'Stripe' });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      const config = (await call('GET', `${B}/tenant-configurations/v1/${tenantId}`)).body;
      assert.deepEqual(
        [config.id, config.tenantId, config.externallyManaged],
        [own.body.id, tenantId, 'false'],
      );
    });

    test('an unknown subscription: "Subscription not found"', async () => {
      const res = await call('PUT', `${B}/subscriptions/v1/00000000-0000-4000-8000-000000000000`, {
        planId: 'free',
      });
      assert.equal(res.status, 404);
      assert.deepEqual(res.body.errors, ['Subscription not found']);
    });

    test('a refused body gets the same message from both (core/contract/requests-billing.ts)', async () => {
      const [sub] = (await call('GET', `${B}/subscriptions/v1`)).body;
      const noPlan = await call('PUT', `${B}/subscriptions/v1/${sub.id}`, { paymentMethodId: 'pm' });
      assert.equal(noPlan.status, 400);
      assert.deepEqual(noPlan.body.errors, ['Plan id is required']);
      const setup = (await call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {})).body;
      const month = await call('POST', `${DEV}/${setup.id}/confirm`, {
        clientSecret: setup.setupIntentSecret,
        number: '4242424242424242',
        expMonth: '12',
        expYear: 2030,
        cvc: '123',
      });
      assert.equal(month.status, 400);
      assert.deepEqual(month.body.errors, ['Exp month must be an integer']);
      const email = await call('PATCH', `${B}/payment-methods/v1/pm-1/billing-details`, { email: 'nope' });
      assert.equal(email.status, 400);
      assert.deepEqual(email.body.errors, ['Email must be a valid email address']);
    });
  });
  describe(`contract: ${name}: what the vendor's billing switches allow`, () => {
    const owner = newAccountOwner(factory, 'billing-vendor');
    const subscription = async () => (await owner.call('GET', `${B}/subscriptions/v1`)).body[0];

    test('retain_trial: an ended trial keeps its plan as trialEnded; a plan chosen then is not a downgrade', async () => {
      assert.equal((await subscription()).status, 'trialing');
      await owner.target.setBillingVendor({ trialEndAction: 'retain_trial', allowPlanDowngrade: false });
      await owner.target.endTrials();
      const ended = await subscription();
      assert.deepEqual([ended.status, ended.plan.slug], ['trialEnded', 'pro']);
      const free = await owner.call('PUT', `${B}/subscriptions/v1/${ended.id}`, { planId: 'free' });
      assert.equal(free.status, 200, JSON.stringify(free.body));
      assert.deepEqual([(await subscription()).status, (await subscription()).plan.slug], ['active', 'free']);
    });

    test('switches off: the vendor configuration says so; cancel and a cheaper plan answer 403, a dearer one is allowed', async () => {
      await owner.target.setBillingVendor({ allowPlanDowngrade: false, allowPlanCancellation: false });
      assert.deepEqual(
        (await owner.call('GET', `${B}/configurations/vendor-public-configurations/v1`)).body,
        [{ allowPlanDowngrade: false, allowPlanCancellation: false }],
      );
      const setup = (await owner.call('POST', `${B}/payment-providers/stripe/setup-intents/v1`, {})).body;
      await owner.call('POST', `${DEV}/${setup.id}/confirm`, {
        clientSecret: setup.setupIntentSecret,
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      });
      const sub = await subscription();
      const up = await owner.call('PUT', `${B}/subscriptions/v1/${sub.id}`, {
        paymentMethodId: setup.paymentMethodId,
        planId: 'business',
      });
      assert.equal(up.status, 200, JSON.stringify(up.body));
      const cancel = await owner.call('PUT', `${B}/subscriptions/v1/${sub.id}/cancellations/`, {});
      assert.deepEqual([cancel.status, cancel.body.errors], [403, ['Plan cancellation is not allowed']]);
      const down = await owner.call('PUT', `${B}/subscriptions/v1/${sub.id}`, { planId: 'pro' });
      assert.deepEqual([down.status, down.body.errors], [403, ['Plan downgrades are not allowed']]);
      assert.equal((await subscription()).plan.slug, 'business');
    });
  });
}
