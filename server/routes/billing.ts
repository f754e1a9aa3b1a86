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
 * Request schemas: core/contract/requests-billing.ts (the demo backend's too).
 * What the server does: domain/billing.ts; the providers: server/billing/.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCard } from '../../core/billing/cards';
import { DevelopmentProvider } from '../billing/development';
import { invoicePdf } from '../billing/invoice-pdf';
import type { PaymentProvider } from '../billing/provider';
import { StripeProvider } from '../billing/stripe';
import type { AppContext } from '../context';
import {
  cancelSubscription,
  changePlan,
  currentSubscription,
  findSubscription,
  renewSubscription,
  subscriptionView,
  type BillingPorts,
} from '../../core/domain/billing';
import {
  billingSummary,
  configureAccount,
  ownAccount,
  tenantConfigurationView,
} from '../../core/domain/billing-accounts';
import { planDto, planOf } from '../../core/domain/billing-plans';
import { billingPorts, type BillingDeps } from '../domain/billing';
import { ensureCustomer } from '../domain/billing-customers';
import {
  createSetupIntent,
  finishConfirmation,
  getPaymentMethod,
  listPaymentMethods,
  recordDevelopmentCard,
  setupStatus,
  updateBillingDetails,
} from '../domain/billing-payment-methods';
import { applyStripeEvent } from '../domain/billing-events';
import { findInvoice, invoiceDto, listInvoices } from '../domain/billing-invoices';
import { billingVendor, tenantConfiguration, tenantName } from '../storage/billing';
import { CARD_CODES, contractError } from '../../core/contract/errors';
import { accountOf, callerOf } from '../http/route-table';

const BILLING = '/subscriptions/resources/billing';
const MANAGED = '/subscriptions/resources/subscriptions/v1';
const STRIPE = `${BILLING}/payment-providers/stripe`;
const DEV = `${BILLING}/payment-providers/development/setup-intents/v1`;

function providerOf(ctx: AppContext): PaymentProvider | null {
  const config = ctx.options.billing;
  if (config.provider === 'development') return new DevelopmentProvider(ctx.db);
  if (config.provider === 'stripe') return new StripeProvider(config.stripe);
  return null;
}

/** What every billing handler reads: the provider, the caller's account, the vendor. */
interface BillingEnv {
  ctx: AppContext;
  deps: BillingDeps;
  ports: BillingPorts;
  provider: PaymentProvider | null;
  vendor: () => Promise<{ id: string; name: string }>;
  caller: (request: FastifyRequest) => { claims: ReturnType<typeof callerOf>; tenantId: string };
  requireProvider: () => PaymentProvider;
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = providerOf(ctx);
  const env: BillingEnv = {
    ctx,
    deps: { db: ctx.db, provider },
    ports: billingPorts({ db: ctx.db, provider }),
    provider,
    vendor: () => billingVendor(ctx.db),
    // The route table checked the caller and the permission (http/route-table.ts).
    caller: (request) => ({ claims: callerOf(request), tenantId: accountOf(request) }),
    requireProvider: () => {
      if (!provider) throw contractError('PAYMENT_PROVIDER_NOT_CONFIGURED');
      return provider;
    },
  };
  planRoutes(app, env);
  invoiceRoutes(app, env);
  paymentMethodRoutes(app, env);
  accountRoutes(app, env);
  providerRoutes(app, env);
  developmentCardRoutes(app, env);
  await stripeWebhookRoutes(app, ctx, provider);
}

/** Plans and the account's subscription (both paths of the client SDK). */
function planRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ports, caller } = env;
  app.get(`${BILLING}/plans/v1`, async () => {
    return (await ports.plans.list()).map(planDto);
  });
  app.get<{ Params: { planId: string } }>(`${BILLING}/plans/v1/:planId`, async (request) => {
    const plan = await planOf(ports.plans, request.params.planId);
    // One plan: what the client SDK's callers read (`.id`, `.name`, `.price.amount`), though its
    // .d.ts declares a list (getSubscriptionPlan: IPlanResponse[]; docs/contract.md).
    return planDto(plan);
  });

  // ------------------------------------------------------------------------- subscriptions
  for (const base of [`${BILLING}/subscriptions/v1`, MANAGED]) {
    app.get(base, async (request) => {
      const { tenantId } = caller(request);
      return [await subscriptionView(ports, await currentSubscription(ports, tenantId))];
    });
    app.get<{ Params: { id: string } }>(`${base}/:id`, async (request) => {
      const { tenantId } = caller(request);
      return subscriptionView(ports, await findSubscription(ports, tenantId, request.params.id));
    });
    app.put<{ Params: { id: string }; Body: { paymentMethodId?: string; planId: string } }>(`${base}/:id`, {
      handler: async (request) => {
        const { tenantId } = caller(request);
        const key = request.headers['idempotency-key'];
        await changePlan(ports, tenantId, request.params.id, request.body, {
          idempotencyKey: typeof key === 'string' && key ? key.slice(0, 200) : undefined,
        });
        return {};
      },
    });
    app.put<{ Params: { id: string } }>(`${base}/:id/cancellations/`, async (request) => {
      const { tenantId } = caller(request);
      await cancelSubscription(ports, tenantId, request.params.id);
      return {};
    });
    app.put<{ Params: { id: string } }>(`${base}/:id/renewals/`, async (request) => {
      const { tenantId } = caller(request);
      await renewSubscription(ports, tenantId, request.params.id);
      return {};
    });
  }
}

