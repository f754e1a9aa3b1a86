/**
 * The tenant's payment methods (issue 17): listed, read, billing details changed, and a card's
 * setup: the setup intent, the development provider's card step and its confirmation, a card the
 * provider confirmed. Part of domain/billing.ts (docs/billing.md); SQL: storage/billing-records.ts.
 */
import { randomBytes } from 'node:crypto';
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import { paymentMethodStore, type PaymentMethodRow } from '../storage/billing-records';
import type { BillingDeps } from './billing';
import { ensureCustomer } from './billing-customers';

async function paymentMethodRow(db: Database, tenantId: string, id: string): Promise<PaymentMethodRow> {
  const row = await paymentMethodStore(db).row(tenantId, id);
  if (!row) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return row;
}

function paymentMethodDto(row: PaymentMethodRow) {
  return {
    id: row.id,
    externalId: row.external_id,
    type: row.type,
    isDefault: row.is_default,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    brand: row.brand,
    billingDetails: {
      name: row.billing_name,
      ...(row.billing_email ? { email: row.billing_email } : {}),
      address: row.billing_address,
    },
  };
}

export async function listPaymentMethods(db: Database, tenantId: string) {
  return (await paymentMethodStore(db).confirmed(tenantId)).map(paymentMethodDto);
}

export async function getPaymentMethod(db: Database, tenantId: string, id: string) {
  const row = await paymentMethodRow(db, tenantId, id);
  if (row.setup_status !== 'succeeded') throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return paymentMethodDto(row);
}

export async function updateBillingDetails(
  deps: BillingDeps,
  tenantId: string,
  id: string,
  details: { email?: string; address?: Record<string, string> },
) {
  const row = await paymentMethodRow(deps.db, tenantId, id);
  if (deps.provider) await deps.provider.updateBillingDetails(row.external_id, details);
  await paymentMethodStore(deps.db).updateDetails(tenantId, row.id, details);
  return { email: details.email, address: details.address };
}

/** POST setup-intents: a payment method waiting for its card, and the secret to confirm it with. */
export async function createSetupIntent(
  deps: BillingDeps,
  tenantId: string,
  contact: { name?: string; email: string },
) {
  const provider = deps.provider;
  if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
  const customerId = await ensureCustomer(deps.db, provider, tenantId, contact);
  const intent = await provider.createSetupIntent(
    customerId,
    `setup:${tenantId}:${randomBytes(8).toString('hex')}`,
  );
  const paymentMethodId = await paymentMethodStore(deps.db).insertPending(tenantId, intent.id, contact);
  return { id: intent.id, paymentMethodId, setupIntentSecret: intent.clientSecret };
}

/** A payment method whose card the provider confirmed (Stripe: after Stripe.js confirmed it). */
export async function completeSetup(deps: BillingDeps, tenantId: string, id: string): Promise<void> {
  const row = await paymentMethodRow(deps.db, tenantId, id);
  if (row.setup_status === 'succeeded') return;
  const confirmed = deps.provider && (await deps.provider.confirmedSetup(row.external_id));
  if (!confirmed) throw contractError('CARD_NOT_CONFIRMED');
  await paymentMethodStore(deps.db).confirm(row.id, confirmed.paymentMethodId, confirmed.card);
}

/**
 * The development provider's card step (the part Stripe.js does against Stripe): checks the card
 * with core/billing/cards.ts and keeps brand, last 4, expiry and the cardholder's name.
 */
export async function recordDevelopmentCard(
  db: Database,
  tenantId: string,
  setupId: string,
  card: { brand: string; last4: string; expMonth: number; expYear: number; name: string },
  status: 'succeeded' | 'requires_confirmation',
): Promise<string> {
  const id = await paymentMethodStore(db).recordCard(tenantId, setupId, card, status);
  if (!id) throw contractError('CARD_SETUP_NOT_FOUND');
  return id;
}

export async function setupStatus(db: Database, tenantId: string, setupId: string) {
  const setup = await paymentMethodStore(db).setup(tenantId, setupId);
  if (!setup) throw contractError('CARD_SETUP_NOT_FOUND');
  return setup;
}

export const finishConfirmation = (db: Database, id: string, approve: boolean) =>
  paymentMethodStore(db).finish(id, approve);
