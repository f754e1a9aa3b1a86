/**
 * Billing on the server (issue 17; spec 001 §3 "Billing", §4, §9): what the platform's `billing`
 * is here (server/platform.ts; the ports are assembled once, core/domain/billing-ports.ts): the
 * payment provider its options name (server/billing/), which stays behind its interface, one per
 * server, the receipt numbers' sequence (storage/billing.ts) and the invoice's PDF (pdfkit).
 * What the rules decide is written in core/domain/billing.ts and docs/billing.md.
 */
import type { BillingBackend } from '../../core/domain/billing-ports';
import type { PaymentProvider } from '../../core/domain/billing-provider';
import { serverDevelopmentProvider } from '../billing/development';
import { invoicePdf } from '../billing/invoice-pdf';
import { StripeProvider } from '../billing/stripe';
import type { AppContext } from '../context';
import { nextReceiptNumber } from '../storage/billing';

const providers = new WeakMap<AppContext, PaymentProvider | null>();

/** The server's payment provider (none: billing is off), made on first use. */
export function paymentProviderOf(ctx: AppContext): PaymentProvider | null {
  if (!providers.has(ctx)) {
    const config = ctx.options.billing;
    if (config.provider === 'development') providers.set(ctx, serverDevelopmentProvider(ctx.db));
    else if (config.provider === 'stripe') providers.set(ctx, new StripeProvider(config.stripe));
    else providers.set(ctx, null);
  }
  return providers.get(ctx)!;
}

/** The server's `billing` (core/domain/platform.ts): its provider, its receipt numbers' sequence, its PDF. */
export const serverBilling = (ctx: AppContext): BillingBackend => ({
  provider: () => paymentProviderOf(ctx),
  receiptNumber: () => nextReceiptNumber(ctx.db),
  invoicePdf,
});
