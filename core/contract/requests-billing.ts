/**
 * Billing's request schemas (server/routes/billing.ts; the demo: core/demo/billing.ts), by
 * `METHOD path` as in core/contract/requests.ts: a plan change, the invoice PDF's file name, a card's
 * billing details, the account's billing configuration, the card provider's calls and the
 * development provider's card step (only served when that provider is on, as the demo's is).
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

const BILLING = '/subscriptions/resources/billing';
const STRIPE = `${BILLING}/payment-providers/stripe`;
const DEV = `${BILLING}/payment-providers/development/setup-intents/v1`;

const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const someText = { type: 'string', minLength: 1, maxLength: 100 } as const;
const address = s.strictObject({
  addressLine1: text(),
  addressLine2: text(),
  city: text(100),
  state: text(100),
  postalCode: text(20),
  country: text(2),
});
const planChange = {
  body: s.strictObject({ paymentMethodId: text(100), planId: someText }, ['planId']),
};

export const BILLING_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  // The same plan change on the billing path and the client's managed subscriptions.
  [`PUT ${BILLING}/subscriptions/v1/:id`]: planChange,
  'PUT /subscriptions/resources/subscriptions/v1/:id': planChange,
  [`GET ${BILLING}/invoices/v1/:id/pdf`]: {
    querystring: s.strictObject({ outputFileName: text(100) }),
  },
  [`PATCH ${BILLING}/payment-methods/v1/:id/billing-details`]: {
    body: s.strictObject({ email: s.email, address }),
  },
  [`POST ${BILLING}/tenant-configurations/v1`]: {
    body: s.strictObject(
      {
        tenantId: text(100),
        externallyManaged: { type: 'string', enum: ['true', 'false'] },
        providerType: { type: 'string', enum: ['Stripe'] },
      },
      ['tenantId', 'providerType'],
    ),
  },
  [`POST ${STRIPE}/customers/v1`]: {
    body: s.strictObject({ name: text(), email: s.email, tenantName: text() }, ['name', 'email']),
  },
  [`POST ${STRIPE}/setup-intents/v1`]: { body: s.strictObject({ paymentMethodId: text(100) }) },
  [`POST ${STRIPE}/subscriptions/v1`]: {
    body: s.strictObject({ stripePlanId: someText }, ['stripePlanId']),
  },
  [`POST ${DEV}/:id/confirm`]: {
    body: s.strictObject(
      {
        clientSecret: text(),
        number: { type: 'string', maxLength: 30 },
        expMonth: { type: 'integer' },
        expYear: { type: 'integer' },
        cvc: { type: 'string', maxLength: 4 },
        name: text(),
      },
      ['clientSecret', 'number', 'expMonth', 'expYear', 'cvc'],
    ),
  },
  [`POST ${DEV}/:id/authenticate`]: {
    body: s.strictObject({ clientSecret: text(), approve: { type: 'boolean' } }, ['clientSecret', 'approve']),
  },
};
