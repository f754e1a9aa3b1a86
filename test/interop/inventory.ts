/**
 * The inventory: every function of `@frontegg/rest-api@3.1.18`'s `api` object, keyed `area.name`,
 * with what our reference server does with it. This table is the work list of issue 13.
 *
 * - `served`: the probe calls it through the real client as a browser would and checks that the
 *   answer is what the client's types declare (the fields it reads are there and typed).
 * - `gap`: a feature we have built, but the server does not answer this call as the client expects.
 *   The probe is the call a browser would make, written to pass once the server is fixed; the suite
 *   asserts that it STILL fails as `fails` says: NO_ROUTE (the server has no such path), another
 *   HTTP status, the list of answer fields that do not fit the client's type, or 'error' when the
 *   client itself breaks on the answer. `differs` is the work item. Once fixed, the suite fails and
 *   asks to move the entry to `served`.
 * - `not-built`: an area we have not built; `reason` names it.
 *
 * Probes run in this order, one after another, against one server; each sets up what it needs
 * (fixtures not measured go straight to the server; everything measured goes through the client).
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { resolveObjectURL } from 'node:buffer';
import {
  AuthStrategyEnum,
  ContextHolder,
  GetUsersFilterPreset,
  GroupRelations,
  WebAuthnDeviceType,
} from '@frontegg/rest-api';
import { ERROR_CATALOGUE } from '../../core/contract/errors';
import { loadGrants } from '../../server/domain/tenants';
import { authorizeAtIdp } from '../idp/oidc';
import { enrolAuthenticator, totp } from '../support/federated-mfa';
import { ADMIN, ALLOWED_ORIGIN, API, bearer } from '../support/server';
import { startReceiver } from '../support/receiver';
import { SoftAuthenticator } from './authenticator';
import { reportEntries } from './reports';
import {
  type Browser,
  navigate,
  OAUTH_CALLBACK,
  OAUTH_CLIENT_ID,
  SOCIAL_CALLBACK,
  SAML_DOMAIN,
  SAML_CALLBACK,
  SSO_CALLBACK,
  SSO_DOMAIN,
  theDns,
  theSamlIdp,
  useBrowser,
} from './harness';
import {
  api,
  asAccount,
  asAdmin,
  asGuest,
  asNewUser,
  claims,
  fits,
  fitsNonEmpty,
  freshEmail,
  latestCode,
  latestLink,
  LOGIN_RESPONSE,
  LOGIN_RESPONSE_V3,
  LOGIN_TOKENS,
  MFA_DEVICES,
  MFA_GATE,
  newAccount,
  outbox,
  PAGE,
  PASSWORD,
  PERMISSION,
  ROLE,
  TEAM_PERMISSION,
  TENANT,
  theServer,
  USER_BASE,
  USER_PROFILE,
  type Account,
  type Shape,
} from './kit';

export type Probe = () => Promise<void>;
/**
 * How a gap fails today: NO_ROUTE (the server has no such path: 404 "Not found"), another HTTP
 * status, the misfit fields of the answer, or 'error'.
 */
export type Failure = typeof NO_ROUTE | number | string[] | 'error';
export const NO_ROUTE = 'no route';
export type Entry =
  | { status: 'served'; probe: Probe }
  | { status: 'gap'; differs: string; fails: Failure; probe: Probe }
  | { status: 'not-built'; reason: string };

const served = (probe: Probe): Entry => ({ status: 'served', probe });
const gap = (differs: string, fails: Failure, probe: Probe): Entry => ({
  status: 'gap',
  differs,
  fails,
  probe,
});
const notBuilt = (reason: string): Entry => ({ status: 'not-built', reason });

// The security page's policies (the client's secutiry-poilicy/interfaces.d.ts).
const POLICY_TIMES: Shape = { id: 'string', createdAt: 'string', updatedAt: 'string' };
const MFA_POLICY: Shape = { ...POLICY_TIMES, enforceMFAType: 'string' };
// The audit log (the client's audits/interfaces.d.ts AuditRowData).
const AUDIT_ROW: Shape = {
  _id: 'string',
  ip: 'string',
  json: ['any'],
  action: 'string',
  resource: 'string',
  time: 'string',
  user: 'string',
  email: 'string',
  severity: 'string',
  vendorId: 'string',
  tenantId: 'string',
  createdAt: 'string',
  updatedAt: 'string',
  actorMail: 'string?',
  __v: 'number',
};
// SSO connections (the client's auth/interfaces.d.ts ISSOConfiguration, ISSODomain).
const SSO_DOMAIN_SHAPE: Shape = { id: 'string', domain: 'string', validated: 'boolean' };
const SSO_CONFIGURATION: Shape = {
  id: 'string',
  enabled: 'boolean',
  generatedVerification: 'string',
  ssoEndpoint: 'string',
  publicCertificate: 'string',
  signRequest: 'boolean',
  createdAt: 'string?',
  updatedAt: 'string?',
  acsUrl: 'string',
  type: 'string',
  spEntityId: 'string',
  oidcClientId: 'string',
  oidcSecret: 'string',
  domains: [SSO_DOMAIN_SHAPE],
  roleIds: ['string'],
  groups: [{ id: 'string', group: 'string', roleIds: ['string'] }],
  skipEmailDomainValidation: 'boolean',
};
// The legacy single-connection view (the client's ISamlConfiguration).
const SAML_CONFIGURATION: Shape = {
  enabled: 'boolean',
  domain: 'string?',
  validated: 'boolean?',
  generatedVerification: 'string?',
  ssoEndpoint: 'string?',
  publicCertificate: 'string?',
  signRequest: 'boolean?',
  createdAt: 'string?',
  updatedAt: 'string?',
  acsUrl: 'string?',
  spEntityId: 'string?',
  isSamlActive: 'boolean?',
  oidcClientId: 'string?',
  oidcSecret: 'string?',
  type: 'string?',
};
/** The seed admin's legacy SAML configuration, made with this domain (through the client). */
const legacySaml = (domain: string) => api.auth.updateSamlConfiguration({ enabled: false, domain });
/** Removes the legacy configuration's connection (and any other SAML one the seed account has). */
async function dropLegacySaml() {
  for (const c of await api.auth.getSSOConfigurations())
    if (c.type !== 'oidc') await api.auth.deleteSSOConfiguration(c.id);
  assert.deepEqual(await api.auth.getSamlConfiguration(), { enabled: false });
}
const LOCKOUT_POLICY: Shape = { ...POLICY_TIMES, enabled: 'boolean', maxAttempts: 'number' };
const HISTORY_POLICY: Shape = { ...POLICY_TIMES, enabled: 'boolean', historySize: 'number' };
/** The client types the page's items as IpRestriction[][] (FronteggPaginationResult<IpRestriction[]>); they are entries. */
const ipItems = (page: { items: unknown }) => page.items as Array<{ id: string; ip: string }>;
const DOMAIN_CONFIG: Shape = { active: 'boolean', listType: 'string', blockPublicDomains: 'boolean' };
const IP_RESTRICTION: Shape = {
  id: 'string',
  ip: 'string',
  strategy: 'string',
  isActive: 'boolean',
  description: 'string?',
  createdAt: 'string',
  updatedAt: 'string',
};

// Billing (the client's subscriptions/interfaces.d.ts).
const PLAN: Shape = {
  id: 'string',
  externalId: 'string',
  name: 'string',
  description: 'string',
  slug: 'string',
  price: { id: 'string', externalId: 'string', currency: 'string', amount: 'number' },
};
const SUBSCRIPTION: Shape = {
  id: 'string',
  externalId: 'string',
  externallyManaged: 'boolean',
  startDate: 'string',
  currentPeriodStart: 'string',
  currentPeriodEnd: 'string',
  status: '=active|canceled|incomplete|expired|trialing|trialEnded',
  cancellation: 'object?',
  trialEnd: 'string?',
  plan: { slug: 'string' },
};
const INVOICE: Shape = {
  id: 'string',
  externalId: 'string',
  subscriptionId: 'string',
  paymentDate: 'string',
  totalAmount: 'number',
  currency: 'string',
  paid: 'boolean',
  receiptNumber: 'string',
};
const PAYMENT_METHOD: Shape = {
  id: 'string',
  externalId: 'string',
  type: '=card|unknown',
  isDefault: 'boolean',
  last4: 'string',
  expMonth: 'number',
  expYear: 'number',
  brand: 'string',
  billingDetails: { name: 'string', email: 'string?', address: 'object?' },
};
let billingState:
  | Promise<{ account: Account; subscriptionId: string; plans: Array<{ id: string; slug: string }> }>
  | undefined;
