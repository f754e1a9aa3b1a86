import { expect, test } from '@playwright/test';
import { startOidcIdp, type RunningIdp } from '../idp/oidc';
import { API_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';

// A real OpenID Connect provider (oidc-provider) on localhost plays the tenant's identity provider;
// the reference server (test/e2e/serve-api.ts) has an OIDC SSO connection for oidc-sso.example.
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? Number(process.env.E2E_API_PORT ?? 8787) + 2);
let idp: RunningIdp;

test.beforeAll(async () => {
  idp = await startOidcIdp({
    port: IDP_PORT,
    clients: [
      {
        client_id: 'e2e-sso',
        client_secret: 'e2e-sso-secret',
        redirect_uris: [`${API_ORIGIN}/account/oidc/callback`],
      },
    ],
    accounts: { olivia: { email: 'olivia@oidc-sso.example', name: 'Olivia OIDC' } },
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test("OIDC SSO: an email of the tenant's domain goes to its identity provider and comes back signed in, and stays signed in after a reload", async ({
  page,
}) => {
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill('olivia@oidc-sso.example');
  await partOf(login, 'submit-button').click();
  await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
  // After 2000 ms: the server's start address, then the provider.
  await page.waitForURL(`${idp.issuer}/**`);
  await page.locator('input[name="login"]').fill('olivia');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  await page.waitForURL(`${API_ORIGIN}/`);
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Olivia OIDC (olivia@oidc-sso.example)');
  await page.reload();
  await expectSignedInAs(page, 'Olivia OIDC (olivia@oidc-sso.example)');
});

test('OIDC SSO: the redirect screen waits 2000 ms before leaving, and is accessible', async ({ page }) => {
  // The navigation to the start address is recorded and answered 204 (a browser stays on the page), so the page can be checked.
  let navigatedAt = 0;
  await page.route(`${API_ORIGIN}/frontegg/identity/resources/auth/v1/sso/oidc/**`, async (route) => {
    navigatedAt = Date.now();
    await route.fulfill({ status: 204 });
  });
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill('olivia@oidc-sso.example');
  const clickedAt = Date.now();
  await partOf(login, 'submit-button').click();
  await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
  await expect.poll(() => navigatedAt, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(navigatedAt - clickedAt).toBeGreaterThanOrEqual(2000);
  expect(await axeViolations(page)).toEqual([]);
});

test('OIDC SSO: a callback that does not complete shows loginWithSSOFailed, then goes to the authenticated URL after 1000 ms', async ({
  page,
}) => {
  // The navigation to the authenticated URL is recorded and answered 204 (a browser stays on the page), so the failure screen can be checked.
  let navigatedAt = 0;
  await page.route(`${API_ORIGIN}/`, async (route) => {
    navigatedAt = Date.now();
    await route.fulfill({ status: 204 });
  });
  const started = Date.now();
  await page.goto('/account/oidc/callback?code=forged&state=forged');
  const login = box(page);
  await expect(login.getByRole('alert')).toHaveText('Failed to authenticate');
  const shownAt = Date.now();
  await expect(login.getByRole('status')).toHaveText('Taking you back…');
  await expect.poll(() => navigatedAt, { timeout: 5_000 }).toBeGreaterThan(0);
  // Not before 1000 ms (the failure shows as soon as the post-login answers, after the page started).
  expect(navigatedAt - started).toBeGreaterThanOrEqual(1000);
  expect(navigatedAt - shownAt).toBeLessThan(3000);
  expect(await axeViolations(page)).toEqual([]);
});
