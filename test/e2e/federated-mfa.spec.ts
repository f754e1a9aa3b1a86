// The second factor after a federated sign-in, in real Chromium against the real server: a real
// OpenID provider (oidc-provider) on the IdP port plays both the social provider ("E2E IdP") and the
// tenant's SSO identity provider (oidc-sso.example, test/e2e/serve-api.ts). The people have an
// authenticator app enrolled through the server's own API; the TOTP is computed here from its secret.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { startOidcIdp, type RunningIdp } from '../idp/oidc';
import { startSamlIdp, type RunningSamlIdp } from '../idp/saml';
import { seedDemoDatabase } from '../../core/demo/data';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, openWithSocialButton, partOf } from './helpers';

const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? Number(process.env.E2E_API_PORT ?? 8787) + 2);
const SAML_IDP_PORT = Number(process.env.E2E_SAML_IDP_PORT ?? Number(process.env.E2E_API_PORT ?? 8787) + 3);
const SAML_SP = `${API_ORIGIN}/frontegg/identity/resources/auth/v1/sso/saml/e2e-saml`;
const API = `${API_ORIGIN}/frontegg/identity/resources`;
const stamp = Date.now().toString(36);
const SOCIAL = { login: 'mfa-sam', email: `mfa-sam-${stamp}@social.example`, name: 'Sam Second-Factor' };
const SSO = {
  login: 'mfa-olivia',
  email: `mfa-olivia-${stamp}@oidc-sso.example`,
  name: 'Olivia Second-Factor',
};
const SAML = { login: 'mfa-saml', email: `mfa-saml-${stamp}@saml-sso.example`, name: 'Sam Second-Factor' };
/** A TOTP code for a later 30-second step than `now`, so it is never a replay of the enrolment's. */
const totpAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

let idp: RunningIdp;
let samlIdp: RunningSamlIdp;

test.beforeAll(async () => {
  idp = await startOidcIdp({
    port: IDP_PORT,
    clients: [
      {
        client_id: 'e2e-social',
        client_secret: 'e2e-social-secret',
        redirect_uris: [`${API_ORIGIN}/account/social/success`],
      },
      {
        client_id: 'e2e-sso',
        client_secret: 'e2e-sso-secret',
        redirect_uris: [`${API_ORIGIN}/account/oidc/callback`],
      },
    ],
    accounts: {
      [SOCIAL.login]: { email: SOCIAL.email, name: SOCIAL.name },
      [SSO.login]: { email: SSO.email, name: SSO.name },
    },
  });
  samlIdp = await startSamlIdp({
    port: SAML_IDP_PORT,
    sp: { entityId: `${SAML_SP}/metadata`, acsUrl: `${SAML_SP}/acs` },
    accounts: { [SAML.login]: { email: SAML.email, name: SAML.name } },
  });
});
test.afterAll(async () => {
  await idp?.close();
  await samlIdp?.close();
});

/**
 * A person with an account (signed up with a password) and an authenticator app: what the provider
 * later vouches for by verified email links to this account. Returns the authenticator's secret.
 */
