/**
 * Billing's routes (core/contract/routes/billing.ts), written once for the server and demo mode
 * (core/domain/handlers.ts) over `BillingHandlerPorts`: the subscription rules' ports
 * (core/domain/billing.ts) and what the routes read beside them (invoices, saved cards, the payment
 * provider's calls). The server's: server/routes/billing.ts over server/domain/billing.ts (the
 * stores of billing-store.ts over PostgreSQL) and its provider; demo mode's:
 * core/demo/billingStore.ts (the same stores over its stored data; no money moves). Server-only: an invoice's PDF
 * (a download with its headers) and Stripe's webhook; the development provider's card step
 * (`DEVELOPMENT_CARD_HANDLERS`) is the server's only with that provider.
 */
import { checkCard } from '../billing/cards';
import { CARD_CODES, contractError } from '../contract/errors';
import {
  cancelSubscription,
  changePlan,
  currentSubscription,
  findSubscription,
  renewSubscription,
  subscriptionView,
  type BillingPorts,
  type Card,
} from './billing';
import { billingSummary, configureAccount, ownAccount, tenantConfigurationView } from './billing-accounts';
import { invoiceDto, invoiceOf, type InvoiceRepository } from './billing-invoices';
import { planDto, planOf } from './billing-plans';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';

export type { Card };

type Contact = { name?: string; email: string };
type CardFields = { brand: string; last4: string; expMonth: number; expYear: number };
type Details = { email?: string; address?: Record<string, string> };

export interface BillingHandlerPorts extends BillingPorts {
  /** The caller's Idempotency-Key for a plan change (the server's header), if any. */
  idempotencyKey?: string | undefined;
  /** The caller, as the provider's customer is named when the body names none. */
  caller: Contact;
  vendorId(): Promise<string>;
  invoices: InvoiceRepository;
  cards: {
    /** The account's confirmed cards, the default first. */
    confirmed(tenantId: string): Promise<Card[]>;
    /** Writes the details given (also at the provider). */
    updateDetails(tenantId: string, card: Card, details: Details): Promise<void>;
    /** A card waiting for its setup at the provider, and the secret to confirm it with. */
    startSetup(
      tenantId: string,
      contact: Contact,
    ): Promise<{ id: string; paymentMethodId: string; setupIntentSecret: string }>;
    /** The development card step's card on setup `setupId` not confirmed yet; its id, or null. */
    recordCard(
      tenantId: string,
      setupId: string,
      card: CardFields & { name: string },
      status: 'succeeded' | 'requires_confirmation',
    ): Promise<string | null>;
    setup(tenantId: string, setupId: string): Promise<{ id: string; status: string } | null>;
    /** The confirmation step's end: the card kept, or dropped. */
    finish(id: string, approve: boolean): Promise<void>;
  };
  /** The payment provider as the client names it ('Stripe' or 'development'); null: none. */
  provider: { name: string; publishableKey: string } | null;
  /** The account's customer at the provider, made once (TenantCreatedAction create_customer). */
  ensureCustomer(tenantId: string, contact: Contact): Promise<string>;
  /** The account's invoice's PDF as the backend draws it, and its receipt number. */
  invoicePdf(tenantId: string, id: string): Promise<{ receiptNumber: string; pdf: unknown }>;
}

type Handler = AreaHandler<BillingHandlerPorts>;

const cardDto = (card: Card) => ({
  id: card.id,
  externalId: card.externalId,
  type: card.type,
  isDefault: card.isDefault,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  brand: card.brand,
  billingDetails: { name: card.name, ...(card.email ? { email: card.email } : {}), address: card.address },
});

