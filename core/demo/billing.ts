/**
 * Demo mode's billing, answering like the reference server (server/routes/billing.ts,
 * server/domain/billing.ts) on the same paths, with the same permissions, messages and rules, and
 * the development provider's card checks (core/billing/cards.ts, one implementation for both). Kept
 * per account in the page's storage; no money moves. The vendor's switches and trial end action
 * are `billingVendor` in the stored data (absent: spec 001 §9's defaults), ruled by
 * core/billing/vendorRules.ts as on the server (plan changes and trial ends: ./billingPlans.ts).
 * What the demo leaves out: entitlements from the plan, renewal at period end, Stripe's own calls
 * (customers answer the development provider's id). The request bodies and queries are checked
 * before a handler runs, with the server's schemas (core/contract/requests-billing.ts).
 */
import { type Answer, fail, ok } from '../contract/answer';
import { CARD_CODES } from '../contract/errors';
import { checkCard } from '../billing/cards';
import { cancellationRefusal, DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import { hasPermission } from '../portal/pages';
import {
  changeDemoPlan,
  DAY,
  type DemoBillingStore,
  type DemoInvoice,
  type DemoMethod,
  planOf,
  PLANS,
  settleDemoTrial,
} from './billingPlans';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

const B = '/subscriptions/resources/billing';
const MANAGED = '/subscriptions/resources/subscriptions/v1';
const STRIPE = `${B}/payment-providers/stripe`;
const DEV = `${B}/payment-providers/development/setup-intents/v1`;

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

/** Whether a path is billing's (the dispatch in core/demo/backend.ts). */
export const isDemoBillingPath = (path: string) =>
  path.startsWith('/subscriptions/resources/billing/') ||
  path.startsWith(MANAGED) ||
  path === '/subscriptions/resources/payment-providers/v1';

export function handleDemoBilling(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body: Json; headers?: Headers },
  env: { now: () => number; random: () => string },
): Answer | null {
  const { method, path, body } = request;
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
  const sub = mine.subscription;
  const read = hasPermission(held, 'fe.subscriptions.read')
    ? null
    : fail('PERMISSION_REQUIRED', { permission: 'fe.subscriptions.read' });
  const write = hasPermission(held, 'fe.subscriptions.write')
    ? null
    : fail('PERMISSION_REQUIRED', { permission: 'fe.subscriptions.write' });
  const subscriptionDto = () => ({
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
  const saved = mine.methods.filter((m) => m.status === 'succeeded');
  const subPath = new RegExp(
    `^(?:${B}/subscriptions/v1|${MANAGED})/([^/]+)(/cancellations/|/renewals/)?$`,
  ).exec(path);
  const answer = ((): Answer | null => {
    const GET = method === 'GET';

    if (GET && path === `${B}/plans/v1`) return read ?? ok(PLANS);
    if (GET && path.startsWith(`${B}/plans/v1/`)) {
      const plan = planOf(decodeURIComponent(path.slice(`${B}/plans/v1/`.length)));
      return read ?? (plan ? ok(plan) : fail('PLAN_NOT_FOUND'));
    }
    if (GET && (path === `${B}/subscriptions/v1` || path === MANAGED)) return read ?? ok([subscriptionDto()]);
    if (subPath) {
      if (decodeURIComponent(subPath[1]!) !== sub.id)
        return (GET ? read : write) ?? fail('SUBSCRIPTION_NOT_FOUND');
      if (GET && !subPath[2]) return read ?? ok(subscriptionDto());
      if (method !== 'PUT') return null;
      if (write) return write;
      if (subPath[2] === '/cancellations/') {
        const refusal = cancellationRefusal(switches, { status: sub.status, cancelled: !!sub.cancellation });
        if (refusal) return fail(refusal);
        sub.cancellation = { policy: 'atPeriodEnd' };
        return ok({}, true);
      }
      if (subPath[2] === '/renewals/') {
        if (sub.cancellation?.policy !== 'atPeriodEnd') return fail('SUBSCRIPTION_NOT_RENEWABLE');
        sub.cancellation = null;
        return ok({}, true);
      }
      return changeDemoPlan(mine, switches, body, request.headers, env);
    }

    if (GET && path === `${B}/invoices/v1`) return read ?? ok(mine.invoices.map(invoiceDto));
    const invoicePath = new RegExp(`^${B}/invoices/v1/([^/]+)(/pdf)?$`).exec(path);
    if (GET && invoicePath) {
      if (read) return read;
      const invoice = mine.invoices.find((i) => i.id === decodeURIComponent(invoicePath[1]!));
      if (!invoice) return fail('INVOICE_NOT_FOUND');
      if (!invoicePath[2]) return ok(invoiceDto(invoice));
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

    if (GET && path === `${B}/payment-methods/v1`) return read ?? ok(saved.map(methodDto));
    const methodPath = new RegExp(`^${B}/payment-methods/v1/([^/]+)(/billing-details)?$`).exec(path);
    if (methodPath) {
      const found = saved.find((m) => m.id === decodeURIComponent(methodPath[1]!));
      if (GET && !methodPath[2])
        return read ?? (found ? ok(methodDto(found)) : fail('PAYMENT_METHOD_NOT_FOUND'));
      if (method !== 'PATCH' || !methodPath[2]) return null;
      if (write) return write;
      if (!found) return fail('PAYMENT_METHOD_NOT_FOUND');
      if (body.email !== undefined) found.billingDetails.email = body.email as string;
      if (body.address) found.billingDetails.address = body.address as Record<string, string>;
      return ok({ email: body.email, address: body.address }, true);
    }

    const tenantPath =
      /^\/subscriptions\/resources\/billing\/(summaries|tenant-configurations)\/v1\/([^/]+)$/.exec(path);
    if (GET && tenantPath) {
      if (read) return read;
      if (decodeURIComponent(tenantPath[2]!) !== user.tenantId) return fail('BILLING_OTHER_ACCOUNT');
      return ok(
        tenantPath[1] === 'summaries'
          ? {
              tenantConfigurationId: `config-${user.tenantId}`,
              providerType: 'Stripe',
              subscriptionId: sub.id,
              externallyManaged: false,
              currentPlanId: sub.planId,
              paymentMethodId: sub.paymentMethodId ?? '',
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
    if (method === 'POST' && path === `${B}/tenant-configurations/v1`)
      return (
        write ??
        (body.externallyManaged === 'true'
          ? fail('BILLING_EXTERNAL_VENDOR_ONLY')
          : ok({ id: `config-${user.tenantId}` }))
      );
    if (GET && path === `${B}/configurations/vendor-public-configurations/v1`)
      return (
        read ??
        ok([
          {
            allowPlanDowngrade: switches.allowPlanDowngrade,
            allowPlanCancellation: switches.allowPlanCancellation,
          },
        ])
      );
    if (GET && path === '/subscriptions/resources/payment-providers/v1')
      return read ?? ok([{ providerType: 'Stripe', name: 'development', status: '1' }]);
    if (GET && path === `${STRIPE}/public-configurations/v1`)
      return (
        read ?? ok({ id: `config-${user.tenantId}`, name: 'development', active: true, publishableKey: '' })
      );
    if (GET && path.startsWith(`${STRIPE}/customers/v1/`))
      return read ?? ok({ stripeCustomerId: `cus_dev_${user.tenantId}` });
    if (method === 'POST' && path === `${STRIPE}/customers/v1`)
      return write ?? ok({ stripeCustomerId: `cus_dev_${user.tenantId}` });
    if (method === 'POST' && path === `${STRIPE}/subscriptions/v1`)
      return write ?? ok({ subscriptionId: sub.id, subscriptionSecret: '' });
    if (method === 'POST' && path === `${STRIPE}/setup-intents/v1`) {
      if (write) return write;
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
    const devPath = new RegExp(`^${DEV}/([^/]+)/(confirm|authenticate)$`).exec(path);
    if (method === 'POST' && devPath) {
      if (write) return write;
      const setup = mine.methods.find(
        (m) => m.setupId === decodeURIComponent(devPath[1]!) && m.secret === body.clientSecret,
      );
      if (!setup) return fail('CARD_SETUP_NOT_FOUND');
      if (devPath[2] === 'authenticate') {
        if (setup.status !== 'requires_confirmation') return fail('CARD_NOTHING_TO_CONFIRM');
        if (body.approve !== true) {
          mine.methods = mine.methods.filter((m) => m !== setup);
          return { ...fail('CARD_CONFIRMATION_FAILED'), save: true };
        }
        setup.status = 'succeeded';
        return ok({ status: 'succeeded', paymentMethodId: setup.id }, true);
      }
      if (setup.status === 'succeeded') return fail('CARD_SETUP_NOT_FOUND');
      const outcome = checkCard(body as { number: string; expMonth: number; expYear: number; cvc: string });
      if (!outcome.ok) return fail(CARD_CODES[outcome.reason]);
      Object.assign(setup, outcome.card, {
        status: outcome.requiresConfirmation ? 'requires_confirmation' : 'succeeded',
        billingDetails: { ...setup.billingDetails, name: (body.name as string | undefined) ?? '' },
      });
      return ok({ status: setup.status, paymentMethodId: setup.id }, true);
    }
    return null;
  })();
  // The subscription made on first use is kept, whatever the call.
  return answer && (created || trialEnded) ? { ...answer, save: true } : answer;
}
