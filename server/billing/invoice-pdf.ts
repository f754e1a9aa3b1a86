/**
 * The invoice as a PDF (GET .../invoices/v1/{id}/pdf), written with pdfkit: the vendor, the
 * account, the receipt number, the period, the plan and the total (cents / 100, two decimals,
 * currency upper-cased; spec 001 §9), and the card's brand and last 4 digits.
 */
import PDFDocument from 'pdfkit';
import { formatAmount } from '../../core/billing/cards';
import type { InvoiceRow } from '../storage/billing-records';

const day = (d: Date) => new Date(d).toISOString().slice(0, 10);

export function invoicePdf(
  invoice: InvoiceRow,
  parties: { vendor: string; tenant: string },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Invoice ${invoice.receipt_number}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const total = formatAmount(invoice.total_amount, invoice.currency);
    doc.fontSize(20).text(parties.vendor);
    doc.moveDown(0.5).fontSize(14).text(`Invoice ${invoice.receipt_number}`);
    doc.moveDown().fontSize(11);
    doc.text(`Billed to: ${parties.tenant}`);
    doc.text(`Date: ${day(invoice.payment_date)}`);
    doc.text(`Period: ${day(invoice.period_start)} to ${day(invoice.period_end)}`);
    doc.text(`Status: ${invoice.paid ? 'Paid' : 'Due'}`);
    doc.moveDown();
    doc.text(`${invoice.plan_name} plan, monthly`, { continued: true }).text(total, { align: 'right' });
    doc.moveDown().fontSize(13).text(`Total: ${total}`, { align: 'right' });
    if (invoice.card_last4) {
      doc.moveDown().fontSize(10).text(`Paid with ${invoice.card_brand} ending in ${invoice.card_last4}`);
    }
    doc.end();
  });
}