/** One account of its own for the billing probes (a trial of Pro on first read), signed in. */
async function billing() {
  billingState ??= (async () => {
    const account = await asNewUser('billing');
    const [subscription] = await api.subscriptions.getSubscriptions();
    const plans = await api.subscriptions.getSubscriptionPlans();
    return { account, subscriptionId: subscription!.id, plans };
  })();
  const state = await billingState;
  asAccount(state.account);
  return state;
}
/** A saved test card (4242 4242 4242 4242) through the development provider's card step (not in the client). */
async function billingCard(): Promise<string> {
  const { account } = await billing();
  const setup = await api.subscriptions.createStripePaymentMethodSetupIntentSecret({});
  const res = await theServer().app.inject({
    method: 'POST',
    url: `/frontegg/subscriptions/resources/billing/payment-providers/development/setup-intents/v1/${setup.id}/confirm`,
    headers: bearer(account.browser.accessToken!),
    payload: {
      clientSecret: setup.setupIntentSecret,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  return setup.paymentMethodId;
}
let paidInvoice: Promise<string> | undefined;
/** The account on a paid plan with one invoice; answers the invoice's id. */
async function billingPaid(): Promise<string> {
  const { subscriptionId, plans } = await billing();
  paidInvoice ??= (async () => {
    const invoices = await api.subscriptions.getSubscriptionInvoices();
    if (invoices[0]) return invoices[0].id;
    await api.subscriptions.updateSubscription(subscriptionId, {
      paymentMethodId: await billingCard(),
      planId: plans.find((p) => p.slug === 'pro')!.id,
    });
    return (await api.subscriptions.getSubscriptionInvoices())[0]!.id;
  })();
  return paidInvoice;
}

// Reasons for whole areas that are not built yet.
const SLACK_OAUTH =
  'Slack app installation (OAuth code exchange) is not built: channels are incoming webhooks';
// The security centre (the client's security-center/interfaces.d.ts).
const SECURITY_ITEM: Shape = {
  code: 'string',
  severity: '=SEVERE|WARNING|INFO',
  category: '=MFA|SESSIONS|PASSWORD|INACTIVITY|IP|DOMAIN|SSO',
};
const SECURITY_INSIGHT: Shape = {
  code: 'string',
  category: '=MFA|SESSIONS|PASSWORD|INACTIVITY|IP|DOMAIN|SSO',
};

/** The page origin the suite plays (the test server's allowed origin). */
const SITE = ALLOWED_ORIGIN;

const SUB_TENANT_USER: Shape = {
  id: 'string',
  email: 'string',
  tenantId: 'string',
  tenantIds: ['string'],
  tenants: [{ tenantId: 'string', roles: ['object'] }],
};
const TEAM_USER: Shape = {
  id: 'string',
  email: 'string',
  name: 'string',
  tenantId: 'string',
  vendorId: 'string',
  roleIds: ['string'],
  roles: [ROLE],
  activatedForTenant: 'boolean',
  createdAt: 'string',
};
const ACCESS_TOKEN: Shape = { id: 'string', createdAt: 'string' };
/** IRole in full (roles/interfaces.d.ts; `description?: null` taken as optional). */
const ROLE_FULL: Shape = {
  id: 'string',
  key: 'string',
  isDefault: 'boolean',
  name: 'string',
  description: 'string?',
  permissions: ['string'],
  tenantId: 'string?',
  vendorId: 'string',
  createdAt: 'string',
  updatedAt: 'string',
};
/** ITeamUser in full (teams/interfaces.d.ts): `tenants` is one ITeamUserTenant, not a list. */
const TEAM_USER_FULL: Shape = {
  id: 'string',
  email: 'string',
  name: 'string',
  phone: 'string?',
  profileImage: 'string?',
  profileImageUrl: 'string?',
  tenantId: 'string',
  vendorId: 'string',
  roleIds: ['string'],
  roles: [ROLE_FULL],
  activatedForTenant: 'boolean',
  createdAt: 'string',
  customData: 'any?',
  lastLogin: 'string?',
  mfaEnabled: 'boolean',
  tenants: { tenantId: 'string', roles: [ROLE_FULL] },
  verified: 'boolean',
  managedBy: '=frontegg|scim2',
};
const GROUP: Shape = { id: 'string', name: 'string', managedBy: 'string' };
/** IGroupResponse in full (groups/interfaces.d.ts), with both relations. */
const GROUP_FULL: Shape = {
  id: 'string',
  name: 'string',
  color: 'string?',
  description: 'string?',
  metadata: 'string?',
  roles: [ROLE_FULL],
  users: [
    {
      id: 'string',
      email: 'string',
      name: 'string',
      profilePictureUrl: 'string?',
      activatedForTenant: 'boolean',
      createdAt: 'string',
    },
  ],
  managedBy: '=frontegg|scim2',
};
const SESSION: Shape = { id: 'string', current: 'boolean?', ipAddress: 'string?', userAgent: 'string?' };
const STRATEGIES: Shape = {
  secondaryAuthStrategies: [{ strategy: 'string', isActive: 'boolean' }],
  mainAuthStrategies: [{ strategy: 'string' }],
};
const SOCIAL_V2: Shape = { type: 'string', redirectUrl: 'string', active: 'boolean', customised: 'boolean' };
const INVITE_LINK: Shape = {
  id: 'string',
  vendorId: 'string',
  tenantId: 'string',
  token: 'string',
  expires: 'string',
};
const WEBAUTHN_OPTIONS: Shape = {
  challenge: 'string',
  rp: { id: 'string', name: 'string' },
  user: { id: 'string' },
};
/** The user the client builds from an OAuth token answer (it has expiresIn, no expires). */
const OAUTH_USER: Shape = { ...(USER_PROFILE as object), accessToken: 'string', expiresIn: 'number' };
const MFA_STRATEGY = '=AuthenticatorApp|WebAuthnPlatform|WebAuthnCrossPlatform|SMS|EmailCode';

export const INVENTORY: Record<string, Entry> = {
  // ─── Sign-in with a password, tokens, sign-out ────────────────────────────────────────────────
  'auth.login': served(async () => {
    const account = await newAccount('login');
    const user = await api.auth.login({ email: account.email, password: account.password });
    assert.equal(user.email, account.email);
    assert.ok(account.browser.cookies.size > 0, 'the refresh cookie is set in the browser');
    assert.equal(ContextHolder.getAccessToken(), user.accessToken, 'the client keeps the token');
    fits(user, LOGIN_RESPONSE);
  }),
  'auth.loginv2': served(async () => {
    const account = await newAccount('loginv2');
    fits(await api.auth.loginv2({ email: account.email, password: account.password }), LOGIN_RESPONSE_V3);
  }),
  'auth.generateLoginResponse': served(async () => {
    const account = await asNewUser('glr');
    fits(await api.auth.generateLoginResponse(await rawLogin(account)), LOGIN_RESPONSE);
  }),
  'auth.generateLoginResponseV2': served(async () => {
    const account = await asNewUser('glr2');
    fits(await api.auth.generateLoginResponseV2(await rawLogin(account)), {
      user: LOGIN_RESPONSE,
      tenants: [TENANT],
    });
  }),
  'auth.generateLoginResponseV3': served(async () => {
    const account = await asNewUser('glr3');
    fits(await api.auth.generateLoginResponseV3(await rawLogin(account)), LOGIN_RESPONSE_V3);
  }),
  'auth.refreshToken': served(async () => {
    await asNewUser('refresh');
    ContextHolder.setAccessToken(null);
    fits(await api.auth.refreshToken(), LOGIN_RESPONSE);
  }),
  'auth.refreshTokenV2': served(async () => {
    await asNewUser('refresh2');
    ContextHolder.setAccessToken(null);
    fits(await api.auth.refreshTokenV2(), { user: LOGIN_RESPONSE, tenants: [TENANT] });
  }),
  'auth.refreshTokenV3': served(async () => {
    await asNewUser('refresh3');
    ContextHolder.setAccessToken(null);
    fits(await api.auth.refreshTokenV3(), LOGIN_RESPONSE_V3);
  }),
  'auth.logout': served(async () => {
    await asNewUser('logout');
    await api.auth.logout();
    ContextHolder.setAccessToken(null);
    await assert.rejects(api.auth.refreshToken(), (e: { statusCode?: number }) => e.statusCode === 401);
  }),
  'auth.getMeV2': served(async () => {
    await asAdmin();
    fits(await api.auth.getMeV2(), USER_PROFILE);
  }),
  'auth.getMeAndEntitlements': served(async () => {
    await asAdmin();
    fits(await api.auth.getMeAndEntitlements(), USER_PROFILE);
  }),
  'auth.getUserAuthorization': served(async () => {
    await asAdmin();
    fits(await api.auth.getUserAuthorization(), { roles: [ROLE], permissions: [TEAM_PERMISSION] });
  }),
  'auth.getUserById': served(async () => {
    await asAdmin();
    const me = await api.auth.getMeV2();
    fits(await api.auth.getUserById({ userId: me.id }), {
      id: 'string',
      name: 'string',
      tenantId: 'string',
      vendorId: 'string',
    });
  }),
  'auth.getVendorConfig': served(async () => {
    asGuest();
    fits(await api.auth.getVendorConfig(), {
      allowSignups: 'boolean',
      allowNotVerifiedUsersLogin: 'boolean',
      apiTokensEnabled: 'boolean',
      forcePermissions: 'boolean',
      authStrategy: '=EmailAndPassword|MagicLink|Code|NoLocalAuthentication|SmsCode',
    });
  }),
  'auth.getVendorPublicAuthStrategiesConfig': served(async () => {
    asGuest();
    fits(await api.auth.getVendorPublicAuthStrategiesConfig(), STRATEGIES);
  }),
  'auth.getPublicAuthStrategiesConfigForAuthenticatedUser': served(async () => {
    await asAdmin();
    fits(await api.auth.getPublicAuthStrategiesConfigForAuthenticatedUser(), STRATEGIES);
  }),
  'auth.loadPasswordConfig': served(async () => {
    asGuest();
    const config = await api.auth.loadPasswordConfig();
    fits(config, { minLength: 'number?', maxLength: 'number?', allowPassphrases: 'boolean?' });
  }),
  'auth.getCaptchaPolicy': served(async () => {
    asGuest();
    fits(await api.auth.getCaptchaPolicy(), { enabled: 'boolean', siteKey: 'string?' });
  }),
  'auth.getPasswordConfigPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getPasswordConfigPolicy(), { minLength: 'number?' });
  }),

  // ─── Sign-up, activation, password recovery and change ───────────────────────────────────────
  'auth.signUpUser': served(async () => {
    asGuest();
    const email = freshEmail('signup');
    const answer = await api.auth.signUpUser({
      email,
      password: PASSWORD,
      name: 'Signed Up',
      companyName: 'Signup Co',
    });
    fits(answer, { shouldActivate: 'boolean', userId: 'string?', tenantId: 'string?' });
    if (!answer.shouldActivate)
      fits(answer, { user: LOGIN_RESPONSE, tenants: [TENANT], activeTenant: TENANT });
  }),
  'auth.getActivateAccountStrategy': served(async () => {
    const { userId, token } = await activationLink('strategy');
    fits(await api.auth.getActivateAccountStrategy({ userId, token }), { shouldSetPassword: 'boolean' });
    // A new invitee's invitation link: a password is needed; the activation then joins the account.
    const { userId: inviteeId, token: inviteToken } = await invitedNewUser('strategy-invitee');
    asGuest();
    const strategy = await api.auth.getActivateAccountStrategy({ userId: inviteeId, token: inviteToken });
    assert.deepEqual(strategy, { shouldSetPassword: true });
    fits(
      await api.auth.activateAccountV2({ userId: inviteeId, token: inviteToken, password: PASSWORD }),
      LOGIN_RESPONSE_V3,
    );
    assert.ok(await isActiveMemberOf(inviteeId, await adminTenantId()), 'joined the inviting account');
    // An existing user's invitation is accepted (acceptInvitation), not activated.
    const existing = await inviteExisting(await newAccount('strategy-existing'));
    asGuest();
    await assert.rejects(api.auth.getActivateAccountStrategy(existing), { statusCode: 400 });
  }),
  'auth.activateAccount': served(async () => {
    const { userId, token, email } = await activationLink('activate');
    await api.auth.activateAccount({ userId, token });
    assert.ok(
      (await api.auth.login({ email, password: PASSWORD })).accessToken,
      'the activated user signs in',
    );
  }),
  'auth.activateAccountV2': served(async () => {
    const { userId, token } = await activationLink('activate2');
    fits(await api.auth.activateAccountV2({ userId, token }), LOGIN_RESPONSE_V3);
  }),
  'auth.resendActivationEmail': served(async () => {
    const { email } = await activationLink('resend');
    const before = await countMessages(email);
    await api.auth.resendActivationEmail({ email });
    assert.equal(await countMessages(email), before + 1, 'a new activation email');
  }),
  'auth.forgotPassword': served(async () => {
    const account = await newAccount('forgot');
    await api.auth.forgotPassword({ email: account.email });
    const link = await latestLink(theServer(), account.email);
    assert.ok(link.searchParams.get('token'), 'a reset link with a token');
  }),
  'auth.resetPassword': served(async () => {
    const account = await newAccount('reset');
    await api.auth.forgotPassword({ email: account.email });
    const link = await latestLink(theServer(), account.email);
    const token = link.searchParams.get('token')!;
    const userId = link.searchParams.get('userId')!;
    await api.auth.resetPassword({ userId, token, password: 'a-new-long-password-2' });
    assert.ok(
      (await api.auth.login({ email: account.email, password: 'a-new-long-password-2' })).accessToken,
    );
  }),
  'teams.changePassword': served(async () => {
    const account = await asNewUser('chpw');
    await api.teams.changePassword({ password: account.password, newPassword: 'a-new-long-password-3' });
    assert.ok(
      (await api.auth.login({ email: account.email, password: 'a-new-long-password-3' })).accessToken,
    );
  }),

  // ─── Passwordless ─────────────────────────────────────────────────────────────────────────────
  'auth.passwordlessPreLogin': served(async () => {
    const account = await newAccount('pwless');
    await api.auth.passwordlessPreLogin({ type: AuthStrategyEnum.Code, email: account.email });
    await latestCode(theServer(), account.email);
  }),
  'auth.passwordlessPostLogin': served(async () => {
    const { code } = await passwordlessCode('pwless-post');
    fits(await api.auth.passwordlessPostLogin({ type: AuthStrategyEnum.Code, token: code }), LOGIN_TOKENS);
  }),
  'auth.passwordlessPostLoginV2': served(async () => {
    const { code } = await passwordlessCode('pwless-post2');
    fits(
      await api.auth.passwordlessPostLoginV2({ type: AuthStrategyEnum.Code, token: code }),
      LOGIN_RESPONSE_V3,
    );
  }),

  // ─── Social sign-in ───────────────────────────────────────────────────────────────────────────
  'auth.getSocialLoginProviders': served(async () => {
    asGuest();
    fitsNonEmpty(await api.auth.getSocialLoginProviders(), {
      type: 'string',
      clientId: 'string',
      redirectUrl: 'string',
      active: 'boolean',
    });
  }),
  'auth.getSocialLoginProvidersV2': served(async () => {
    asGuest();
    fitsNonEmpty(await api.auth.getSocialLoginProvidersV2(), SOCIAL_V2);
  }),
  'auth.getSocialLoginProvidersV2ForAuthenticatedUser': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.auth.getSocialLoginProvidersV2ForAuthenticatedUser(), SOCIAL_V2);
  }),
  'auth.getCustomSocialLoginProvidersV1': served(async () => {
    asGuest();
    const { providers } = await api.auth.getCustomSocialLoginProvidersV1();
    fitsNonEmpty(providers, {
      id: 'string',
      type: 'string',
      clientId: 'string',
      redirectUrl: 'string',
      authorizationUrl: 'string',
      displayName: 'string',
      active: 'boolean',
    });
  }),
  'auth.loginViaSocialLogin': served(async () => {
    asGuest();
    const { code, verifier, state } = await socialCode('sam');
    const answer = await api.auth.loginViaSocialLogin({
      provider: 'idp' as never,
      code,
      codeVerifier: verifier,
      state,
      redirectUri: SOCIAL_CALLBACK,
    });
    fits(answer, {
      email: 'string',
      isNewUser: 'boolean',
      name: 'string',
      accessToken: 'string',
      mfaRequired: 'boolean',
    });
  }),

  // ─── Tenant SSO sign-in (OIDC against a real provider; SAML) ──────────────────────────────────
  'auth.preLogin': served(async () => {
    asGuest();
    const address = await api.auth.preLogin({ email: `olga@${SSO_DOMAIN}` });
    assert.equal(typeof address, 'string');
    assert.equal(
      await api.auth.preLogin({ email: 'someone@no-sso.example' }),
      null,
      'no SSO for other domains',
    );
  }),
  'auth.preLoginWithIdpType': served(async () => {
    asGuest();
    fits(await api.auth.preLoginWithIdpType({ email: `olga@${SSO_DOMAIN}` }), {
      address: 'string',
      idpType: '=saml|oidc',
    });
  }),
  'auth.preLoginV2': served(async () => {
    asGuest();
    fits(await api.auth.preLoginV2({ email: `olga@${SSO_DOMAIN}` }), {
      address: 'string',
      idpType: '=saml|oidc',
    });
  }),
  'auth.oidcPostLogin': served(async () => {
    const { code, state } = await ssoCode('oscar');
    const user = await api.auth.oidcPostLogin({ code, state, redirectUri: SSO_CALLBACK });
    assert.equal(user.email, `oscar@${SSO_DOMAIN}`);
    fits(user, LOGIN_RESPONSE);
  }),
  'auth.oidcPostLoginV2': served(async () => {
    const { code, state } = await ssoCode('olivia');
    const user = await api.auth.oidcPostLoginV2({ code, RelayState: state, redirectUri: SSO_CALLBACK });
    assert.equal(user.email, `olivia@${SSO_DOMAIN}`);
    fits(user, LOGIN_RESPONSE);
  }),
  'auth.postLogin': served(async () => {
    const { SAMLResponse, RelayState } = await samlResponse('sam');
    const user = await api.auth.postLogin({ RelayState, SAMLResponse });
    assert.equal(user.email, `sam@${SAML_DOMAIN}`);
    fits(user, LOGIN_RESPONSE);
  }),

  // ─── Hosted login (OAuth authorization code with PKCE) ────────────────────────────────────────
  'auth.exchangeOAuthTokens': gap(
    'Invalid or expired token (GET /frontegg/identity/resources/users/v2/me)',
    401,
    async () => {
      const { code, verifier } = await hostedLoginCode('oauth');
      fits(
        await api.auth.exchangeOAuthTokens({ code, code_verifier: verifier, redirect_uri: OAUTH_CALLBACK }),
        LOGIN_RESPONSE,
      );
    },
  ),
  'auth.exchangeOAuthTokensV2': gap(
    'Invalid or expired token (GET /frontegg/identity/resources/users/v3/me/tenants)',
    401,
    async () => {
      const { code, verifier } = await hostedLoginCode('oauth2');
      fits(
        await api.auth.exchangeOAuthTokensV2({ code, code_verifier: verifier, redirect_uri: OAUTH_CALLBACK }),
        LOGIN_RESPONSE_V3,
      );
    },
  ),
  'auth.silentOAuthRefreshToken': gap(
    'Invalid or expired token (GET /frontegg/identity/resources/users/v2/me)',
    401,
    async () => {
      await asNewUser('silent');
      fits(await api.auth.silentOAuthRefreshToken(), LOGIN_RESPONSE);
    },
  ),
  'auth.silentOAuthRefreshTokenV2': gap(
    'Invalid or expired token (GET /frontegg/identity/resources/users/v3/me/tenants)',
    401,
    async () => {
      await asNewUser('silent2');
      fits(await api.auth.silentOAuthRefreshTokenV2(), LOGIN_RESPONSE_V3);
    },
  ),
  'auth.generateLoginResponseFromOAuthResponse': served(async () => {
    const account = await asNewUser('oauthresp');
    const token = account.browser.accessToken!;
    fits(
      await api.auth.generateLoginResponseFromOAuthResponse({
        id_token: token,
        access_token: token,
        refresh_token: '',
      }),
      OAUTH_USER,
    );
  }),
  'auth.generateLoginResponseFromOAuthResponseV2': served(async () => {
    const account = await asNewUser('oauthresp2');
    const token = account.browser.accessToken!;
    fits(
      await api.auth.generateLoginResponseFromOAuthResponseV2({
        id_token: token,
        access_token: token,
        refresh_token: '',
      }),
      { user: OAUTH_USER, tenants: [TENANT], activeTenant: TENANT },
    );
  }),
  'auth.OAuthLogout': served(async () => {
    // An address no client registered: refused with the catalogue's message (not a page), still signed in.
    const account = await asNewUser('oauthlogout');
    await assert.rejects(api.auth.OAuthLogout({ post_logout_redirect_uri: 'https://elsewhere.example/' }), {
      statusCode: 400,
      message: ERROR_CATALOGUE.OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED.message,
    });
    ContextHolder.setAccessToken(null);
    await api.auth.refreshToken();
    // The page's origin as `window.location.origin` gives it (no trailing slash), registered as `${SITE}/`.
    const navigated = await settledOrNavigated(
      api.auth.OAuthLogout({ post_logout_redirect_uri: SITE }),
      account.browser,
    );
    // Back to the registered address, signed out (the refresh cookie no longer refreshes).
    assert.equal(navigated, `${SITE}/`);
    ContextHolder.setAccessToken(null);
    await assert.rejects(api.auth.refreshToken());
  }),

  // ─── Passkeys (first factor) and passkey devices ──────────────────────────────────────────────
  'auth.webAuthnPreLogin': served(async () => {
    const account = await newAccount('wa-pre');
    fits(await api.auth.webAuthnPreLogin({ email: account.email }), {
      challenge: 'string',
      allowCredentials: [{ type: 'string', id: 'string' }],
      rpId: 'string?',
    });
  }),
  'auth.webAuthnPostLogin': served(async () => {
    const { key, email } = await withPasskey('wa-post');
    asGuest();
    const { challenge } = await api.auth.webAuthnPreLogin({ email });
    fits(await api.auth.webAuthnPostLogin(key.assert(challenge)), LOGIN_TOKENS);
  }),
  'auth.webAuthnPostLoginV2': served(async () => {
    const { key, email } = await withPasskey('wa-post2');
    asGuest();
    const { challenge } = await api.auth.webAuthnPreLogin({ email });
    fits(await api.auth.webAuthnPostLoginV2(key.assert(challenge)), LOGIN_RESPONSE_V3);
  }),
  'auth.webAuthnCreateNewDeviceSession': served(async () => {
    await asNewUser('wa-dev');
    fits(await api.auth.webAuthnCreateNewDeviceSession(), {
      ...(WEBAUTHN_OPTIONS as object),
      pubKeyCredParams: [{ type: 'string', alg: 'number' }],
    });
  }),
  'auth.verifyNewDeviceSession': served(async () => {
    const account = await asNewUser('wa-verify');
    const options = await passkeyOptionsViaServer(account);
    const key = new SoftAuthenticator(new URL(SITE).hostname, SITE);
    await api.auth.verifyNewDeviceSession({
      ...key.register(options),
      deviceType: WebAuthnDeviceType.Platform,
    });
    fitsNonEmpty((await api.auth.getWebAuthnDevices()).devices, { id: 'string' });
  }),
  'auth.getWebAuthnDevices': served(async () => {
    await withPasskey('wa-list');
    const devices = await api.auth.getWebAuthnDevices();
    fitsNonEmpty(devices.devices, {
      id: 'string',
      deviceType: '=Platform|CrossPlatform',
      createdAt: 'string',
    });
  }),
  'auth.deleteWebAuthnDevice': served(async () => {
    const { account } = await withPasskey('wa-del');
    asAccount(account);
    const [device] = (await api.auth.getWebAuthnDevices()).devices;
    await api.auth.deleteWebAuthnDevice(device!.id);
    assert.deepEqual((await api.auth.getWebAuthnDevices()).devices, []);
  }),

  // ─── MFA at sign-in ───────────────────────────────────────────────────────────────────────────
  'auth.loginWithMfa': served(async () => {
    const account = await withAuthenticator('mfa-login');
    const gate = await mfaGate(account);
    fits(
      await api.auth.loginWithMfa({ mfaToken: gate.mfaToken, value: await totp(account.secret) }),
      LOGIN_RESPONSE,
    );
  }),
  'auth.loginWithMfaV2': served(async () => {
    const account = await withAuthenticator('mfa-login2');
    const gate = await mfaGate(account);
    fits(
      await api.auth.loginWithMfaV2({ mfaToken: gate.mfaToken, value: await totp(account.secret) }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.verifyMFAAuthenticatorAppForLogin': served(async () => {
    const account = await withAuthenticator('mfa-app');
    const gate = await mfaGate(account);
    const deviceId = gate.mfaDevices.authenticators[0]!.id;
    fits(
      await api.auth.verifyMFAAuthenticatorAppForLogin(deviceId, {
        mfaToken: gate.mfaToken,
        value: await totp(account.secret),
      }),
      LOGIN_TOKENS,
    );
  }),
  'auth.checkIfAllowToRememberMfaDevice': served(async () => {
    const account = await withAuthenticator('mfa-remember');
    const gate = await mfaGate(account);
    fits(await api.auth.checkIfAllowToRememberMfaDevice(gate.mfaToken), {
      isAllowedToRemember: 'boolean',
      mfaDeviceExpiration: 'number',
    });
  }),
  'auth.recoverMfaToken': gap(
    'Sign in with your password (or another first factor) first: a recovery code replaces only the second factor. (POST /frontegg/identity/resources/auth/v1/user/mfa/recover)',
    401,
    async () => {
      const account = await asNewUser('mfa-recover');
      const { recoveryCode } = await enrolViaClient();
      asGuest();
      await api.auth.recoverMfaToken({ email: account.email, recoveryCode });
    },
  ),
  'auth.preEnrollMFAAuthenticatorAppForLogin': served(async () => {
    const account = await newAccount('mfa-enrol-app', { mfaEnforced: true });
    const gate = await mfaGate(account);
    fits(await api.auth.preEnrollMFAAuthenticatorAppForLogin({ mfaToken: gate.mfaToken }), {
      qrCode: 'string',
    });
  }),
  'auth.enrollMFAAuthenticatorAppForLogin': served(async () => {
    const { gate, secret } = await enrolAppAtLogin('mfa-enrol-app-v');
    fits(
      await api.auth.enrollMFAAuthenticatorAppForLogin({
        mfaToken: gate.mfaToken,
        token: await totp(secret),
      }),
      { ...(LOGIN_TOKENS as object), recoveryCode: 'string?' },
    );
  }),
  'auth.enrollMFAAuthenticatorAppForLoginV2': served(async () => {
    const { gate, secret } = await enrolAppAtLogin('mfa-enrol-app-v2');
    fits(
      await api.auth.enrollMFAAuthenticatorAppForLoginV2({
        mfaToken: gate.mfaToken,
        token: await totp(secret),
      }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.preEnrollMFASMSForLogin': served(async () => {
    const account = await newAccount('mfa-enrol-sms', { mfaEnforced: true });
    const gate = await mfaGate(account);
    fits(await api.auth.preEnrollMFASMSForLogin({ mfaToken: gate.mfaToken, phoneNumber: '+14155550101' }), {
      otcToken: 'string',
      phoneNumber: 'string',
    });
  }),
  'auth.enrollMFASMSForLogin': served(async () => {
    const { gate, otcToken, code } = await enrolSmsAtLogin('mfa-enrol-sms-v', '+14155550102');
    fits(await api.auth.enrollMFASMSForLogin({ mfaToken: gate.mfaToken, otcToken, code }), LOGIN_TOKENS);
  }),
  'auth.enrollMFASMSForLoginV2': served(async () => {
    const { gate, otcToken, code } = await enrolSmsAtLogin('mfa-enrol-sms-v2', '+14155550103');
    fits(
      await api.auth.enrollMFASMSForLoginV2({ mfaToken: gate.mfaToken, otcToken, code }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.preVerifyMFASMSForLogin': served(async () => {
    const { account } = await withSmsDevice('mfa-sms', '+14155550104');
    const gate = await mfaGate(account);
    fits(await api.auth.preVerifyMFASMSForLogin(gate.mfaDevices.phones[0]!.id, { mfaToken: gate.mfaToken }), {
      otcToken: 'string',
      phoneNumber: 'string',
    });
  }),
  'auth.verifyMFASMSForLogin': served(async () => {
    const { gate, deviceId, otcToken, code } = await smsChallenge('mfa-sms-v', '+14155550105');
    fits(
      await api.auth.verifyMFASMSForLogin(deviceId, { mfaToken: gate.mfaToken, otcToken, code }),
      LOGIN_TOKENS,
    );
  }),
  'auth.verifyMFASMSForLoginV2': served(async () => {
    const { gate, deviceId, otcToken, code } = await smsChallenge('mfa-sms-v2', '+14155550106');
    fits(
      await api.auth.verifyMFASMSForLoginV2(deviceId, { mfaToken: gate.mfaToken, otcToken, code }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.preVerifyMFAEmailCode': served(async () => {
    const account = await withEmailCodeDevice('mfa-email');
    const gate = await mfaGate(account);
    fits(await api.auth.preVerifyMFAEmailCode({ mfaToken: gate.mfaToken }), { otcToken: 'string' });
  }),
  'auth.verifyMFAEmailCode': served(async () => {
    const { gate, otcToken, code } = await emailChallenge('mfa-email-v');
    fits(await api.auth.verifyMFAEmailCode({ mfaToken: gate.mfaToken, otcToken, code }), LOGIN_TOKENS);
  }),
  'auth.verifyMFAEmailCodeV2': served(async () => {
    const { gate, otcToken, code } = await emailChallenge('mfa-email-v2');
    fits(await api.auth.verifyMFAEmailCodeV2({ mfaToken: gate.mfaToken, otcToken, code }), LOGIN_RESPONSE_V3);
  }),
  'auth.preEnrollMFAWebAuthnForLogin': served(async () => {
    const account = await newAccount('mfa-enrol-wa', { mfaEnforced: true });
    const gate = await mfaGate(account);
    fits(await api.auth.preEnrollMFAWebAuthnForLogin({ mfaToken: gate.mfaToken }), {
      webauthnToken: 'string',
      options: WEBAUTHN_OPTIONS,
    });
  }),
  'auth.enrollMFAWebAuthnForLogin': served(async () => {
    const { gate, webauthnToken, registration } = await webauthnEnrolmentAtLogin('mfa-enrol-wa-v');
    fits(
      await api.auth.enrollMFAWebAuthnForLogin({
        mfaToken: gate.mfaToken,
        webauthnToken,
        deviceType: WebAuthnDeviceType.CrossPlatform,
        options: registration,
      }),
      LOGIN_TOKENS,
    );
  }),
  'auth.enrollMFAWebAuthnForLoginV2': served(async () => {
    const { gate, webauthnToken, registration } = await webauthnEnrolmentAtLogin('mfa-enrol-wa-v2');
    fits(
      await api.auth.enrollMFAWebAuthnForLoginV2({
        mfaToken: gate.mfaToken,
        webauthnToken,
        deviceType: WebAuthnDeviceType.CrossPlatform,
        options: registration,
      }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.preVerifyMFAWebAuthnForLogin': served(async () => {
    const { account } = await withWebauthnMfa('mfa-wa-pre');
    const gate = await mfaGate(account);
    const deviceId = gate.mfaDevices.webauthn[0]!.id;
    fits(await api.auth.preVerifyMFAWebAuthnForLogin(deviceId, { mfaToken: gate.mfaToken }), {
      webauthnToken: 'string',
      options: { challenge: 'string' },
    });
  }),
  'auth.verifyMFAWebAuthnForLogin': served(async () => {
    const { gate, deviceId, webauthnToken, assertion } = await webauthnChallenge('mfa-wa-v');
    fits(
      await api.auth.verifyMFAWebAuthnForLogin(deviceId, {
        mfaToken: gate.mfaToken,
        webauthnToken,
        options: assertion,
      }),
      LOGIN_TOKENS,
    );
  }),
  'auth.verifyMFAWebAuthnForLoginV2': served(async () => {
    const { gate, deviceId, webauthnToken, assertion } = await webauthnChallenge('mfa-wa-v2');
    fits(
      await api.auth.verifyMFAWebAuthnForLoginV2(deviceId, {
        mfaToken: gate.mfaToken,
        webauthnToken,
        options: assertion,
      }),
      LOGIN_RESPONSE_V3,
    );
  }),
  'auth.getMFAStrategiesConfig': served(async () => {
    await asAdmin();
    fitsNonEmpty((await api.auth.getMFAStrategiesConfig()).strategies, {
      strategy: MFA_STRATEGY,
      isActive: 'boolean',
    });
  }),

  // ─── MFA in the account ───────────────────────────────────────────────────────────────────────
  'auth.enrollMfa': served(async () => {
    await asNewUser('acc-mfa');
    fits(await api.auth.enrollMfa(), { qrCode: 'string' });
  }),
  'auth.verifyMfa': served(async () => {
    await asNewUser('acc-mfa-v');
    const secret = secretOf(await api.auth.enrollMfa());
    fits(await api.auth.verifyMfa({ token: await totp(secret) }), { recoveryCode: 'string' });
  }),
  'auth.preEnrollMFAAuthenticatorApp': served(async () => {
    await asNewUser('acc-app');
    fits(await api.auth.preEnrollMFAAuthenticatorApp(), { qrCode: 'string' });
  }),
  'auth.enrollMFAAuthenticatorApp': served(async () => {
    await asNewUser('acc-app-v');
    const secret = secretOf(await api.auth.enrollMfa());
    await api.auth.enrollMFAAuthenticatorApp({ token: await totp(secret) } as never);
    assert.equal((await api.auth.getMFADevices()).authenticators.length, 1);
  }),
  'auth.getMFADevices': served(async () => {
    await withAuthenticator('acc-devices');
    const devices = await api.auth.getMFADevices();
    fits(devices, MFA_DEVICES);
    assert.equal(devices.authenticators.length, 1);
    // A security key and a phone; after the phone's removal the key is listed as the client types it.
    const { account } = await withWebauthnMfa('acc-devices-sms');
    const { otcToken } = await api.auth.preEnrollMFASMS({ phoneNumber: '+14155550114' } as never);
    await api.auth.enrollMFASMS({ otcToken, code: await latestCode(theServer(), '+14155550114') } as never);
    const [phone] = (await api.auth.getMFADevices()).phones;
    const removal = await api.auth.preDisableMFASMS(phone!.id);
    await api.auth.disableMFASMS(phone!.id, {
      otcToken: removal.otcToken,
      code: await latestCode(theServer(), '+14155550114'),
    });
    asAccount(account);
    const after = await api.auth.getMFADevices();
    fits(after, MFA_DEVICES);
    assert.equal(after.phones.length, 0);
    assert.deepEqual(
      after.webauthn.map((d) => d.deviceType),
      [WebAuthnDeviceType.CrossPlatform],
    );
  }),
  'auth.disableMfa': served(async () => {
    const account = await withAuthenticator('acc-disable');
    await api.auth.disableMfa({ token: await totp(account.secret) });
    assert.equal((await api.auth.getMFADevices()).authenticators.length, 0);
  }),
  'auth.disableMFAAuthenticatorApp': served(async () => {
    const account = await withAuthenticator('acc-disable-app');
    const [device] = (await api.auth.getMFADevices()).authenticators;
    await api.auth.disableMFAAuthenticatorApp(device!.id, { token: await totp(account.secret) });
    assert.equal((await api.auth.getMFADevices()).authenticators.length, 0);
  }),
  'auth.preEnrollMFASMS': served(async () => {
    await asNewUser('acc-sms');
    fits(await api.auth.preEnrollMFASMS({ phoneNumber: '+14155550110' } as never), {
      otcToken: 'string',
      phoneNumber: 'string',
    });
  }),
  'auth.enrollMFASMS': served(async () => {
    const { account } = await withSmsDevice('acc-sms-v', '+14155550111');
    asAccount(account);
    assert.equal((await api.auth.getMFADevices()).phones.length, 1);
  }),
  'auth.preDisableMFASMS': served(async () => {
    const { account } = await withSmsDevice('acc-sms-pre-dis', '+14155550112');
    asAccount(account);
    const [phone] = (await api.auth.getMFADevices()).phones;
    fits(await api.auth.preDisableMFASMS(phone!.id), { otcToken: 'string', phoneNumber: 'string' });
    // The device stays until the code comes back.
    assert.equal((await api.auth.getMFADevices()).phones.length, 1);
  }),
  'auth.disableMFASMS': served(async () => {
    const { account } = await withSmsDevice('acc-sms-dis', '+14155550113');
    asAccount(account);
    const [phone] = (await api.auth.getMFADevices()).phones;
    const { otcToken } = await api.auth.preDisableMFASMS(phone!.id);
    const code = await latestCode(theServer(), '+14155550113');
    await api.auth.disableMFASMS(phone!.id, { otcToken, code });
    assert.equal((await api.auth.getMFADevices()).phones.length, 0);
  }),
  'auth.preEnrollMFAWebAuthn': served(async () => {
    await asNewUser('acc-wa');
    fits(await api.auth.preEnrollMFAWebAuthn(), { webauthnToken: 'string', options: WEBAUTHN_OPTIONS });
  }),
  'auth.enrollMFAWebAuthn': served(async () => {
    const account = await asNewUser('acc-wa-v');
    const { webauthnToken, options } = await webauthnMfaOptionsViaServer(account);
    const key = new SoftAuthenticator(new URL(SITE).hostname, SITE);
    await api.auth.enrollMFAWebAuthn({
      webauthnToken,
      deviceType: WebAuthnDeviceType.CrossPlatform,
      options: key.register(options),
    } as never);
    assert.equal((await api.auth.getMFADevices()).webauthn.length, 1);
  }),
  'auth.preDisableMFAWebAuthn': served(async () => {
    const { account } = await withWebauthnMfa('acc-wa-pre-dis');
    asAccount(account);
    const [device] = (await api.auth.getMFADevices()).webauthn;
    fits(await api.auth.preDisableMFAWebAuthn(device!.id), {
      webauthnToken: 'string',
      options: { challenge: 'string' },
    });
    assert.equal((await api.auth.getMFADevices()).webauthn.length, 1);
  }),
  'auth.disableMFAWebAuthn': served(async () => {
    const { account, key } = await withWebauthnMfa('acc-wa-dis');
    asAccount(account);
    const [device] = (await api.auth.getMFADevices()).webauthn;
    const pre = await api.auth.preDisableMFAWebAuthn(device!.id);
    await api.auth.disableMFAWebAuthn(device!.id, {
      webauthnToken: pre.webauthnToken,
      options: key.assert(pre.options.challenge),
    });
    assert.equal((await api.auth.getMFADevices()).webauthn.length, 0);
  }),

  // ─── Phone number ─────────────────────────────────────────────────────────────────────────────
  'auth.resetPhoneNumber': served(async () => {
    const account = await newAccount('phone-reset');
    fits(await api.auth.resetPhoneNumber({ email: account.email }), { resetPhoneNumberToken: 'string' });
  }),
  'auth.verifyResetPhoneNumber': served(async () => {
    const account = await newAccount('phone-reset-v');
    const { resetPhoneNumberToken } = await api.auth.resetPhoneNumber({ email: account.email });
    const code = await latestCode(theServer(), account.email);
    fits(await api.auth.verifyResetPhoneNumber({ resetPhoneNumberToken, code }), {
      changePhoneNumberToken: 'string',
    });
  }),
  'auth.changePhoneNumber': served(async () => {
    const account = await newAccount('phone-change');
    const { resetPhoneNumberToken } = await api.auth.resetPhoneNumber({ email: account.email });
    const code = await latestCode(theServer(), account.email);
    const { changePhoneNumberToken } = await api.auth.verifyResetPhoneNumber({ resetPhoneNumberToken, code });
    await api.auth.changePhoneNumber({ changePhoneNumberToken, phoneNumber: '+14155550120' });
    const { rows } = await theServer().db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [
      account.userId,
    ]);
    assert.equal(rows[0]?.phone, '+14155550120');
  }),
  'auth.changePhoneNumberWithVerification': served(async () => {
    await asNewUser('phone-add');
    fits(await api.auth.changePhoneNumberWithVerification({ phoneNumber: '+14155550121' }), {
      changePhoneId: 'string',
    });
  }),
  'auth.verifyChangePhoneNumber': served(async () => {
    await asNewUser('phone-add-v');
    // Right after the request, with the code texted to the new number.
    const { changePhoneId } = await api.auth.changePhoneNumberWithVerification({
      phoneNumber: '+14155550122',
    });
    const code = await latestCode(theServer(), '+14155550122');
    await api.auth.verifyChangePhoneNumber({ changePhoneId, code });
    assert.equal((await api.auth.getMeV2()).phoneNumber, '+14155550122');
  }),

  // ─── Sessions ─────────────────────────────────────────────────────────────────────────────────
  'auth.getCurrentUserSessions': served(async () => {
    await asNewUser('sessions');
    fitsNonEmpty(await api.auth.getCurrentUserSessions(), SESSION);
  }),
  'auth.getCurrentUserSession': served(async () => {
    await asNewUser('session');
    fits(await api.auth.getCurrentUserSession(), SESSION);
  }),
  'auth.deleteSessionForUser': served(async () => {
    const { account, other } = await signedInTwice('session-del');
    const current = await api.auth.getCurrentUserSession();
    const target = (await api.auth.getCurrentUserSessions()).find((s) => s.id !== current.id);
    await api.auth.deleteSessionForUser(target!.id);
    await assertSignedOut(other);
    asAccount(account);
  }),
  'auth.deleteAllSessionsForUser': served(async () => {
    const { other } = await signedInTwice('session-all');
    await api.auth.deleteAllSessionsForUser();
    await assertSignedOut(other);
  }),
  'auth.revokeSessionsForUser': served(async () => {
    const member = await activeMember('revoked');
    await asAdmin();
    await api.auth.revokeSessionsForUser(member.userId);
    await assertSignedOut(member.browser);
  }),
  'auth.getSessionConfigurations': served(async () => {
    await asAdmin();
    const timeout = { isActive: 'boolean', timeout: 'number' };
    fits(await api.auth.getSessionConfigurations(), {
      sessionTimeoutConfiguration: timeout,
      sessionIdleTimeoutConfiguration: timeout,
      sessionConcurrentConfiguration: { isActive: 'boolean', maxSessions: 'number' },
    });
  }),
  'auth.createOrUpdateSessionConfigrations': served(async () => {
    await asAdmin();
    await api.auth.createOrUpdateSessionConfigrations({
      sessionIdleTimeoutConfiguration: { isActive: false, timeout: 1800 },
    });
    const saved = await api.auth.getSessionConfigurations();
    assert.deepEqual(saved.sessionIdleTimeoutConfiguration, { isActive: false, timeout: 1800 });
  }),

  // ─── Invitations and invite links ─────────────────────────────────────────────────────────────
  'auth.acceptInvitation': served(async () => {
    const existing = await newAccount('accept');
    const { userId, token } = await inviteExisting(existing);
    asGuest();
    await api.auth.acceptInvitation({ userId, token });
    assert.ok(
      await isActiveMemberOf(existing.userId, await adminTenantId()),
      'a member of the inviting account',
    );
    // A new invitee accepts with the link alone (no password step in the client): a member, and a
    // link to choose a password arrives (docs/contract.md), with which they sign in.
    const invitee = await invitedNewUser('accept-new');
    const inviting = await adminTenantId();
    asGuest();
    await api.auth.acceptInvitation({ userId: invitee.userId, token: invitee.token });
    assert.ok(await isActiveMemberOf(invitee.userId, inviting), 'joined the inviting account');
    const link = await latestLink(theServer(), invitee.email);
    assert.equal(link.pathname, '/account/reset-password');
    await api.auth.resetPassword({
      userId: link.searchParams.get('userId')!,
      token: link.searchParams.get('token')!,
      password: PASSWORD,
    });
    assert.ok((await api.auth.login({ email: invitee.email, password: PASSWORD })).accessToken);
  }),
  'auth.resendInvitationEmail': served(async () => {
    const { email, token } = await invitedNewUser('reinvite');
    asGuest();
    await api.auth.resendInvitationEmail({ email });
    assert.notEqual((await invitationLink(email)).token, token, 'a fresh invitation link was sent');
  }),
  'teams.resendInvitationLinkToAllTenants': served(async () => {
    const { email, token } = await invitedNewUser('reinvite-all');
    await asAdmin();
    await api.teams.resendInvitationLinkToAllTenants({ email });
    assert.notEqual((await invitationLink(email)).token, token, 'a fresh invitation link was sent');
  }),
  'teams.resendInvitationLink': served(async () => {
    const { email, token } = await invitedNewUser('resend-inv');
    await asAdmin();
    await api.teams.resendInvitationLink({ email });
    assert.notEqual((await invitationLink(email)).token, token, 'a fresh invitation link was sent');
  }),
  'auth.verifyInviteToken': served(async () => {
    await asAdmin();
    const link = await api.teams.createInviteUserLink({ expiresInMinutes: 60 });
    const { rows } = await theServer().db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [
      await adminTenantId(),
    ]);
    asGuest();
    const name = await api.auth.verifyInviteToken({ token: link.token });
    fits(name, 'string');
    assert.equal(name, rows[0]?.name);
  }),
  'teams.createInviteUserLink': served(async () => {
    await asAdmin();
    fits(await api.teams.createInviteUserLink({ expiresInMinutes: 60 }), INVITE_LINK);
  }),
  'teams.getInviteUserLink': served(async () => {
    // An account without a link yet: the Users page reads "no link" (200, no token), not an error.
    await asNewUser('no-invite-link');
    const none = await api.teams.getInviteUserLink();
    assert.equal(none.token, undefined);
    await asAdmin();
    const created = await api.teams.createInviteUserLink({ expiresInMinutes: 60 });
    const link = await api.teams.getInviteUserLink();
    fits(link, INVITE_LINK);
    assert.equal(link.token, created.token, 'the link to copy is the one that works');
  }),
  'teams.updateInviteUserLink': served(async () => {
    await asAdmin();
    const created = await api.teams.createInviteUserLink({ expiresInMinutes: 60 });
    const updated = await api.teams.updateInviteUserLink({ expiresInMinutes: 120 });
    fits(updated, INVITE_LINK);
    assert.equal(updated.token, created.token);
  }),
  'teams.deleteInviteUserLink': served(async () => {
    await asAdmin();
    await api.teams.createInviteUserLink({ expiresInMinutes: 60 });
    await api.teams.deleteInviteUserLink();
    assert.equal((await api.teams.getInviteUserLink()).token, undefined, 'no link any more');
  }),
  'teams.getInviteLinkConfiguration': served(async () => {
    await asAdmin();
    fits(await api.teams.getInviteLinkConfiguration(), {
      tenantInvitationsAllowed: 'boolean',
      emailsEnabled: 'boolean',
    });
  }),

  // ─── Profile ──────────────────────────────────────────────────────────────────────────────────
  'teams.getProfile': served(async () => {
    await asAdmin();
    fits(await api.teams.getProfile(), USER_PROFILE);
  }),
  'teams.updateProfile': served(async () => {
    await asNewUser('profile');
    const profile = await api.teams.updateProfile({ name: 'Renamed Interop' });
    assert.equal(profile.name, 'Renamed Interop');
    fits(profile, USER_PROFILE);
  }),
  'users.updateUserProfileV2': served(async () => {
    await asNewUser('profile2');
    fits(await api.users.updateUserProfileV2({ name: 'Renamed Again' }), USER_PROFILE);
  }),
  'teams.updateProfileImage': served(async () => {
    await asNewUser('avatar');
    const form = new FormData();
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]);
    form.append('image', new Blob([png], { type: 'image/png' }), 'avatar.png');
    const url = await api.teams.updateProfileImage(form);
    assert.equal(typeof url, 'string');
    // The address is the profile's picture now, and serves the bytes sent.
    assert.equal((await api.auth.getMeV2()).profilePictureUrl, url);
    const image = await theServer().app.inject({ url: new URL(url, 'http://server.test').pathname });
    assert.equal(image.headers['content-type'], 'image/png');
    assert.deepEqual([...image.rawPayload], [...png]);
  }),

  // ─── Team members (team paths, users v2/v3) ───────────────────────────────────────────────────
  'teams.loadUsers': served(async () => {
    await asAdmin();
    fits(await api.teams.loadUsers({ pageOffset: 0, pageSize: 20 }), {
      totalPages: 'number',
      items: [TEAM_USER_FULL],
    });
  }),
  'teams.addUser': served(async () => {
    await asAdmin();
    fits(
      await api.teams.addUser({
        email: freshEmail('add'),
        name: 'Added',
        roleIds: [await roleIdOf('Viewer')],
      }),
      TEAM_USER,
    );
  }),
  'teams.updateUser': served(async () => {
    const member = await addTeamUser('update');
    const editor = await roleIdOf('Editor');
    const updated = await api.teams.updateUser({ id: member.id, roleIds: [editor] });
    fits(updated, TEAM_USER_FULL);
    assert.deepEqual(updated.roleIds, [editor]);
    assert.deepEqual(
      updated.tenants?.roles.map((r) => r.id),
      [editor],
    );
  }),
  'teams.deleteUser': served(async () => {
    const member = await addTeamUser('delete');
    await api.teams.deleteUser({ userId: member.id });
  }),
  'teams.resendActivationLink': served(async () => {
    const member = await addTeamUser('resend-act');
    await api.teams.resendActivationLink({ userId: member.id });
    const [latest] = await outbox(theServer(), member.email);
    assert.match(latest?.text ?? '', /\/account\/activate\?/, 'an activation link was sent');
  }),
  'teams.loadStats': served(async () => {
    await asAdmin();
    fits(await api.teams.loadStats(), {
      totalItems: 'number',
      addedThisWeek: 'number',
      superAdmins: 'number',
    });
  }),
  'teams.loadAvailableRoles': served(async () => {
    await newRole('no-description');
    await asAdmin();
    // ITeamUserRole: `description` is a string (a role without one too).
    fitsNonEmpty(await api.teams.loadAvailableRoles(), {
      id: 'string',
      description: 'string',
      key: 'string',
      name: 'string',
      permissions: ['string'],
      permissionLevel: 'number?',
    });
  }),
  'teams.loadAvailablePermissions': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.teams.loadAvailablePermissions(), TEAM_PERMISSION);
  }),
  'users.getUsersV2': served(async () => {
    await asAdmin();
    fits(await api.users.getUsersV2({ _limit: 10, _offset: 0 }), PAGE(USER_PROFILE));
  }),
  'users.getUsersV3': served(async () => {
    await asAdmin();
    fits(await api.users.getUsersV3({ _limit: 10, _offset: 0 }), PAGE(USER_BASE));
    const presets = [
      { _preset: GetUsersFilterPreset.INACTIVE, _presetParams: { _maxInactiveSeconds: 60 } },
      { _preset: GetUsersFilterPreset.MFA_UNENROLLED },
      { _preset: GetUsersFilterPreset.BREACHED_PASSWORDS },
    ];
    for (const preset of presets)
      fits(await api.users.getUsersV3({ _limit: 10, ...preset }), PAGE(USER_BASE));
  }),
  'users.getUsersRoles': served(async () => {
    await asAdmin();
    const me = await api.auth.getMeV2();
    fitsNonEmpty(await api.users.getUsersRoles({ ids: [me.id] }), {
      userId: 'string',
      tenantId: 'string',
      roleIds: ['string'],
    });
  }),
  'users.getUsersGroups': served(async () => {
    await asAdmin();
    const me = await api.auth.getMeV2();
    fitsNonEmpty(await api.users.getUsersGroups({ ids: [me.id] }), {
      userId: 'string',
      tenantId: 'string',
      groupIds: ['string'],
    });
  }),
  'users.getCurrentUserTenantsV3': served(async () => {
    await asAdmin();
    fits(await api.users.getCurrentUserTenantsV3(), { tenants: [TENANT], activeTenant: TENANT });
  }),
  'users.GetUserJwt': served(async () => {
    await asAdmin();
    const me = await api.auth.getMeV2();
    const jwt = await api.users.GetUserJwt({ tenantId: me.tenantId });
    fits(jwt, { accessToken: 'string', expires: 'string', expiresIn: 'number' });
    assert.equal(claims(jwt.accessToken).tenantId, me.tenantId, 'a token for the account asked for');
  }),
  'users.sendResetBreachedPasswordEmails': served(async () => {
    // A new account whose member's password a sign-in found breached (the verdict is the fixture).
    const account = await asNewUser('breached');
    await theServer().db.query('UPDATE users SET breached_password_at = now() WHERE id = $1', [
      account.userId,
    ]);
    assert.deepEqual(await outbox(theServer(), account.email), [], 'no email before the campaign');
    await api.users.sendResetBreachedPasswordEmails();
    const [mail] = await outbox(theServer(), account.email);
    assert.equal(mail?.subject, 'Reset your password', 'the campaign emailed a reset link');
    assert.match(mail!.text, /\/account\/reset-password\?/);
  }),

  // ─── Roles and permissions ────────────────────────────────────────────────────────────────────
  'roles.getRoles': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.roles.getRoles(), ROLE);
  }),
  'roles.addRole': served(async () => {
    await asAdmin();
    fits(
      await api.roles.addRole({
        key: `interop-${randomBytes(4).toString('hex')}`,
        name: 'Interop role',
        description: 'x',
        isDefault: false,
        level: 1,
        permissions: [],
      }),
      ROLE,
    );
  }),
  'roles.updateRole': served(async () => {
    const roleId = await newRole('update');
    fits(await api.roles.updateRole({ roleId, name: 'Updated' }), ROLE);
  }),
  'roles.deleteRole': served(async () => {
    const roleId = await newRole('delete');
    await api.roles.deleteRole({ roleId });
    assert.ok(!(await api.roles.getRoles()).some((r) => r.id === roleId));
  }),
  'roles.attachPermissionsToRole': served(async () => {
    const roleId = await newRole('permissions');
    const [permission] = await api.roles.getPermissions();
    fits(await api.roles.attachPermissionsToRole({ roleId, permissionIds: [permission!.id] }), ROLE);
  }),
  'roles.attachPermissionToRoles': served(async () => {
    const roleId = await newRole('attach');
    const [permission] = await api.roles.getPermissions();
    fits(
      await api.roles.attachPermissionToRoles({ permissionId: permission!.id, roleIds: [roleId] }),
      PERMISSION,
    );
  }),
  'roles.getPermissions': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.roles.getPermissions(), PERMISSION);
  }),
  'roles.getPermissionCategories': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.roles.getPermissionCategories(), {
      id: 'string',
      name: 'string',
      feCategory: 'boolean',
      permissionIds: ['string'],
    });
  }),

  // ─── Groups ───────────────────────────────────────────────────────────────────────────────────
  'groups.getGroups': served(async () => {
    const id = await newGroup('list');
    const member = await addTeamUser('group-listed');
    await api.groups.addRolesToGroup(id, { roleIds: [await roleIdOf('Viewer')] });
    await api.groups.addUsersToGroup(id, { userIds: [member.id] });
    // An array of IGroupResponse, with and without relations asked for.
    for (const query of [undefined, { _groupsRelations: GroupRelations.rolesAndUsers }]) {
      const groups = await api.groups.getGroups(query);
      fitsNonEmpty(groups, GROUP_FULL);
      assert.ok(groups.some((g) => g.id === id && g.users?.some((u) => u.id === member.id)));
    }
  }),
  'groups.getGroupById': served(async () => {
    const id = await newGroup('by-id');
    await api.groups.addRolesToGroup(id, { roleIds: [await roleIdOf('Viewer')] });
    fits(await api.groups.getGroupById({ groupId: id }), GROUP_FULL);
  }),
  'groups.getGroupsByIds': served(async () => {
    const id = await newGroup('bulk');
    fitsNonEmpty(await api.groups.getGroupsByIds({ groupsIds: [id] }), GROUP);
  }),
  'groups.createGroup': served(async () => {
    await asAdmin();
    fits(await api.groups.createGroup({ name: `Created ${randomBytes(4).toString('hex')}` }), GROUP);
  }),
  'groups.updateGroup': served(async () => {
    const id = await newGroup('update');
    await api.groups.updateGroup({ groupId: id, description: 'updated' });
    assert.equal((await api.groups.getGroupById({ groupId: id })).description, 'updated');
  }),
  'groups.deleteGroup': served(async () => {
    const id = await newGroup('delete');
    await api.groups.deleteGroup(id);
    await assert.rejects(
      api.groups.getGroupById({ groupId: id }),
      (e: { statusCode?: number }) => e.statusCode === 404,
    );
  }),
  'groups.addRolesToGroup': served(async () => {
    const id = await newGroup('roles');
    const roleId = await roleIdOf('Viewer');
    await api.groups.addRolesToGroup(id, { roleIds: [roleId] });
    assert.deepEqual(await groupRoleIds(id), [roleId]);
  }),
  'groups.deleteRolesFromGroup': served(async () => {
    const id = await newGroup('roles-del');
    const roleId = await roleIdOf('Viewer');
    await api.groups.addRolesToGroup(id, { roleIds: [roleId] });
    await api.groups.deleteRolesFromGroup(id, { roleIds: [roleId] });
    assert.deepEqual(await groupRoleIds(id), []);
  }),
  'groups.addUsersToGroup': served(async () => {
    const id = await newGroup('users');
    const member = await addTeamUser('grouped');
    await api.groups.addUsersToGroup(id, { userIds: [member.id] });
    assert.deepEqual(await groupUserIds(id), [member.id]);
  }),
  'groups.deleteUsersFromGroup': served(async () => {
    const id = await newGroup('users-del');
    const member = await addTeamUser('ungrouped');
    await api.groups.addUsersToGroup(id, { userIds: [member.id] });
    await api.groups.deleteUsersFromGroup(id, { userIds: [member.id] });
    assert.deepEqual(await groupUserIds(id), []);
  }),
  'groups.getGroupConfiguration': served(async () => {
    await asAdmin();
    fits(await api.groups.getGroupConfiguration(), { enabled: 'boolean', rolesEnabled: 'boolean' });
  }),
  'groups.updateGroupConfiguration': served(async () => {
    // A group's roles count for its members only while groups and their roles are on.
    const id = await newGroup('config');
    const member = await addTeamUser('group-config');
    await api.groups.addRolesToGroup(id, { roleIds: [await roleIdOf('Admin')] });
    await api.groups.addUsersToGroup(id, { userIds: [member.id] });
    const off = await api.groups.updateGroupConfiguration({ rolesEnabled: false });
    assert.deepEqual(off, { enabled: true, rolesEnabled: false });
    assert.deepEqual(await api.groups.getGroupConfiguration(), off);
    assert.deepEqual(await permissionKeysOf(member), [], 'the group’s roles no longer count');
    fits(await api.groups.updateGroupConfiguration({ enabled: true, rolesEnabled: true }), {
      enabled: 'boolean',
      rolesEnabled: 'boolean',
    });
    assert.ok((await permissionKeysOf(member)).includes('fe.*'), 'the group’s roles count again');
    await api.groups.deleteGroup(id);
  }),

  // ─── API tokens and access tokens ─────────────────────────────────────────────────────────────
  'auth.getUserApiTokensData': served(async () => {
    await asAdmin();
    await api.auth.updateUserApiTokensData({ description: 'listed' });
    fitsNonEmpty(await api.auth.getUserApiTokensData(), { clientId: 'string', description: 'string' });
  }),
  'auth.updateUserApiTokensData': served(async () => {
    await asAdmin();
    fits(await api.auth.updateUserApiTokensData({ description: 'created' }), {
      clientId: 'string',
      description: 'string',
      secret: 'string',
    });
  }),
  'auth.deleteUserApiToken': served(async () => {
    await asAdmin();
    const token = await api.auth.updateUserApiTokensData({ description: 'to delete' });
    await api.auth.deleteUserApiToken({ tokenId: token.clientId! });
    assert.ok(!(await api.auth.getUserApiTokensData()).some((t) => t.clientId === token.clientId));
  }),
  'auth.getTenantApiTokensData': served(async () => {
    await asAdmin();
    await tenantApiTokenViaServer();
    fitsNonEmpty(await api.auth.getTenantApiTokensData(), {
      clientId: 'string',
      description: 'string',
      tenantId: 'string?',
      roleIds: ['string'],
    });
  }),
  'auth.updateTenantApiTokensData': served(async () => {
    await asAdmin();
    fits(await api.auth.updateTenantApiTokensData({ description: 'tenant token', roleIds: [] }), {
      clientId: 'string',
      description: 'string',
      secret: 'string',
    });
  }),
  'auth.deleteTenantApiToken': served(async () => {
    await asAdmin();
    const clientId = await tenantApiTokenViaServer();
    await api.auth.deleteTenantApiToken({ tokenId: clientId });
    assert.ok(!(await api.auth.getTenantApiTokensData()).some((t) => t.clientId === clientId));
  }),
  'auth.getUserAccessTokensData': served(async () => {
    await asAdmin();
    await api.auth.createUserAccessToken({ description: 'listed pat', expiresInMinutes: 60 });
    const { accessTokens } = await api.auth.getUserAccessTokensData();
    fitsNonEmpty(accessTokens, ACCESS_TOKEN);
  }),
  'auth.createUserAccessToken': served(async () => {
    await asAdmin();
    const token = asAccessToken(
      await api.auth.createUserAccessToken({ description: 'pat', expiresInMinutes: 60 }),
    );
    fits(token, { ...(ACCESS_TOKEN as object), description: 'string', secret: 'string' });
    // The secret is the bearer: it acts as its owner.
    assert.equal(await meWithBearer(token.secret), 200);
  }),
  'auth.deleteUserAccessToken': served(async () => {
    await asAdmin();
    const token = asAccessToken(
      await api.auth.createUserAccessToken({ description: 'pat', expiresInMinutes: 60 }),
    );
    await api.auth.deleteUserAccessToken({ id: token.id });
    assert.ok(!(await api.auth.getUserAccessTokensData()).accessTokens.some((t) => t.id === token.id));
    assert.equal(await meWithBearer(token.secret), 401);
  }),
  'auth.getTenantAccessTokensData': served(async () => {
    await asAdmin();
    await api.auth.createTenantAccessToken({ description: 'listed tat', expiresInMinutes: 60, roleIds: [] });
    fitsNonEmpty((await api.auth.getTenantAccessTokensData()).accessTokens, {
      ...(ACCESS_TOKEN as object),
      roleIds: ['string'],
    });
  }),
  'auth.createTenantAccessToken': served(async () => {
    await asAdmin();
    const token = asAccessToken(
      await api.auth.createTenantAccessToken({ description: 'tat', expiresInMinutes: 60, roleIds: [] }),
    );
    fits(token, { ...(ACCESS_TOKEN as object), description: 'string', secret: 'string' });
    // The secret is the bearer: let in, with the permissions of its roles (none here).
    assert.equal(await meWithBearer(token.secret, TENANT_TOKENS_PATH), 403);
  }),
  'auth.deleteTenantAccessToken': served(async () => {
    await asAdmin();
    const token = asAccessToken(
      await api.auth.createTenantAccessToken({ description: 'tat', expiresInMinutes: 60, roleIds: [] }),
    );
    assert.equal(await meWithBearer(token.secret, TENANT_TOKENS_PATH), 403);
    await api.auth.deleteTenantAccessToken({ id: token.id });
    assert.ok(!(await api.auth.getTenantAccessTokensData()).accessTokens.some((t) => t.id === token.id));
    assert.equal(await meWithBearer(token.secret, TENANT_TOKENS_PATH), 401);
  }),

  // ─── Tenants, tenant switch, hierarchy, sub-accounts ──────────────────────────────────────────
  'tenants.getTenants': served(async () => {
    await asAdmin();
    fitsNonEmpty(await api.tenants.getTenants(), TENANT);
  }),
  'tenants.switchTenant': served(async () => {
    // A member of two accounts (their own and the seed's) switches to the one they are not in.
    const account = await activeMember('switch');
    const acme = await adminTenantId();
    asAccount(account);
    const target = claims(account.browser.accessToken!).tenantId === acme ? account.tenantId : acme;
    await api.tenants.switchTenant({ tenantId: target });
    // The next token (the kit refreshes after a switch) is for the chosen account.
    ContextHolder.setAccessToken(null);
    await api.auth.refreshToken().catch(() => undefined); // its answer's fit is refreshToken's entry
    assert.equal(claims(ContextHolder.getAccessToken()!).tenantId, target);
  }),
  'tenants.getSubTenants': served(async () => {
    await newSubTenant('list');
    fitsNonEmpty(await api.tenants.getSubTenants(), { tenantId: 'string', level: 'number' });
  }),
  'tenants.getSubTenantsAsTree': served(async () => {
    await newSubTenant('tree');
    fits(await api.tenants.getSubTenantsAsTree(), {
      tenantId: 'string',
      children: [{ tenantId: 'string', children: 'array' }],
    });
  }),
  'tenants.getParentTenants': served(async () => {
    await asAdmin();
    fits(await api.tenants.getParentTenants(), [{ tenantId: 'string', level: 'number' }]);
  }),
  'tenants.getParentTenantsById': served(async () => {
    const sub = await newSubTenant('parents');
    fitsNonEmpty(await api.tenants.getParentTenantsById(sub), {
      tenantId: 'string',
      level: 'number',
      tenantName: 'string',
    });
  }),
  'tenants.getTenantsUsersCount': served(async () => {
    const sub = await newSubTenant('count');
    const counts = await api.tenants.getTenantsUsersCount({ tenantIds: [sub, sub] });
    fitsNonEmpty(counts, { tenantId: 'string', totalUsers: 'number', totalAccessAllowedUsers: 'number' });
    assert.deepEqual(
      counts.map((c) => c.tenantId),
      [sub],
      'one count per account, however often it is asked',
    );
    // The All accounts page of an account without sub-accounts asks for the counts of none.
    await asNewUser('no-sub-accounts');
    assert.deepEqual(await api.tenants.getTenantsUsersCount({ tenantIds: [] }), []);
  }),
  'tenants.searchSubTenants': served(async () => {
    await newSubTenant('search');
    // The SDK's store passes `_subTenantId` even when it has none; the client writes it as "undefined".
    fits(
      await api.tenants.searchSubTenants({ _limit: 10, _offset: 0, _subTenantId: undefined }),
      PAGE({ tenantId: 'string', name: 'string', metadata: 'object' }),
    );
  }),
  'tenants.getHierarchyMetadata': served(async () => {
    const sub = await newSubTenant('metadata');
    fitsNonEmpty(await api.tenants.getHierarchyMetadata({ _tenantIds: [sub] }), {
      tenantId: 'string',
      totalSubTenants: 'number',
      isParent: 'boolean',
    });
  }),
  'subTenants.createSubTenant': served(async () => {
    await asAdmin();
    const parentTenantId = (await adminTenantId())!;
    // An id the client chose (a UUID, or letters, digits, '-', '_') names the account among its
    // parent's (docs/contract.md): the answer's tenantId is the account's UUID, and the same id under
    // the same parent is refused.
    const chosen = crypto.randomUUID();
    const created = await api.subTenants.createSubTenant({
      tenantId: chosen,
      name: 'Created sub',
      parentTenantId,
    });
    fits(created, { tenantId: 'string', name: 'string' });
    assert.match(created.tenantId, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const slug = `acme-eu_${randomBytes(3).toString('hex')}`;
    const named = await api.subTenants.createSubTenant({ tenantId: slug, name: 'Acme EU', parentTenantId });
    assert.match(named.tenantId, /^[0-9a-f-]{36}$/);
    fitsNonEmpty(await api.tenants.getParentTenantsById(named.tenantId), {
      tenantId: 'string',
      level: 'number',
    });
    for (const [tenantId, status] of [
      [slug, 409],
      [chosen, 409],
      ['acme eu/1', 400],
      ['x'.repeat(65), 400],
    ] as const)
      await assert.rejects(
        api.subTenants.createSubTenant({ tenantId, name: 'Again', parentTenantId }),
        (e: { statusCode?: number }) => e.statusCode === status,
        `${tenantId}: ${status}`,
      );
  }),
  'subTenants.updateSubTenant': served(async () => {
    const sub = await newSubTenant('update');
    await api.subTenants.updateSubTenant({ tenantId: sub }, { name: 'Renamed sub' });
    const { rows } = await theServer().db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [
      sub,
    ]);
    assert.equal(rows[0]?.name, 'Renamed sub');
  }),
  'subTenants.deleteSubTenant': served(async () => {
    const sub = await newSubTenant('delete');
    await api.subTenants.deleteSubTenant(sub);
    const { rows } = await theServer().db.query('SELECT 1 FROM tenants WHERE id = $1', [sub]);
    assert.equal(rows.length, 0, 'the sub-account is gone');
  }),
  'subTenants.loadAllUsers': served(async () => {
    const sub = await newSubTenant('all-users');
    const member = await subAccountMember(sub, 'sub-all');
    await asAdmin();
    const page = await api.subTenants.loadAllUsers({
      _offset: 0,
      _limit: 200,
      _filter: '',
      _sortBy: 'name',
      _order: 'ASC',
    });
    fits(page, { totalPages: 'number', items: [SUB_TENANT_USER] });
    // A member of a sub-account is listed with that account among theirs.
    const listed = page.items.find((u) => u.id === member.id);
    assert.ok(listed?.tenantIds.includes(sub), 'the sub-account member is listed with the sub-account');
  }),
  'subTenants.addUserToTenantAndSubTenants': served(async () => {
    // Members of the caller's account are added to sub-accounts (spec 001 §6: not strangers).
    const member = await addTeamUser('sub-add');
    const [first, second] = [await newSubTenant('add-user-1'), await newSubTenant('add-user-2')];
    await api.subTenants.addUserToTenantAndSubTenants({
      user: { email: member.email },
      subTenants: [{ tenantId: first, roleIds: [await roleIdOf('Viewer')] }, { tenantId: second }],
    });
    assert.ok(await isMemberOf(member.id, first));
    assert.ok(await isMemberOf(member.id, second));
  }),
  'subTenants.removeUserFromTenantAndSubTenants': served(async () => {
    const sub = await newSubTenant('remove-user');
    const member = await subAccountMember(sub, 'sub-remove');
    await asAdmin();
    await api.subTenants.removeUserFromTenantAndSubTenants({
      userId: member.id,
      subTenants: [{ tenantId: sub }],
    });
    assert.ok(!(await isMemberOf(member.id, sub)));
  }),
  'subTenants.addUsersToSubTenant': served(async () => {
    const sub = await newSubTenant('add-users');
    const [one, two] = [await addTeamUser('sub-add-a'), await addTeamUser('sub-add-b')];
    await asAdmin();
    // Roles for everyone (`roleIds`) and each person's own (`users[].roleIds`, as the store sends them).
    const [viewer, editor] = [await roleIdOf('Viewer'), await roleIdOf('Editor')];
    await api.subTenants.addUsersToSubTenant({
      tenantId: sub,
      users: [{ email: one.email, roleIds: [editor] } as { email: string }, { email: two.email }],
      roleIds: [viewer],
    });
    assert.deepEqual(await roleKeysIn(one.id, sub), ['Editor', 'Viewer']);
    assert.deepEqual(await roleKeysIn(two.id, sub), ['Viewer']);
  }),
  'subTenants.addUserRolesForSubTenants': served(async () => {
    const sub = await newSubTenant('roles-add');
    const member = await subAccountMember(sub, 'sub-roles-add');
    await api.subTenants.addUserRolesForSubTenants(member.id, {
      subTenantsRoles: [{ tenantId: sub, roleIds: [await roleIdOf('Viewer')] }],
    });
  }),
  'subTenants.removeUserRolesFromSubTenants': served(async () => {
    const sub = await newSubTenant('roles-rm');
    const member = await subAccountMember(sub, 'sub-roles-rm');
    await api.subTenants.removeUserRolesFromSubTenants(member.id, {
      subTenantsRoles: [{ tenantId: sub, roleIds: [await roleIdOf('Viewer')] }],
    });
  }),
  'subTenants.setUserRolesForSubTenants': served(async () => {
    const sub = await newSubTenant('roles-set');
    const member = await subAccountMember(sub, 'sub-roles-set');
    await api.subTenants.setUserRolesForSubTenants(member.id, {
      subTenantsRoles: [{ tenantId: sub, roleIds: [await roleIdOf('Viewer')] }],
    });
  }),
  'subTenants.updateSubAccountAccess': served(async () => {
    const sub = await newSubTenant('access');
    const member = await subAccountMember(sub, 'sub-access');
    await api.subTenants.updateSubAccountAccess(member.id, { allowAccess: true });
  }),

  // ─── Account settings, vendor, metadata, flags, entitlements, impersonation ───────────────────
  'accountSettings.getSettings': served(async () => {
    await asAdmin();
    fits(await api.accountSettings.getSettings(), {
      tenantId: 'string?',
      address: 'string?',
      timezone: 'string?',
      dateFormat: 'string?',
      timeFormat: 'string?',
      currency: 'string?',
      logo: 'string?',
    });
  }),
  'accountSettings.updateSettings': served(async () => {
    await asAdmin();
    const settings = await api.accountSettings.updateSettings({ timezone: 'Europe/Berlin' });
    assert.equal(settings.timezone, 'Europe/Berlin');
  }),
  'accountSettings.getPublicSettings': served(async () => {
    // Read before sign-in (the client wants `applicationUrl` first): no session, no account named.
    asGuest();
    const guest = await api.accountSettings.getPublicSettings();
    fits(guest, { applicationUrl: 'string', loginUrl: 'string' });
    assert.equal(guest.tenantId, undefined, 'a guest is told no account (docs/contract.md)');
    await asAdmin();
    fits(await api.accountSettings.getPublicSettings(), {
      tenantId: 'string',
      applicationUrl: 'string',
      loginUrl: 'string',
    });
  }),
  'vendor.getVendorPublicInfo': served(async () => {
    asGuest();
    fits(await api.vendor.getVendorPublicInfo(), {
      name: 'string',
      logo: 'string',
      icon: 'string',
      whiteLabelMode: 'boolean',
    });
  }),
  'metadata.getAdminBoxMetadata': served(async () => {
    await asAdmin();
    fits(await api.metadata.getAdminBoxMetadata(), 'object');
  }),
  'metadata.updateAdminBoxMetadata': served(async () => {
    // The vendor's administrator (a super user; made one in the database) commits `{ type: path, payload: value }`.
    const vendor = await asNewUser('admin-box-vendor');
    await theServer().db.query('UPDATE users SET super_user = true WHERE id = $1', [vendor.userId]);
    await api.metadata.updateAdminBoxMetadata({
      actions: [{ type: 'navigation.roles.visibility', payload: 'always' }],
    });
    const { rows } = await api.metadata.getAdminBoxMetadata();
    assert.equal(rows[0]?.configuration?.navigation?.roles?.visibility, 'always');
    await api.metadata.updateAdminBoxMetadata({
      actions: [{ type: 'navigation.roles.visibility', payload: null }],
    });
    // A tenant's administrator is refused: the admin box is the vendor's.
    await asNewUser('admin-box');
    await assert.rejects(
      api.metadata.updateAdminBoxMetadata({
        actions: [{ type: 'navigation.roles.visibility', payload: 'never' }],
      }),
      (e: { statusCode?: number }) => e.statusCode === 403,
    );
  }),
  'metadata.getCurrentUserIpMetadata': gap(
    'deliberate (docs/contract.md): no location database, so latitude and longitude are null, not made-up numbers (GET /frontegg/metadata/ipme)',
    ['.latitude', '.longitude'],
    async () => {
      await asAdmin();
      fits(await api.metadata.getCurrentUserIpMetadata(), {
        ip: 'string',
        latitude: 'number',
        longitude: 'number',
      });
    },
  ),
  'metadata.getIpAdressMetadata': gap(
    'deliberate (docs/contract.md): no location database, so latitude and longitude are null, not made-up numbers (GET /frontegg/metadata/ip/{ip})',
    ['.latitude', '.longitude'],
    async () => {
      await asAdmin();
      fits(await api.metadata.getIpAdressMetadata('127.0.0.1'), {
        ip: 'string',
        latitude: 'number',
        longitude: 'number',
      });
    },
  ),
  'metadata.getAuditsMetadata': served(async () => {
    await asAdmin();
    const row = await api.metadata.getAuditsMetadata();
    fits(row, {
      entityName: '=audits',
      id: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      vendorId: 'string',
      theme: { id: 'string', name: 'string', styles: 'any' },
      properties: [
        {
          name: 'string',
          displayName: 'string',
          type: 'string',
          sortable: 'boolean',
          filterable: 'boolean',
          showInTable: 'boolean',
          showInMoreInfo: 'string',
        },
      ],
    });
    // The store reads `showInMoreInfo` as a flag (a non-empty string shows the column under "more
    // info"): only the columns shown there may carry a non-empty value.
    const moreInfo = (row.properties as Array<{ name: string; showInMoreInfo: string }>)
      .filter((p) => !!p.showInMoreInfo)
      .map((p) => p.name);
    assert.deepEqual(moreInfo, ['severity', 'userAgent', 'json', 'tenantId', 'vendorId']);
  }),
  'featureFlags.loadFeatureFlags': served(async () => {
    await asAdmin();
    fits(await api.featureFlags.loadFeatureFlags(), 'object');
  }),
  'entitlements.loadEntitlements': served(async () => {
    await asAdmin();
    fits(await api.entitlements.loadEntitlements(), { permissions: 'object', features: 'object' });
  }),
  'impersonate.impersonate': served(async () => {
    const member = await activeMember('impersonated');
    await asAdmin();
    // The impersonation page holds the actor's token only: the client sends it in the body, no bearer.
    const actorToken = ContextHolder.getAccessToken()!;
    ContextHolder.setAccessToken(null);
    const answer = await api.impersonate.impersonate({ impersonatedUserId: member.userId, actorToken });
    fits(answer, { accessToken: 'string', expiresIn: 'number', expires: 'string' });
    assert.equal(claims(answer.accessToken).sub, member.userId);
  }),

  // ─── Billing (issue 17: subscriptions/*, the development payment provider) ───────────────────
  'subscriptions.getSubscriptionPlans': served(async () => {
    await billing();
    fitsNonEmpty(await api.subscriptions.getSubscriptionPlans(), PLAN);
  }),
  'subscriptions.getSubscriptionPlan': served(async () => {
    const { plans } = await billing();
    // The client's .d.ts declares a list (IPlanResponse[]); its store reads one plan (docs/contract.md).
    const plan: unknown = await api.subscriptions.getSubscriptionPlan(plans[0]!.id);
    fits(plan, PLAN);
    assert.equal((plan as { id: string }).id, plans[0]!.id);
  }),
  'subscriptions.getSubscriptions': served(async () => {
    await billing();
    fitsNonEmpty(await api.subscriptions.getSubscriptions(), SUBSCRIPTION);
  }),
  'subscriptions.getSubscription': served(async () => {
    const { subscriptionId } = await billing();
    fits(await api.subscriptions.getSubscription(subscriptionId), SUBSCRIPTION);
  }),
  'subscriptions.createStripePaymentMethodSetupIntentSecret': served(async () => {
    await billing();
    fits(await api.subscriptions.createStripePaymentMethodSetupIntentSecret({}), {
      id: 'string',
      paymentMethodId: 'string',
      setupIntentSecret: 'string',
    });
  }),
  'subscriptions.updateSubscription': served(async () => {
    const { subscriptionId, plans } = await billing();
    const paymentMethodId = await billingCard();
    await api.subscriptions.updateSubscription(subscriptionId, {
      paymentMethodId,
      planId: plans.find((p) => p.slug === 'pro')!.id,
    });
    assert.equal((await api.subscriptions.getSubscription(subscriptionId)).status, 'active');
  }),
  'subscriptions.getSubscriptionInvoices': served(async () => {
    await billingPaid();
    fitsNonEmpty(await api.subscriptions.getSubscriptionInvoices(), INVOICE);
  }),
  'subscriptions.getSubscriptionInvoice': served(async () => {
    const invoiceId = await billingPaid();
    fits(await api.subscriptions.getSubscriptionInvoice(invoiceId), INVOICE);
  }),
  'subscriptions.getSubscriptionInvoicePdf': served(async () => {
    const invoiceId = await billingPaid();
    // The client saves the file through a link in the page: a stand-in document records it.
    const saved: { blob?: Blob; name?: string } = {};
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => ((saved.blob = blob), 'blob:invoice');
    (globalThis as { document?: unknown }).document = {
      createElement: () => ({ setAttribute: (_: string, name: string) => (saved.name = name), click() {} }),
    };
    try {
      await api.subscriptions.getSubscriptionInvoicePdf(invoiceId, 'invoice.pdf');
    } finally {
      URL.createObjectURL = createObjectURL;
      delete (globalThis as { document?: unknown }).document;
    }
    assert.equal(saved.name, 'invoice.pdf');
    assert.equal(
      Buffer.from(await saved.blob!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
  }),
  'subscriptions.getPaymentMethods': served(async () => {
    await billingPaid();
    fitsNonEmpty(await api.subscriptions.getPaymentMethods(), PAYMENT_METHOD);
  }),
  'subscriptions.getPaymentMethod': served(async () => {
    await billingPaid();
    const [method] = await api.subscriptions.getPaymentMethods();
    fits(await api.subscriptions.getPaymentMethod(method!.id), PAYMENT_METHOD);
  }),
  'subscriptions.updatePaymentMethodBillingDetails': served(async () => {
    await billingPaid();
    const [method] = await api.subscriptions.getPaymentMethods();
    await api.subscriptions.updatePaymentMethodBillingDetails(method!.id, {
      email: 'billing@example.com',
      city: 'Springfield',
    } as never);
    const updated = (await api.subscriptions.getPaymentMethod(method!.id)) as {
      billingDetails: { email?: string; address?: { city?: string } };
    };
    assert.equal(updated.billingDetails.email, 'billing@example.com');
    assert.equal(updated.billingDetails.address?.city, 'Springfield');
  }),
  'subscriptions.cancelSubscription': served(async () => {
    const { subscriptionId } = await billing();
    await billingPaid();
    await api.subscriptions.cancelSubscription(subscriptionId);
    assert.deepEqual((await api.subscriptions.getSubscription(subscriptionId)).cancellation, {
      policy: 'atPeriodEnd',
    });
  }),
  'subscriptions.renewSubscription': served(async () => {
    const { subscriptionId } = await billing();
    await api.subscriptions.renewSubscription(subscriptionId);
    assert.equal((await api.subscriptions.getSubscription(subscriptionId)).cancellation, null);
  }),
  'subscriptions.getManagedSubscriptions': served(async () => {
    await billing();
    fitsNonEmpty(await api.subscriptions.getManagedSubscriptions(), SUBSCRIPTION);
  }),
  'subscriptions.getManagedSubscription': served(async () => {
    const { subscriptionId } = await billing();
    fits(await api.subscriptions.getManagedSubscription(subscriptionId), SUBSCRIPTION);
  }),
  'subscriptions.cancelManagedSubscription': served(async () => {
    const { subscriptionId } = await billing();
    await api.subscriptions.cancelManagedSubscription(subscriptionId);
    assert.ok((await api.subscriptions.getManagedSubscription(subscriptionId)).cancellation);
  }),
  'subscriptions.renewManagedSubscription': served(async () => {
    const { subscriptionId } = await billing();
    await api.subscriptions.renewManagedSubscription(subscriptionId);
    assert.equal((await api.subscriptions.getManagedSubscription(subscriptionId)).cancellation, null);
  }),
  'subscriptions.updateManagedSubscription': served(async () => {
    const { subscriptionId, plans } = await billing();
    await api.subscriptions.updateManagedSubscription(subscriptionId, {
      paymentMethodId: await billingCard(),
      planId: plans.find((p) => p.slug === 'business')!.id,
    });
    assert.equal((await api.subscriptions.getManagedSubscription(subscriptionId)).plan.slug, 'business');
  }),
  'subscriptions.createStripeCustomer': served(async () => {
    await billing();
    fits(await api.subscriptions.createStripeCustomer({ name: 'Interop', email: 'interop@example.com' }), {
      stripeCustomerId: 'string',
    });
  }),
  'subscriptions.getStripeCustomer': served(async () => {
    const { account } = await billing();
    await api.subscriptions.createStripeCustomer({ name: 'Interop', email: 'interop@example.com' });
    fits(await api.subscriptions.getStripeCustomer(account.tenantId), { stripeCustomerId: 'string' });
  }),
  'subscriptions.getStripePaymentProviderConfiguration': served(async () => {
    await billing();
    fits(await api.subscriptions.getStripePaymentProviderConfiguration(), {
      id: 'string',
      name: 'string',
      active: 'boolean',
      publishableKey: 'string',
    });
  }),
  'subscriptions.createSubscription': served(async () => {
    await billing();
    fits(await api.subscriptions.createSubscription({ stripePlanId: 'free' }), {
      subscriptionId: 'string',
      subscriptionSecret: 'string',
    });
  }),
  'subscriptions.getSubscriptionSummaries': served(async () => {
    const { account } = await billing();
    fits(await api.subscriptions.getSubscriptionSummaries(account.tenantId), {
      tenantConfigurationId: 'string',
      providerType: '=Stripe',
      subscriptionId: 'string',
      externallyManaged: 'boolean',
      currentPlanId: 'string',
      paymentMethodId: 'string',
      defaultPlanId: 'string',
    });
  }),
  'subscriptions.getTenantConfiguration': served(async () => {
    const { account } = await billing();
    fits(await api.subscriptions.getTenantConfiguration(account.tenantId), {
      id: 'string',
      vendorId: 'string',
      tenantId: 'string',
      externallyManaged: 'string',
      paymentProviderType: '=Stripe',
      mappingId: 'string',
    });
  }),
  'subscriptions.createTenantConfiguration': served(async () => {
    const { account } = await billing();
    fits(
      await api.subscriptions.createTenantConfiguration({
        tenantId: account.tenantId,
        providerType: 'Stripe' as never,
      }),
      { id: 'string' },
    );
  }),
  'subscriptions.getPaymentProviders': served(async () => {
    await billing();
    fitsNonEmpty(await api.subscriptions.getPaymentProviders(), {
      providerType: '=Stripe',
      name: 'string',
      status: 'string',
    });
  }),
  'subscriptions.getVendorPublicConfigurations': served(async () => {
    await billing();
    fitsNonEmpty(await api.subscriptions.getVendorPublicConfigurations(), {
      allowPlanDowngrade: 'boolean',
      allowPlanCancellation: 'boolean',
    });
  }),

  // ─── SSO configuration (the connections themselves are at the end) ───────────────────────────
  'auth.getSSOPublicConfiguration': served(async () => {
    asGuest();
    fits(await api.auth.getSSOPublicConfiguration(), { isActive: 'boolean' });
  }),

  // ─── Not built: security policies and restrictions ────────────────────────────────────────────
  'auth.getGlobalSecurityPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getGlobalSecurityPolicy(), {
      id: 'string',
      enforceMFAType: 'string?',
      createdAt: 'string',
      updatedAt: 'string',
      allowOverrideEnforcePasswordHistory: 'boolean',
      allowOverridePasswordComplexity: 'boolean',
      allowOverridePasswordExpiration: 'boolean',
      allowSignups: 'boolean',
      apiTokensEnabled: 'boolean',
      cookieSameSite: 'string',
      defaultRefreshTokenExpiration: 'number',
      defaultTokenExpiration: 'number',
      publicKey: 'string',
    });
  }),
  'auth.getMfaPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getMfaPolicy(), MFA_POLICY);
  }),
  'auth.saveMfaPolicy': served(async () => {
    await asAdmin();
    // The client POSTs without an id and PATCHes with one (spec 001 §5); DontForce keeps the
    // suite's later sign-ins free of forced enrolment.
    const created = await api.auth.saveMfaPolicy({ enforceMFAType: 'DontForce' as never });
    fits(created, MFA_POLICY);
    const patched = await api.auth.saveMfaPolicy({ id: created.id, enforceMFAType: 'DontForce' as never });
    assert.equal(patched.id, created.id);
  }),
  'auth.getVendorMfaPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getVendorMfaPolicy(), MFA_POLICY);
  }),
  'auth.getLockoutPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getLockoutPolicy(), LOCKOUT_POLICY);
  }),
  'auth.saveLockoutPolicy': served(async () => {
    await asAdmin();
    const created = await api.auth.saveLockoutPolicy({ enabled: false, maxAttempts: 7 });
    fits(created, LOCKOUT_POLICY);
    const patched = await api.auth.saveLockoutPolicy({ id: created.id, enabled: false, maxAttempts: 8 });
    assert.equal(patched.id, created.id);
    assert.equal((await api.auth.getLockoutPolicy()).maxAttempts, 8);
  }),
  'auth.getVendorLockoutPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getVendorLockoutPolicy(), LOCKOUT_POLICY);
  }),
  'auth.getPasswordHistoryPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getPasswordHistoryPolicy(), HISTORY_POLICY);
  }),
  'auth.savePasswordHistoryPolicy': served(async () => {
    await asAdmin();
    const created = await api.auth.savePasswordHistoryPolicy({ enabled: false, historySize: 4 });
    fits(created, HISTORY_POLICY);
    const patched = await api.auth.savePasswordHistoryPolicy({
      id: created.id,
      enabled: false,
      historySize: 5,
    });
    assert.equal(patched.id, created.id);
    assert.equal((await api.auth.getPasswordHistoryPolicy()).historySize, 5);
  }),
  'auth.getVendorPasswordHistoryPolicy': served(async () => {
    await asAdmin();
    fits(await api.auth.getVendorPasswordHistoryPolicy(), HISTORY_POLICY);
  }),
  'auth.getIPRestrictions': served(async () => {
    await asAdmin();
    await api.auth.createIPRestriction({ ip: '10.77.0.0/16', strategy: 'ALLOW' as never, isActive: false });
    const page = await api.auth.getIPRestrictions({ _offset: 0, _limit: 4, _filter: 'ALLOW' });
    fits(page, { _metadata: { totalPages: 'number', totalItems: 'number' }, items: [IP_RESTRICTION] });
    assert.ok(ipItems(page).some((item) => item.ip === '10.77.0.0/16'));
  }),
  'auth.getIPRestrictionsConfig': served(async () => {
    await asAdmin();
    fits(await api.auth.getIPRestrictionsConfig(), { isActive: 'boolean', strategy: 'string?' });
  }),
  'auth.createIPRestriction': served(async () => {
    await asAdmin();
    await api.auth.createIPRestriction({ ip: '192.0.2.10', strategy: 'BLOCK' as never, isActive: false });
    const page = await api.auth.getIPRestrictions({ _offset: 0, _limit: 100, _filter: 'BLOCK' });
    assert.ok(ipItems(page).some((item) => item.ip === '192.0.2.10'));
  }),
  'auth.bulkCreateIPRestriction': served(async () => {
    await asAdmin();
    await api.auth.bulkCreateIPRestriction({
      ips: [
        { ip: '192.0.2.20', strategy: 'BLOCK' as never, isActive: false },
        { ip: '192.0.2.21', strategy: 'BLOCK' as never, isActive: false },
      ],
    });
    const page = await api.auth.getIPRestrictions({ _offset: 0, _limit: 100, _filter: 'BLOCK' });
    assert.ok(['192.0.2.20', '192.0.2.21'].every((ip) => ipItems(page).some((item) => item.ip === ip)));
  }),
  'auth.deleteIPRestriction': served(async () => {
    await asAdmin();
    await api.auth.createIPRestriction({ ip: '192.0.2.30', strategy: 'BLOCK' as never, isActive: false });
    const before = await api.auth.getIPRestrictions({ _offset: 0, _limit: 100, _filter: 'BLOCK' });
    await api.auth.deleteIPRestriction(ipItems(before).find((item) => item.ip === '192.0.2.30')!.id);
    const after = await api.auth.getIPRestrictions({ _offset: 0, _limit: 100, _filter: 'BLOCK' });
    assert.ok(!ipItems(after).some((item) => item.ip === '192.0.2.30'));
  }),
  'auth.updateIPRestrictionConfig': served(async () => {
    await asAdmin();
    // Inactive, so the suite's later calls are not refused.
    await api.auth.updateIPRestrictionConfig({ isActive: false, strategy: 'BLOCK' as never });
    assert.deepEqual(await api.auth.getIPRestrictionsConfig(), { isActive: false, strategy: 'BLOCK' });
  }),
  'auth.testCurrentIp': served(async () => {
    await asAdmin();
    assert.deepEqual(await api.auth.testCurrentIp(), { valid: true });
  }),
  'auth.testCurrentIpInAllowList': served(async () => {
    await asAdmin();
    fits(await api.auth.testCurrentIpInAllowList(), { valid: 'boolean' });
  }),
  'auth.getDomainRestrictions': served(async () => {
    await asAdmin();
    await api.auth.createDomainRestriction({ domain: 'listed.example', type: 'BLOCK' as never });
    const { items } = await api.auth.getDomainRestrictions();
    fitsNonEmpty(items, { id: 'string', domain: 'string', type: 'string' });
  }),
  'auth.getDomainRestrictionsConfig': served(async () => {
    await asAdmin();
    fits(await api.auth.getDomainRestrictionsConfig(), DOMAIN_CONFIG);
  }),
  'auth.createDomainRestriction': served(async () => {
    await asAdmin();
    const created = await api.auth.createDomainRestriction({
      domain: 'created.example',
      type: 'BLOCK' as never,
    });
    assert.equal(created.domain, 'created.example');
  }),
  'auth.deleteDomainRestriction': served(async () => {
    await asAdmin();
    const created = await api.auth.createDomainRestriction({
      domain: 'deleted.example',
      type: 'BLOCK' as never,
    });
    await api.auth.deleteDomainRestriction(created.id);
    assert.ok(!(await api.auth.getDomainRestrictions()).items.some((d) => d.id === created.id));
  }),
  'auth.updateDomainRestrictionConfig': served(async () => {
    await asAdmin();
    // Inactive, so the suite's later invitations are not refused.
    const saved = await api.auth.updateDomainRestrictionConfig({ active: false, blockPublicDomains: true });
    fits(saved, DOMAIN_CONFIG);
    assert.equal((await api.auth.getDomainRestrictionsConfig()).blockPublicDomains, true);
  }),

  // ─── Not built: whole areas ───────────────────────────────────────────────────────────────────
  // ─── Audits (server/routes/audits.ts) ────────────────────────────────────────────────────────
  'audits.getAudits': served(async () => {
    await asAdmin();
    const page = await api.audits.getAudits({
      sortDirection: 'desc',
      sortBy: 'createdAt',
      filter: ADMIN.email,
      offset: 0,
      count: 20,
    });
    fits(page, { data: [AUDIT_ROW], total: 'number' });
    assert.ok(
      page.data.some((r) => r.action === 'User signed in' && r.email === ADMIN.email),
      'the admin’s own sign-in is on record',
    );
  }),
  'audits.getAuditsStats': served(async () => {
    await asAdmin();
    const stats = await api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: 20 });
    fits(stats, { totalToday: 'number', severeThisWeek: 'number' });
    assert.ok(stats.totalToday >= 1);
  }),
  'audits.exportAudits': served(async () => {
    await asAdmin();
    const { properties } = await api.metadata.getAuditsMetadata();
    // The client downloads through a link it clicks: a document stand-in catches the file.
    const downloaded: Array<{ href: string; name: string | null }> = [];
    const saved = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = {
      createElement: () => {
        const link = { href: '', name: null as string | null };
        return Object.assign(link, {
          setAttribute: (_: string, value: string) => (link.name = value),
          click: () => downloaded.push(link),
        });
      },
    };
    try {
      await api.audits.exportAudits({
        endpoint: 'csv/v2',
        headerProps: properties.filter((p: { showInTable: boolean }) => p.showInTable),
        sortDirection: 'desc',
        sortBy: 'createdAt',
        filter: ADMIN.email,
        offset: 0,
        outputFileName: 'audits.csv',
      });
    } finally {
      (globalThis as { document?: unknown }).document = saved;
    }
    assert.equal(downloaded.length, 1);
    assert.equal(downloaded[0]!.name, 'audits.csv');
    const csv = await resolveObjectURL(downloaded[0]!.href)!.text();
    assert.equal(csv.split('\r\n')[0], 'Time,User,Action,Description,IP address');
    assert.match(csv, /User signed in/);
  }),
  // ─── Reports and notifications (issue 28 item 4; test/interop/reports.ts) ───────────────────────
  ...reportEntries(),
  // ─── Connectivity (issue 16): events, webhooks, email/SMS, Slack incoming webhooks ──────────
  ...connectivityEntries(),
  // Slack app installation (OAuth code) is not how this server reaches Slack: channels are
  // incoming-webhook URLs added with POST /slack/channels (docs/connectivity.md).
  'connectivity.postSlackCode': notBuilt(SLACK_OAUTH),
  // ─── Security centre (core/domain/security-center.ts) ─────────────────────────────────────────
  'securityCenter.getRecommendations': served(async () => {
    await asAdmin();
    const answer = await api.securityCenter.getRecommendations();
    fits(answer, { scoring: { score: 'number' }, recommendations: { items: [SECURITY_ITEM] } });
    assert.ok(answer.scoring.score >= 0 && answer.scoring.score <= 100);
    assert.ok(answer.recommendations.items.length > 0, 'the seed account has something to improve');
  }),
  'securityCenter.getInsights': served(async () => {
    await asAdmin();
    const answer = await api.securityCenter.getInsights();
    fits(answer, { insights: { items: [SECURITY_INSIGHT] } });
    const mfa = answer.insights.items.find(
      (i) => i.category === 'MFA' && i.metadata?.totalUsers !== undefined,
    );
    assert.ok(mfa && mfa.metadata!.totalUsers! >= 1, 'the MFA insight counts the account’s members');
  }),
  // ─── Directory provisioning (issue 16): SCIM configurations (core/domain/directory-handlers.ts) ─
  ...directoryEntries(),
  // SSO connections configured by tenant administrators (issue 16): the seed admin's account. Last:
  // their audit records (High, the admin's) would push the admin's sign-in off audits.getAudits' first page.
  'auth.getSSOConfigurations': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    fitsNonEmpty(await api.auth.getSSOConfigurations(), SSO_CONFIGURATION);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.createSSOConfiguration': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({
      type: 'okta',
      ssoEndpoint: theSamlIdp().ssoUrl,
      publicCertificate: theSamlIdp().certificate,
    });
    fits(created, SSO_CONFIGURATION);
    assert.equal(created.enabled, false, 'a new connection starts disabled (spec 001 §5)');
    assert.equal(created.ssoEndpoint, theSamlIdp().ssoUrl);
    assert.match(created.acsUrl, /\/acs$/);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.updateSSOConfiguration': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'oidc' });
    const updated = await api.auth.updateSSOConfiguration(created.id, {
      enabled: true,
      ssoEndpoint: 'https://idp.example.com',
      oidcClientId: 'interop-client',
      oidcSecret: 'interop-secret',
    });
    fits(updated, SSO_CONFIGURATION);
    assert.equal(updated.enabled, true);
    assert.equal(updated.oidcClientId, 'interop-client');
    assert.equal(updated.oidcSecret, '', 'the secret is stored sealed and never answered');
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.deleteSSOConfiguration': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    await api.auth.deleteSSOConfiguration(created.id);
    assert.ok(!(await api.auth.getSSOConfigurations()).some((c) => c.id === created.id));
  }),
  'auth.createSSOConfigurationByMetadata': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfigurationByMetadata({ metadata: theSamlIdp().metadata });
    fits(created, SSO_CONFIGURATION);
    assert.equal(created.ssoEndpoint, theSamlIdp().ssoUrl);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.updateSSOConfigurationByMetadata': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const updated = await api.auth.updateSSOConfigurationByMetadata(created.id, {
      metadata: theSamlIdp().metadata,
    });
    assert.equal(updated.ssoEndpoint, theSamlIdp().ssoUrl);
    assert.match(updated.publicCertificate, /BEGIN CERTIFICATE/);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.createSSOConfigurationByMetadataUrl': served(async () => {
    await asAdmin();
    // The test IdP publishes its metadata at its entity ID (fetched through the guarded outbound HTTP).
    const created = await api.auth.createSSOConfigurationByMetadataUrl({ url: theSamlIdp().entityId });
    fits(created, SSO_CONFIGURATION);
    assert.equal(created.ssoEndpoint, theSamlIdp().ssoUrl);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.updateSSOConfigurationByMetadataUrl': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const updated = await api.auth.updateSSOConfigurationByMetadataUrl(created.id, {
      url: theSamlIdp().entityId,
    });
    assert.equal(updated.ssoEndpoint, theSamlIdp().ssoUrl);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.createSSODomain': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const domain = await api.auth.createSSODomain(created.id, { domain: 'Created-SSO.Example' });
    fits(domain, SSO_DOMAIN_SHAPE);
    assert.deepEqual([domain.domain, domain.validated], ['created-sso.example', false]);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.deleteSSODomain': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const domain = await api.auth.createSSODomain(created.id, { domain: 'deleted-sso.example' });
    await api.auth.deleteSSODomain(created.id, domain.id);
    const [after] = (await api.auth.getSSOConfigurations()).filter((c) => c.id === created.id);
    assert.deepEqual(after!.domains, []);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.validateSSODomain': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const domain = await api.auth.createSSODomain(created.id, { domain: 'validated-sso.example' });
    // The TXT record the page tells the administrator to publish, answered by the local DNS server.
    theDns().txt.set('validated-sso.example', [created.generatedVerification]);
    await api.auth.validateSSODomain(created.id, domain.id);
    const [after] = (await api.auth.getSSOConfigurations()).filter((c) => c.id === created.id);
    assert.equal(after!.domains[0]!.validated, true);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.getSSODefaultRoles': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    fits(await api.auth.getSSODefaultRoles(created.id), { roleIds: ['string'] });
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.setSSODefaultRoles': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const [role] = await api.roles.getRoles();
    await api.auth.setSSODefaultRoles(created.id, { roleIds: [role!.id] });
    assert.deepEqual((await api.auth.getSSODefaultRoles(created.id)).roleIds, [role!.id]);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.createSSOGroup': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    const [role] = await api.roles.getRoles();
    await api.auth.createSSOGroup(created.id, { group: 'engineering', roleIds: [role!.id] });
    assert.deepEqual(
      (await api.auth.getSSOGroups(created.id)).map((g) => [g.group, g.roleIds]),
      [['engineering', [role!.id]]],
    );
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.updateSSOGroup': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    await api.auth.createSSOGroup(created.id, { group: 'engineering' });
    const [group] = await api.auth.getSSOGroups(created.id);
    await api.auth.updateSSOGroup(created.id, { id: group!.id, group: 'platform', roleIds: [] });
    assert.equal((await api.auth.getSSOGroups(created.id))[0]!.group, 'platform');
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.deleteSSOGroup': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    await api.auth.createSSOGroup(created.id, { group: 'engineering' });
    const [group] = await api.auth.getSSOGroups(created.id);
    await api.auth.deleteSSOGroup(created.id, group!.id);
    assert.deepEqual(await api.auth.getSSOGroups(created.id), []);
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'auth.getSSOGroups': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'saml' });
    await api.auth.createSSOGroup(created.id, { group: 'listed', roleIds: [] });
    fitsNonEmpty(await api.auth.getSSOGroups(created.id), {
      id: 'string',
      group: 'string',
      roleIds: ['string'],
    });
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  // The legacy single-connection calls (core/domain/sso-handlers.ts): a view of the account's oldest SAML
  // connection, created by the first change; each probe removes it through the multi-SSO calls.
  'auth.getSamlConfiguration': served(async () => {
    await asAdmin();
    fits(await api.auth.getSamlConfiguration(), { enabled: 'boolean' });
    await legacySaml('get-legacy.example');
    fits(await api.auth.getSamlConfiguration(), SAML_CONFIGURATION);
    await dropLegacySaml();
  }),
  'auth.updateSamlConfiguration': served(async () => {
    await asAdmin();
    const saved = await api.auth.updateSamlConfiguration({
      enabled: false,
      domain: 'update-legacy.example',
      ssoEndpoint: theSamlIdp().ssoUrl,
      publicCertificate: theSamlIdp().certificate,
    });
    fits(saved, SAML_CONFIGURATION);
    assert.equal(saved.ssoEndpoint, theSamlIdp().ssoUrl);
    // The same connection the multi-SSO calls list.
    const listed = (await api.auth.getSSOConfigurations()).find((c) => c.acsUrl === saved.acsUrl);
    assert.equal(listed?.domains[0]?.domain, 'update-legacy.example');
    // Another domain resets the endpoint, certificate and signRequest (spec 001 §5).
    const moved = await api.auth.updateSamlConfiguration({ enabled: false, domain: 'moved-legacy.example' });
    assert.deepEqual(
      [moved.domain, moved.ssoEndpoint, moved.publicCertificate],
      ['moved-legacy.example', '', ''],
    );
    await dropLegacySaml();
  }),
  'auth.getSamlVendorConfiguration': served(async () => {
    await asAdmin();
    const saved = await legacySaml('vendor-legacy.example');
    const vendor = await api.auth.getSamlVendorConfiguration();
    fits(vendor, { acsUrl: 'string', spEntityId: 'string' });
    assert.deepEqual(vendor, { acsUrl: saved.acsUrl, spEntityId: saved.spEntityId });
    await dropLegacySaml();
  }),
  'auth.updateSamlVendorMetadata': served(async () => {
    await asAdmin();
    await legacySaml('metadata-legacy.example');
    const saved = await api.auth.updateSamlVendorMetadata({ metadata: theSamlIdp().metadata });
    fits(saved, SAML_CONFIGURATION);
    assert.equal(saved.ssoEndpoint, theSamlIdp().ssoUrl);
    assert.match(saved.publicCertificate!, /BEGIN CERTIFICATE/);
    await dropLegacySaml();
  }),
  'auth.validateSamlDomain': served(async () => {
    await asAdmin();
    const saved = await legacySaml('validated-legacy.example');
    // The TXT record the administrator publishes, answered by the harness's DNS server.
    theDns().txt.set('validated-legacy.example', [saved.generatedVerification!]);
    const validated = await api.auth.validateSamlDomain();
    fits(validated, SAML_CONFIGURATION);
    assert.equal(validated.validated, true);
    await dropLegacySaml();
  }),
  'auth.getSamlRoles': served(async () => {
    await asAdmin();
    await legacySaml('roles-legacy.example');
    fits({ roleIds: await api.auth.getSamlRoles() }, { roleIds: ['string'] });
    await dropLegacySaml();
  }),
  'auth.updateSamlRoles': served(async () => {
    await asAdmin();
    await legacySaml('set-roles-legacy.example');
    const [role] = await api.roles.getRoles();
    await api.auth.updateSamlRoles({ roleIds: [role!.id] });
    assert.deepEqual(await api.auth.getSamlRoles(), [role!.id]);
    await dropLegacySaml();
  }),
  'auth.getSamlRolesGroups': served(async () => {
    await asAdmin();
    await legacySaml('groups-legacy.example');
    await api.auth.createSamlGroup({ group: 'listed', roleIds: [] });
    fitsNonEmpty(await api.auth.getSamlRolesGroups(), { id: 'string', group: 'string', roleIds: ['string'] });
    await dropLegacySaml();
  }),
  'auth.createSamlGroup': served(async () => {
    await asAdmin();
    await legacySaml('create-group-legacy.example');
    const [role] = await api.roles.getRoles();
    await api.auth.createSamlGroup({ group: 'engineering', roleIds: [role!.id] });
    assert.deepEqual(
      (await api.auth.getSamlRolesGroups()).map((g) => [g.group, g.roleIds]),
      [['engineering', [role!.id]]],
    );
    await dropLegacySaml();
  }),
  'auth.updateSamlGroup': served(async () => {
    await asAdmin();
    await legacySaml('update-group-legacy.example');
    await api.auth.createSamlGroup({ group: 'engineering' });
    const [group] = await api.auth.getSamlRolesGroups();
    await api.auth.updateSamlGroup({ id: group!.id, group: 'platform', roleIds: [] });
    assert.equal((await api.auth.getSamlRolesGroups())[0]!.group, 'platform');
    await dropLegacySaml();
  }),
  'auth.deleteSamlGroup': served(async () => {
    await asAdmin();
    await legacySaml('delete-group-legacy.example');
    await api.auth.createSamlGroup({ group: 'engineering' });
    const [group] = await api.auth.getSamlRolesGroups();
    await api.auth.deleteSamlGroup({ id: group!.id });
    assert.deepEqual(await api.auth.getSamlRolesGroups(), []);
    await dropLegacySaml();
  }),
  'auth.getOidcConfiguration': served(async () => {
    await asAdmin();
    const created = await api.auth.createSSOConfiguration({ type: 'oidc', enabled: true });
    const oidc = await api.auth.getOidcConfiguration();
    fits(oidc, { active: 'boolean', redirectUri: 'string?' });
    assert.deepEqual(oidc, { active: true, redirectUri: SSO_CALLBACK });
    await api.auth.deleteSSOConfiguration(created.id);
  }),
  'metadata.getSamlMetadata': served(async () => {
    await asAdmin();
    const saved = await legacySaml('metadata-entity.example');
    fits(await api.metadata.getSamlMetadata(), {
      entityName: '=saml',
      id: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      vendorId: 'string',
      properties: ['any'],
      isActive: 'boolean',
      configuration: { acsUrl: 'string', spEntityId: 'string' },
    });
    assert.equal((await api.metadata.getSamlMetadata()).configuration.acsUrl, saved.acsUrl);
    await dropLegacySaml();
  }),
};

