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
 * core/domain/billing-handlers.ts, an area registered once for both backends
 * (core/domain/back-office-areas.ts) over the platform's `billing` (domain/billing.ts); the
 * providers: server/billing/. Here: the development provider's card step (registered with that
 * provider only) and Stripe's webhook.
 */
import type { FastifyInstance } from 'fastify';
import { DEVELOPMENT_CARD_HANDLERS } from '../../core/domain/billing-handlers';
import { billingAreaPorts } from '../../core/domain/billing-ports';
import { area } from '../../core/domain/platform';
import type { PaymentProvider } from '../../core/domain/billing-provider';
import { StripeProvider } from '../billing/stripe';
import type { AppContext } from '../context';
import { paymentProviderOf } from '../domain/billing';
import { applyStripeEvent } from '../domain/billing-events';
import { contractError } from '../../core/contract/errors';
import { registerAreas } from '../http/handlers';
import { serverPlatform } from '../platform';

const STRIPE = '/subscriptions/resources/billing/payment-providers/stripe';

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = paymentProviderOf(ctx);
  // The development provider's card step (the part Stripe.js does against Stripe).
  if (provider?.name === 'development')
    registerAreas(app, serverPlatform(ctx), [area(DEVELOPMENT_CARD_HANDLERS, billingAreaPorts)]);
  await stripeWebhookRoutes(app, ctx, provider);
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