function requireProvider(p: BillingHandlerPorts) {
  if (!p.provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
  return p.provider;
}

async function cardOf(p: BillingHandlerPorts, tenantId: string, id: string | undefined): Promise<Card> {
  const card = id ? await p.methods.find(tenantId, id) : null;
  if (!card) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return card;
}

/** The development card step's secret names its setup (`<setup id>_secret_…`). */
function setupOf(params: Record<string, string>, body: Record<string, unknown>): string {
  if (!String(body.clientSecret).startsWith(`${params.id}_secret_`))
    throw contractError('CARD_SETUP_NOT_FOUND');
  return params.id!;
}

const list: Handler = async (p, { tenantId }) =>
  answer([await subscriptionView(p, await currentSubscription(p, tenantId))]);
const one: Handler = async (p, { tenantId, params }) =>
  answer(await subscriptionView(p, await findSubscription(p, tenantId, params.id!)));
const change: Handler = async (p, { tenantId, params, body }) => {
  await changePlan(p, tenantId, params.id!, body as { planId: string; paymentMethodId?: string }, {
    idempotencyKey: p.idempotencyKey,
  });
  return answer({});
};
const cancellation: Handler = async (p, { tenantId, params }) => {
  await cancelSubscription(p, tenantId, params.id!);
  return answer({});
};
const renewal: Handler = async (p, { tenantId, params }) => {
  await renewSubscription(p, tenantId, params.id!);
  return answer({});
};

export const BILLING_HANDLERS: AreaHandlers<BillingHandlerPorts> = {
  getSubscriptionsBillingPlans: async (p) => answer((await p.plans.list()).map(planDto)),
  // One plan: what the client SDK's callers read (`.id`, `.name`, `.price.amount`), though its
  // .d.ts declares a list (getSubscriptionPlan: IPlanResponse[]; docs/contract.md).
  getSubscriptionsBillingPlansByPlanId: async (p, { params }) =>
    answer(planDto(await planOf(p.plans, params.planId!))),
  // The account's subscription, on both paths of the client SDK.
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
  getSubscriptionsBillingInvoices: async (p, { tenantId }) => {
    await currentSubscription(p, tenantId);
    return answer((await p.invoices.list(tenantId)).map(invoiceDto));
  },
  getSubscriptionsBillingInvoicesById: async (p, { tenantId, params }) =>
    answer(invoiceDto(await invoiceOf(p.invoices, tenantId, params.id!))),
  // Its PDF, as a download (the same sheet on both backends, core/domain/billing-invoices.ts).
  getSubscriptionsBillingInvoicesByIdPdf: async (p, { tenantId, params, query }) => {
    const { receiptNumber, pdf } = await p.invoicePdf(tenantId, params.id!);
    const name = (query.outputFileName || `invoice-${receiptNumber}`).replace(/[^\w.-]/g, '_');
    const file = name.endsWith('.pdf') ? name : `${name}.pdf`;
    const headers = {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file}"`,
    };
    return { ...answer(pdf), headers };
  },
  // The account's saved cards.
  getSubscriptionsBillingPaymentMethods: async (p, { tenantId }) =>
    answer((await p.cards.confirmed(tenantId)).map(cardDto)),
  getSubscriptionsBillingPaymentMethodsById: async (p, { tenantId, params }) => {
    const card = await cardOf(p, tenantId, params.id);
    if (card.status !== 'succeeded') throw contractError('PAYMENT_METHOD_NOT_FOUND');
    return answer(cardDto(card));
  },
  patchSubscriptionsBillingPaymentMethodsByIdBillingDetails: async (p, { tenantId, params, body }) => {
    const details = body as Details;
    await p.cards.updateDetails(tenantId, await cardOf(p, tenantId, params.id), details);
    return answer({ email: details.email, address: details.address });
  },
  // The account's summary and billing configuration, the vendor's public switches.
  getSubscriptionsBillingSummariesByTenantId: async (p, { tenantId, params }) =>
    answer(await billingSummary(p, tenantId, params.tenantId)),
  getSubscriptionsBillingTenantConfigurationsByTenantId: async (p, { tenantId, params }) =>
    answer(await tenantConfigurationView(p, tenantId, params.tenantId, await p.vendorId())),
  postSubscriptionsBillingTenantConfigurations: async (p, { tenantId, body }) => {
    const config = await configureAccount(p, tenantId, body);
    // TenantCreatedAction create_customer: the customer at the provider, when there is one.
    if (p.provider) await p.ensureCustomer(tenantId, p.caller);
    return answer({ id: config.id });
  },
  getSubscriptionsBillingConfigurationsVendorPublicConfigurations: async (p) => {
    const { allowPlanDowngrade, allowPlanCancellation } = await p.switches();
    return answer([{ allowPlanDowngrade, allowPlanCancellation }]);
  },
  // Spec 001 §9: only the card provider is supported, active at status 1.
  getSubscriptionsPaymentProviders: async (p) =>
    answer(p.provider ? [{ providerType: 'Stripe', name: p.provider.name, status: '1' }] : []),
  getSubscriptionsBillingPaymentProvidersStripePublicConfigurations: async (p, { tenantId }) => {
    const { name, publishableKey } = requireProvider(p);
    // 'development' tells the checkout to collect the card itself (no Stripe.js).
    return answer({ id: (await p.configuration(tenantId)).id, name, active: true, publishableKey });
  },
  getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId: async (p, { tenantId, params }) => {
    ownAccount(tenantId, params.tenantId);
    const { mappingId } = await p.configuration(tenantId);
    if (!mappingId) throw contractError('CUSTOMER_NOT_FOUND');
    return answer({ stripeCustomerId: mappingId });
  },
  postSubscriptionsBillingPaymentProvidersStripeCustomers: async (p, { tenantId, body }) => {
    requireProvider(p);
    return answer({ stripeCustomerId: await p.ensureCustomer(tenantId, body as Contact) });
  },
  postSubscriptionsBillingPaymentProvidersStripeSetupIntents: async (p, { tenantId }) => {
    requireProvider(p);
    return answer(await p.cards.startSetup(tenantId, p.caller));
  },
  postSubscriptionsBillingPaymentProvidersStripeSubscriptions: async (p, { tenantId, body }) => {
    requireProvider(p);
    const sub = await currentSubscription(p, tenantId);
    await changePlan(p, tenantId, sub.id, { planId: body.stripePlanId as string });
    // No client-side confirmation is pending: the plan is charged to the saved card.
    return answer({ subscriptionId: sub.id, subscriptionSecret: '' });
  },
};

