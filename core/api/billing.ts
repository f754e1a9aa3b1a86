/**
 * Billing calls (spec 001 §7 "Billing"), on the client SDK's paths (@frontegg/rest-api 3.1.18
 * subscriptions/*), and the checkout's rules (spec 001 §4, §9). Built by the subscriptions page and
 * the checkout dialog on their own chunks, so the sign-in page never carries it.
 */
import type { AuthApp } from '../app';
import { buildUrl, type HttpClient } from './http';

const B = '/subscriptions/resources/billing';
const SUBSCRIPTIONS = `${B}/subscriptions/v1`;
const STRIPE = `${B}/payment-providers/stripe`;
const DEV_SETUP = `${B}/payment-providers/development/setup-intents/v1`;

export type ServerSubscriptionStatus =
  'active' | 'canceled' | 'incomplete' | 'expired' | 'trialing' | 'trialEnded';
/** Spec 001 §4: the client's view; an unknown value (trialEnded included) is EXPIRED. */
type SubscriptionStatus = 'ACTIVE' | 'CANCELED' | 'INCOMPLETE' | 'EXPIRED' | 'TRIALING';

export function clientStatus(status: string): SubscriptionStatus {
  const known: Record<string, SubscriptionStatus> = {
    active: 'ACTIVE',
    canceled: 'CANCELED',
    incomplete: 'INCOMPLETE',
    expired: 'EXPIRED',
    trialing: 'TRIALING',
  };
  return known[status] ?? 'EXPIRED';
}

export interface Plan {
  id: string;
  externalId: string;
  name: string;
  description: string;
  slug: string;
  price: { id: string; externalId: string; currency: string; amount: number };
  /** The feature keys the plan puts in the account's bundle (ours, docs/contract.md). */
  features?: string[];
}

/**
 * What moving from `current` to a cheaper `next` plan takes away: the features of the current plan
 * the next one lacks (nothing for an upgrade or a plan of the same price).
 */
export function featuresLost(current: Plan | undefined, next: Plan): string[] {
  if (!current || next.price.amount >= current.price.amount) return [];
  const kept = new Set(next.features ?? []);
  return (current.features ?? []).filter((feature) => !kept.has(feature));
}
export interface Subscription {
  id: string;
  externalId: string;
  externallyManaged: boolean;
  startDate: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  status: ServerSubscriptionStatus;
  cancellation: { policy: 'atPeriodEnd' } | null;
  trialEnd?: string;
  plan: { slug: string };
  planId?: string;
  paymentMethodId?: string;
}
export interface Invoice {
  id: string;
  externalId: string;
  subscriptionId: string;
  paymentDate: string;
  totalAmount: number;
  currency: string;
  paid: boolean;
  receiptNumber: string;
}
export interface BillingAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}
export interface PaymentMethod {
  id: string;
  externalId: string;
  type: 'card' | 'unknown';
  isDefault: boolean;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  brand?: string;
  billingDetails?: { name: string; email?: string; address?: BillingAddress };
}
interface BillingSummary {
  tenantConfigurationId: string;
  providerType: string;
  subscriptionId: string;
  externallyManaged: boolean;
  currentPlanId: string;
  paymentMethodId: string;
  defaultPlanId: string;
}
interface ProviderConfiguration {
  id: string;
  name: string;
  active: boolean;
  publishableKey: string;
}
export interface SetupIntent {
  id: string;
  paymentMethodId: string;
  setupIntentSecret: string;
}
interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** Spec 001 §4: cancel only an active subscription without a cancellation, never when externally managed. */
export const canCancel = (s: Subscription) =>
  !s.externallyManaged && !s.cancellation && clientStatus(s.status) === 'ACTIVE';
/** Spec 001 §4: renew only a subscription cancelled at period end, never when externally managed. */
export const canRenew = (s: Subscription) => !s.externallyManaged && s.cancellation?.policy === 'atPeriodEnd';

export function createBillingApi(http: HttpClient) {
  return {
    plans: () => http.get<Plan[]>(`${B}/plans/v1`),
    subscriptions: () => http.get<Subscription[]>(SUBSCRIPTIONS),
    summary: (tenantId: string) =>
      http.get<BillingSummary>(`${B}/summaries/v1/${encodeURIComponent(tenantId)}`),
    vendorConfiguration: () =>
      http.get<Array<{ allowPlanDowngrade: boolean; allowPlanCancellation: boolean }>>(
        `${B}/configurations/vendor-public-configurations/v1`,
      ),
    providerConfiguration: () => http.get<ProviderConfiguration>(`${STRIPE}/public-configurations/v1`),
    invoices: () => http.get<Invoice[]>(`${B}/invoices/v1`),
    paymentMethods: () => http.get<PaymentMethod[]>(`${B}/payment-methods/v1`),
    updateBillingDetails: (id: string, details: { email?: string; address?: BillingAddress }) =>
      http.patch<unknown>(`${B}/payment-methods/v1/${encodeURIComponent(id)}/billing-details`, details),
    cancel: (id: string) =>
      http.put<unknown>(`${SUBSCRIPTIONS}/${encodeURIComponent(id)}/cancellations/`, {}),
    renew: (id: string) => http.put<unknown>(`${SUBSCRIPTIONS}/${encodeURIComponent(id)}/renewals/`, {}),
    /** Our idempotency key rides along: a retried confirmation never charges twice. */
    update: (id: string, body: { paymentMethodId: string; planId: string }, idempotencyKey: string) =>
      http.put<unknown>(`${SUBSCRIPTIONS}/${encodeURIComponent(id)}`, body, {
        headers: { 'idempotency-key': idempotencyKey },
      }),
    setupIntent: () => http.post<SetupIntent>(`${STRIPE}/setup-intents/v1`, {}),
    /** The development provider's card step (what Stripe.js does against Stripe). */
    confirmCard: (setup: SetupIntent, card: CardDetails) =>
      http.post<{ status: 'succeeded' | 'requires_confirmation'; paymentMethodId: string }>(
        `${DEV_SETUP}/${encodeURIComponent(setup.id)}/confirm`,
        { clientSecret: setup.setupIntentSecret, ...card },
      ),
    authenticateCard: (setup: SetupIntent, approve: boolean) =>
      http.post<{ status: 'succeeded'; paymentMethodId: string }>(
        `${DEV_SETUP}/${encodeURIComponent(setup.id)}/authenticate`,
        { clientSecret: setup.setupIntentSecret, approve },
      ),
  };
}
export type BillingApi = ReturnType<typeof createBillingApi>;

/**
 * Downloads an invoice's PDF (GET invoices/v1/{id}/pdf). A file, not JSON: fetched beside the JSON
 * client with the same address, token and (in demo mode) the demo backend.
 */
export async function downloadInvoicePdf(app: AuthApp, invoice: Invoice): Promise<void> {
  const url = buildUrl(app.options, `${B}/invoices/v1/${encodeURIComponent(invoice.id)}/pdf`);
  const token =
    (app.options.tokenResolver ? await app.options.tokenResolver() : undefined) ??
    app.store.getState().auth.accessToken;
  const init: RequestInit = {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: app.options.requestCredentials,
  };
  const response = app.options.demoMode
    ? await (await import('../demo/backend')).demoTransport(url, init)
    : await fetch(url, init);
  if (!response.ok) throw new Error(`Error ${response.status} - ${response.statusText}`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = `invoice-${invoice.receiptNumber}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
