import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decideAfterLogin,
  decideAfterSignUp,
  decidePreLogin,
  expiresInSeconds,
  refreshDelayMs,
  ssoAddress,
  type PreLoginDecision,
} from './login';

const REDIRECT = 'https://app.example.com/account/oidc/callback';

const preLoginRows: Array<[string, Parameters<typeof decidePreLogin>[0], PreLoginDecision]> = [
  [
    'SAML SSO address',
    {
      sso: { address: 'https://idp.example.com/saml', idpType: 'saml' },
      authStrategy: 'EmailAndPassword',
      oidcRedirectUri: REDIRECT,
    },
    { step: 'redirectToSSO', address: 'https://idp.example.com/saml' },
  ],
  [
    'OIDC SSO without redirect_uri',
    {
      sso: { address: 'https://idp.example.com/auth?client_id=c', idpType: 'oidc' },
      authStrategy: undefined,
      oidcRedirectUri: REDIRECT,
    },
    {
      step: 'redirectToSSO',
      address: `https://idp.example.com/auth?client_id=c&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    },
  ],
  [
    'OIDC SSO with redirect_uri kept',
    {
      sso: { address: 'https://idp.example.com/auth?redirect_uri=https%3A%2F%2Fx', idpType: 'oidc' },
      authStrategy: undefined,
      oidcRedirectUri: REDIRECT,
    },
    { step: 'redirectToSSO', address: 'https://idp.example.com/auth?redirect_uri=https%3A%2F%2Fx' },
  ],
  [
    'no SSO, no strategy',
    { sso: null, authStrategy: undefined, oidcRedirectUri: REDIRECT },
    { step: 'loginWithPassword' },
  ],
  [
    'no SSO, EmailAndPassword',
    { sso: null, authStrategy: 'EmailAndPassword', oidcRedirectUri: REDIRECT },
    { step: 'loginWithPassword' },
  ],
  [
    'no SSO, Code',
    { sso: null, authStrategy: 'Code', oidcRedirectUri: REDIRECT },
    { step: 'loginWithOtc', passwordless: 'Code' },
  ],
  [
    'no SSO, MagicLink',
    { sso: null, authStrategy: 'MagicLink', oidcRedirectUri: REDIRECT },
    { step: 'magicLinkPreLoginSuccess', passwordless: 'MagicLink' },
  ],
  [
    'no SSO, SmsCode',
    { sso: null, authStrategy: 'SmsCode', oidcRedirectUri: REDIRECT },
    { step: 'loginWithSmsOtc', passwordless: 'SmsCode' },
  ],
  [
    'no SSO, Passkeys (any other value)',
    { sso: null, authStrategy: 'Passkeys', oidcRedirectUri: REDIRECT },
    { step: 'loginWithPassword' },
  ],
  [
    'no SSO, unknown value',
    { sso: null, authStrategy: 'Carrier pigeon', oidcRedirectUri: REDIRECT },
    { step: 'loginWithPassword' },
  ],
  [
    'an SSO answer with an empty address',
    { sso: { address: '' }, authStrategy: 'Code', oidcRedirectUri: REDIRECT },
    { step: 'loginWithOtc', passwordless: 'Code' },
  ],
];
for (const [name, input, expected] of preLoginRows) {
  test(`pre-login: ${name}`, () => assert.deepEqual(decidePreLogin(input), expected));
}

test('ssoAddress leaves SAML addresses alone', () => {
  assert.equal(ssoAddress('https://idp/x', 'saml', REDIRECT), 'https://idp/x');
});

const afterLoginRows: Array<
  [string, Parameters<typeof decideAfterLogin>, ReturnType<typeof decideAfterLogin>]
> = [
  [
    'MFA required, enrolled',
    [
      { mfaRequired: true, mfaToken: 'm' },
      { breachedPasswordFlag: false, passkeyPromptApplies: false },
    ],
    { kind: 'mfa', mfaToken: 'm', enrolled: true },
  ],
  [
    'MFA required, not enrolled',
    [
      { mfaRequired: true, mfaToken: 'm', mfaEnrolled: false },
      { breachedPasswordFlag: true, passkeyPromptApplies: true },
    ],
    { kind: 'mfa', mfaToken: 'm', enrolled: false },
  ],
  [
    'MFA required without a token is not MFA',
    [
      { mfaRequired: true, accessToken: 'a' },
      { breachedPasswordFlag: false, passkeyPromptApplies: false },
    ],
    { kind: 'success' },
  ],
  [
    'breached password, flag on',
    [
      { accessToken: 'a', isBreachedPassword: true },
      { breachedPasswordFlag: true, passkeyPromptApplies: true },
    ],
    { kind: 'breachedPassword' },
  ],
  [
    'breached password, flag off',
    [
      { accessToken: 'a', isBreachedPassword: true },
      { breachedPasswordFlag: false, passkeyPromptApplies: false },
    ],
    { kind: 'success' },
  ],
  [
    'passkey prompt applies',
    [{ accessToken: 'a' }, { breachedPasswordFlag: true, passkeyPromptApplies: true }],
    { kind: 'promptPasskeys' },
  ],
  [
    'plain success',
    [{ accessToken: 'a' }, { breachedPasswordFlag: false, passkeyPromptApplies: false }],
    { kind: 'success' },
  ],
];
for (const [name, args, expected] of afterLoginRows) {
  test(`after login: ${name}`, () => assert.deepEqual(decideAfterLogin(...args), expected));
}

const signUpRows: Array<
  [string, Parameters<typeof decideAfterSignUp>[0], ReturnType<typeof decideAfterSignUp>['kind']]
> = [
  [
    'shouldActivate: not signed in',
    { shouldActivate: true, authResponse: { accessToken: 'a' } },
    'activationNeeded',
  ],
  [
    'no activation, access token: authenticated',
    { shouldActivate: false, authResponse: { accessToken: 'a' } },
    'authenticated',
  ],
  [
    'no activation, MFA needed',
    { shouldActivate: false, authResponse: { mfaRequired: true, mfaToken: 'm' } },
    'mfa',
  ],
  ['no activation, no token: created but not signed in', { shouldActivate: false }, 'created'],
];
for (const [name, response, kind] of signUpRows) {
  test(`after sign-up: ${name}`, () => assert.equal(decideAfterSignUp(response).kind, kind));
}

const signUpMfaRows: Array<
  [string, Parameters<typeof decideAfterSignUp>[0], ReturnType<typeof decideAfterSignUp>]
> = [
  [
    'MFA, enrolled: the login MFA step',
    { shouldActivate: false, authResponse: { mfaRequired: true, mfaToken: 'm', mfaEnrolled: true } },
    { kind: 'mfa', mfaToken: 'm', step: 'loginWithTwoFactor' },
  ],
  [
    'MFA, not enrolled: forced enrolment',
    { shouldActivate: false, authResponse: { mfaRequired: true, mfaToken: 'm', mfaEnrolled: false } },
    { kind: 'mfa', mfaToken: 'm', step: 'forceTwoFactor' },
  ],
  [
    'MFA required but activation needed: activation first',
    { shouldActivate: true, authResponse: { mfaRequired: true, mfaToken: 'm' } },
    { kind: 'activationNeeded' },
  ],
  [
    'MFA required without an mfaToken and no access token: created, not signed in',
    { shouldActivate: false, authResponse: { mfaRequired: true } },
    { kind: 'created' },
  ],
];
for (const [name, response, expected] of signUpMfaRows) {
  test(`after sign-up: ${name}`, () => assert.deepEqual(decideAfterSignUp(response), expected));
}

test('expiresIn defaults to 300 s', () => {
  assert.equal(expiresInSeconds({}), 300);
  assert.equal(expiresInSeconds({ expiresIn: 0 }), 300);
  assert.equal(expiresInSeconds({ expiresIn: 86400 }), 86400);
});

const delayRows: Array<[number, number]> = [
  [300, 240_000],
  [86400, 86_340_000],
  [10, 8_000],
  [1, 1000],
];
for (const [expiresIn, delay] of delayRows) {
  test(`a ${expiresIn} s token is refreshed after ${delay} ms`, () =>
    assert.equal(refreshDelayMs(expiresIn), delay));
}