// The client's connectivity/interfaces.d.ts, in brief.
const WEBHOOK: Shape = {
  _id: 'string',
  displayName: 'string',
  description: 'string',
  url: 'string',
  eventKeys: ['string'],
  isActive: 'boolean',
  invocations: 'number',
  createdAt: 'string',
  updatedAt: 'string',
};
const EVENT_CATEGORY: Shape = {
  id: 'string',
  name: 'string',
  vendorId: 'string',
  createdAt: 'string',
  updatedAt: 'string',
  events: [{ id: 'string', key: 'string', displayName: 'string', vendorId: 'string' }],
};
const EMAIL_SMS: Shape = {
  eventKey: 'string',
  enabled: 'boolean',
  subscriptions: [{ id: 'string', name: 'string', enabled: 'boolean', recipients: ['string'] }],
};

function connectivityEntries(): Record<string, Entry> {
  const c = () => api.connectivity;
  const hook = async (receiverUrl = 'https://93.184.216.34/hook') =>
    (await c().postWebhooksConfiguration({
      displayName: `interop ${randomBytes(3).toString('hex')}`,
      description: '',
      url: receiverUrl,
      secret: null,
      eventKeys: [],
      isActive: true,
    })) as { _id: string; secret: string };
  /** A logged attempt of a webhook, written where the worker would write it. */
  const logOf = async (webhookId: string) => {
    const { rows } = await theServer().db.query<{ id: string }>(
      `INSERT INTO webhook_logs (webhook_id, tenant_id, event_key, status_code, body)
       SELECT id, tenant_id, 'user.passwordReset', 500, '{}' FROM webhooks WHERE id = $1 RETURNING id`,
      [webhookId],
    );
    return rows[0]!.id;
  };
  const channel = async () =>
    (
      await theServer().app.inject({
        method: 'POST',
        url: '/frontegg/integrations/resources/configurations/v1/slack/channels',
        headers: bearer(ContextHolder.getAccessToken()!),
        payload: { name: '#interop', url: 'https://93.184.216.34/slack' },
      })
    ).json() as { id: string };
  const emailSms = (kind: 'Email' | 'SMS', recipient: string): Record<string, Entry> => {
    const get = () => (kind === 'Email' ? c().getEmailConfiguration() : c().getSMSConfiguration());
    const post = (eventKey: string) =>
      (kind === 'Email' ? c().postEmailConfiguration : c().postSMSConfiguration)({
        eventKey,
        enabled: true,
        subscriptions: [{ name: 'ops', enabled: true, recipients: [recipient] }],
      });
    const subscriptionOf = async (eventKey: string) =>
      (await get()).find((x) => x.eventKey === eventKey)!.subscriptions[0]!.id!;
    return {
      [`connectivity.get${kind}Configuration`]: served(async () => {
        await asAdmin();
        await post('user.passwordReset');
        fitsNonEmpty(await get(), EMAIL_SMS);
      }),
      [`connectivity.post${kind}Configuration`]: served(async () => {
        await asAdmin();
        await post('user.invited');
        assert.ok((await get()).some((x) => x.eventKey === 'user.invited'));
      }),
      [`connectivity.patch${kind}Configuration`]: served(async () => {
        await asAdmin();
        await post('user.removed');
        await (kind === 'Email' ? c().patchEmailConfiguration : c().patchSMSConfiguration)({
          eventKey: 'user.removed',
          enabled: false,
        });
        assert.equal((await get()).find((x) => x.eventKey === 'user.removed')!.enabled, false);
      }),
      [`connectivity.put${kind}Subscriptions`]: served(async () => {
        await asAdmin();
        await post('user.rolesChanged');
        const id = await subscriptionOf('user.rolesChanged');
        await (kind === 'Email' ? c().putEmailSubscriptions : c().putSMSSubscriptions)(
          id,
          'user.rolesChanged',
          {
            name: 'renamed',
            enabled: true,
            recipients: [recipient],
          },
        );
        const found = (await get()).find((x) => x.eventKey === 'user.rolesChanged')!;
        assert.equal(found.subscriptions.find((s) => s.id === id)!.name, 'renamed');
      }),
      [`connectivity.delete${kind}Subscriptions`]: served(async () => {
        await asAdmin();
        await post('apiToken.created');
        const id = await subscriptionOf('apiToken.created');
        await (kind === 'Email' ? c().deleteEmailSubscriptions : c().deleteSMSSubscriptions)(
          'apiToken.created',
          id,
        );
        const found = (await get()).find((x) => x.eventKey === 'apiToken.created');
        assert.ok(!found?.subscriptions.some((s) => s.id === id));
      }),
      [`connectivity.delete${kind}Configuration`]: served(async () => {
        await asAdmin();
        await post('apiToken.deleted');
        await (kind === 'Email' ? c().deleteEmailConfiguration : c().deleteSMSConfiguration)(
          'apiToken.deleted',
        );
        assert.ok(!(await get()).some((x) => x.eventKey === 'apiToken.deleted'));
      }),
    };
  };
  return {
    'connectivity.getCategories': served(async () => {
      await asAdmin();
      fitsNonEmpty(await c().getCategories(), EVENT_CATEGORY);
    }),
    'connectivity.getChannelMaps': served(async () => {
      await asAdmin();
      fitsNonEmpty(await c().getChannelMaps('webhook,email'), {
        id: 'string',
        key: 'string',
        categoryId: 'string',
        displayName: 'string',
        category: { id: 'string', name: 'string' },
      });
    }),
    'connectivity.getWebhooksConfigurations': served(async () => {
      await asAdmin();
      await hook();
      fitsNonEmpty(await c().getWebhooksConfigurations(), WEBHOOK);
    }),
    'connectivity.postWebhooksConfiguration': served(async () => {
      await asAdmin();
      const created = await hook();
      fits(created, { ...(WEBHOOK as Record<string, Shape>), secret: 'string' });
      const patched = await c().postWebhooksConfiguration({
        _id: created._id,
        displayName: 'renamed',
        description: '',
        url: 'https://93.184.216.34/other',
        secret: null,
        eventKeys: ['user.passwordReset'],
        isActive: false,
      });
      assert.equal(patched._id, created._id);
      assert.equal(patched.displayName, 'renamed');
    }),
    'connectivity.deleteWebhooksConfiguration': served(async () => {
      await asAdmin();
      const created = await hook();
      await c().deleteWebhooksConfiguration(created._id);
      const list = (await c().getWebhooksConfigurations()) as Array<{ _id: string }>;
      assert.ok(!list.some((w) => w._id === created._id));
    }),
    'connectivity.getWebhookLog': served(async () => {
      await asAdmin();
      const created = await hook();
      await logOf(created._id);
      const logs = await c().getWebhookLog(created._id);
      fits(logs, {
        count: 'number',
        rows: [
          { id: 'string', body: 'string', createdAt: 'string', statusCode: 'string', webhookId: 'string' },
        ],
      });
      assert.equal(logs.count, 1);
    }),
    'connectivity.postWebhookTest': served(async () => {
      await asAdmin();
      const receiver = await startReceiver();
      try {
        receiver.statuses.push(201);
        const result = await c().postWebhookTest({ url: `${receiver.url}/test`, secret: 'whsec_interop' });
        assert.equal(result.statusCode, 201);
      } finally {
        await receiver.close();
      }
    }),
    'connectivity.postWebhookRetry': served(async () => {
      await asAdmin();
      // Inactive: the worker gives the queued retry up without reaching out.
      const kept = await hook();
      await theServer().db.query('UPDATE webhooks SET is_active = false WHERE id = $1', [kept._id]);
      const result = await c().postWebhookRetry(await logOf(kept._id));
      assert.equal(result.statusCode, 202);
    }),
    ...emailSms('Email', 'ops@interop.example.com'),
    ...emailSms('SMS', '+15550004444'),
    'connectivity.getSlackConfiguration': served(async () => {
      await asAdmin();
      fits(await c().getSlackConfiguration(), {
        id: 'string',
        slackSubscriptions: [
          {
            id: 'string',
            isActive: 'boolean',
            slackEvents: [{ eventKey: 'string', channelIds: ['string'] }],
          },
        ],
      });
    }),
    'connectivity.getSlackScope': served(async () => {
      await asAdmin();
      fits(await c().getSlackScope(), { mode: 'string' });
    }),
    'connectivity.getSlackChannels': served(async () => {
      await asAdmin();
      await channel();
      fitsNonEmpty(await c().getSlackChannels(), { id: 'string', name: 'string' });
    }),
    'connectivity.postSlackConfiguration': served(async () => {
      await asAdmin();
      const { id } = await channel();
      const saved = await c().postSlackConfiguration({
        isActive: true,
        slackEvents: [{ eventKey: 'user.passwordReset', channelIds: [id] }],
      });
      const patched = await c().postSlackConfiguration({ ...saved, isActive: false });
      assert.equal(patched.id, saved.id);
      assert.equal(patched.isActive, false);
    }),
    'connectivity.deleteSlackConfiguration': served(async () => {
      await asAdmin();
      const { id } = await channel();
      const saved = await c().postSlackConfiguration({
        isActive: true,
        slackEvents: [{ eventKey: 'user.passwordReset', channelIds: [id] }],
      });
      await c().deleteSlackConfiguration(saved);
      const config = await c().getSlackConfiguration();
      assert.ok(!config.slackSubscriptions.some((s: { id: string }) => s.id === saved.id));
    }),
  };
}

