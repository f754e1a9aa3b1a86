/**
 * The tenant's payment methods (issue 17): listed, read, billing details changed, and a card's
 * setup: the setup intent, the development provider's card step and its confirmation, a card the
 * provider confirmed. Part of domain/billing.ts (docs/billing.md).
 */
import { randomBytes } from 'node:crypto';
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import type { BillingDeps } from './billing';
import { ensureCustomer } from './billing-customers';

interface PaymentMethodRow {
  id: string;
  tenant_id: string;
  external_id: string;
  type: 'card' | 'unknown';
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  billing_name: string;
  billing_email: string | null;
  billing_address: Record<string, string>;
  setup_status: 'pending' | 'requires_confirmation' | 'succeeded';
}

// ---------------------------------------------------------------------------- payment methods
async function paymentMethodRow(
  db: Database,
  tenantId: string,
  id: string,
): Promise<PaymentMethodRow> {
  const { rows } = await db.query<PaymentMethodRow>(
    `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND id::text = $2`,
    [tenantId, id],
  );
  if (!rows[0]) throw contractError('PAYMENT_METHOD_NOT_FOUND');
  return rows[0];
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
  const { rows } = await db.query<PaymentMethodRow>(
    `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND setup_status = 'succeeded'
      ORDER BY is_default DESC, created_at DESC`,
    [tenantId],
  );
  return rows.map(paymentMethodDto);
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
  await deps.db.query(
    `UPDATE billing_payment_methods SET billing_email = COALESCE($3, billing_email),
       billing_address = COALESCE($4::jsonb, billing_address) WHERE id = $1 AND tenant_id = $2`,
    [row.id, tenantId, details.email ?? null, details.address ? JSON.stringify(details.address) : null],
  );
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
  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO billing_payment_methods (tenant_id, external_id, billing_name, billing_email)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [tenantId, intent.id, contact.name ?? '', contact.email],
  );
  return { id: intent.id, paymentMethodId: rows[0]!.id, setupIntentSecret: intent.clientSecret };
}

/** A payment method whose card the provider confirmed (Stripe: after Stripe.js confirmed it). */
export async function completeSetup(deps: BillingDeps, tenantId: string, id: string): Promise<void> {
  const row = await paymentMethodRow(deps.db, tenantId, id);
  if (row.setup_status === 'succeeded') return;
  const confirmed = deps.provider && (await deps.provider.confirmedSetup(row.external_id));
  if (!confirmed) throw contractError('CARD_NOT_CONFIRMED');
  await deps.db.query(
    `UPDATE billing_payment_methods SET external_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6,
       setup_status = 'succeeded' WHERE id = $1`,
    [
      row.id,
      confirmed.paymentMethodId,
      confirmed.card.brand,
      confirmed.card.last4,
      confirmed.card.expMonth,
      confirmed.card.expYear,
    ],
  );
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
  const { rows } = await db.query<{ id: string }>(
    `UPDATE billing_payment_methods SET brand = $3, last4 = $4, exp_month = $5, exp_year = $6, billing_name = $7,
       setup_status = $8 WHERE tenant_id = $1 AND external_id = $2 AND setup_status <> 'succeeded' RETURNING id`,
    [tenantId, setupId, card.brand, card.last4, card.expMonth, card.expYear, card.name, status],
  );
  if (!rows[0]) throw contractError('CARD_SETUP_NOT_FOUND');
  return rows[0].id;
}

export async function setupStatus(db: Database, tenantId: string, setupId: string) {
  const { rows } = await db.query<{ id: string; setup_status: string }>(
    `SELECT id, setup_status FROM billing_payment_methods WHERE tenant_id = $1 AND external_id = $2`,
    [tenantId, setupId],
  );
  if (!rows[0]) throw contractError('CARD_SETUP_NOT_FOUND');
  return rows[0];
}

export async function finishConfirmation(db: Database, id: string, approve: boolean): Promise<void> {
  if (approve)
    await db.query(`UPDATE billing_payment_methods SET setup_status = 'succeeded' WHERE id = $1`, [id]);
  else
    await db.query(`DELETE FROM billing_payment_methods WHERE id = $1 AND setup_status <> 'succeeded'`, [id]);
}
