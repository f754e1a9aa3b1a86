/**
 * Demo mode's billing: the server's handlers and rules (core/domain/billing-handlers.ts,
 * billing*.ts; the area, core/domain/back-office-areas.ts) over the page's storage and a provider
 * that moves no money (./billingStore.ts); here the development provider's card step (the server
 * registers it with that provider only) and an invoice's PDF drawn in the browser (the server's is server/billing/invoice-pdf.ts). What
 * a call changed is kept, also when it ends in a refusal (a trial that ended on the way stays
 * ended, a card whose confirmation failed stays dropped, as on the server). What the demo leaves
 * out: Stripe's own calls (customers are the development provider's ids) and the plan's features
 * in a bundle (the rules write them, but demo mode's stored data has no features to hold).
 */
import { ok } from '../contract/answer';
import { DEVELOPMENT_CARD_HANDLERS } from '../domain/billing-handlers';
import { billingAreaPorts, invoiceSheetOn } from '../domain/billing-ports';
import type { DemoRoutes } from './dispatch';
import { demoCaller, demoPlatform } from './platform';
import type { DemoClock } from './rows';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';

/** A one-page PDF with the invoice's lines (Helvetica, no library: the demo runs in the browser). */
function invoicePdf(lines: string[]): Blob {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 22} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([pdf], { type: 'application/pdf' });
}

/** The development card step and the invoice's PDF (core/contract/routes/billing.ts), by descriptor name. */
export function demoBillingRoutes(clock: DemoClock): DemoRoutes<UserHandler> {
  return {
    ...demoHandlers(DEVELOPMENT_CARD_HANDLERS, (db, user) =>
      billingAreaPorts(demoPlatform(db, clock), demoCaller(db, user)),
    ),
    // The server's sheet (core/domain/billing-invoices.ts), drawn in the browser.
    getSubscriptionsBillingInvoicesByIdPdf: async (db, user, { params }) => {
      const { sheet } = await invoiceSheetOn(demoPlatform(db, clock), user.tenantId, params.id!);
      const { title, details, item, total, card } = sheet;
      const lines = [
        sheet.vendor,
        title,
        ...details,
        `${item}: ${total}`,
        `Total: ${total}`,
        ...(card ? [card] : []),
      ];
      return ok(invoicePdf([...lines, 'Demo mode: no money was moved.']));
    },
  };
}
