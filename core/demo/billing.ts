/**
 * Demo mode's billing, answering like the reference server (server/routes/billing.ts,
 * server/domain/billing.ts) on the same paths, with the same permissions, messages and rules, and
 * the development provider's card checks (core/billing/cards.ts, one implementation for both). Kept
 * per account in the page's storage; no money moves. The vendor's switches and trial end action
 * are `billingVendor` in the stored data (absent: spec 001 §9's defaults), ruled by
 * core/billing/vendorRules.ts as on the server (plan changes and trial ends: ./billingPlans.ts).
 * The route table finds the route and checks its permission (core/demo/dispatch.ts); handlers are
 * registered by descriptor name (core/contract/routes/billing.ts).
 * What the demo leaves out: entitlements from the plan, renewal at period end, Stripe's own calls
 * (customers answer the development provider's id). The request bodies and queries are checked
 * before a handler runs, with the server's schemas (core/contract/requests-billing.ts).
 */
import { type Answer, fail, ok } from '../contract/answer';
import { CARD_CODES } from '../contract/errors';
import { checkCard } from '../billing/cards';
import { cancellationRefusal, DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import {
  changeDemoPlan,
  DAY,
  type DemoBilling,
  type DemoBillingStore,
  type DemoInvoice,
  type DemoMethod,
  planOf,
  PLANS,
  settleDemoTrial,
} from './billingPlans';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';

type Json = Record<string, unknown>;
type Env = { now: () => number; random: () => string };

/** A one-page PDF with the invoice's lines (Helvetica, no library: the demo runs in the browser). */
function invoicePdf(lines: string[]): Blob {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 22} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([pdf], { type: 'application/pdf' });
}

/** The caller's billing account, its subscription made on first use (a 14-day trial of the first paid plan). */
function accountOf(db: DemoDatabase, user: DemoUser, env: Env) {
  const now = env.now();
  const store = db as DemoBillingStore;
  store.billing ??= {};
  let mine = store.billing[user.tenantId];
  const created = !mine;
  if (!mine) {
    // A new account trials the first paid plan for 14 days, as on the server.
    const trialEnd = new Date(now + 14 * DAY).toISOString();
    mine = store.billing[user.tenantId] = {
      subscription: {
        id: `sub-${env.random()}`,
        planId: 'plan-pro',
        status: 'trialing',
        startDate: new Date(now).toISOString(),
        currentPeriodStart: new Date(now).toISOString(),
        currentPeriodEnd: trialEnd,
        trialEnd,
        cancellation: null,
        paymentMethodId: null,
      },
      methods: [],
      invoices: [],
    };
  }
  const switches = { ...DEFAULT_BILLING_SWITCHES, ...store.billingVendor };
  const trialEnded = settleDemoTrial(mine, switches, env);
  return { mine, switches, user, changed: created || trialEnded };
}
type Account = ReturnType<typeof accountOf>;

const subscriptionDto = ({ subscription: sub }: DemoBilling) => ({
  id: sub.id,
  externalId: sub.id,
  externallyManaged: false,
  startDate: sub.startDate,
  currentPeriodStart: sub.currentPeriodStart,
  currentPeriodEnd: sub.currentPeriodEnd,
  status: sub.status,
  cancellation: sub.cancellation,
  ...(sub.trialEnd ? { trialEnd: sub.trialEnd } : {}),
  plan: { slug: planOf(sub.planId)!.slug },
  planId: sub.planId,
  paymentMethodId: sub.paymentMethodId ?? '',
});
const methodDto = (m: DemoMethod) => ({
  id: m.id,
  externalId: m.setupId,
  type: 'card',
  isDefault: m.isDefault,
  last4: m.last4,
  expMonth: m.expMonth,
  expYear: m.expYear,
  brand: m.brand,
  billingDetails: m.billingDetails,
});
const invoiceDto = ({ plan: _plan, periodEnd: _end, card: _card, key: _key, ...invoice }: DemoInvoice) => ({
  ...invoice,
  externalId: invoice.id,
});
const savedMethods = (mine: DemoBilling) => mine.methods.filter((m) => m.status === 'succeeded');