// ─── Fixtures: set-up the probes share ──────────────────────────────────────────────────────────
// What is measured goes through the client; what only sets the scene goes to the server directly
// (inject) or through the browser (`browserRequest`, when a cookie must end up in the browser).

const AUTH_MFA = `${API}/auth/v1/user/mfa`;
const ACCOUNT_MFA = `${API}/users/v1/mfa`;
const PASSKEYS = `${API}/users/webauthn/v1/devices`;

async function inject(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const res = await theServer().app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
  assert.ok(res.statusCode < 300, `fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The status of GET `path` (default users/v2/me) with this bearer (an access token's secret). */
async function meWithBearer(token: string, path = '/users/v2/me'): Promise<number> {
  return (await theServer().app.inject({ url: `${API}${path}`, headers: bearer(token) })).statusCode;
}
/** The client types access-token creation's answer as an API token's; the server answers IAccessTokensData. */
const asAccessToken = (token: unknown) => token as { id: string; secret: string };
/** A tenant token without roles: let in (403, no permission), not refused (401). */
const TENANT_TOKENS_PATH = '/tenants/access-tokens/v1';

function tokenOf(account: Account): string {
  return account.browser.accessToken!;
}

async function adminToken(): Promise<string> {
  await asAdmin();
  return ContextHolder.getAccessToken()!;
}

async function adminTenantId(): Promise<string> {
  return claims(await adminToken()).tenantId as string;
}

async function countMessages(to: string): Promise<number> {
  const res = await theServer().app.inject({ url: `/frontegg/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json().messages as unknown[]).length;
}