/** Invoices, and an invoice's PDF. */
function invoiceRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ctx, ports, vendor, caller } = env;
  app.get(`${BILLING}/invoices/v1`, async (request) => {
    const { tenantId } = caller(request);
    await currentSubscription(ports, tenantId);
    return (await listInvoices(ctx.db, tenantId)).map(invoiceDto);
  });
  app.get<{ Params: { id: string } }>(`${BILLING}/invoices/v1/:id`, async (request) => {
    const { tenantId } = caller(request);
    return invoiceDto(await findInvoice(ctx.db, tenantId, request.params.id));
  });
  app.get<{ Params: { id: string }; Querystring: { outputFileName?: string } }>(
    `${BILLING}/invoices/v1/:id/pdf`,
    {
      handler: async (request, reply) => {
        const { tenantId } = caller(request);
        const invoice = await findInvoice(ctx.db, tenantId, request.params.id);
        const pdf = await invoicePdf(invoice, {
          vendor: (await vendor()).name,
          tenant: (await tenantName(ctx.db, tenantId)) ?? '',
        });
        const name = (request.query.outputFileName || `invoice-${invoice.receipt_number}`).replace(
          /[^\w.-]/g,
          '_',
        );
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${name.endsWith('.pdf') ? name : `${name}.pdf`}"`,
          )
          .send(pdf);
      },
    },
  );
}

/** The account's saved cards. */
function paymentMethodRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ctx, deps, caller } = env;
  app.get(`${BILLING}/payment-methods/v1`, async (request) => {
    const { tenantId } = caller(request);
    return listPaymentMethods(ctx.db, tenantId);
  });
  app.get<{ Params: { id: string } }>(`${BILLING}/payment-methods/v1/:id`, async (request) => {
    const { tenantId } = caller(request);
    return getPaymentMethod(ctx.db, tenantId, request.params.id);
  });
  app.patch<{ Params: { id: string }; Body: { email?: string; address?: Record<string, string> } }>(
    `${BILLING}/payment-methods/v1/:id/billing-details`,
    {
      handler: async (request) => {
        const { tenantId } = caller(request);
        return updateBillingDetails(deps, tenantId, request.params.id, request.body);
      },
    },
  );
}

/** The account's summary and billing configuration, the vendor's public switches. */
function accountRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ctx, ports, provider, vendor, caller } = env;
  app.get<{ Params: { tenantId: string } }>(`${BILLING}/summaries/v1/:tenantId`, async (request) => {
    const { tenantId } = caller(request);
    return billingSummary(ports, tenantId, request.params.tenantId);
  });
  app.get<{ Params: { tenantId: string } }>(
    `${BILLING}/tenant-configurations/v1/:tenantId`,
    async (request) => {
      const { tenantId } = caller(request);
      return tenantConfigurationView(ports, tenantId, request.params.tenantId, (await vendor()).id);
    },
  );
  app.post<{ Body: { tenantId: string; externallyManaged?: string; providerType: string } }>(
    `${BILLING}/tenant-configurations/v1`,
    {
      handler: async (request) => {
        const { claims, tenantId } = caller(request);
        const config = await configureAccount(ports, tenantId, request.body);
        // TenantCreatedAction create_customer: the customer at the provider, when there is one.
        if (provider) await ensureCustomer(ctx.db, provider, tenantId, claims);
        return { id: config.id };
      },
    },
  );
  app.get(`${BILLING}/configurations/vendor-public-configurations/v1`, async () => {
    const { allowPlanDowngrade, allowPlanCancellation } = await ports.switches();
    return [{ allowPlanDowngrade, allowPlanCancellation }];
  });
}

