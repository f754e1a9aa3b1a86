/**
 * The invoice as a PDF (GET .../invoices/v1/{id}/pdf), written with pdfkit: what
 * core/domain/billing-invoices.ts's `invoiceSheet` says (the vendor, the account, the receipt
 * number, the period, the plan and the total, the card), laid out on one A4 page.
 */
import PDFDocument from 'pdfkit';
import type { invoiceSheet } from '../../core/domain/billing-invoices';

export function invoicePdf(sheet: ReturnType<typeof invoiceSheet>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: sheet.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(sheet.vendor);
    doc.moveDown(0.5).fontSize(14).text(sheet.title);
    doc.moveDown().fontSize(11);
    for (const line of sheet.details) doc.text(line);
    doc.moveDown();
    doc.text(sheet.item, { continued: true }).text(sheet.total, { align: 'right' });
    doc.moveDown().fontSize(13).text(`Total: ${sheet.total}`, { align: 'right' });
    if (sheet.card) doc.moveDown().fontSize(10).text(sheet.card);
    doc.end();
  });
}
