/** Billing's invoices (docs/billing.md): one row per charge, read by the subscriptions page and the PDF. */
import { contractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import { invoiceStore, type InvoiceRow } from '../storage/billing-records';

const iso = (d: Date | string) => new Date(d).toISOString();

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

export const listInvoices = (db: Database, tenantId: string) => invoiceStore(db).list(tenantId);

export async function findInvoice(db: Database, tenantId: string, id: string): Promise<InvoiceRow> {
  const row = await invoiceStore(db).find(tenantId, id);
  if (!row) throw contractError('INVOICE_NOT_FOUND');
  return row;
}
