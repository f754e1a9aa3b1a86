/**
 * The error catalogue of the HTTP contract (issue 13, item 6): every message a server of this
 * contract answers in its `errors` list, under a stable code. The server answers
 * `{ errors: [message, ...], errorCodes: [code, ...] }`, one code per message, in the same order
 * (docs/contract.md "Error codes"); the kit keeps the codes on `ApiError` and a host's
 * `localizations.serverErrors` translates a message by its code.
 *
 * Codes are stable: a code is never renamed or reused for another meaning; a message may be
 * reworded under its code. `{name}` in a message stands for a value the server fills in (a number,
 * a field, a permission key): the code covers every value.
 *
 * The server imports this at run time (server/http/errors.ts, through `errorCodeOf`); the kit
 * imports only its types, so the catalogue costs the kit's bundles nothing. A server route that
 * adds a message adds it here: `server/http/error-codes.test.ts` fails for any message the server
 * can send that has no code, and the OpenAPI document lists the codes (ErrorCode's enum).
 */
export const ERROR_CATALOGUE = {
  // The request itself (framework, schemas, transport)
  NOT_FOUND: 'Not found',
  INVALID_JSON: 'Request body is not valid JSON',
  REQUEST_TOO_LARGE: 'Error request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type: send application/json',
  INVALID_INPUT: 'Invalid input',
  INVALID_REQUEST: 'Invalid request',
  BAD_REQUEST: 'Bad request',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  INTERNAL_ERROR: 'Internal server error',
  INVALID_ADDRESS: 'The address is not valid',
  ADDRESS_TOO_LONG: 'The address is too long',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  INVALID_HTTP: 'The request is not valid HTTP',
  HOST_HEADER_MISSING: 'The Host header is missing',
  INVALID_HOST_HEADER: 'Invalid Host header',
  EXPECT_UNSUPPORTED: 'Only "Expect: 100-continue" is supported',
  SHUTTING_DOWN: 'The server is shutting down: try again in a moment',
  ORIGIN_NOT_ALLOWED: 'Origin not allowed',
  INVALID_PREFLIGHT: 'Invalid Preflight Request',
  PARAMETER_REPEATED: 'Parameter "{name}" is repeated',
  // Schema validation (core/contract/validate.ts describeIssue): one message per field
  FIELD_REQUIRED: '{field} is required',
  FIELD_UNKNOWN: 'Unknown field "{field}"',
  BODY_NOT_OBJECT: 'Request body must be a JSON object',
  PARAMETERS_INVALID: 'Invalid {part}',
  FIELD_TYPE: '{field} must be {type}',
  FIELD_EMAIL: '{field} must be a valid email address',
  FIELD_FORMAT: '{field} has an invalid format',
  FIELD_EMPTY: '{field} must not be empty',
  FIELD_TOO_SHORT: '{field} must be at least {n} characters',
  FIELD_TOO_LONG: '{field} must be at most {n} characters',
  FIELD_CHARACTERS: '{field} contains characters that are not allowed',
  FIELD_ANY_OF: '{field} has an invalid type',
  FIELD_TOO_MANY_FIELDS: '{field} has too many fields',
  FIELD_INVALID: '{field} is invalid',
  // Tokens and callers
  BEARER_MISSING: 'Missing bearer token',
  TOKEN_INVALID: 'Invalid or expired token',
  TOKEN_KEY_MISSING: 'Missing kid',
  TOKEN_KEY_UNKNOWN: 'Unknown kid',
  API_TOKEN_REFUSED: 'API tokens cannot be used for this call: sign in as a user',
  PERMISSION_REQUIRED: 'You need the {permission} permission to do this',
  NO_ACCOUNT: 'You are not a member of any account',
  NOT_ACCOUNT_MEMBER: 'You are not a member of this account',
  IMPERSONATING_NOT_AVAILABLE: 'Not available while impersonating',
  // Sign-in, sign-up, sessions
  CREDENTIALS_INCORRECT: 'Incorrect email or password',
  SESSION_EXPIRED: 'Session expired, please sign in again',
  SESSION_NOT_FOUND: 'Session not found',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in',
  SSO_NOT_CONFIGURED: 'SSO is not configured for this email domain',
  SSO_CONNECTION_UNKNOWN: 'Unknown SSO connection',
  AUTHENTICATION_FAILED: 'Failed to authenticate',
  SIGN_UP_DISABLED: 'Sign up is disabled',
  USER_EXISTS: 'User already exists',
  TOO_MANY_ATTEMPTS: 'Too many failed attempts. Try again in {n} {unit}.',
  TOO_MANY_CODES: 'Too many codes requested. Try again in {n} {unit}.',
  TOO_MANY_SIGN_UPS: 'Too many sign-ups from this network. Try again in {n} {unit}.',
  TOO_MANY_CAMPAIGNS: 'Too many reset campaigns. Try again in {n} {unit}.',
  ACTOR_TOKEN_FOREIGN: 'The actor token is not a token of this session',
  // Passwords, activation, recovery
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: 'Password must be at least {n} characters',
  PASSWORD_TOO_LONG: 'Password must be at most {n} characters',
  PASSWORD_BREACHED: 'This password has appeared in a data breach. Choose a different password.',
  PASSWORD_CURRENT_WRONG: 'The current password is incorrect.',
  PASSWORD_UNCHANGED: 'Choose a new password different from the current one.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Ask for a new one.',
  ACTIVATION_LINK_INVALID: 'This activation link is invalid or has expired. Ask for a new one.',
  // Passwordless and phone
  MAGIC_LINK_INVALID: 'This sign-in link is invalid or has expired. Ask for a new one.',
  CODE_WRONG: 'The code is incorrect. Check it and try again.',
  CODE_EXPIRED: 'This code has expired or was already used. Ask for a new one.',
  PHONE_CHANGE_EXPIRED: 'This phone number change has expired. Start again.',
  PHONE_INVALID: 'Enter a phone number with its country code, like +44 20 7946 0958.',
  PASSWORDLESS_TYPE_MISMATCH: 'Type does not match the address',
  EMAIL_REQUIRED: 'Email is required',
  // MFA (server/domain/mfa.ts MFA_MESSAGES)
  MFA_TOKEN_EXPIRED: 'Your sign-in attempt has expired. Sign in again.',
  MFA_CODE_WRONG: 'That code is not correct. Check it and try again.',
  MFA_CODE_EXPIRED: 'That code has expired or was already used. Ask for a new one.',
  MFA_TOO_MANY_ATTEMPTS: 'Too many wrong attempts. Wait 15 minutes, then sign in again.',
  MFA_RECOVERY_CODE_WRONG: 'That recovery code is not correct.',
  MFA_WEBAUTHN_FAILED: 'The passkey or security key could not be verified. Try again.',
  MFA_DEVICE_UNKNOWN: 'This device is not registered to your account.',
  MFA_STRATEGY_DISABLED: 'This verification method is not enabled.',
  MFA_ALREADY_ENROLLED: 'Two-factor authentication is already set up for this account.',
  MFA_PHONE_INVALID: 'Enter a phone number in international format, like +14155550123.',
  PASSKEYS_DISABLED: 'Passkeys are not enabled.',
  MFA_RECOVERY_NEEDS_FIRST_FACTOR:
    'Sign in with your password (or another first factor) first: a recovery code replaces only the second factor.',
  MFA_EMAIL_MISMATCH: 'The email is not the one signing in.',
  MFA_NOT_ENROLLED: 'Set up two-factor authentication first: recovery codes come with it.',
  // Users, members, grants
  USER_NOT_FOUND: 'User not found',
  MEMBER_NOT_FOUND: 'User not found in this account',
  ROLES_UNKNOWN: 'Some roles do not exist in this account',
  GRANT_NOT_HELD: 'You cannot grant the {permission} permission: you do not hold it',
  MEMBER_ABOVE: 'This member holds permissions you do not have: you cannot change them',
  OWN_ROLES: 'You cannot change your own roles',
  REMOVE_SELF: 'You cannot remove yourself from the account',
  DENY_SELF: 'You cannot deny your own access to the account you are signed in to',
  USER_IDS_INVALID: 'ids must be 1 to 200 user ids separated by commas',
  LIST_OTHER_ACCOUNT: 'You can only list the users of your active account',
  PRESET_PARAMS_NOT_OBJECT: '_presetParams must be a JSON object',
  PRESET_PARAMS_UNKNOWN_FIELD: 'Unknown field "{field}" in _presetParams',
  MAX_INACTIVE_NOT_WHOLE: '_maxInactiveSeconds must be a whole number of seconds',
  MAX_INACTIVE_TWICE: '_maxInactiveSeconds is given twice with different values',
  MAX_INACTIVE_NEEDS_PRESET: '_maxInactiveSeconds needs _preset=INACTIVE',
  NAME_EMPTY: 'Name must not be empty',
  PROFILE_NAME_EMPTY: 'name must not be empty',
  // Metadata
  METADATA_NOT_OBJECT: 'Metadata must be a JSON object',
  METADATA_TOO_DEEP: 'Metadata must not nest deeper than {n} levels',
  METADATA_TOO_LARGE: 'Metadata must be at most {n} bytes',
  METADATA_NUL: 'Metadata must not contain U+0000 characters',
  // Invitations and invite links
  ALREADY_INVITED: 'This user is already invited to this account: resend the invitation instead',
  ALREADY_MEMBER: 'A user with this email is already a member of this account',
  INVITATION_ACCEPTED: 'This user has already accepted the invitation',
  INVITATION_NONE_PENDING: 'This user has no pending invitation in your accounts',
  INVITATION_INVALID:
    'This invitation is invalid or has expired. Ask the account administrator for a new one.',
  INVITE_LINK_NONE: 'This account has no invite link',
  INVITE_LINK_INVALID:
    'This invite link is invalid or has expired. Ask the account administrator for a new one.',
  // Roles, permissions, groups
  ROLE_NOT_FOUND: 'Role not found in this account',
  ROLE_VENDOR_WIDE: 'This role is defined for every account and cannot be changed here',
  ROLES_VENDOR_WIDE: 'Roles defined for every account cannot be changed here',
  ROLE_KEY_EXISTS: 'A role with this key already exists',
  PERMISSIONS_UNKNOWN: 'Some permissions do not exist',
  PERMISSION_NOT_FOUND: 'Permission not found',
  GROUP_NOT_FOUND: 'Group not found in this account',
  GROUP_NAME_EXISTS: 'A group with this name already exists',
  // API tokens
  API_TOKENS_CANNOT_CREATE: 'API tokens cannot create API tokens',
  API_TOKENS_DISABLED: 'API tokens are turned off for this application',
  API_TOKEN_NOT_FOUND: 'API token not found',
  ACCESS_TOKEN_NOT_FOUND: 'Access token not found',
  // Profile picture
  PROFILE_IMAGE_NOT_MULTIPART: 'Send the picture as multipart/form-data with one file',
  PROFILE_IMAGE_TOO_LARGE: 'The picture must be at most 1 MB',
  PROFILE_IMAGE_TYPE: 'The picture must be a PNG, JPEG, WebP or GIF image',
  PROFILE_IMAGE_NOT_FOUND: 'Picture not found',
  SSO_STATE_ONCE: 'Send the sign-in state once, as RelayState or state',
  NOT_AN_IP_ADDRESS: 'Not an IP address',
  API_TOKEN_CREDENTIALS_INVALID: 'Invalid API token credentials',
  // Accounts, sub-accounts, settings, portal
  ACCOUNT_NOT_FOUND: 'Account not found',
  COMPANY_NAME_EMPTY: 'The company name must not be empty',
  TIME_ZONE_UNKNOWN: 'Unknown time zone "{zone}"',
  SUB_ACCOUNT_NOT_FOUND: 'Sub-account not found',
  SUB_ACCOUNT_RENAME_OWN: 'Rename your own account in the account settings',
  SUB_ACCOUNT_DELETE_OWN: 'You cannot delete the account you are signed in to',
  SUB_ACCOUNT_USER_NOT_FOUND: 'User not found in this sub-account',
  SUB_ACCOUNT_NO_SUCH_MEMBER: 'No member of your account has this email',
  SUB_ACCOUNT_ALREADY_MEMBER: 'This user is already a member of the sub-account',
  SUB_ACCOUNT_NAME_REQUIRED: 'Enter a name for the sub-account',
  SUB_ACCOUNT_NAMED_TWICE: 'Each account may be named once',
  SUB_ACCOUNT_ID_TAKEN: 'An account with this id already exists',
  PORTAL_VENDOR_ONLY: 'Only a vendor administrator can change the portal configuration',
  FLAGS_VENDOR_ONLY: 'Only a vendor administrator can change feature flags',
  FLAG_NOT_FOUND: 'Feature flag not found',
  CUSTOM_LOGIN_DISABLED: 'Custom login per account is not enabled',
  LOGIN_ALIAS_REQUIRED: 'Choose a login alias to turn custom login on',
  LOGIN_ALIAS_TAKEN: 'This login alias is already used by another account',
  PORTAL_VALUE_NOT_ALLOWED: '{path} must be one of {values}',
  PORTAL_PAGE_UNKNOWN: 'Unknown page "{page}"',
  PORTAL_SECTION_UNKNOWN: 'Unknown section "{section}"',
  PORTAL_FIELD_UNKNOWN: 'Unknown {kind} "{name}" in {section}',
  PORTAL_PATH_UNKNOWN: 'Unknown metadata path "{path}"',
  // Impersonation (server/domain/impersonation.ts)
  IMPERSONATION_CHAINED: 'You are already impersonating a user. Sign out and sign in as yourself first',
  IMPERSONATION_OTHER_ACCOUNT: 'You can only impersonate members of your active account',
  IMPERSONATION_SELF: 'You cannot impersonate yourself',
  IMPERSONATION_NOT_ACTIVATED: 'This user has not activated their account yet',
  IMPERSONATION_SUPER_USER: 'Super users cannot be impersonated',
  IMPERSONATION_ESCALATION: 'This user has permissions you do not have, so you cannot impersonate them',
  IMPERSONATION_STAYS: 'An impersonated session stays in the account it was opened in',
  IMPERSONATION_API_TOKEN: 'API tokens cannot impersonate users',
  // Hosted login (OAuth 2.0; the RFC 6749 `error` field stays beside these)
  OAUTH_CLIENT_UNKNOWN: 'Unknown client_id',
  OAUTH_APPLICATION_UNKNOWN: 'Unknown application',
  OAUTH_REDIRECT_INVALID: 'Invalid redirect address',
  OAUTH_LOGOUT_INVALID: 'The sign-out request is not valid',
  OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED:
    'The address this application asked to return to after sign-out is not registered for it',
  OAUTH_USER_GONE: 'The user no longer exists',
  OAUTH_REFRESH_INVALID: 'The refresh token is invalid',
  OAUTH_REFRESH_EXPIRED: 'The refresh token is invalid or has expired',
  OAUTH_CODE_INVALID: 'The authorization code is invalid',
  OAUTH_CODE_USED: 'The authorization code is invalid or has already been used',
  OAUTH_CODE_EXPIRED: 'The authorization code has expired',
  OAUTH_CODE_OTHER_CLIENT: 'The authorization code was issued to another client',
  OAUTH_REDIRECT_MISMATCH: 'redirect_uri does not match the authorization request',
  OAUTH_VERIFIER_REQUIRED: 'code_verifier is required',
  OAUTH_VERIFIER_MISMATCH: 'code_verifier does not match the code challenge',
  OAUTH_SIGN_IN_ENDED: 'The sign-in behind this code has ended',
  // The security page (issue 15): policies and restrictions, and what they refuse
  ACCOUNT_LOCKED: 'This account is locked. Ask an administrator of your account to unlock it.',
  PASSWORD_REUSED: 'This password was used recently. Choose a password you have not used before.',
  IP_NOT_ALLOWED: 'Your IP address is not allowed to access this account.',
  EMAIL_DOMAIN_NOT_ALLOWED: 'Email addresses of this domain cannot join this account.',
  IP_RESTRICTION_NOT_FOUND: 'IP restriction not found',
  DOMAIN_RESTRICTION_NOT_FOUND: 'Domain restriction not found',
  IP_INVALID: '"{value}" is not an IP address or CIDR range',
  DOMAIN_INVALID: '"{value}" is not a domain name',
  // Sign-in methods and the captcha policy (issue 15, server/domain/sign-in-methods.ts, captcha.ts)
  SIGN_IN_METHOD_OFF: 'Signing in with {method} is turned off.',
  SIGN_IN_METHOD_OFF_FOR_ACCOUNT: 'Your account does not allow signing in with {method}.',
  SIGN_IN_METHODS_EMPTY: 'Keep at least one sign-in method on.',
  SIGN_IN_NO_LOCAL_ALONE: 'NoLocalAuthentication cannot be combined with other sign-in methods.',
  SIGN_IN_NO_LOCAL_PASSKEYS: 'Passkeys are a local sign-in method: turn them off with NoLocalAuthentication.',
  SIGN_IN_NO_LOCAL_NEEDS_SSO:
    'Set up SSO or a social login before turning local sign-in off: nobody could sign in.',
  SIGN_IN_SECONDARY_UNSUPPORTED: 'Only the Passkeys secondary strategy can be turned on.',
  SIGN_IN_METHOD_VENDOR_OFF: 'This sign-in method is turned off for the whole application.',
  SIGN_IN_METHODS_VENDOR_ONLY: 'Only a vendor administrator can change the application-wide sign-in settings',
  CAPTCHA_REQUIRED: 'Complete the captcha check.',
  CAPTCHA_FAILED: 'The captcha check failed. Try again.',
  CAPTCHA_UNAVAILABLE: 'The captcha check is unavailable. Try again in a moment.',
  CAPTCHA_NEEDS_KEYS: 'A captcha policy needs a site key and a secret key to be turned on.',
  CAPTCHA_VENDOR_ONLY: 'Only a vendor administrator can change the captcha policy',
  // Roles, hierarchy and team members of the client SDK's calls
  DEFAULT_ROLE_VENDOR_ONLY: 'The default role is set by the vendor, not per account',
  ROLE_PERMISSIONS_BOTH: 'Send permissions or permissionIds, not both',
  TOO_MANY_ACCOUNTS: 'Ask for at most 200 accounts at once',
  USER_ALREADY_ACTIVATED: 'This user has already activated their account',
  // SSO connections configured by tenant administrators (issue 16; server/domain/sso-config.ts)
  SSO_CONFIGURATION_NOT_FOUND: 'SSO configuration not found',
  SSO_DOMAIN_NOT_FOUND: 'SSO domain not found',
  SSO_GROUP_NOT_FOUND: 'SSO group not found',
  SSO_DOMAIN_EXISTS: 'This domain is already added to the connection',
  SSO_DOMAIN_TAKEN: 'This domain already routes sign-ins to another SSO connection',
  SSO_TXT_RECORD_MISSING: 'The TXT record was not found on the domain: publish it and try again',
  SSO_DNS_FAILED: "The domain's DNS could not be queried: try again later",
  SSO_PROTOCOL_CHANGE: 'A connection cannot change between SAML and OIDC: create another one',
  SSO_ENDPOINT_INVALID: 'The SSO endpoint must be an http(s) address',
  SSO_CERTIFICATE_INVALID: 'The certificate is not a PEM or base64 X.509 certificate',
  SSO_METADATA_UNREADABLE: "The identity provider's metadata could not be read",
  SSO_METADATA_NO_ENDPOINT: 'The metadata names no single sign-on address with the HTTP-Redirect binding',
  SSO_METADATA_NO_CERTIFICATE: 'The metadata names no signing certificate',
  SSO_METADATA_FETCH_FAILED: 'The metadata could not be fetched from this address',
  SSO_SIGNING_KEY_MISSING:
    "Signed requests need the server's SAML key (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE)",
  SSO_SKIP_DOMAINS_UNSUPPORTED:
    'skipEmailDomainValidation is not supported: sign-ins are limited to validated domains',
  // The legacy single-connection calls (server/domain/sso-legacy.ts): the client SDK's own words.
  SSO_ACS_NOT_FOUND: 'ACS url information not found',
  // Connectivity (issue 16): webhooks, email/SMS/Slack subscriptions
  WEBHOOK_NOT_FOUND: 'Webhook not found',
  WEBHOOK_LOG_NOT_FOUND: 'Webhook log not found',
  EVENT_UNKNOWN: 'Unknown event "{value}"',
  CHANNEL_UNKNOWN: 'Unknown channel "{value}"',
  URL_INVALID: 'Enter an http or https URL',
  URL_PRIVATE_ADDRESS: 'The address points to a private or local network',
  URL_HOST_UNRESOLVED: 'The host name does not resolve',
  RECIPIENT_REQUIRED: 'At least one recipient is required',
  RECIPIENT_EMAIL_INVALID: '"{value}" is not an email address',
  RECIPIENT_PHONE_INVALID: '"{value}" is not a phone number in international format',
  NOTIFICATION_SETTINGS_NOT_FOUND: 'No settings for this event',
  NOTIFICATION_SUBSCRIPTION_NOT_FOUND: 'Notification subscription not found',
  SLACK_CHANNELS_REQUIRED: 'A Slack subscription needs at least one channel',
  SLACK_CHANNEL_UNKNOWN: 'Unknown Slack channel "{value}"',
  SLACK_CHANNEL_NOT_FOUND: 'Slack channel not found',
  SLACK_SUBSCRIPTION_NOT_FOUND: 'Slack subscription not found',
  // Billing and the checkout (issue 17; spec 001 §8 quotes the first three)
  SUBSCRIPTION_NOT_FOUND: 'Subscription not found',
  BILLING_EXTERNALLY_MANAGED: 'Billing is externally managed.',
  PAYMENT_PROVIDER_NOT_CONFIGURED: 'Payment provider not configured',
  PLAN_NOT_FOUND: 'Plan not found',
  PLAN_CANCELLATION_NOT_ALLOWED: 'Plan cancellation is not allowed',
  PLAN_DOWNGRADE_NOT_ALLOWED: 'Plan downgrades are not allowed',
  SUBSCRIPTION_NOT_CANCELLABLE: 'Only an active subscription without a cancellation can be cancelled',
  SUBSCRIPTION_NOT_RENEWABLE: 'Only a subscription cancelled at period end can be renewed',
  PAYMENT_METHOD_REQUIRED: 'A payment method is required for this plan',
  PAYMENT_METHOD_NOT_FOUND: 'Payment method not found',
  CARD_NOT_CONFIRMED: 'The card has not been confirmed yet',
  CARD_SETUP_NOT_FOUND: 'Setup not found',
  CARD_NOTHING_TO_CONFIRM: 'Nothing to confirm',
  INVOICE_NOT_FOUND: 'Invoice not found',
  CUSTOMER_NOT_FOUND: 'Customer not found',
  PLAN_PRICE_MISSING: 'The plan has no price at the payment provider',
  BILLING_OTHER_ACCOUNT: 'You can only see the billing of your active account',
  BILLING_EXTERNAL_VENDOR_ONLY: 'Only the vendor can mark billing as externally managed',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature does not verify',
  // The card checks (core/billing/cards.ts CARD_MESSAGES: development provider and demo)
  CARD_NUMBER_INVALID: 'Your card number is invalid.',
  CARD_EXPIRY_INVALID: "Your card's expiration date is invalid.",
  CARD_EXPIRED: 'Your card has expired.',
  CARD_CVC_INVALID: "Your card's security code is invalid.",
  CARD_DECLINED: 'Your card was declined.',
  CARD_INSUFFICIENT_FUNDS: 'Your card has insufficient funds.',
  CARD_NOT_TEST_CARD: 'Your card was declined: the development provider accepts only test card numbers.',
  CARD_CONFIRMATION_FAILED: 'The payment was not confirmed by the cardholder.',
  // Directory provisioning (issue 16): SCIM configurations, and what SCIM manages
  SCIM_CONFIGURATION_NOT_FOUND: 'SCIM configuration not found',
  SCIM_MANAGED_USER: 'This user is managed by SCIM provisioning: change them in your identity provider',
  SCIM_MANAGED_GROUP: 'This group is managed by SCIM provisioning: change it in your identity provider',
} as const;

