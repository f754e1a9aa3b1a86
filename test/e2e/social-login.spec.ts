import { expect, test } from '@playwright/test';
import { startOidcIdp, type RunningIdp } from '../idp/oidc';
import { API_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, openWithSocialButton, partOf } from './helpers';

// A real OpenID Connect provider (oidc-provider) on localhost plays the social provider; the
// reference server (test/e2e/serve-api.ts) has it configured as "E2E IdP".
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? Number(process.env.E2E_API_PORT ?? 8787) + 2);
let idp: RunningIdp;

test.beforeAll(async () => {
  idp = await startOidcIdp({
    port: IDP_PORT,
    clients: [
      {
        client_id: 'e2e-social',
        client_secret: 'e2e-social-secret',
        redirect_uris: [`${API_ORIGIN}/account/social/success`],
      },
    ],
    accounts: { sam: { email: 'sam@social.example', name: 'Sam Social' } },
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test("social login: the provider's button, sign-in at the provider, back signed in (a new user), and still signed in after a reload", async ({
  page,
}) => {
  const button = await openWithSocialButton(page);
  await expect(button).toHaveText('Continue with E2E IdP');
  expect(await axeViolations(page)).toEqual([]);

  await button.click();
  await page.waitForURL(`${idp.issuer}/**`);
  const authorize = new URL(page.url()).origin === idp.issuer ? page.url() : '';
  expect(authorize).not.toBe('');
  await page.locator('input[name="login"]').fill('sam');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();

  // Back on the callback route, the box completes the sign-in and goes to the authenticated URL.
  await page.waitForURL(`${API_ORIGIN}/`);
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Sam Social (sam@social.example)');
  await page.reload();
  await expectSignedInAs(page, 'Sam Social (sam@social.example)');
});

test('social login: a callback this tab did not start says "Failed to authenticate", signs nobody in and leads back to the form', async ({
  page,
}) => {
  const postLogins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/postlogin')) postLogins.push(request.url());
  });
  await page.goto('/account/social/success?code=forged&state=forged');
  const login = box(page);
  await expect(login.getByRole('alert')).toHaveText('Failed to authenticate');
  expect(postLogins).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'sign-in-link').click();
  await expect(partOf(login, 'email-input')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/account/login');
});
