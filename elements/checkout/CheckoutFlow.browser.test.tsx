/// <reference types="mocha" />
// The checkout with the Stripe provider, offline: a stand-in for Stripe.js (window.Stripe, which
// stripeCard.ts uses when the page has it) and a stand-in for the billing calls. Checks that the
// card element is mounted in the dialog, that the setup intent is confirmed in the browser with its
// client secret, and that the subscription is then updated with the payment method and the plan.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { act } from 'react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { createRoot, type Root } from 'react-dom/client';
import type { BillingApi } from '../../core/api/billing';
import { waitFor } from '../test-support/fixtures';
import { CheckoutFlow } from './CheckoutFlow';

const PLAN = {
  id: 'plan-pro',
  externalId: 'pro',
  name: 'Pro',
  description: '',
  slug: 'pro',
  price: { id: 'p', externalId: 'price_pro', currency: 'usd', amount: 2900 },
};
const SUBSCRIPTION = {
  id: 'sub-1',
  externalId: 'sub_1',
  externallyManaged: false,
  startDate: '2026-01-01T00:00:00Z',
  currentPeriodStart: '2026-01-01T00:00:00Z',
  currentPeriodEnd: '2026-02-01T00:00:00Z',
  status: 'trialing' as const,
  cancellation: null,
  plan: { slug: 'free' },
};

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  delete (globalThis as { Stripe?: unknown }).Stripe;
});

it('Stripe provider: the card element is mounted, the setup confirmed by Stripe.js, then the plan updated', async () => {
  const calls: string[] = [];
  let mountedIn: HTMLElement | null = null;
  (globalThis as { Stripe?: unknown }).Stripe = (key: string) => {
    calls.push(`Stripe(${key})`);
    return {
      elements: () => ({
        create: () => ({
          mount: (element: HTMLElement) => (mountedIn = element),
          destroy: () => calls.push('destroy'),
          on: () => {},
        }),
      }),
      confirmCardSetup: async (secret: string) => {
        calls.push(`confirmCardSetup(${secret})`);
        return { setupIntent: { status: 'succeeded' } };
      },
    };
  };
  const api = {
    plans: async () => [PLAN],
    subscriptions: async () => [SUBSCRIPTION],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({
      id: 'c',
      name: 'Stripe',
      active: true,
      publishableKey: 'pk_test_1',
    }),
    setupIntent: async () => ({
      id: 'seti_1',
      paymentMethodId: 'pm-row-1',
      setupIntentSecret: 'seti_1_secret_x',
    }),
    update: async (id: string, body: { paymentMethodId: string; planId: string }) => {
      calls.push(`update(${id}, ${body.paymentMethodId}, ${body.planId})`);
      return {};
    },
  } as unknown as BillingApi;
  let closed = '';
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(<CheckoutFlow api={api} initialPlan="pro" onClose={(status) => (closed = status)} />),
  );
  (await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]'))).click();
  const cardHost = await waitFor(() => host!.querySelector<HTMLElement>('[part~="stripe-card"]'));
  await waitFor(() => mountedIn === cardHost);
  expect(host.querySelector('[part~="card-number-input"]'), 'no card number field of ours').to.equal(null);
  await act(async () => host!.querySelector<HTMLButtonElement>('[part~="pay-button"]')!.click());
  await waitFor(() => host!.querySelector('[role="status"]'));
  expect(calls).to.deep.equal([
    'Stripe(pk_test_1)',
    'confirmCardSetup(seti_1_secret_x)',
    'update(sub-1, pm-row-1, plan-pro)',
    'destroy',
  ]);
  host.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
  expect(closed).to.equal('success');
});

