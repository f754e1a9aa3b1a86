/** Success answers of the billing routes (core/contract/routes/billing.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/billing';
import { ADDRESS, INVOICE, PAYMENT_METHOD, PDF, PLAN, SETUP, SUBSCRIPTION } from '../route-schemas/billing';
import { EMPTY, NO_BODY, arr, bool, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const BILLING_RESPONSES: ResponseTable = [
  [routes.getSubscriptionsBillingPlans, { 200: arr(PLAN) }],
  [routes.getSubscriptionsBillingPlansByPlanId, { 200: PLAN }],
  [routes.getSubscriptionsBillingInvoices, { 200: arr(INVOICE) }],
  [routes.getSubscriptionsBillingInvoicesById, { 200: INVOICE }],
  [routes.getSubscriptionsBillingInvoicesByIdPdf, { 200: PDF }],
  [routes.getSubscriptionsBillingPaymentMethods, { 200: arr(PAYMENT_METHOD) }],
  [routes.getSubscriptionsBillingPaymentMethodsById, { 200: PAYMENT_METHOD }],
  [
    routes.getSubscriptionsBillingSummariesByTenantId,
    {
      200: obj(
        {
          tenantConfigurationId: str,
          providerType: str,
          subscriptionId: str,
          externallyManaged: bool,
          currentPlanId: str,
          paymentMethodId: str,
          defaultPlanId: str,
        },
        [
          'tenantConfigurationId',
          'providerType',
          'subscriptionId',
          'externallyManaged',
          'currentPlanId',
          'defaultPlanId',
        ],
      ),
    },
  ],
  [
    routes.getSubscriptionsBillingTenantConfigurationsByTenantId,
    {
      200: obj(
        {
          id: str,
          vendorId: str,
          tenantId: str,
          externallyManaged: str,
          paymentProviderType: str,
          mappingId: str,
        },
        ['id', 'vendorId', 'tenantId', 'externallyManaged', 'paymentProviderType', 'mappingId'],
      ),
    },
  ],
  [
    routes.getSubscriptionsBillingConfigurationsVendorPublicConfigurations,
    {
      200: arr(
        obj({ allowPlanDowngrade: bool, allowPlanCancellation: bool }, [
          'allowPlanDowngrade',
          'allowPlanCancellation',
        ]),
      ),
    },
  ],
  [
    routes.getSubscriptionsPaymentProviders,
    {
      200: arr(obj({ providerType: str, name: str, status: str }, ['providerType', 'name', 'status'])),
    },
  ],
  [
    routes.getSubscriptionsBillingPaymentProvidersStripePublicConfigurations,
    {
      200: obj({ id: str, name: str, active: bool, publishableKey: str }, [
        'id',
        'name',
        'active',
        'publishableKey',
      ]),
    },
  ],
  [
    routes.getSubscriptionsBillingPaymentProvidersStripeCustomersByTenantId,
    { 200: obj({ stripeCustomerId: str }, ['stripeCustomerId']) },
  ],
  [
    routes.patchSubscriptionsBillingPaymentMethodsByIdBillingDetails,
    { 200: obj({ email: str, address: ADDRESS }) },
  ],
  [routes.postSubscriptionsBillingTenantConfigurations, { 200: obj({ id: str }, ['id']) }],
  [
    routes.postSubscriptionsBillingPaymentProvidersStripeCustomers,
    { 200: obj({ stripeCustomerId: str }, ['stripeCustomerId']) },
  ],
  [
    routes.postSubscriptionsBillingPaymentProvidersStripeSetupIntents,
    {
      200: obj({ id: str, paymentMethodId: str, setupIntentSecret: str }, [
        'id',
        'paymentMethodId',
        'setupIntentSecret',
      ]),
    },
  ],
  [
    routes.postSubscriptionsBillingPaymentProvidersStripeSubscriptions,
    {
      200: obj({ subscriptionId: str, subscriptionSecret: str }, ['subscriptionId', 'subscriptionSecret']),
    },
  ],
  [routes.postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdConfirm, { 200: SETUP }],
  [routes.postSubscriptionsBillingPaymentProvidersDevelopmentSetupIntentsByIdAuthenticate, { 200: SETUP }],
  [routes.getSubscriptionsBillingSubscriptions, { 200: arr(SUBSCRIPTION) }],
  [routes.getSubscriptionsBillingSubscriptionsById, { 200: SUBSCRIPTION }],
  [routes.putSubscriptionsBillingSubscriptionsById, { 200: EMPTY }],
  [routes.putSubscriptionsBillingSubscriptionsByIdCancellations, { 200: EMPTY }],
  [routes.putSubscriptionsBillingSubscriptionsByIdRenewals, { 200: EMPTY }],
  [routes.getSubscriptionsSubscriptions, { 200: arr(SUBSCRIPTION) }],
  [routes.getSubscriptionsSubscriptionsById, { 200: SUBSCRIPTION }],
  [routes.putSubscriptionsSubscriptionsById, { 200: EMPTY }],
  [routes.putSubscriptionsSubscriptionsByIdCancellations, { 200: EMPTY }],
  [routes.putSubscriptionsSubscriptionsByIdRenewals, { 200: EMPTY }],
  // Stripe's event notifications: the server tells Stripe it has the event.
  [routes.postSubscriptionsBillingStripeWebhooks, { 200: obj({ received: bool }, ['received']) }],
];

/** Bodies of calls that read none, documented. */
export const BILLING_BODIES: ResponseTable = [
  [routes.putSubscriptionsBillingSubscriptionsByIdCancellations, NO_BODY],
  [routes.putSubscriptionsBillingSubscriptionsByIdRenewals, NO_BODY],
  [routes.putSubscriptionsSubscriptionsByIdCancellations, NO_BODY],
  [routes.putSubscriptionsSubscriptionsByIdRenewals, NO_BODY],
];
