/**
 * Billing (issue 17; spec 001 §3 "Billing", §4, §7 "Billing", §9), on the client SDK's paths
 * (@frontegg/rest-api 3.1.18 subscriptions/*):
 * - /subscriptions/resources/billing/plans/v1 (GET, GET /{id}); subscriptions/v1 (GET, GET /{id},
 *   PUT /{id} { paymentMethodId, planId }, PUT /{id}/cancellations/, PUT /{id}/renewals/); the same
 *   under /subscriptions/resources/subscriptions/v1 (the client's managed subscriptions);
 *   invoices/v1 (GET, GET /{id}, GET /{id}/pdf); payment-methods/v1 (GET, GET /{id}, PATCH
 *   /{id}/billing-details); summaries/v1/{tenantId}; tenant-configurations/v1 (GET /{tenantId},
 *   POST); configurations/vendor-public-configurations/v1.
 * - The card provider's calls: payment-providers/stripe/{customers, public-configurations,
 *   subscriptions, setup-intents}/v1, and GET /subscriptions/resources/payment-providers/v1.
 * - Not in the client SDK: the Stripe webhook (POST .../payment-providers/stripe/webhooks/v1,
 *   signature-verified) and the development provider's card step (POST .../payment-providers/
 *   development/setup-intents/v1/{id}/confirm and /authenticate).
 * Reading needs fe.subscriptions.read, changing fe.subscriptions.write (spec 001 §6 fe.subscriptions.*).
 * Request schemas: core/contract/requests-billing.ts (the demo backend's too). The handlers are
 * core/domain/billing-handlers.ts (demo mode runs them too) over domain/billing.ts's ports; the
 * providers: server/billing/. Server-only here: the invoice's PDF and Stripe's webhook.
 */
import type { FastifyInstance } from 'fastify';
import { BILLING_HANDLERS, DEVELOPMENT_CARD_HANDLERS } from '../../core/domain/billing-handlers';
import { DevelopmentProvider } from '../billing/development';
import { invoicePdf } from '../billing/invoice-pdf';
import type { PaymentProvider } from '../../core/domain/billing-provider';
import { StripeProvider } from '../billing/stripe';
import type { AppContext } from '../context';
import { billingHandlerPorts, type BillingDeps } from '../domain/billing';
import { applyStripeEvent } from '../domain/billing-events';
import { contractError } from '../../core/contract/errors';
import { registerHandlers } from '../http/handlers';
import { accountOf, callerOf } from '../http/route-table';

const STRIPE = '/subscriptions/resources/billing/payment-providers/stripe';

function providerOf(ctx: AppContext): PaymentProvider | null {
  const config = ctx.options.billing;
  if (config.provider === 'development') return new DevelopmentProvider(ctx.db);
  if (config.provider === 'stripe') return new StripeProvider(config.stripe);
  return null;
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = providerOf(ctx);
  const deps: BillingDeps = { db: ctx.db, provider };
  const ports = (request: Parameters<typeof callerOf>[0]) => {
    const { name, email } = callerOf(request);
    const key = request.headers['idempotency-key'];
    return billingHandlerPorts(deps, {
      caller: { name, email },
      idempotencyKey: typeof key === 'string' && key ? key.slice(0, 200) : undefined,
    });
  };
  registerHandlers(app, BILLING_HANDLERS, ports);
  // The development provider's card step (the part Stripe.js does against Stripe).
  if (provider?.name === 'development') registerHandlers(app, DEVELOPMENT_CARD_HANDLERS, ports);
  invoicePdfRoute(app, ctx);
  await stripeWebhookRoutes(app, ctx, provider);
}

/** An invoice's PDF, as a download. */
function invoicePdfRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: { outputFileName?: string } }>(
    '/subscriptions/resources/billing/invoices/v1/:id/pdf',
    async (request, reply) => {
      const ports = billingHandlerPorts({ db: ctx.db, provider: null }, { caller: { email: '' } });
      const { receiptNumber, sheet } = await ports.invoiceSheetOf(accountOf(request), request.params.id);
      const pdf = await invoicePdf(sheet);
      const name = (request.query.outputFileName || `invoice-${receiptNumber}`).replace(/[^\w.-]/g, '_');
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${name.endsWith('.pdf') ? name : `${name}.pdf`}"`,
        )
        .send(pdf);
    },
  );
}

/** Stripe's event notifications, signature-verified (the Stripe provider only). */
async function stripeWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: PaymentProvider | null,
): Promise<void> {
  if (provider instanceof StripeProvider) {
    await app.register(async (hooks) => {
      // The signature covers the exact bytes: keep the body as it came.
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      // Its answer's schema: server/http/responses/billing.ts.
      hooks.post(`${STRIPE}/webhooks/v1`, async (request) => {
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.webhookEvent(
            request.body as Buffer,
            typeof signature === 'string' ? signature : '',
          );
        } catch {
          throw contractError('WEBHOOK_SIGNATURE_INVALID');
        }
        await applyStripeEvent(ctx.db, event);
        return { received: true };
      });
    });
  }
}
