/**
 * Billing's other tables over PostgreSQL: the account's cards (`billing_payment_methods`: brand, last
 * 4, expiry and billing details, never a number), its invoices (`billing_invoices`, with the plan's
 * name for the PDF), and what Stripe's events write. SQL only: the rules are server/domain's
 * (billing-payment-methods.ts, billing-events.ts) and core/domain/billing*.ts's.
 */
import type { Card, Subscription } from '../../core/domain/billing';
import type { InvoiceRecord, InvoiceRepository } from '../../core/domain/billing-invoices';
import type { Database } from './database';

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
type CardFields = { brand: string; last4: string; expMonth: number; expYear: number };

/** A card row as the rules and the routes read it. */
export const cardOfRow = (row: PaymentMethodRow): Card => ({
  id: row.id,
  type: row.type,
  externalId: row.external_id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  isDefault: row.is_default,
  name: row.billing_name,
  email: row.billing_email,
  address: row.billing_address,
  status: row.setup_status,
});

export const paymentMethodStore = (db: Database) => ({
  async row(tenantId: string, id: string): Promise<PaymentMethodRow | null> {
    const { rows } = await db.query<PaymentMethodRow>(
      `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND id::text = $2`,
      [tenantId, id],
    );
    return rows[0] ?? null;
  },
  /** The account's confirmed cards, the default first, then the newest. */
  async confirmed(tenantId: string): Promise<PaymentMethodRow[]> {
    const { rows } = await db.query<PaymentMethodRow>(
      `SELECT * FROM billing_payment_methods WHERE tenant_id = $1 AND setup_status = 'succeeded'
        ORDER BY is_default DESC, created_at DESC`,
      [tenantId],
    );
    return rows;
  },
  async updateDetails(
    tenantId: string,
    id: string,
    details: { email?: string; address?: Record<string, string> },
  ): Promise<void> {
    await db.query(
      `UPDATE billing_payment_methods SET billing_email = COALESCE($3, billing_email),
         billing_address = COALESCE($4::jsonb, billing_address) WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId, details.email ?? null, details.address ? JSON.stringify(details.address) : null],
    );
  },
  /** A card waiting for its setup at the provider (`setupId`); answers its id. */
  async insertPending(tenantId: string, setupId: string, contact: { name?: string; email: string }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO billing_payment_methods (tenant_id, external_id, billing_name, billing_email)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [tenantId, setupId, contact.name ?? '', contact.email],
    );
    return rows[0]!.id;
  },
  /** The card the provider confirmed, under its id there. */
  async confirm(id: string, externalId: string, card: CardFields): Promise<void> {
    await db.query(
      `UPDATE billing_payment_methods SET external_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6,
         setup_status = 'succeeded' WHERE id = $1`,
      [id, externalId, card.brand, card.last4, card.expMonth, card.expYear],
    );
  },
  /** The development card step's card on setup `setupId` not confirmed yet; its id, or null. */
  async recordCard(
    tenantId: string,
    setupId: string,
    card: CardFields & { name: string },
    status: 'succeeded' | 'requires_confirmation',
  ): Promise<string | null> {
    const { rows } = await db.query<{ id: string }>(
      `UPDATE billing_payment_methods SET brand = $3, last4 = $4, exp_month = $5, exp_year = $6, billing_name = $7,
         setup_status = $8 WHERE tenant_id = $1 AND external_id = $2 AND setup_status <> 'succeeded' RETURNING id`,
      [tenantId, setupId, card.brand, card.last4, card.expMonth, card.expYear, card.name, status],
    );
    return rows[0]?.id ?? null;
  },
  async setup(tenantId: string, setupId: string) {
    const { rows } = await db.query<{ id: string; setup_status: string }>(
      `SELECT id, setup_status FROM billing_payment_methods WHERE tenant_id = $1 AND external_id = $2`,
      [tenantId, setupId],
    );
    return rows[0] ?? null;
  },
  /** The confirmation step's end: the card kept, or dropped. */
  async finish(id: string, approve: boolean): Promise<void> {
    if (approve)
      await db.query(`UPDATE billing_payment_methods SET setup_status = 'succeeded' WHERE id = $1`, [id]);
    else
      await db.query(`DELETE FROM billing_payment_methods WHERE id = $1 AND setup_status <> 'succeeded'`, [
        id,
      ]);
  },
});

interface InvoiceRow {
  id: string;
  subscription_id: string;
  external_id: string;
  receipt_number: string;
  total_amount: number;
  currency: string;
  paid: boolean;
  payment_date: Date;
  period_start: Date;
  period_end: Date;
  card_brand: string;
  card_last4: string;
  plan_name: string;
}
const iso = (d: Date) => new Date(d).toISOString();
const invoiceOfRow = (row: InvoiceRow): InvoiceRecord => ({
  id: row.id,
  externalId: row.external_id,
  subscriptionId: row.subscription_id,
  paymentDate: iso(row.payment_date),
  totalAmount: row.total_amount,
  currency: row.currency || 'usd',
  paid: row.paid,
  receiptNumber: row.receipt_number,
  planName: row.plan_name,
  periodStart: iso(row.period_start),
  periodEnd: iso(row.period_end),
  cardBrand: row.card_brand,
  cardLast4: row.card_last4,
});
const INVOICES = `SELECT i.*, p.name AS plan_name FROM billing_invoices i JOIN billing_plans p ON p.id = i.plan_id`;

/** The account's invoices (core/domain/billing-invoices.ts's repository). */
export const invoiceStore = (db: Database): InvoiceRepository => ({
  async list(tenantId) {
    const { rows } = await db.query<InvoiceRow>(
      `${INVOICES} WHERE i.tenant_id = $1 ORDER BY i.payment_date DESC, i.receipt_number DESC`,
      [tenantId],
    );
    return rows.map(invoiceOfRow);
  },
  async find(tenantId, id) {
    const { rows } = await db.query<InvoiceRow>(`${INVOICES} WHERE i.tenant_id = $1 AND i.id::text = $2`, [
      tenantId,
      id,
    ]);
    return rows[0] ? invoiceOfRow(rows[0]) : null;
  },
});

/** What a Stripe event says of the subscription `externalId` there. */
export async function updateExternalSubscription(
  db: Database,
  externalId: string,
  status: Subscription['status'],
  cancelAtPeriodEnd: boolean,
): Promise<void> {
  await db.query(
    `UPDATE billing_subscriptions SET status = $2, cancellation_policy = CASE WHEN $3 THEN 'atPeriodEnd' ELSE NULL END,
       version = version + 1, updated_at = now() WHERE external_id = $1`,
    [externalId, status, cancelAtPeriodEnd],
  );
}

export async function markInvoicePaid(db: Database, externalId: string): Promise<void> {
  await db.query('UPDATE billing_invoices SET paid = true WHERE external_id = $1', [externalId]);
}
