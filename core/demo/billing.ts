/**
 * Demo mode's billing, answering like the reference server (server/routes/billing.ts) on the same
 * paths: the subscription rules (trial, renewal, cancellation, plan change, what an account may ask
 * of its configuration) are core/domain/billing*.ts's, run over the page's storage
 * (./billingStore.ts); the development provider's card step is checked by core/billing/cards.ts
 * (one implementation for both). Kept per account in the page's storage; no money moves.
 * The route table finds the route and checks its permission (core/demo/dispatch.ts); handlers are
 * registered by descriptor name (core/contract/routes/billing.ts). The request bodies and queries
 * are checked before a handler runs, with the server's schemas (core/contract/requests-billing.ts).
 * What the demo leaves out: entitlements from the plan (no bundle) and Stripe's own calls
 * (customers answer the development provider's id).
 */
import { type Answer, fail, failWith, ok } from '../contract/answer';
import { CARD_CODES, isContractError } from '../contract/errors';
import { checkCard } from '../billing/cards';
import {
  cancelSubscription,
  changePlan,
  currentSubscription,
  findSubscription,
  renewSubscription,
  subscriptionView,
  type BillingPorts,
} from '../domain/billing';
import {
  billingSummary,
  configureAccount,
  ownAccount,
  tenantConfigurationView,
} from '../domain/billing-accounts';
import { planDto, planOf } from '../domain/billing-plans';
import {
  demoBillingOf,
  demoBillingPorts,
  type DemoBilling,
  type DemoBillingStore,
  type DemoInvoice,
  type DemoMethod,
} from './billingStore';
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
  externalId: invoice.externalId || invoice.id,
});

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

/** What a handler works on: the caller, the account's stored billing and its ports. */
interface Account {
  user: DemoUser;
  mine: DemoBilling;
  ports: BillingPorts;
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
  return ok({ id: setupId, paymentMethodId: created.id, setupIntentSecret: created.secret });
}

/** The development provider's card form: the card checked (core/billing/cards.ts), perhaps to confirm. */
function confirmSetup({ mine }: Account, setupId: string | undefined, body: Json): Answer {
  const setup = mine.methods.find((m) => m.setupId === setupId && m.secret === body.clientSecret);
  if (!setup || setup.status === 'succeeded') return fail('CARD_SETUP_NOT_FOUND');
  const outcome = checkCard(body as { number: string; expMonth: number; expYear: number; cvc: string });
  if (!outcome.ok) return fail(CARD_CODES[outcome.reason]);
  Object.assign(setup, outcome.card, {
    status: outcome.requiresConfirmation ? 'requires_confirmation' : 'succeeded',
    billingDetails: { ...setup.billingDetails, name: (body.name as string | undefined) ?? '' },
  });
  return ok({ status: setup.status, paymentMethodId: setup.id });
}

/** The card's confirmation step (3-D Secure in the development provider): approved, or the card dropped. */
function authenticateSetup(a: Account, setupId: string | undefined, body: Json): Answer {
  const setup = a.mine.methods.find((m) => m.setupId === setupId && m.secret === body.clientSecret);
  if (!setup) return fail('CARD_SETUP_NOT_FOUND');
  if (setup.status !== 'requires_confirmation') return fail('CARD_NOTHING_TO_CONFIRM');
  if (body.approve !== true) {
    a.mine.methods = a.mine.methods.filter((m) => m !== setup);
    return fail('CARD_CONFIRMATION_FAILED');
  }
  setup.status = 'succeeded';
  return ok({ status: 'succeeded', paymentMethodId: setup.id });
}

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<Answer>;

