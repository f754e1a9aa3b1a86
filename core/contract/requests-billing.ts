/**
 * Billing's request schemas (server/routes/billing.ts; the demo: core/demo/billing.ts), by
 * `METHOD path` as in core/contract/requests.ts: a plan change, the invoice PDF's file name, a card's
 * billing details, the account's billing configuration, the card provider's calls and the
 * development provider's card step (only served when that provider is on, as the demo's is).
 */
import * as s from './schemas';

export const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
export const someText = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const address = s.strictObject({
  addressLine1: text(),
  addressLine2: text(),
  city: text(100),
  state: text(100),
  postalCode: text(20),
  country: text(2),
});
export const planChange = {
  body: s.strictObject({ paymentMethodId: text(100), planId: someText }, ['planId']),
};