function invoiceAnswer(mine: DemoBilling, id: string | undefined, pdf: boolean): Answer {
  const invoice = mine.invoices.find((i) => i.id === id);
  if (!invoice) return fail('INVOICE_NOT_FOUND');
  if (!pdf) return ok(invoiceDto(invoice));
  const total = `${(invoice.totalAmount / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
  return ok(
    invoicePdf([
      `Invoice ${invoice.receiptNumber}`,
      `Date: ${invoice.paymentDate.slice(0, 10)}`,
      `${invoice.plan} plan, monthly: ${total}`,
      `Total: ${total}`,
      `Paid with ${invoice.card}`,
      'Demo mode: no money was moved.',
    ]),
  );
}

function tenantAnswer(a: Account, tenantId: string | undefined, summary: boolean): Answer {
  const { user, mine } = a;
  if (tenantId !== user.tenantId) return fail('BILLING_OTHER_ACCOUNT');
  return ok(
    summary
      ? {
          tenantConfigurationId: `config-${user.tenantId}`,
          providerType: 'Stripe',
          subscriptionId: mine.subscription.id,
          externallyManaged: false,
          currentPlanId: mine.subscription.planId,
          paymentMethodId: mine.subscription.paymentMethodId ?? '',
          defaultPlanId: 'plan-free',
        }
      : {
          id: `config-${user.tenantId}`,
          vendorId: 'demo-vendor',
          tenantId: user.tenantId,
          externallyManaged: 'false',
          paymentProviderType: 'Stripe',
          mappingId: `cus_dev_${user.tenantId}`,
        },
  );
}

function cancel({ mine, switches }: Account): Answer {
  const sub = mine.subscription;
  const refusal = cancellationRefusal(switches, { status: sub.status, cancelled: !!sub.cancellation });
  if (refusal) return fail(refusal);
  sub.cancellation = { policy: 'atPeriodEnd' };
  return ok({}, true);
}

function renew({ mine }: Account): Answer {
  const sub = mine.subscription;
  if (sub.cancellation?.policy !== 'atPeriodEnd') return fail('SUBSCRIPTION_NOT_RENEWABLE');
  sub.cancellation = null;
  return ok({}, true);
}

function setupIntent({ mine, user }: Account, env: Env): Answer {
  const setupId = `seti_dev_${env.random()}`;
  const created: DemoMethod = {
    id: `pm-${env.random()}`,
    setupId,
    secret: `${setupId}_secret_${env.random()}`,
    status: 'pending',
    brand: '',
    last4: '',
    expMonth: 0,
    expYear: 0,
    isDefault: false,
    billingDetails: { name: user.name, email: user.email },
  };
  mine.methods.push(created);
  return ok({ id: setupId, paymentMethodId: created.id, setupIntentSecret: created.secret }, true);
}

/** The development provider's card form: the card checked (core/billing/cards.ts), perhaps to confirm. */
function confirmSetup(a: Account, setupId: string | undefined, body: Json): Answer {
  const setup = a.mine.methods.find((m) => m.setupId === setupId && m.secret === body.clientSecret);
  if (!setup || setup.status === 'succeeded') return fail('CARD_SETUP_NOT_FOUND');
  const outcome = checkCard(body as { number: string; expMonth: number; expYear: number; cvc: string });
  if (!outcome.ok) return fail(CARD_CODES[outcome.reason]);
  Object.assign(setup, outcome.card, {
    status: outcome.requiresConfirmation ? 'requires_confirmation' : 'succeeded',
    billingDetails: { ...setup.billingDetails, name: (body.name as string | undefined) ?? '' },
  });
  return ok({ status: setup.status, paymentMethodId: setup.id }, true);
}

/** The card's confirmation step (3-D Secure in the development provider): approved, or the card dropped. */
function authenticateSetup(a: Account, setupId: string | undefined, body: Json): Answer {
  const setup = a.mine.methods.find((m) => m.setupId === setupId && m.secret === body.clientSecret);
  if (!setup) return fail('CARD_SETUP_NOT_FOUND');
  if (setup.status !== 'requires_confirmation') return fail('CARD_NOTHING_TO_CONFIRM');
  if (body.approve !== true) {
    a.mine.methods = a.mine.methods.filter((m) => m !== setup);
    return { ...fail('CARD_CONFIRMATION_FAILED'), save: true };
  }
  setup.status = 'succeeded';
  return ok({ status: 'succeeded', paymentMethodId: setup.id }, true);
}

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer;

/** Billing's routes (core/contract/routes/billing.ts), by descriptor name. */
export function demoBillingRoutes(env: Env): DemoRoutes<SignedIn> {
  /** A handler of the caller's account; the subscription made or trial ended on the way is kept. */
  const account =
    (run: (a: Account, request: DemoRequest) => Answer): SignedIn =>
    (db, user, request) => {
      const a = accountOf(db, user, env);
      const answer = run(a, request);
      return a.changed ? { ...answer, save: true } : answer;
    };
  /** A handler of the account's subscription (`:id`), 404 for another id. */
  const subscription = (run: (a: Account, request: DemoRequest) => Answer) =>
    account((a, request) =>
      request.params.id === a.mine.subscription.id ? run(a, request) : fail('SUBSCRIPTION_NOT_FOUND'),
    );
  const list = account(({ mine }) => ok([subscriptionDto(mine)]));
  const one = subscription(({ mine }) => ok(subscriptionDto(mine)));
  const change = subscription(({ mine, switches }, { body }) =>
    changeDemoPlan(mine, switches, body, undefined, env),
  );
  const cancellation = subscription(cancel);
  const renewal = subscription(renew);
  const customer = account(({ user }) => ok({ stripeCustomerId: `cus_dev_${user.tenantId}` }));
  return {
    getSubscriptionsBillingPlans: account(() => ok(PLANS)),
    getSubscriptionsBillingPlansByPlanId: account((_a, { params }) => {
      const plan = planOf(params.planId!);
      return plan ? ok(plan) : fail('PLAN_NOT_FOUND');
    }),
    getSubscriptionsBillingSubscriptions: list,
    getSubscriptionsSubscriptions: list,
    getSubscriptionsBillingSubscriptionsById: one,
    getSubscriptionsSubscriptionsById: one,
    putSubscriptionsBillingSubscriptionsById: change,
    putSubscriptionsSubscriptionsById: change,
    putSubscriptionsBillingSubscriptionsByIdCancellations: cancellation,
    putSubscriptionsSubscriptionsByIdCancellations: cancellation,
    putSubscriptionsBillingSubscriptionsByIdRenewals: renewal,
    putSubscriptionsSubscriptionsByIdRenewals: renewal,
    getSubscriptionsBillingInvoices: account(({ mine }) => ok(mine.invoices.map(invoiceDto))),
    getSubscriptionsBillingInvoicesById: account(({ mine }, { params }) =>
      invoiceAnswer(mine, params.id, false),
    ),
    getSubscriptionsBillingInvoicesByIdPdf: account(({ mine }, { params }) =>
      invoiceAnswer(mine, params.id, true),
    ),
    getSubscriptionsBillingPaymentMethods: account(({ mine }) => ok(savedMethods(mine).map(methodDto))),
    getSubscriptionsBillingPaymentMethodsById: account(({ mine }, { params }) => {
      const found = savedMethods(mine).find((m) => m.id === params.id);
      return found ? ok(methodDto(found)) : fail('PAYMENT_METHOD_NOT_FOUND');
    }),
    patchSubscriptionsBillingPaymentMethodsByIdBillingDetails: account(({ mine }, { params, body }) => {
      const found = savedMethods(mine).find((m) => m.id === params.id);
      if (!found) return fail('PAYMENT_METHOD_NOT_FOUND');
      if (body.email !== undefined) found.billingDetails.email = body.email as string;
      if (body.address) found.billingDetails.address = body.address as Record<string, string>;
      return ok({ email: body.email, address: body.address }, true);
    }),
    getSubscriptionsBillingSummariesByTenantId: account((a, { params }) =>
      tenantAnswer(a, params.tenantId, true),
    ),
    getSubscriptionsBillingTenantConfigurationsByTenantId: account((a, { params }) =>
      tenantAnswer(a, params.tenantId, false),
    ),
    postSubscriptionsBillingTenantConfigurations: account(({ user }, { body }) =>
      body.externallyManaged === 'true'
        ? fail('BILLING_EXTERNAL_VENDOR_ONLY')
        : ok({ id: `config-${user.tenantId}` }),
    ),
    getSubscriptionsBillingConfigurationsVendorPublicConfigurations: account(({ switches }) =>
      ok([
        {
          allowPlanDowngrade: switches.allowPlanDowngrade,
          allowPlanCancellation: switches.allowPlanCancellation,
        },
      ]),
    ),
    getSubscriptionsPaymentProviders: account(() =>
      ok([{ providerType: 'Stripe', name: 'development', status: '1' }]),
    ),
    getSubscriptionsBillingPaymentProvidersStripePublicConfigurations: account(({ user }) =>
      ok({ id: `config-${user.tenantId}`, name: 'development', active: true, publishableKey: '' }),
    ),
    getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId: customer,
    postSubscriptionsBillingPaymentProvidersStripeCustomers: customer,
    postSubscriptionsBillingPaymentProvidersStripeSubscriptions: account(({ mine }) =>
      ok({ subscriptionId: mine.subscription.id, subscriptionSecret: '' }),
    ),
    postSubscriptionsBillingPaymentProvidersStripeSetupIntents: account((a) => setupIntent(a, env)),
    postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdConfirm: account(
      (a, { params, body }) => confirmSetup(a, params.id, body),
    ),
    postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdAuthenticate: account(
      (a, { params, body }) => authenticateSetup(a, params.id, body),
    ),
  };
}