/** The server's own sign-in answer for `account` (what the client's generateLoginResponse* take). */
async function rawLogin(account: Account) {
  return inject('POST', `${API}/auth/v1/user`, { email: account.email, password: account.password });
}

/** An account with an authenticator app enrolled (signed in, current); its TOTP secret. */
async function withAuthenticator(tag: string): Promise<Account & { secret: string }> {
  const account = await asNewUser(tag);
  const secret = await enrolAuthenticator(theServer().app, tokenOf(account));
  return { ...account, secret };
}

interface Gate {
  mfaToken: string;
  mfaDevices: { authenticators: { id: string }[]; phones: { id: string }[]; webauthn: { id: string }[] };
}

/** Signs in with a password in a new browser and stops at the MFA gate. */
async function mfaGate(account: Account): Promise<Gate> {
  asGuest();
  const gate = (await api.auth.login({ email: account.email, password: account.password })) as unknown;
  fits(gate, MFA_GATE, 'the MFA gate of login');
  return gate as Gate;
}

/** The authenticator secret of a pending enrolment (the server gives it next to the QR code). */
function secretOf(answer: object): string {
  const secret = (answer as { secret?: unknown }).secret;
  assert.equal(typeof secret, 'string', 'the pending enrolment gives the secret in text');
  return secret as string;
}