/** The card provider's calls (spec 001 §9: only the card provider, active at status 1). */
function providerRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ctx, deps, ports, provider, caller, requireProvider } = env;
  // Spec 001 §9: only the card provider is supported, active at status 1.
  app.get('/subscriptions/resources/payment-providers/v1', async () => {
    return provider
      ? [{ providerType: 'Stripe', name: provider.name === 'stripe' ? 'Stripe' : 'development', status: '1' }]
      : [];
  });
  app.get(`${STRIPE}/public-configurations/v1`, async (request) => {
    const { tenantId } = caller(request);
    const p = requireProvider();
    return {
      id: (await tenantConfiguration(ctx.db, tenantId)).id,
      // 'development' tells the checkout to collect the card itself (no Stripe.js).
      name: p.name === 'stripe' ? 'Stripe' : 'development',
      active: true,
      publishableKey: p.publishableKey,
    };
  });
  app.get<{ Params: { tenantId: string } }>(`${STRIPE}/customers/v1/:tenantId`, async (request) => {
    const { tenantId } = caller(request);
    ownAccount(tenantId, request.params.tenantId);
    const config = await tenantConfiguration(ctx.db, tenantId);
    if (!config.mappingId) throw contractError('CUSTOMER_NOT_FOUND');
    return { stripeCustomerId: config.mappingId };
  });
  app.post<{ Body: { name: string; email: string; tenantName?: string } }>(`${STRIPE}/customers/v1`, {
    handler: async (request) => {
      const { tenantId } = caller(request);
      const id = await ensureCustomer(ctx.db, requireProvider(), tenantId, request.body);
      return { stripeCustomerId: id };
    },
  });
  app.post<{ Body: { paymentMethodId?: string } }>(`${STRIPE}/setup-intents/v1`, {
    handler: async (request) => {
      const { claims, tenantId } = caller(request);
      return createSetupIntent(deps, tenantId, claims);
    },
  });
  app.post<{ Body: { stripePlanId: string } }>(`${STRIPE}/subscriptions/v1`, {
    handler: async (request) => {
      const { tenantId } = caller(request);
      requireProvider();
      const sub = await currentSubscription(ports, tenantId);
      await changePlan(ports, tenantId, sub.id, { planId: request.body.stripePlanId });
      // No client-side confirmation is pending: the plan is charged to the saved card.
      return { subscriptionId: sub.id, subscriptionSecret: '' };
    },
  });
}

/** The development provider's card step (not in the client SDK). */
function developmentCardRoutes(app: FastifyInstance, env: BillingEnv): void {
  const { ctx, provider, caller } = env;
  if (provider?.name === 'development') {
    app.post<{
      Params: { id: string };
      Body: {
        clientSecret: string;
        number: string;
        expMonth: number;
        expYear: number;
        cvc: string;
        name?: string;
      };
    }>(`${DEV}/:id/confirm`, {
      handler: async (request, reply) => {
        const { tenantId } = caller(request);
        if (!request.body.clientSecret.startsWith(`${request.params.id}_secret_`))
          throw contractError('CARD_SETUP_NOT_FOUND');
        const outcome = checkCard(request.body);
        if (!outcome.ok) throw contractError(CARD_CODES[outcome.reason]);
        const status = outcome.requiresConfirmation ? 'requires_confirmation' : 'succeeded';
        const paymentMethodId = await recordDevelopmentCard(
          ctx.db,
          tenantId,
          request.params.id,
          { ...outcome.card, name: request.body.name ?? '' },
          status,
        );
        return reply.send({ status, paymentMethodId });
      },
    });
    app.post<{ Params: { id: string }; Body: { clientSecret: string; approve: boolean } }>(
      `${DEV}/:id/authenticate`,
      {
        handler: async (request) => {
          const { tenantId } = caller(request);
          if (!request.body.clientSecret.startsWith(`${request.params.id}_secret_`))
            throw contractError('CARD_SETUP_NOT_FOUND');
          const setup = await setupStatus(ctx.db, tenantId, request.params.id);
          if (setup.setup_status !== 'requires_confirmation') throw contractError('CARD_NOTHING_TO_CONFIRM');
          await finishConfirmation(ctx.db, setup.id, request.body.approve);
          if (!request.body.approve) throw contractError('CARD_CONFIRMATION_FAILED');
          return { status: 'succeeded', paymentMethodId: setup.id };
        },
      },
    );
  }
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
