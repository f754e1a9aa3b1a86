import { expect, test } from '@playwright/test';
import { startSamlIdp, type RunningSamlIdp } from '../idp/saml';
import { API_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';

// A SAML identity provider built with samlify (test/idp/saml.ts) plays the tenant's IdP; the
// reference server (test/e2e/serve-api.ts) has a SAML connection for saml-sso.example, whose
// service provider side is @node-saml/node-saml.
const SAML_IDP_PORT = Number(process.env.E2E_SAML_IDP_PORT ?? Number(process.env.E2E_API_PORT ?? 8787) + 3);
const SP = `${API_ORIGIN}/frontegg/identity/resources/auth/v1/sso/saml/e2e-saml`;
let idp: RunningSamlIdp;

test.beforeAll(async () => {
  idp = await startSamlIdp({
    port: SAML_IDP_PORT,
    sp: { entityId: `${SP}/metadata`, acsUrl: `${SP}/acs` },
    accounts: { sam: { email: 'sam@saml-sso.example', name: 'Sam SAML' } },
  });
});
test.afterAll(async () => {
  await idp?.close();
});

/** From the sign-in form to the IdP's sign-in page. */
async function goToIdp(page: import('@playwright/test').Page) {
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill('sam@saml-sso.example');
  await partOf(login, 'submit-button').click();
  await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
  await page.waitForURL(`${idp.ssoUrl}?**`);
  return login;
}

test("SAML SSO: an email of the tenant's domain goes to its identity provider, comes back through the assertion consumer service signed in, and stays signed in after a reload; a replayed response signs nobody in", async ({
  page,
}) => {
  await goToIdp(page);
  await page.getByLabel('User name').fill('sam');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The IdP's HTTP-POST form to the ACS: kept, to post it again afterwards.
  const form = {
    SAMLResponse: await page.locator('input[name="SAMLResponse"]').inputValue(),
    RelayState: await page.locator('input[name="RelayState"]').inputValue(),
  };
  await page.getByRole('button', { name: 'Continue' }).click();
  // The ACS sends the browser to the kit's SAML callback route, which signs in and goes on to the authenticated URL.
  await page.waitForURL(`${API_ORIGIN}/`);
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Sam SAML (sam@saml-sso.example)');
  await page.reload();
  await expectSignedInAs(page, 'Sam SAML (sam@saml-sso.example)');

  // The same response posted again (from another page of this browser): refused, the callback fails.
  const acsAnswer = page.waitForURL(/\/account\/saml\/callback\?error=sso_failed/);
  await page.setContent(
    `<form method="post" action="${SP}/acs"><input type="hidden" name="SAMLResponse"><input type="hidden" name="RelayState"><button>Post again</button></form>`,
  );
  await page.locator('input[name="SAMLResponse"]').evaluate((input, value) => {
    (input as HTMLInputElement).value = value;
  }, form.SAMLResponse);
  await page.locator('input[name="RelayState"]').evaluate((input, value) => {
    (input as HTMLInputElement).value = value;
  }, form.RelayState);
  await page.getByRole('button', { name: 'Post again' }).click();
  await acsAnswer;
  await expect(box(page).getByRole('alert')).toHaveText('Failed to authenticate');
});

test('SAML SSO: cancelling at the identity provider shows loginWithSSOFailed, accessible, then the authenticated URL after 1000 ms', async ({
  page,
}) => {
  await goToIdp(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  let navigatedAt = 0;
  await page.route(`${API_ORIGIN}/`, async (route) => {
    navigatedAt = Date.now();
    await route.fulfill({ status: 204 });
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/account\/saml\/callback\?error=sso_failed/);
  const login = box(page);
  await expect(login.getByRole('alert')).toHaveText('Failed to authenticate');
  const shownAt = Date.now();
  await expect(login.getByRole('status')).toHaveText('Taking you back…');
  expect(await axeViolations(page)).toEqual([]);
  await expect.poll(() => navigatedAt, { timeout: 5_000 }).toBeGreaterThan(0);
  expect(navigatedAt - shownAt).toBeLessThan(3000);
});

test("SAML SSO: the kit's callback with a code nobody issued fails the same way", async ({ page }) => {
  await page.route(`${API_ORIGIN}/`, (route) => route.fulfill({ status: 204 }));
  await page.goto('/account/saml/callback?code=forged');
  await expect(box(page).getByRole('alert')).toHaveText('Failed to authenticate');
});
