/** Routes: billing. */
import * as s from '../schemas';
import { address, planChange, someText, text } from '../requests-billing';
import { perm, pub, SERVER_ONLY } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getSubscriptionsBillingPlans: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/plans/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingPlansByPlanId: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/plans/v1/:planId',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingInvoices: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/invoices/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingInvoicesById: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/invoices/v1/:id',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingInvoicesByIdPdf: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/invoices/v1/:id/pdf',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
  request: {
    querystring: s.strictObject({ outputFileName: text(100) }),
  },
};

export const getSubscriptionsBillingPaymentMethods: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/payment-methods/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingPaymentMethodsById: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/payment-methods/v1/:id',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingSummariesByTenantId: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/summaries/v1/:tenantId',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingTenantConfigurationsByTenantId: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/tenant-configurations/v1/:tenantId',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingConfigurationsVendorPublicConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/configurations/vendor-public-configurations/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsPaymentProviders: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/payment-providers/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingPaymentProvidersStripePublicConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/payment-providers/stripe/public-configurations/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/payment-providers/stripe/customers/v1/:tenantId',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const patchSubscriptionsBillingPaymentMethodsByIdBillingDetails: RouteDescriptor = {
  method: 'PATCH',
  path: '/subscriptions/resources/billing/payment-methods/v1/:id/billing-details',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject({ email: s.email, address }),
  },
};

export const postSubscriptionsBillingTenantConfigurations: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/tenant-configurations/v1',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject(
      {
        tenantId: text(100),
        externallyManaged: { type: 'string', enum: ['true', 'false'] },
        providerType: { type: 'string', enum: ['Stripe'] },
      },
      ['tenantId', 'providerType'],
    ),
  },
};

export const postSubscriptionsBillingPaymentProvidersStripeCustomers: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/payment-providers/stripe/customers/v1',
  access: perm('fe.subscriptions.write', 'account', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject({ name: text(), email: s.email, tenantName: text() }, ['name', 'email']),
  },
};

export const postSubscriptionsBillingPaymentProvidersStripeSetupIntents: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/payment-providers/stripe/setup-intents/v1',
  access: perm('fe.subscriptions.write', 'account', { apiTokens: 'refused' }),
  request: { body: s.strictObject({ paymentMethodId: text(100) }) },
};

export const postSubscriptionsBillingPaymentProvidersStripeSubscriptions: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/payment-providers/stripe/subscriptions/v1',
  access: perm('fe.subscriptions.write', 'account', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject({ stripePlanId: someText }, ['stripePlanId']),
  },
};

export const postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdConfirm: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/payment-providers/development/setup-intents/v1/:id/confirm',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
  request: {
    body: s.strictObject(
      {
        clientSecret: text(),
        number: { type: 'string', maxLength: 30 },
        expMonth: { type: 'integer' },
        expYear: { type: 'integer' },
        cvc: { type: 'string', maxLength: 4 },
        name: text(),
      },
      ['clientSecret', 'number', 'expMonth', 'expYear', 'cvc'],
    ),
  },
};

export const postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdAuthenticate: RouteDescriptor =
  {
    method: 'POST',
    path: '/subscriptions/resources/billing/payment-providers/development/setup-intents/v1/:id/authenticate',
    access: perm('fe.subscriptions.write', 'resource'),
    request: {
      body: s.strictObject({ clientSecret: text(), approve: { type: 'boolean' } }, [
        'clientSecret',
        'approve',
      ]),
    },
  };

export const getSubscriptionsBillingSubscriptions: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/subscriptions/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsBillingSubscriptionsById: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/billing/subscriptions/v1/:id',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const putSubscriptionsBillingSubscriptionsById: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/billing/subscriptions/v1/:id',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
  request: planChange,
};

export const putSubscriptionsBillingSubscriptionsByIdCancellations: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/billing/subscriptions/v1/:id/cancellations/',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
};

export const putSubscriptionsBillingSubscriptionsByIdRenewals: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/billing/subscriptions/v1/:id/renewals/',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
};

export const getSubscriptionsSubscriptions: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/subscriptions/v1',
  access: perm('fe.subscriptions.read', 'account', { apiTokens: 'refused' }),
};

export const getSubscriptionsSubscriptionsById: RouteDescriptor = {
  method: 'GET',
  path: '/subscriptions/resources/subscriptions/v1/:id',
  access: perm('fe.subscriptions.read', 'resource', { apiTokens: 'refused' }),
};

export const putSubscriptionsSubscriptionsById: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/subscriptions/v1/:id',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
  request: planChange,
};

export const putSubscriptionsSubscriptionsByIdCancellations: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/subscriptions/v1/:id/cancellations/',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
};

export const putSubscriptionsSubscriptionsByIdRenewals: RouteDescriptor = {
  method: 'PUT',
  path: '/subscriptions/resources/subscriptions/v1/:id/renewals/',
  access: perm('fe.subscriptions.write', 'resource', { apiTokens: 'refused' }),
};

/** Stripe's event notifications (registered only with the Stripe provider): their signature is the proof. */
export const postSubscriptionsBillingStripeWebhooks: RouteDescriptor = {
  method: 'POST',
  path: '/subscriptions/resources/billing/payment-providers/stripe/webhooks/v1',
  access: pub("Stripe's event notifications, verified by their signature (the Stripe provider only)"),
  demo: SERVER_ONLY,
};