/** Enrols an authenticator from the account page through the client: the recovery code. */
async function enrolViaClient(): Promise<{ recoveryCode: string; secret: string }> {
  const secret = secretOf(await api.auth.enrollMfa());
  const { recoveryCode } = await api.auth.verifyMfa({ token: await totp(secret) });
  return { recoveryCode, secret };
}

async function enrolAppAtLogin(tag: string) {
  const account = await newAccount(tag, { mfaEnforced: true });
  const gate = await mfaGate(account);
  const pending = await api.auth.preEnrollMFAAuthenticatorAppForLogin({ mfaToken: gate.mfaToken });
  return { account, gate, secret: secretOf(pending) };
}

async function enrolSmsAtLogin(tag: string, phoneNumber: string) {
  const account = await newAccount(tag, { mfaEnforced: true });
  const gate = await mfaGate(account);
  const { otcToken } = await api.auth.preEnrollMFASMSForLogin({ mfaToken: gate.mfaToken, phoneNumber });
  const code = await latestCode(theServer(), phoneNumber);
  return { account, gate, otcToken, code };
}

/** An account with an SMS device enrolled from the account page (through the client). */
async function withSmsDevice(tag: string, phoneNumber: string) {
  const account = await asNewUser(tag);
  const { otcToken } = await api.auth.preEnrollMFASMS({ phoneNumber } as never);
  const code = await latestCode(theServer(), phoneNumber);
  await api.auth.enrollMFASMS({ otcToken, code } as never);
  return { account };
}