/** Billing's routes (core/contract/routes/billing.ts), by descriptor name. */
export function demoBillingRoutes(env: Env): DemoRoutes<SignedIn> {
  /**
   * A handler of the caller's account over the rules' ports; whatever it changed is kept, also
   * when it ends in a refusal (a trial that ended on the way stays ended, as on the server).
   */
  const account =
    (run: (a: Account, request: DemoRequest) => Answer | Promise<Answer>): SignedIn =>
    async (db, user, request) => {
      const before = JSON.stringify((db as DemoBillingStore).billing?.[user.tenantId] ?? null);
      const mine = demoBillingOf(db, user.tenantId);
      let answer: Answer;
      try {
        answer = await run({ user, mine, ports: demoBillingPorts(db, user.tenantId, env) }, request);
      } catch (error) {
        if (!isContractError(error)) throw error;
        answer = failWith(error);
      }
      return JSON.stringify(mine) !== before ? { ...answer, save: true } : answer;
    };
  const list = account(async ({ ports, user }) =>
    ok([await subscriptionView(ports, await currentSubscription(ports, user.tenantId))]),
  );
  const one = account(async ({ ports, user }, { params }) =>
    ok(await subscriptionView(ports, await findSubscription(ports, user.tenantId, params.id!))),
  );
  const change = account(async ({ ports, user }, { params, body }) => {
    await changePlan(ports, user.tenantId, params.id!, body as { planId: string; paymentMethodId?: string });
    return ok({});
  });
  const cancellation = account(async ({ ports, user }, { params }) => {
    await cancelSubscription(ports, user.tenantId, params.id!);
    return ok({});
  });
  const renewal = account(async ({ ports, user }, { params }) => {
    await renewSubscription(ports, user.tenantId, params.id!);
    return ok({});
  });
  const customer = ({ user }: Account) => ok({ stripeCustomerId: `cus_dev_${user.tenantId}` });
  const saved = (mine: DemoBilling) => mine.methods.filter((m) => m.status === 'succeeded');
  return {
    getSubscriptionsBillingPlans: account(async ({ ports }) => ok((await ports.plans.list()).map(planDto))),
    getSubscriptionsBillingPlansByPlanId: account(async ({ ports }, { params }) =>
      ok(planDto(await planOf(ports.plans, params.planId!))),
    ),
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
    getSubscriptionsBillingInvoices: account(async ({ ports, user, mine }) => {
      await currentSubscription(ports, user.tenantId);
      return ok(mine.invoices.map(invoiceDto));
    }),
    getSubscriptionsBillingInvoicesById: account(({ mine }, { params }) =>
      invoiceAnswer(mine, params.id, false),
    ),
    getSubscriptionsBillingInvoicesByIdPdf: account(({ mine }, { params }) =>
      invoiceAnswer(mine, params.id, true),
    ),
    getSubscriptionsBillingPaymentMethods: account(({ mine }) => ok(saved(mine).map(methodDto))),
    getSubscriptionsBillingPaymentMethodsById: account(({ mine }, { params }) => {
      const found = saved(mine).find((m) => m.id === params.id);
      return found ? ok(methodDto(found)) : fail('PAYMENT_METHOD_NOT_FOUND');
    }),
    patchSubscriptionsBillingPaymentMethodsByIdBillingDetails: account(({ mine }, { params, body }) => {
      const found = mine.methods.find((m) => m.id === params.id);
      if (!found) return fail('PAYMENT_METHOD_NOT_FOUND');
      if (body.email !== undefined) found.billingDetails.email = body.email as string;
      if (body.address) found.billingDetails.address = body.address as Record<string, string>;
      return ok({ email: body.email, address: body.address });
    }),
    getSubscriptionsBillingSummariesByTenantId: account(async ({ ports, user }, { params }) =>
      ok(await billingSummary(ports, user.tenantId, params.tenantId)),
    ),
    getSubscriptionsBillingTenantConfigurationsByTenantId: account(async ({ ports, user }, { params }) =>
      ok(await tenantConfigurationView(ports, user.tenantId, params.tenantId, 'demo-vendor')),
    ),
    postSubscriptionsBillingTenantConfigurations: account(async ({ ports, user }, { body }) =>
      ok({ id: (await configureAccount(ports, user.tenantId, body)).id }),
    ),
    getSubscriptionsBillingConfigurationsVendorPublicConfigurations: account(async ({ ports }) => {
      const { allowPlanDowngrade, allowPlanCancellation } = await ports.switches();
      return ok([{ allowPlanDowngrade, allowPlanCancellation }]);
    }),
    getSubscriptionsPaymentProviders: account(() =>
      ok([{ providerType: 'Stripe', name: 'development', status: '1' }]),
    ),
    getSubscriptionsBillingPaymentProvidersStripePublicConfigurations: account(({ user }) =>
      ok({ id: `config-${user.tenantId}`, name: 'development', active: true, publishableKey: '' }),
    ),
    getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId: account((a, { params }) => {
      ownAccount(a.user.tenantId, params.tenantId);
      return customer(a);
    }),
    postSubscriptionsBillingPaymentProvidersStripeCustomers: account(customer),
    postSubscriptionsBillingPaymentProvidersStripeSubscriptions: account(
      async ({ ports, user }, { body }) => {
        const sub = await currentSubscription(ports, user.tenantId);
        await changePlan(ports, user.tenantId, sub.id, { planId: body.stripePlanId as string });
        return ok({ subscriptionId: sub.id, subscriptionSecret: '' });
      },
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
