/** Billing's invoices (docs/billing.md): one row per charge, read by the subscriptions page and the PDF. */
import { contractError } from '../../core/contract/errors';
import type { BillingHandlerPorts, Invoice } from '../../core/domain/billing-handlers';
import type { Database } from '../storage/database';
import { invoiceStore, type InvoiceRow } from '../storage/billing-records';

const invoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  externalId: row.external_id,
  subscriptionId: row.subscription_id,
  paymentDate: new Date(row.payment_date).toISOString(),
  totalAmount: row.total_amount,
  currency: row.currency || 'usd',
  paid: row.paid,
  receiptNumber: row.receipt_number,
});

export function invoicesPort(db: Database): BillingHandlerPorts['invoices'] {
  return {
    list: async (tenantId) => (await invoiceStore(db).list(tenantId)).map(invoice),
  };
}

/** The invoice's row, with what its PDF prints (the plan's name, the card). */
export async function findInvoice(db: Database, tenantId: string, id: string): Promise<InvoiceRow> {
  const row = await invoiceStore(db).find(tenantId, id);
  if (!row) throw contractError('INVOICE_NOT_FOUND');
  return row;
}
