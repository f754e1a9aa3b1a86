/// <reference types="mocha" />
// What the vendor's billing switches let the subscriptions page offer (issue 28 item 7): with
// downgrades forbidden the checkout lists no cheaper plan (a trial still may choose any), with
// cancellation forbidden the plan section has no Cancel; a trial kept after its end says so.
import { expect } from 'chai';
import { act, type ReactNode } from 'react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { createRoot, type Root } from 'react-dom/client';
import type { BillingApi, Plan, Subscription } from '../../../../core/api/billing';
import { waitFor } from '../../../test-support/fixtures';
import { CheckoutFlow } from '../../../checkout/CheckoutFlow';
import { PlanSection } from './PlanSection';

const plan = (slug: string, amount: number): Plan => ({
  id: `plan-${slug}`,
  externalId: slug,
  name: slug[0]!.toUpperCase() + slug.slice(1),
  description: '',
  slug,
  price: { id: `${slug}-m`, externalId: `${slug}-m`, currency: 'usd', amount },
});
const PLANS = [plan('free', 0), plan('pro', 2900), plan('business', 9900)];
const subscription = (status: Subscription['status']): Subscription => ({
  id: 'sub-1',
  externalId: 'sub-1',
  externallyManaged: false,
  startDate: '2026-01-01T00:00:00Z',
  currentPeriodStart: '2026-01-01T00:00:00Z',
  currentPeriodEnd: '2026-02-01T00:00:00Z',
  status,
  cancellation: null,
  plan: { slug: 'pro' },
});

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});
async function render(node: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(node));
}
async function offeredPlans(status: Subscription['status'], allowPlanDowngrade: boolean) {
  const api = {
    plans: async () => PLANS,
    subscriptions: async () => [subscription(status)],
    paymentMethods: async () => [],
    providerConfiguration: async () => ({ id: 'c', name: 'development', active: true, publishableKey: '' }),
    vendorConfiguration: async () => [{ allowPlanDowngrade, allowPlanCancellation: true }],
  } as unknown as BillingApi;
  await render(<CheckoutFlow api={api} initialPlan={null} onClose={() => {}} />);
  await waitFor(() => host!.querySelector('[part~="plan"]'));
  const names = [...host!.querySelectorAll('[part~="plan"]')].map((p) => p.textContent ?? '');
  act(() => root!.unmount());
  host!.remove();
  root = null;
  return ['Free', 'Pro', 'Business'].filter((name) => names.some((text) => text.includes(name)));
}

it('downgrades forbidden: an active Pro is offered Pro and Business only; allowed: every plan', async () => {
  expect(await offeredPlans('active', false)).to.deep.equal(['Pro', 'Business']);
  expect(await offeredPlans('active', true)).to.deep.equal(['Free', 'Pro', 'Business']);
});

it('downgrades forbidden: a trial, or a trial kept after its end, may still choose any plan', async () => {
  expect(await offeredPlans('trialing', false)).to.deep.equal(['Free', 'Pro', 'Business']);
  expect(await offeredPlans('trialEnded', false)).to.deep.equal(['Free', 'Pro', 'Business']);
});

it('cancellation forbidden: no Cancel for an active plan; a kept trial after its end says so', async () => {
  const section = (status: Subscription['status'], allowPlanCancellation: boolean) => (
    <PlanSection
      subscription={subscription(status)}
      plan={PLANS[1]}
      writable
      switches={{ allowPlanCancellation }}
      onCancel={() => {}}
      onRenew={() => {}}
    />
  );
  await render(section('active', true));
  expect(host!.querySelector('[part~="cancel-subscription"]')).to.not.equal(null);
  await act(async () => root!.render(section('active', false)));
  expect(host!.querySelector('[part~="cancel-subscription"]')).to.equal(null);
  expect(host!.querySelector('[part~="trial-ended"]')).to.equal(null);
  await act(async () => root!.render(section('trialEnded', true)));
  expect(host!.querySelector('[part~="trial-ended"]')!.textContent).to.equal(
    'Your trial has ended. Choose a plan to keep using its features.',
  );
});