async function personWithAuthenticator(
  request: APIRequestContext,
  person: { email: string; name: string },
): Promise<string> {
  const headers = { origin: API_ORIGIN };
  const signUp = await request.post(`${API}/users/v1/signUp`, {
    headers,
    data: { email: person.email, name: person.name, password: `Pw-${stamp}-long-enough` },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const accessToken = (await signUp.json()).authResponse.accessToken as string;
  const bearer = { ...headers, authorization: `Bearer ${accessToken}` };
  const enrol = await request.post(`${API}/users/v1/mfa/enroll`, { headers: bearer });
  expect(enrol.status()).toBe(200);
  const { secret } = await enrol.json();
  const verified = await request.post(`${API}/users/v1/mfa/enroll/verify`, {
    headers: bearer,
    data: { token: await totpAt(secret, 0) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return secret;
}

/** Signs in at the provider's own pages (oidc-provider's development interactions). */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL(`${idp.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
}

/** Back from the provider: the login box's MFA step on the login route, code and state gone; the TOTP; then the authenticated URL, and signed in after a reload. */
async function secondFactorThenSignedIn(
  page: Page,
  secret: string,
  signedInAs: string,
  postLogins: string[],
) {
  const login = box(page);
  await expect(login.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(login.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const here = new URL(page.url());
  expect(here.pathname).toBe('/account/login');
  expect(here.search).toBe('');
  expect(await axeViolations(page)).toEqual([]);
  // No session yet: the refresh cookie is not there.
  expect((await page.context().cookies()).some((c) => c.name.includes('refresh'))).toBe(false);

  await partOf(login, 'code-input').fill(await totpAt(secret, 1));
  await partOf(login, 'submit-button').click();
  await page.waitForURL(`${API_ORIGIN}/`);
  expect(postLogins).toHaveLength(1);
  await page.goto('/login.html');
  await expectSignedInAs(page, signedInAs);
  await page.reload();
  await expectSignedInAs(page, signedInAs);
}

test('social login of a user with an authenticator app: the MFA step, the TOTP, signed in, and still signed in after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const secret = await personWithAuthenticator(request, SOCIAL);
  const postLogins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/postlogin')) postLogins.push(r.url());
  });
  const button = await openWithSocialButton(page);
  await button.click();
  await signInAtProvider(page, SOCIAL.login);
  await secondFactorThenSignedIn(page, secret, `${SOCIAL.name} (${SOCIAL.email})`, postLogins);
});

test('OIDC SSO of a user with an authenticator app: the MFA step, the TOTP, signed in, and still signed in after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const secret = await personWithAuthenticator(request, SSO);
  const postLogins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/postlogin')) postLogins.push(r.url());
  });
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill(SSO.email);
  await partOf(login, 'submit-button').click();
  await signInAtProvider(page, SSO.login);
  await secondFactorThenSignedIn(page, secret, `${SSO.name} (${SSO.email})`, postLogins);
});

test('SAML SSO of a user with an authenticator app: the MFA step, the TOTP, signed in, and still signed in after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const secret = await personWithAuthenticator(request, SAML);
  const postLogins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/postlogin')) postLogins.push(r.url());
  });
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill(SAML.email);
  await partOf(login, 'submit-button').click();
  await page.waitForURL(`${samlIdp.ssoUrl}?**`);
  await page.getByLabel('User name').fill(SAML.login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await secondFactorThenSignedIn(page, secret, `${SAML.name} (${SAML.email})`, postLogins);
});

/** Demo mode's forced enrolment with the authenticator app: the secret shown, its TOTP, the recovery code, continue. */
async function enrolInDemo(page: Page) {
  const login = box(page);
  await expect(login.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await login.getByRole('button', { name: 'Authenticator app' }).click();
  const secret = (await partOf(login, 'totp-secret').textContent())!.trim();
  await partOf(login, 'code-input').fill(await totpAt(secret, 0));
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'recovery-code').first()).toBeVisible();
  await partOf(login, 'continue-button').click();
  // Demo mode completes on the page itself (elements/login-box/demoRouting.ts): no navigation.
  await expect(partOf(login, 'signed-in-user')).toBeVisible();
}

test("demo mode where MFA is enforced: Demo ID and the demo SSO domain both go through forced enrolment first, on the page's own origin", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) offOrigin.push(r.url());
  });
  const seeded = JSON.stringify({ ...seedDemoDatabase(), settings: { mfaEnforced: true } });
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    ['auth-elements.demo.v6', seeded],
  );
  // The plain static host has no /account/* pages: answer them with the demo page, as a host app would.
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );

  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await partOf(box(page), 'social-login-demo-id').click();
  await enrolInDemo(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, 'Sam Social (sam.social@demo.example)');
  await partOf(box(page), 'sign-out-button').click();

  await partOf(box(page), 'email-input').fill('olivia@sso.demo.example');
  await partOf(box(page), 'submit-button').click();
  await enrolInDemo(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, 'Olivia OIDC (olivia@sso.demo.example)');
  expect(offOrigin).toEqual([]);
});