async function smsChallenge(tag: string, phoneNumber: string) {
  const { account } = await withSmsDevice(tag, phoneNumber);
  const gate = await mfaGate(account);
  const deviceId = gate.mfaDevices.phones[0]!.id;
  const { otcToken } = await api.auth.preVerifyMFASMSForLogin(deviceId, { mfaToken: gate.mfaToken });
  const code = await latestCode(theServer(), phoneNumber);
  return { gate, deviceId, otcToken, code };
}

/** An account (in a tenant that enforces MFA) whose second factor is a code by email. */
async function withEmailCodeDevice(tag: string): Promise<Account> {
  const account = await newAccount(tag, { mfaEnforced: true });
  const { mfaToken } = await rawLogin(account);
  const { otcToken } = await inject('POST', `${AUTH_MFA}/emailcode/enroll`, { mfaToken });
  const code = await latestCode(theServer(), account.email);
  await inject('POST', `${AUTH_MFA}/emailcode/enroll/verify`, { mfaToken, otcToken, code });
  return account;
}

async function emailChallenge(tag: string) {
  const account = await withEmailCodeDevice(tag);
  const gate = await mfaGate(account);
  const { otcToken } = await api.auth.preVerifyMFAEmailCode({ mfaToken: gate.mfaToken });
  const code = await latestCode(theServer(), account.email);
  return { gate, otcToken, code };
}

