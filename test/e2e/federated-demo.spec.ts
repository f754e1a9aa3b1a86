// Federated sign-in in demo mode: answered in the browser from sample data, never leaving the page's origin.
import { expect, test } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';

test('demo mode: "Continue with Demo ID" signs Sam Social in through the social callback route, with no request off the page\'s origin', async ({
  page,
}) => {
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) offOrigin.push(r.url());
  });
  // The plain static host has no /account/* pages: answer them with the demo page, as a host app would.
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );

  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const login = box(page);
  const button = partOf(login, 'social-login-demo-id');
  await expect(button).toHaveText('Continue with Demo ID');
  expect(await axeViolations(page)).toEqual([]);
  await button.click();
  await page.waitForURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, 'Sam Social (sam.social@demo.example)');
  await page.reload();
  await expectSignedInAs(page, 'Sam Social (sam.social@demo.example)');
  expect(offOrigin).toEqual([]);
});

const SSO_DEMO_CASES = [
  {
    protocol: 'OIDC',
    email: 'olivia@sso.demo.example',
    signedInAs: 'Olivia OIDC (olivia@sso.demo.example)',
    callback: '/account/oidc/callback',
  },
  {
    protocol: 'SAML',
    email: 'sam@saml.demo.example',
    signedInAs: 'Sam SAML (sam@saml.demo.example)',
    callback: '/account/saml/callback',
  },
];
for (const { protocol, email, signedInAs, callback } of SSO_DEMO_CASES) {
  test(`demo mode: an email of the demo ${protocol} domain goes through single sign-on on the page's own origin, through its callback route`, async ({
    page,
  }) => {
    const offOrigin: string[] = [];
    const callbacks: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(STATIC_ORIGIN)) offOrigin.push(r.url());
      if (r.isNavigationRequest()) callbacks.push(new URL(r.url()).pathname);
    });
    const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
    await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );

    await page.goto(`${STATIC_ORIGIN}/demo.html`);
    const login = box(page);
    await partOf(login, 'email-input').fill(email);
    await partOf(login, 'submit-button').click();
    await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
    await page.waitForURL(`${STATIC_ORIGIN}/`);
    expect(callbacks).toContain(callback);
    await page.goto(`${STATIC_ORIGIN}/demo.html`);
    await expectSignedInAs(page, signedInAs);
    expect(offOrigin).toEqual([]);
  });
}
