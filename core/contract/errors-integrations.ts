/**
 * The error catalogue, part 3: SSO configuration, connectivity, billing and directory
 * provisioning. See core/contract/errors.ts.
 */
export const INTEGRATION_ERRORS = {
  // SSO connections configured by tenant administrators (issue 16; server/domain/sso-config.ts)
  SSO_CONFIGURATION_NOT_FOUND: { status: 404, message: 'SSO configuration not found' },
  SSO_DOMAIN_NOT_FOUND: { status: 404, message: 'SSO domain not found' },
  SSO_GROUP_NOT_FOUND: { status: 404, message: 'SSO group not found' },
  SSO_DOMAIN_EXISTS: { status: 409, message: 'This domain is already added to the connection' },
  SSO_DOMAIN_TAKEN: { status: 409, message: 'This domain already routes sign-ins to another SSO connection' },
  SSO_TXT_RECORD_MISSING: {
    status: 400,
    message: 'The TXT record was not found on the domain: publish it and try again',
  },
  SSO_DNS_FAILED: { status: 400, message: "The domain's DNS could not be queried: try again later" },
  SSO_PROTOCOL_CHANGE: {
    status: 400,
    message: 'A connection cannot change between SAML and OIDC: create another one',
  },
  SSO_ENDPOINT_INVALID: { status: 400, message: 'The SSO endpoint must be an http(s) address' },
  SSO_CERTIFICATE_INVALID: {
    status: 400,
    message: 'The certificate is not a PEM or base64 X.509 certificate',
  },
  SSO_METADATA_UNREADABLE: { status: 400, message: "The identity provider's metadata could not be read" },
  SSO_METADATA_NO_ENDPOINT: {
    status: 400,
    message: 'The metadata names no single sign-on address with the HTTP-Redirect binding',
  },
  SSO_METADATA_NO_CERTIFICATE: { status: 400, message: 'The metadata names no signing certificate' },
  SSO_METADATA_FETCH_FAILED: { status: 400, message: 'The metadata could not be fetched from this address' },
  SSO_SIGNING_KEY_MISSING: {
    status: 400,
    message: "Signed requests need the server's SAML key (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE)",
  },
  SSO_SKIP_DOMAINS_UNSUPPORTED: {
    status: 400,
    message: 'skipEmailDomainValidation is not supported: sign-ins are limited to validated domains',
  },
  // The legacy single-connection calls (server/domain/sso-legacy.ts): the client SDK's own words.
  SSO_ACS_NOT_FOUND: { status: 404, message: 'ACS url information not found' },
  // Connectivity (issue 16): webhooks, email/SMS/Slack subscriptions
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook not found' },
  WEBHOOK_LOG_NOT_FOUND: { status: 404, message: 'Webhook log not found' },
  EVENT_UNKNOWN: { status: 400, message: 'Unknown event "{value}"' },
  CHANNEL_UNKNOWN: { status: 400, message: 'Unknown channel "{value}"' },
  URL_INVALID: { status: 400, message: 'Enter an http or https URL' },
  URL_PRIVATE_ADDRESS: { status: 400, message: 'The address points to a private or local network' },
  URL_HOST_UNRESOLVED: { status: 400, message: 'The host name does not resolve' },
  RECIPIENT_REQUIRED: { status: 400, message: 'At least one recipient is required' },
  RECIPIENT_EMAIL_INVALID: { status: 400, message: '"{value}" is not an email address' },
  RECIPIENT_PHONE_INVALID: {
    status: 400,
    message: '"{value}" is not a phone number in international format',
  },
  NOTIFICATION_SETTINGS_NOT_FOUND: { status: 404, message: 'No settings for this event' },
  NOTIFICATION_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Notification subscription not found' },
  SLACK_CHANNELS_REQUIRED: { status: 400, message: 'A Slack subscription needs at least one channel' },
  SLACK_CHANNEL_UNKNOWN: { status: 400, message: 'Unknown Slack channel "{value}"' },
  // Audit streams (issue 28 item 16, core/domain/audit-streams.ts)
  AUDIT_STREAM_NOT_FOUND: { status: 404, message: 'Audit stream not found' },
  AUDIT_STREAM_HTTPS_REQUIRED: {
    status: 400,
    message: 'An audit stream needs an https address (plain http only to this machine in development)',
  },
  AUDIT_STREAM_TOKEN_REQUIRED: { status: 400, message: 'The {format} format needs the collector token' },
  AUDIT_STREAM_LIMIT: { status: 400, message: 'An account has at most {max} audit streams' },
  AUDIT_STREAM_BACKFILL_DATE: { status: 400, message: 'Back-fill from a date in the past (YYYY-MM-DD)' },
  SLACK_CHANNEL_NOT_FOUND: { status: 404, message: 'Slack channel not found' },
  SLACK_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Slack subscription not found' },
  // Billing and the checkout (issue 17; spec 001 §8 quotes the first three)
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  BILLING_EXTERNALLY_MANAGED: { status: 400, message: 'Billing is externally managed.' },
  PAYMENT_PROVIDER_NOT_CONFIGURED: { status: 400, message: 'Payment provider not configured' },
  PLAN_NOT_FOUND: { status: 404, message: 'Plan not found' },
  PLAN_CANCELLATION_NOT_ALLOWED: { status: 403, message: 'Plan cancellation is not allowed' },
  PLAN_DOWNGRADE_NOT_ALLOWED: { status: 403, message: 'Plan downgrades are not allowed' },
  SUBSCRIPTION_NOT_CANCELLABLE: {
    status: 400,
    message: 'Only an active subscription without a cancellation can be cancelled',
  },
  SUBSCRIPTION_NOT_RENEWABLE: {
    status: 400,
    message: 'Only a subscription cancelled at period end can be renewed',
  },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: 'A payment method is required for this plan' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'Payment method not found' },
  CARD_NOT_CONFIRMED: { status: 400, message: 'The card has not been confirmed yet' },
  CARD_SETUP_NOT_FOUND: { status: 404, message: 'Setup not found' },
  CARD_NOTHING_TO_CONFIRM: { status: 400, message: 'Nothing to confirm' },
  INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found' },
  PLAN_PRICE_MISSING: { status: 400, message: 'The plan has no price at the payment provider' },
  BILLING_OTHER_ACCOUNT: { status: 403, message: 'You can only see the billing of your active account' },
  BILLING_EXTERNAL_VENDOR_ONLY: {
    status: 403,
    message: 'Only the vendor can mark billing as externally managed',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature does not verify' },
  // The card checks (core/billing/cards.ts CARD_MESSAGES: development provider and demo)
  CARD_NUMBER_INVALID: { status: 402, message: 'Your card number is invalid.' },
  CARD_EXPIRY_INVALID: { status: 402, message: "Your card's expiration date is invalid." },
  CARD_EXPIRED: { status: 402, message: 'Your card has expired.' },
  CARD_CVC_INVALID: { status: 402, message: "Your card's security code is invalid." },
  CARD_DECLINED: { status: 402, message: 'Your card was declined.' },
  CARD_INSUFFICIENT_FUNDS: { status: 402, message: 'Your card has insufficient funds.' },
  CARD_NOT_TEST_CARD: {
    status: 402,
    message: 'Your card was declined: the development provider accepts only test card numbers.',
  },
  CARD_CONFIRMATION_FAILED: { status: 402, message: 'The payment was not confirmed by the cardholder.' },
  // Directory provisioning (issue 16): SCIM configurations, and what SCIM manages
  SCIM_CONFIGURATION_NOT_FOUND: { status: 404, message: 'SCIM configuration not found' },
  SCIM_MANAGED_USER: {
    status: 403,
    message: 'This user is managed by SCIM provisioning: change them in your identity provider',
  },
  SCIM_MANAGED_GROUP: {
    status: 403,
    message: 'This group is managed by SCIM provisioning: change it in your identity provider',
  },
  // Reports and notifications (core/domain/reports.ts, core/domain/notifications.ts)
  REPORT_NOT_FOUND: { status: 404, message: 'Report not found' },
  REPORT_FORMAT_UNSUPPORTED: { status: 400, message: 'Reports are rendered as HTML only' },
  REPORT_FILTERS_INVALID: {
    status: 400,
    message: 'dataFilters must be a base64-encoded JSON object',
  },
  REPORT_QUERY_INVALID: { status: 400, message: 'filters and sort must be JSON objects' },
  REPORT_FILTER_VALUE_INVALID: { status: 400, message: 'The filter "{name}" takes {rule}' },
  REPORT_SCHEDULE_INVALID: {
    status: 400,
    message: 'The schedule needs a cron expression of five fields and a known time zone',
  },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  NOTIFICATION_QUERY_INVALID: {
    status: 400,
    message: 'params must be a JSON object with count (1 to 100) and offset (0 or more)',
  },
} as const;

/** The code of each card check of core/billing/cards.ts (its `reason`): the server and the demo answer it. */
export const CARD_CODES = {
  numberInvalid: 'CARD_NUMBER_INVALID',
  expiryInvalid: 'CARD_EXPIRY_INVALID',
  expired: 'CARD_EXPIRED',
  cvcInvalid: 'CARD_CVC_INVALID',
  declined: 'CARD_DECLINED',
  insufficientFunds: 'CARD_INSUFFICIENT_FUNDS',
  notTestCard: 'CARD_NOT_TEST_CARD',
  confirmationFailed: 'CARD_CONFIRMATION_FAILED',
} as const satisfies Record<string, keyof typeof INTEGRATION_ERRORS>;
