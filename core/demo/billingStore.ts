/**
 * Demo mode's billing (the platform's `billing`, core/demo/platform.ts): the development provider
 * (core/domain/billing-provider.ts) moving no money, one receipt numbering and an invoice's PDF
 * drawn in the browser (the server's is server/billing/invoice-pdf.ts), under the ports assembled
 * once (core/domain/billing-ports.ts) over the page's storage (`db.tables`). What a call changed is
 * kept, also when it ends in a refusal (a trial that ended on the way stays ended, a card whose
 * confirmation failed stays dropped, as on the server). What the demo leaves out: Stripe (the
 * development provider stands in) and the plan's features in a bundle (the rules write them, but
 * demo mode's stored data has no features to hold). The plans are the starting catalogue
 * (core/domain/billing-plans.ts) and the vendor's row the spec's switches (spec 001 §9), written as
 * rows on first use as the server's migration writes them. Ids are random uuids, as the server's
 * (billing reads an id that is not one as no row). server/storage/billing.test.ts holds this store
 * and the server's to the same cases.
 */
import { DEFAULT_BILLING_SWITCHES } from '../billing/vendorRules';
import { catalogueRows } from '../domain/billing-plans';
import type { BillingBackend } from '../domain/billing-ports';
import { developmentProvider } from '../domain/billing-provider';
import { BILLING_INVOICES, BILLING_PLANS, BILLING_VENDOR } from '../domain/billing-tables';
import { randomUuid } from '../domain/random-secrets';
import { DEMO_VENDOR_ID, noteWritten, type DemoDatabase, type DemoTables } from './data';
import { memoryTables } from './tables';

/** The vendor's name on demo mode's invoices. */
const DEMO_VENDOR_NAME = 'Auth Elements demo';

/** The catalogue's rows and the vendor's, as the server's migrations write them, once. */
function seedBilling(store: DemoTables): void {
  if (!store[BILLING_PLANS.name]?.length) {
    store[BILLING_PLANS.name] = catalogueRows().map((row) => ({ ...row, id: randomUuid() }));
    // Stored after the call that made them, a read too (their ids are random).
    noteWritten(store);
  }
  if (!store[BILLING_VENDOR.name]?.length)
    store[BILLING_VENDOR.name] = [
      { id: DEMO_VENDOR_ID, name: DEMO_VENDOR_NAME, ...DEFAULT_BILLING_SWITCHES },
    ];
}

/** A one-page PDF with the invoice's lines (Helvetica, no library: the demo runs in the browser). */
function drawPdf(lines: string[]): Blob {
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

/** Demo mode's `billing` over the stored data `db`, the catalogue and the vendor's row written first. */
export function demoBilling(db: DemoDatabase, random: () => string): BillingBackend {
  seedBilling((db.tables ??= {}));
  const tables = memoryTables(db.tables);
  // Every confirmed card pays; no charge is kept (nothing was charged).
  const provider = developmentProvider(random, async (_, chargeId) => ({ chargeId, paid: true }));
  return {
    provider: () => provider,
    // One numbering for every account, as the server's sequence.
    receiptNumber: async () => `R-${1001 + (await tables.of(BILLING_INVOICES).count())}`,
    // The server's sheet (core/domain/billing-invoices.ts), drawn in the browser.
    invoicePdf: async ({ vendor, title, details, item, total, card }) =>
      drawPdf([
        vendor,
        title,
        ...details,
        `${item}: ${total}`,
        `Total: ${total}`,
        ...(card ? [card] : []),
        'Demo mode: no money was moved.',
      ]),
  };
}