/** The development provider's card step (not in the client SDK; the part Stripe.js does against Stripe). */
export const DEVELOPMENT_CARD_HANDLERS: AreaHandlers<BillingHandlerPorts> = {
  postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdConfirm: async (
    p,
    { tenantId, params, body },
  ) => {
    const setupId = setupOf(params, body);
    const outcome = checkCard(body as { number: string; expMonth: number; expYear: number; cvc: string });
    if (!outcome.ok) throw contractError(CARD_CODES[outcome.reason]);
    const status = outcome.requiresConfirmation ? 'requires_confirmation' : 'succeeded';
    const card = { ...outcome.card, name: (body.name as string | undefined) ?? '' };
    const paymentMethodId = await p.cards.recordCard(tenantId, setupId, card, status);
    if (!paymentMethodId) throw contractError('CARD_SETUP_NOT_FOUND');
    return answer({ status, paymentMethodId });
  },
  // The card's confirmation step (3-D Secure): approved, or the card dropped.
  postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdAuthenticate: async (
    p,
    { tenantId, params, body },
  ) => {
    const setup = await p.cards.setup(tenantId, setupOf(params, body));
    if (!setup) throw contractError('CARD_SETUP_NOT_FOUND');
    if (setup.status !== 'requires_confirmation') throw contractError('CARD_NOTHING_TO_CONFIRM');
    await p.cards.finish(setup.id, body.approve === true);
    if (body.approve !== true) throw contractError('CARD_CONFIRMATION_FAILED');
    return answer({ status: 'succeeded', paymentMethodId: setup.id });
  },
};
