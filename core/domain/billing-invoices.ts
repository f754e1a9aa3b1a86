/**
 * Billing's invoices (issue 17; docs/billing.md), written once: one record per charge, as both
 * stores keep it (`billing_invoices`, core/domain/billing-store.ts, over PostgreSQL and over demo
 * mode's stored data), the invoice as the client SDK reads it, and what its PDF says (the
 * server lays it out with pdfkit, server/billing/invoice-pdf.ts; demo mode draws it in the browser,
 * core/demo/billing.ts).
 */
import type { Invoice } from '../api/billing';
import { formatAmount } from '../billing/cards';
import { contractError } from '../contract/errors';

/** An invoice as stored: the client's fields and what its PDF prints (the plan, the period, the card). */
export interface InvoiceRecord extends Invoice {
  planName: string;
  periodStart: string;
  periodEnd: string;
  cardBrand: string;
  /** '' when no card paid. */
  cardLast4: string;
}

export interface InvoiceRepository {
  /** The account's invoices, newest first. */
  list(tenantId: string): Promise<InvoiceRecord[]>;
  /** The account's invoice `id`; null when it has none of that id. */
  find(tenantId: string, id: string): Promise<InvoiceRecord | null>;
}

/** An invoice as the client SDK reads it (`externalId` is the invoice's own id without one at the provider). */
export const invoiceDto = (invoice: InvoiceRecord): Invoice => ({
  id: invoice.id,
  externalId: invoice.externalId || invoice.id,
  subscriptionId: invoice.subscriptionId,
  paymentDate: invoice.paymentDate,
  totalAmount: invoice.totalAmount,
  currency: invoice.currency,
  paid: invoice.paid,
  receiptNumber: invoice.receiptNumber,
});

/** The account's invoice `id` (INVOICE_NOT_FOUND). */
export async function invoiceOf(
  invoices: InvoiceRepository,
  tenantId: string,
  id: string,
): Promise<InvoiceRecord> {
  const invoice = await invoices.find(tenantId, id);
  if (!invoice) throw contractError('INVOICE_NOT_FOUND');
  return invoice;
}

const day = (iso: string) => iso.slice(0, 10);

/** What an invoice's PDF says: the issuer, the title, the details, the plan's line and total, the card. */
export function invoiceSheet(invoice: InvoiceRecord, parties: { vendor: string; tenant: string }) {
  return {
    vendor: parties.vendor,
    title: `Invoice ${invoice.receiptNumber}`,
    details: [
      `Billed to: ${parties.tenant}`,
      `Date: ${day(invoice.paymentDate)}`,
      `Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
      `Status: ${invoice.paid ? 'Paid' : 'Due'}`,
    ],
    item: `${invoice.planName} plan, monthly`,
    // Cents / 100, two decimals, the currency upper-cased (spec 001 §9).
    total: formatAmount(invoice.totalAmount, invoice.currency),
    card: invoice.cardLast4 ? `Paid with ${invoice.cardBrand} ending in ${invoice.cardLast4}` : null,
  };
}
