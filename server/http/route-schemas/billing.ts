// Response schemas of billing (issue 17): the client SDK's subscriptions/* calls and the development
// provider's card step; by `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, bool, EMPTY, int, NO_BODY, obj, str } from './common';
import type { RouteSchemas } from './index';

const B = '/subscriptions/resources/billing';
const MANAGED = '/subscriptions/resources/subscriptions/v1';
const STRIPE = `${B}/payment-providers/stripe`;
const DEV = `${B}/payment-providers/development/setup-intents/v1`;

const STATUS = {
  type: 'string',
  enum: ['active', 'canceled', 'incomplete', 'expired', 'trialing', 'trialEnded'],
};
const PLAN = obj(
  {
    id: str,
    externalId: str,
    name: str,
    description: str,
    slug: str,
    price: obj({ id: str, externalId: str, currency: str, amount: int }, [
      'id',
      'externalId',
      'currency',
      'amount',
    ]),
    features: arr(str),
  },
  ['id', 'externalId', 'name', 'description', 'slug', 'price'],
);
const SUBSCRIPTION = obj(
  {
    id: str,
    externalId: str,
    externallyManaged: bool,
    startDate: str,
    currentPeriodStart: str,
    currentPeriodEnd: str,
    status: STATUS,
    cancellation: {
      anyOf: [obj({ policy: { type: 'string', enum: ['atPeriodEnd'] } }, ['policy']), { type: 'null' }],
    },
    trialEnd: str,
    plan: obj({ slug: str }, ['slug']),
    planId: str,
    paymentMethodId: str,
  },
  [
    'id',
    'externalId',
    'externallyManaged',
    'startDate',
    'currentPeriodStart',
    'currentPeriodEnd',
    'status',
    'cancellation',
    'plan',
  ],
);
const INVOICE = obj(
  {
    id: str,
    externalId: str,
    subscriptionId: str,
    paymentDate: str,
    totalAmount: int,
    currency: str,
    paid: bool,
    receiptNumber: str,
  },
  ['id', 'externalId', 'subscriptionId', 'paymentDate', 'totalAmount', 'currency', 'paid', 'receiptNumber'],
);
const ADDRESS = obj({
  addressLine1: str,
  addressLine2: str,
  city: str,
  state: str,
  postalCode: str,
  country: str,
});
const PAYMENT_METHOD = obj(
  {
    id: str,
    externalId: str,
    type: { type: 'string', enum: ['card', 'unknown'] },
    isDefault: bool,
    last4: str,
    expMonth: int,
    expYear: int,
    brand: str,
    billingDetails: obj({ name: str, email: str, address: ADDRESS }, ['name']),
  },
  ['id', 'externalId', 'type', 'isDefault'],
);
const PDF = { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const SETUP = obj(
  { status: { type: 'string', enum: ['succeeded', 'requires_confirmation'] }, paymentMethodId: str },
  ['status', 'paymentMethodId'],
);

const subscriptions = (base: string): RouteSchemas => ({
  [`GET ${base}`]: { response: { 200: arr(SUBSCRIPTION) } },
  [`GET ${base}/:id`]: { response: { 200: SUBSCRIPTION } },
  [`PUT ${base}/:id`]: { response: { 200: EMPTY } },
  [`PUT ${base}/:id/cancellations/`]: { body: NO_BODY, response: { 200: EMPTY } },
  [`PUT ${base}/:id/renewals/`]: { body: NO_BODY, response: { 200: EMPTY } },
});

export const billingSchemas: RouteSchemas = {
  [`GET ${B}/plans/v1`]: { response: { 200: arr(PLAN) } },
  [`GET ${B}/plans/v1/:planId`]: { response: { 200: PLAN } },
  ...subscriptions(`${B}/subscriptions/v1`),
  ...subscriptions(MANAGED),
  [`GET ${B}/invoices/v1`]: { response: { 200: arr(INVOICE) } },
  [`GET ${B}/invoices/v1/:id`]: { response: { 200: INVOICE } },
  [`GET ${B}/invoices/v1/:id/pdf`]: { response: { 200: PDF } },
  [`GET ${B}/payment-methods/v1`]: { response: { 200: arr(PAYMENT_METHOD) } },
  [`GET ${B}/payment-methods/v1/:id`]: { response: { 200: PAYMENT_METHOD } },
  [`PATCH ${B}/payment-methods/v1/:id/billing-details`]: {
    response: { 200: obj({ email: str, address: ADDRESS }) },
  },
  [`GET ${B}/summaries/v1/:tenantId`]: {
    response: {
      200: obj(
        {
          tenantConfigurationId: str,
          providerType: str,
          subscriptionId: str,
          externallyManaged: bool,
          currentPlanId: str,
          paymentMethodId: str,
          defaultPlanId: str,
        },
        [
          'tenantConfigurationId',
          'providerType',
          'subscriptionId',
          'externallyManaged',
          'currentPlanId',
          'defaultPlanId',
        ],
      ),
    },
  },
  [`GET ${B}/tenant-configurations/v1/:tenantId`]: {
    response: {
      200: obj(
        {
          id: str,
          vendorId: str,
          tenantId: str,
          externallyManaged: str,
          paymentProviderType: str,
          mappingId: str,
        },
        ['id', 'vendorId', 'tenantId', 'externallyManaged', 'paymentProviderType', 'mappingId'],
      ),
    },
  },
  [`POST ${B}/tenant-configurations/v1`]: { response: { 200: obj({ id: str }, ['id']) } },
  [`GET ${B}/configurations/vendor-public-configurations/v1`]: {
    response: {
      200: arr(
        obj({ allowPlanDowngrade: bool, allowPlanCancellation: bool }, [
          'allowPlanDowngrade',
          'allowPlanCancellation',
        ]),
      ),
    },
  },
  ['GET /subscriptions/resources/payment-providers/v1']: {
    response: {
      200: arr(obj({ providerType: str, name: str, status: str }, ['providerType', 'name', 'status'])),
    },
  },
  [`GET ${STRIPE}/public-configurations/v1`]: {
    response: {
      200: obj({ id: str, name: str, active: bool, publishableKey: str }, [
        'id',
        'name',
        'active',
        'publishableKey',
      ]),
    },
  },
  [`GET ${STRIPE}/customers/v1/:tenantId`]: {
    response: { 200: obj({ stripeCustomerId: str }, ['stripeCustomerId']) },
  },
  [`POST ${STRIPE}/customers/v1`]: {
    response: { 200: obj({ stripeCustomerId: str }, ['stripeCustomerId']) },
  },
  [`POST ${STRIPE}/setup-intents/v1`]: {
    response: {
      200: obj({ id: str, paymentMethodId: str, setupIntentSecret: str }, [
        'id',
        'paymentMethodId',
        'setupIntentSecret',
      ]),
    },
  },
  [`POST ${STRIPE}/subscriptions/v1`]: {
    response: {
      200: obj({ subscriptionId: str, subscriptionSecret: str }, ['subscriptionId', 'subscriptionSecret']),
    },
  },
  [`POST ${DEV}/:id/confirm`]: { response: { 200: SETUP } },
  [`POST ${DEV}/:id/authenticate`]: { response: { 200: SETUP } },
};
