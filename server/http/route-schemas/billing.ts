// Response schemas of billing (issue 17): the client SDK's subscriptions/* calls and the development
// provider's card step; by `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, bool, int, obj, str } from './common';

const STATUS = {
  type: 'string',
  enum: ['active', 'canceled', 'incomplete', 'expired', 'trialing', 'trialEnded'],
};
export const PLAN = obj(
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
export const SUBSCRIPTION = obj(
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
export const INVOICE = obj(
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
export const ADDRESS = obj({
  addressLine1: str,
  addressLine2: str,
  city: str,
  state: str,
  postalCode: str,
  country: str,
});
export const PAYMENT_METHOD = obj(
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
export const PDF = { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
export const SETUP = obj(
  { status: { type: 'string', enum: ['succeeded', 'requires_confirmation'] }, paymentMethodId: str },
  ['status', 'paymentMethodId'],
);
