/** Billing's invoices (docs/billing.md): one row per charge, read by the subscriptions page and the PDF. */
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';

export interface InvoiceRow {
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

const iso = (d: Date | string) => new Date(d).toISOString();

// ----------------------------------------------------------------------------------- invoices
export function invoiceDto(row: InvoiceRow) {
  return {
    id: row.id,
    externalId: row.external_id || row.id,
    subscriptionId: row.subscription_id,
    paymentDate: iso(row.payment_date),
    totalAmount: row.total_amount,
    currency: row.currency || 'usd',
    paid: row.paid,
    receiptNumber: row.receipt_number,
  };
}

export async function listInvoices(db: Database, tenantId: string): Promise<InvoiceRow[]> {
  return (
    await db.query<InvoiceRow>(
      `SELECT i.*, p.name AS plan_name FROM billing_invoices i JOIN billing_plans p ON p.id = i.plan_id
        WHERE i.tenant_id = $1 ORDER BY i.payment_date DESC, i.receipt_number DESC`,
      [tenantId],
    )
  ).rows;
}

export async function findInvoice(db: Database, tenantId: string, id: string): Promise<InvoiceRow> {
  const { rows } = await db.query<InvoiceRow>(
    `SELECT i.*, p.name AS plan_name FROM billing_invoices i JOIN billing_plans p ON p.id = i.plan_id
      WHERE i.tenant_id = $1 AND i.id::text = $2`,
    [tenantId, id],
  );
  if (!rows[0]) throw contractError('INVOICE_NOT_FOUND');
  return rows[0];
}
