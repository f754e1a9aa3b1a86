import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ROUTES, isAuthRoute, resolveRoutes } from './routes';

test('the default route table has every key of spec 000 §2 with its path', () => {
  assert.deepEqual(
    { ...DEFAULT_ROUTES },
    {
      authenticatedUrl: '/',
      loginUrl: '/account/login',
      logoutUrl: '/account/logout',
      activateUrl: '/account/activate',
      impersonationUrl: '/account/impersonate',
      acceptInvitationUrl: '/account/invitation/accept',
      forgetPasswordUrl: '/account/forget-password',
      resetPhoneNumberUrl: '/account/reset-phone-number',
      resetPasswordUrl: '/account/reset-password',
      socialLoginCallbackUrl: '/account/social/success',
      signUpUrl: '/account/sign-up',
      oidcRedirectUrl: '/account/oidc/callback',
      samlCallbackUrl: '/account/saml/callback',
      magicLinkCallbackUrl: '/account/login/magic-link',
      hostedLoginRedirectUrl: '/oauth/callback',
    },
  );
});

const rows: Array<[string, boolean]> = [
  ['/account/login', true],
  ['/account/login/', true],
  ['/account/login?redirectUrl=%2Fx', true],
  ['https://host.example/account/sign-up', true],
  ['/oauth/callback', true],
  ['/account/login/magic-link', true],
  ['/', false], // authenticatedUrl is left out of the check
  ['/dashboard', false],
  ['/account', false],
];
for (const [url, expected] of rows) {
  test(`isAuthRoute(${url}) is ${expected}`, () => assert.equal(isAuthRoute(url), expected));
}

test('overridden routes are checked, the authenticated URL still is not', () => {
  const routes = resolveRoutes({ loginUrl: '/sign-in', authenticatedUrl: '/app' });
  assert.equal(isAuthRoute('/sign-in', routes), true);
  assert.equal(isAuthRoute('/account/login', routes), false);
  assert.equal(isAuthRoute('/app', routes), false);
});
