/**
 * Demo mode's billing: the server's handlers and rules (core/domain/billing-handlers.ts,
 * billing*.ts) over the page's storage and a provider that moves no money (./billingStore.ts),
 * and an invoice's PDF drawn in the browser (the server's is server/billing/invoice-pdf.ts). What
 * a call changed is kept, also when it ends in a refusal (a trial that ended on the way stays
 * ended, a card whose confirmation failed stays dropped, as on the server). What the demo leaves
 * out: entitlements from the plan (no bundle) and Stripe's own calls (customers answer the
 * development provider's id).
 */
import { formatAmount } from '../billing/cards';
import { fail, ok } from '../contract/answer';
import { BILLING_HANDLERS, DEVELOPMENT_CARD_HANDLERS } from '../domain/billing-handlers';
import { demoBillingPorts, demoBillingOf, type DemoBillingStore } from './billingStore';
import type { DemoRoutes } from './dispatch';
import type { DemoClock } from './rows';
import type { UserHandler } from './sessions';
import { demoHandlers, mapRoutes } from './shared';

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

/** A handler whose changes to the account's billing are stored, a read's too (a trial that ended on the way). */
const keptWhenChanged =
  (handler: UserHandler): UserHandler =>
  async (db, user, request) => {
    const stored = () => JSON.stringify((db as DemoBillingStore).billing?.[user.tenantId] ?? null);
    const before = stored();
    const answer = await handler(db, user, request);
    return stored() !== before ? { ...answer, save: true } : answer;
  };

/** Billing's routes (core/contract/routes/billing.ts), by descriptor name. */
export function demoBillingRoutes(clock: DemoClock): DemoRoutes<UserHandler> {
  const routes: DemoRoutes<UserHandler> = {
    ...demoHandlers({ ...BILLING_HANDLERS, ...DEVELOPMENT_CARD_HANDLERS }, (db, user) =>
      demoBillingPorts(db, user, clock),
    ),
    getSubscriptionsBillingInvoicesByIdPdf: (db, user, { params }) => {
      const invoice = demoBillingOf(db, user.tenantId).invoices.find((i) => i.id === params.id);
      if (!invoice) return fail('INVOICE_NOT_FOUND');
      const total = formatAmount(invoice.totalAmount, invoice.currency);
      return ok(
        invoicePdf([
          `Invoice ${invoice.receiptNumber}`,
          `Date: ${invoice.paymentDate.slice(0, 10)}`,
          `${invoice.plan} plan, monthly: ${total}`,
          `Total: ${total}`,
          `Paid with ${invoice.card}`,
          'Demo mode: no money was moved.',
        ]),
      );
    },
  };
  return mapRoutes(routes, keptWhenChanged);
}