/** The full WebAuthn JSON the server takes today (what the client's `{ id, response }` lacks). */
function simpleWebauthnJson<T extends { id: string; response: object }>(answer: T) {
  return {
    id: answer.id,
    rawId: answer.id,
    type: 'public-key',
    response: answer.response,
    clientExtensionResults: {},
  };
}

function newAuthenticator(): SoftAuthenticator {
  return new SoftAuthenticator(new URL(SITE).hostname, SITE);
}

async function passkeyOptionsViaServer(account: Account) {
  // The new-device session answers the creation options themselves (the client SDK's shape).
  return inject('POST', PASSKEYS, {}, tokenOf(account));
}

/** An account with a passkey registered (through the server's own body shape). */
async function withPasskey(tag: string) {
  const account = await asNewUser(tag);
  const key = newAuthenticator();
  const options = await passkeyOptionsViaServer(account);
  const registration = simpleWebauthnJson(key.register(options));
  await inject(
    'POST',
    `${PASSKEYS}/verify`,
    { id: registration.id, response: registration, deviceType: 'platform' },
    tokenOf(account),
  );
  return { account, key, email: account.email };
}

async function webauthnMfaOptionsViaServer(account: Account) {
  return inject('POST', `${ACCOUNT_MFA}/webauthn/enroll`, {}, tokenOf(account));
}

/** An account with a security key enrolled as its second factor (through the server's body shape). */
async function withWebauthnMfa(tag: string) {
  const account = await asNewUser(tag);
  const key = newAuthenticator();
  const { webauthnToken, options } = await webauthnMfaOptionsViaServer(account);
  await inject(
    'POST',
    `${ACCOUNT_MFA}/webauthn/enroll/verify`,
    { webauthnToken, options: simpleWebauthnJson(key.register(options)) },
    tokenOf(account),
  );
  return { account, key };
}

async function webauthnEnrolmentAtLogin(tag: string) {
  const account = await newAccount(tag, { mfaEnforced: true });
  const gate = await mfaGate(account);
  const { webauthnToken, options } = await api.auth.preEnrollMFAWebAuthnForLogin({ mfaToken: gate.mfaToken });
  return { gate, webauthnToken, registration: newAuthenticator().register(options) };
}

async function webauthnChallenge(tag: string) {
  const { account, key } = await withWebauthnMfa(tag);
  const gate = await mfaGate(account);
  const deviceId = gate.mfaDevices.webauthn[0]!.id;
  const { webauthnToken, options } = await api.auth.preVerifyMFAWebAuthnForLogin(deviceId, {
    mfaToken: gate.mfaToken,
  });
  return { gate, deviceId, webauthnToken, assertion: key.assert(options.challenge) };
}

/** The same account signed in from two browsers; the first is current, the second returned. */
async function signedInTwice(tag: string): Promise<{ account: Account; other: Browser }> {
  const account = await newAccount(tag);
  const other = asGuest();
  await api.auth.login({ email: account.email, password: account.password });
  other.accessToken = ContextHolder.getAccessToken();
  useBrowser(account.browser);
  await api.auth.login({ email: account.email, password: account.password });
  account.browser.accessToken = ContextHolder.getAccessToken();
  return { account, other };
}

/** The browser's session is over: its refresh cookie no longer gives a token. */
async function assertSignedOut(browser: Browser): Promise<void> {
  useBrowser(browser);
  ContextHolder.setAccessToken(null);
  await assert.rejects(
    api.auth.refreshToken(),
    (e: { statusCode?: number }) => e.statusCode === 401,
    'the session is ended',
  );
}

/** A member of the seed tenant added by the admin through the client. */
async function addTeamUser(tag: string): Promise<{ id: string; email: string }> {
  await asAdmin();
  const email = freshEmail(tag);
  const user = await api.teams.addUser({ email, name: `Member ${tag}`, roleIds: [] });
  return { id: user.id, email };
}

/** The userId and token of the newest invitation link sent to `email`. */
async function invitationLink(email: string): Promise<{ userId: string; token: string }> {
  const link = await latestLink(theServer(), email);
  const userId = link.searchParams.get('userId');
  const token = link.searchParams.get('token');
  assert.ok(userId && token, `userId and token in the invitation link ${link.href}`);
  return { userId, token };
}

/** An existing user (own account) who accepted the admin's invitation into the seed account; signed in. */
async function activeMember(tag: string): Promise<Account> {
  const account = await newAccount(tag);
  const { userId, token } = await inviteExisting(account);
  await inject('POST', `${API}/users/v1/invitation/accept`, { userId, token });
  useBrowser(account.browser);
  await api.auth.login({ email: account.email, password: account.password });
  account.browser.accessToken = ContextHolder.getAccessToken();
  return account;
}

/** A member whose invitation is accepted (not pending). */
async function isActiveMemberOf(userId: string, tenantId: string): Promise<boolean> {
  const { rows } = await theServer().db.query(
    'SELECT 1 FROM memberships WHERE user_id = $1 AND tenant_id = $2 AND NOT invitation_pending',
    [userId, tenantId],
  );
  return rows.length > 0;
}

async function isMemberOf(userId: string, tenantId: string): Promise<boolean> {
  const { rows } = await theServer().db.query(
    'SELECT 1 FROM memberships WHERE user_id = $1 AND tenant_id = $2',
    [userId, tenantId],
  );
  return rows.length > 0;
}

/** A member of the seed account, also added to its sub-account `tenantId` (the server's own route). */
async function subAccountMember(tenantId: string, tag: string): Promise<{ id: string }> {
  const member = await addTeamUser(tag);
  await inject(
    'POST',
    `${API}/sub-tenants/v1/${tenantId}/users`,
    { email: member.email, roleIds: [] },
    await adminToken(),
  );
  return { id: member.id };
}

/** A new person invited by the admin (not yet activated). */
async function invitedNewUser(tag: string): Promise<{ email: string; userId: string; token: string }> {
  const member = await addTeamUser(tag);
  return { email: member.email, ...(await invitationLink(member.email)) };
}

/** The admin invites an existing user (of another tenant) into the seed tenant. */
async function inviteExisting(account: Account): Promise<{ userId: string; token: string }> {
  await asAdmin();
  await api.teams.addUser({ email: account.email, roleIds: [] });
  return invitationLink(account.email);
}

/** A sign-up while the vendor requires activation: the activation link's userId and token. */
async function activationLink(tag: string): Promise<{ email: string; userId: string; token: string }> {
  const db = theServer().db;
  const email = freshEmail(tag);
  await db.query('UPDATE vendors SET sign_up_requires_activation = true');
  try {
    await inject('POST', `${API}/users/v1/signUp`, { email, password: PASSWORD, name: `Activate ${tag}` });
  } finally {
    await db.query('UPDATE vendors SET sign_up_requires_activation = false');
  }
  asGuest();
  return { email, ...(await invitationLink(email)) };
}

/** A one-time code sent for passwordless sign-in, asked for straight from the server (not through the client). */
/**
 * A sign-in code, asked for as a browser does: the client's pre-login in the account's browser
 * (the server ties the code to the email through the pre-login cookie, docs/contract.md).
 */
async function passwordlessCode(tag: string): Promise<{ email: string; code: string }> {
  const account = await newAccount(tag);
  await api.auth.passwordlessPreLogin({ type: AuthStrategyEnum.Code, email: account.email });
  return { email: account.email, code: await latestCode(theServer(), account.email) };
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The social provider's answer for `login`: what the kit gets back on its callback page. */
async function socialCode(login: string) {
  const providers = (await inject('GET', `${API}/sso/v2`)) as {
    provider: string;
    authorizationUrl: string;
  }[];
  const entry = providers.find((p) => p.provider === 'idp')!;
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const url = new URL(entry.authorizationUrl);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  const back = await authorizeAtIdp(url.toString(), login);
  return { code: back.searchParams.get('code')!, verifier, state };
}

/** Tenant SSO up to the callback, in a new browser: pre-login, the start (its cookie), the IdP. */
async function ssoCode(login: string) {
  asGuest();
  const { address } = await inject('POST', `${API}/auth/v2/user/sso/prelogin`, {
    email: `${login}@${SSO_DOMAIN}`,
  });
  const start = new URL(address);
  start.searchParams.set('redirect_uri', SSO_CALLBACK);
  const base = new URL(ContextHolder.getContext().baseUrl as string);
  const authorization = await navigate(`${base.origin}${start.pathname}${start.search}`);
  const back = await authorizeAtIdp(authorization.toString(), login);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** Tenant SAML SSO in a new browser: pre-login, the start (its cookie), the IdP's signed response. */
async function samlResponse(login: string) {
  asGuest();
  const { address, idpType } = await inject('POST', `${API}/auth/v2/user/sso/prelogin`, {
    email: `${login}@${SAML_DOMAIN}`,
  });
  assert.equal(idpType, 'saml');
  const start = new URL(address);
  start.searchParams.set('redirect_uri', SAML_CALLBACK);
  const base = new URL(ContextHolder.getContext().baseUrl as string);
  const authnRequest = await navigate(`${base.origin}${start.pathname}${start.search}`);
  return theSamlIdp().respond(authnRequest.toString(), login);
}

/** Hosted login: a signed-in browser opens the authorization endpoint; the code it comes back with. */
async function hostedLoginCode(tag: string) {
  await asNewUser(tag);
  const { verifier, challenge } = pkce();
  const base = (ContextHolder.getContext().baseUrl as string).replace(/\/$/, '');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: OAUTH_CALLBACK,
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  // The authorization endpoint is where the server's discovery document says (not a client call).
  const discovery = (await inject('GET', '/.well-known/openid-configuration')) as {
    authorization_endpoint: string;
  };
  const authorize = new URL(discovery.authorization_endpoint).pathname;
  const back = await navigate(`${base}${authorize}?${query}`);
  assert.equal(`${back.origin}${back.pathname}`, OAUTH_CALLBACK, `back at the app: ${back.href}`);
  return { code: back.searchParams.get('code')!, verifier };
}

/**
 * A call that may navigate instead of answering (the client follows a 302 by setting
 * `window.location.href` and never settles): where the browser went, or null when it answered.
 */
async function settledOrNavigated(call: Promise<unknown>, browser: Browser): Promise<string | null> {
  browser.navigatedTo = null;
  const navigated = new Promise<string>((resolve) => {
    const poll = setInterval(() => {
      if (browser.navigatedTo !== null) {
        clearInterval(poll);
        resolve(browser.navigatedTo);
      }
    }, 5);
    void call.finally(() => clearInterval(poll)).catch(() => undefined);
  });
  return Promise.race([call.then(() => null), navigated]);
}

async function roleIdOf(key: string): Promise<string> {
  await asAdmin();
  const role = (await api.roles.getRoles()).find((r) => r.key === key);
  assert.ok(role, `role ${key}`);
  return role.id;
}

/** A role of the seed tenant, created through the server with the fields it takes today. */
async function newRole(tag: string): Promise<string> {
  const role = await inject(
    'POST',
    `${API}/roles/v1`,
    { key: `interop-${tag}-${randomBytes(3).toString('hex')}`, name: `Role ${tag}` },
    await adminToken(),
  );
  return role.id;
}

/** The group as the client reads it (IGroupResponse: roles and users are optional, so default to none). */
async function groupRoleIds(groupId: string): Promise<string[]> {
  return ((await api.groups.getGroupById({ groupId })).roles ?? []).map((r) => r.id);
}

/** The permission keys a member of the seed account holds (an invitation's too), as authorization counts them. */
async function permissionKeysOf(member: { id: string }): Promise<string[]> {
  const tenantId = await adminTenantId();
  const grants = await loadGrants(theServer().db, [member.id], [tenantId], { pending: true });
  return (grants.get(`${member.id}/${tenantId}`)?.permissions ?? []).map((p) => p.key);
}

/** The keys of the roles a member holds in an account (an invitation's too), sorted. */
async function roleKeysIn(userId: string, tenantId: string): Promise<string[]> {
  const grants = await loadGrants(theServer().db, [userId], [tenantId], { pending: true });
  return (grants.get(`${userId}/${tenantId}`)?.roles ?? []).map((r) => r.key).sort();
}

async function groupUserIds(groupId: string): Promise<string[]> {
  return ((await api.groups.getGroupById({ groupId })).users ?? []).map((u) => u.id);
}

async function newGroup(tag: string): Promise<string> {
  await asAdmin();
  const group = await api.groups.createGroup({
    name: `Group ${tag} ${randomBytes(3).toString('hex')}`,
    color: '#112233',
  });
  return group.id;
}

async function newSubTenant(tag: string): Promise<string> {
  const parentTenantId = await adminTenantId();
  // The client chooses the id (a UUID is taken as the account's id, docs/contract.md).
  const created = await api.subTenants.createSubTenant({
    tenantId: crypto.randomUUID(),
    name: `Sub ${tag}`,
    parentTenantId,
  });
  return created.tenantId;
}

/** A tenant API token created through the server's v1 route (the client's v2 is a gap): its id. */
async function tenantApiTokenViaServer(): Promise<string> {
  const token = await inject(
    'POST',
    `${API}/tenants/api-tokens/v1`,
    { description: 'tenant token', roleIds: [] },
    await adminToken(),
  );
  return token.clientId;
}

// The client's directory/interfaces.d.ts, in brief (Scim2ConnectionConfigResponse).
const SCIM_CONFIGURATION: Shape = {
  id: 'string',
  connectionName: 'string',
  source: 'string',
  syncToUserManagement: 'boolean',
  createdAt: 'string',
  lastSync: 'string?',
};

function directoryEntries(): Record<string, Entry> {
  /** A configuration made through the client, with its token (shown once). */
  const create = async (source: 'okta' | 'azure-ad' | 'frontegg' | 'other', connectionName?: string) =>
    (await api.directory.createConfiguration({
      source: source as never,
      ...(connectionName ? { connectionName } : {}),
    })) as unknown as { id: string; token: string; connectionName: string; source: string };
  /** Provisions one user over SCIM with the configuration's token (what an identity provider does). */
  const provision = async (token: string) => {
    const res = await theServer().app.inject({
      method: 'POST',
      url: '/frontegg/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: freshEmail('scim'),
      }),
    });
    assert.equal(res.statusCode, 201, res.body);
  };
  return {
    'directory.getConfigs': served(async () => {
      await asAdmin();
      const made = await create('okta', `Interop ${Date.now()}`);
      const list = await api.directory.getConfigs();
      fitsNonEmpty(list, SCIM_CONFIGURATION);
      const mine = list.find((c) => c.id === made.id);
      assert.ok(mine, 'the new configuration is listed');
      assert.equal(mine.source, 'okta');
      assert.equal((mine as unknown as { token?: string }).token, undefined, 'the token is never listed');
    }),
    'directory.createConfiguration': served(async () => {
      await asAdmin();
      const made = await create('azure-ad');
      fits(made, { ...(SCIM_CONFIGURATION as Record<string, Shape>), token: 'string' });
      assert.equal(made.connectionName, 'Azure AD', 'a default name from the source');
      // The token opens the SCIM endpoints at once.
      await provision(made.token);
    }),
    'directory.updateConfiguration': served(async () => {
      await asAdmin();
      const made = await create('other');
      await api.directory.updateConfiguration(made.id, { syncToUserManagement: false });
      const after = (await api.directory.getConfigs()).find((c) => c.id === made.id);
      assert.equal(after?.syncToUserManagement, false);
    }),
    'directory.deleteConfiguration': served(async () => {
      await asAdmin();
      const made = await create('frontegg');
      await api.directory.deleteConfiguration(made.id);
      assert.ok(!(await api.directory.getConfigs()).some((c) => c.id === made.id));
      const res = await theServer().app.inject({
        method: 'GET',
        url: '/frontegg/scim/v2/Users',
        headers: { authorization: `Bearer ${made.token}` },
      });
      assert.equal(res.statusCode, 401, 'a deleted configuration’s token stops working');
    }),
    'directory.countConfigurationUsers': served(async () => {
      await asAdmin();
      const made = await create('okta');
      fits(await api.directory.countConfigurationUsers(made.id), { count: 'number' });
      await provision(made.token);
      await provision(made.token);
      assert.deepEqual(await api.directory.countConfigurationUsers(made.id), { count: 2 });
    }),
  };
}