/**
 * Other wordings of a code's message: the in-browser demo backend (core/demo/) words some refusals
 * its own way, and a code is about the situation, not the text. The server uses the catalogue's
 * wording; a new alias needs a reason (the demo should rather use the server's text).
 */
const ERROR_ALIASES: Partial<Record<keyof typeof ERROR_CATALOGUE, readonly string[]>> = {
  SSO_NOT_CONFIGURED: ['SSO is not configured for this domain'],
  // The demo checks by hand what the server's schemas check.
  FIELD_FORMAT: ['Key must match the role key pattern'],
  FIELD_UNKNOWN: ['Unknown field in the request'],
  FIELD_INVALID: ['{field} must list at least one {item}'],
  INVALID_REQUEST: ['Nothing to update', 'Send userId or impersonatedUserId, not both'],
};

/** A code of the catalogue; `UNCATALOGUED` marks a message missing from it (a bug the tests catch). */
export type ErrorCode = keyof typeof ERROR_CATALOGUE | 'UNCATALOGUED';

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const EXACT = new Map<string, ErrorCode>();
const PATTERNS: [RegExp, ErrorCode][] = [];
const wordings = (Object.entries(ERROR_CATALOGUE) as [ErrorCode, string][]).flatMap(([code, message]) =>
  [message, ...(ERROR_ALIASES[code as keyof typeof ERROR_CATALOGUE] ?? [])].map(
    (text) => [code, text] as const,
  ),
);
for (const [code, message] of wordings) {
  if (!/\{[a-z]+\}/.test(message)) EXACT.set(message, code);
  else
    PATTERNS.push([
      new RegExp(
        `^${message
          .split(/\{[a-z]+\}/)
          .map(escape)
          .join('.+?')}$`,
        's',
      ),
      code,
    ]);
}
// The most specific template first: the one with the most fixed text.
const fixedLength = (pattern: RegExp) => pattern.source.replace(/\.\+\?/g, '').length;
PATTERNS.sort((a, b) => fixedLength(b[0]) - fixedLength(a[0]));

/** The code of a message: an exact message first, then a message with values filled in. */
export function errorCodeOf(message: string): ErrorCode {
  return EXACT.get(message) ?? PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? 'UNCATALOGUED';
}