it('spec 001 §4: a trialing subscription that has a payment method, confirmed on its plan, is marked active with no call', async () => {
  const calls: string[] = [];
  const api = {
    plans: async () => [PLAN],
    subscriptions: async () => [{ ...SUBSCRIPTION, plan: { slug: 'pro' }, paymentMethodId: 'pm-row-1' }],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
    setupIntent: async () => (calls.push('setupIntent'), {}),
    update: async () => (calls.push('update'), {}),
  } as unknown as BillingApi;
  let closed = '';
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(<CheckoutFlow api={api} initialPlan={null} onClose={(status) => (closed = status)} />),
  );
  await act(async () =>
    (await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]'))).click(),
  );
  const status = await waitFor(() => host!.querySelector('[role="status"]'));
  expect(status.textContent).to.equal('You are on the Pro plan.');
  expect(calls).to.deep.equal([]);
  host.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
  expect(closed).to.equal('success');
});

it('keeps the caret in the dialog: on the chosen plan once loaded, on the card step after Continue, on the field in error after a refused try', async () => {
  const api = {
    plans: async () => [{ ...PLAN, id: 'plan-free', slug: 'free', name: 'Free' }, PLAN],
    subscriptions: async () => [SUBSCRIPTION],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
  } as unknown as BillingApi;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<CheckoutFlow api={api} initialPlan="pro" onClose={() => {}} />));
  const chosen = await waitFor(() => host!.querySelector<HTMLInputElement>('input[value="plan-pro"]'));
  await waitFor(() => document.activeElement === chosen);
  await act(async () => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]')!.click());
  const name = host.querySelector('[part~="card-name-input"]');
  await waitFor(() => document.activeElement === name);
  // Nothing typed: the card number is the field in error, and the caret goes there.
  const number = host.querySelector<HTMLInputElement>('[part~="card-number-input"]')!;
  await act(async () => host!.querySelector<HTMLButtonElement>('[part~="pay-button"]')!.click());
  await waitFor(() => number.getAttribute('aria-invalid') === 'true');
  await waitFor(() => document.activeElement === number);
});

it('issue 24: the number is grouped by 4 and the expiry written MM / YY as typed; "1230" pays, and a paste works too', async () => {
  const confirmed: unknown[] = [];
  const api = {
    plans: async () => [PLAN],
    subscriptions: async () => [SUBSCRIPTION],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
    setupIntent: async () => ({ id: 'seti_1', paymentMethodId: 'pm-1', setupIntentSecret: 's' }),
    confirmCard: async (_setup: unknown, card: unknown) => {
      confirmed.push(card);
      return { status: 'succeeded', paymentMethodId: 'pm-1' };
    },
    update: async () => ({}),
  } as unknown as BillingApi;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<CheckoutFlow api={api} initialPlan="pro" onClose={() => {}} />));
  await act(async () =>
    (await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]'))).click(),
  );
  const number = await waitFor(() => host!.querySelector<HTMLInputElement>('[part~="card-number-input"]'));
  const expiry = host.querySelector<HTMLInputElement>('[part~="card-expiry-input"]')!;
  const cvc = host.querySelector<HTMLInputElement>('[part~="card-cvc-input"]')!;
  number.focus();
  await sendKeys({ type: '42424242' });
  await waitFor(() => number.value === '4242 4242');
  expect(number.selectionStart, 'the caret stays at the end').to.equal(9);
  // A digit typed in the middle keeps the caret right after it.
  number.setSelectionRange(2, 2);
  await sendKeys({ type: '4' });
  await waitFor(() => number.value === '4244 2424 2');
  expect(number.selectionStart).to.equal(3);
  // Pasted (one input event with the whole value), spaces and all.
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(number, '4242424242424242');
    number.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(number.value).to.equal('4242 4242 4242 4242');
  expiry.focus();
  await sendKeys({ type: '1230' });
  await waitFor(() => expiry.value === '12 / 30');
  cvc.focus();
  await sendKeys({ type: '123' });
  await act(async () => host!.querySelector<HTMLButtonElement>('[part~="pay-button"]')!.click());
  await waitFor(() => host!.querySelector('[role="status"]'));
  expect(confirmed).to.deep.equal([
    { number: '4242424242424242', expMonth: 12, expYear: 30, cvc: '123', name: '' },
  ]);
});

it('issue 24: moving to a cheaper plan says what it drops before the confirmation; an upgrade says nothing', async () => {
  const plans = [
    {
      ...PLAN,
      id: 'plan-free',
      slug: 'free',
      name: 'Free',
      price: { ...PLAN.price, amount: 0 },
      features: [],
    },
    { ...PLAN, features: ['sso', 'audits'] },
    {
      ...PLAN,
      id: 'plan-business',
      slug: 'business',
      name: 'Business',
      price: { ...PLAN.price, amount: 9900 },
      features: ['sso', 'audits', 'scim', 'priority-support'],
    },
  ];
  const api = {
    plans: async () => plans,
    subscriptions: async () => [{ ...SUBSCRIPTION, status: 'active', plan: { slug: 'pro' } }],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
  } as unknown as BillingApi;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<CheckoutFlow api={api} initialPlan="free" onClose={() => {}} />));
  await act(async () =>
    (await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]'))).click(),
  );
  const notice = await waitFor(() => host!.querySelector('[part~="downgrade-notice"]'));
  expect(notice.querySelector('strong')!.textContent).to.equal('What the Free plan does not include');
  expect([...notice.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
    'Single sign-on',
    'Audit logs',
  ]);
  expect(host.querySelector('[part~="pay-button"]')!.textContent).to.equal('Confirm plan');
  act(() => root!.unmount());
  root = createRoot(host);
  await act(async () => root!.render(<CheckoutFlow api={api} initialPlan="business" onClose={() => {}} />));
  await act(async () =>
    (await waitFor(() => host!.querySelector<HTMLButtonElement>('[part~="continue-button"]'))).click(),
  );
  await waitFor(() => host!.querySelector('[part~="pay-button"]'));
  expect(host.querySelector('[part~="downgrade-notice"]')).to.equal(null);
});

it('issue 24: "Change card" collects a new card for the current plan, no plan step, and keeps the plan', async () => {
  const calls: string[] = [];
  const old = { id: 'pm-old', externalId: 'x', type: 'card', isDefault: true, brand: 'visa', last4: '4242' };
  const fresh = { ...old, id: 'pm-new', brand: 'mastercard', last4: '4444' };
  let methods = [old];
  const api = {
    plans: async () => [PLAN],
    subscriptions: async () => [
      { ...SUBSCRIPTION, status: 'active', plan: { slug: 'pro' }, paymentMethodId: 'pm-old' },
    ],
    paymentMethods: async () => methods,
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
    setupIntent: async () => ({ id: 'seti_2', paymentMethodId: 'pm-new', setupIntentSecret: 's' }),
    confirmCard: async () => ({ status: 'succeeded', paymentMethodId: 'pm-new' }),
    update: async (id: string, body: { paymentMethodId: string; planId: string }) => {
      calls.push(`update(${id}, ${body.paymentMethodId}, ${body.planId})`);
      methods = [fresh, { ...old, isDefault: false }];
      return {};
    },
  } as unknown as BillingApi;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(<CheckoutFlow api={api} changeCard initialPlan={null} onClose={() => {}} />),
  );
  const number = await waitFor(() => host!.querySelector<HTMLInputElement>('[part~="card-number-input"]'));
  expect(host.querySelector('[part~="continue-button"]'), 'no plan step').to.equal(null);
  expect(host.textContent).to.contain('Nothing is charged now.');
  const type = async (input: HTMLInputElement, value: string) =>
    act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  await type(number, '5555555555554444');
  await type(host.querySelector<HTMLInputElement>('[part~="card-expiry-input"]')!, '12/30');
  await type(host.querySelector<HTMLInputElement>('[part~="card-cvc-input"]')!, '123');
  const save = host.querySelector<HTMLButtonElement>('[part~="pay-button"]')!;
  expect(save.textContent).to.equal('Save card');
  await act(async () => save.click());
  const status = await waitFor(() => host!.querySelector('[role="status"]'));
  expect(status.textContent).to.equal('Payments now use the mastercard card ending in 4444.');
  expect(calls).to.deep.equal(['update(sub-1, pm-new, plan-pro)']);
});
