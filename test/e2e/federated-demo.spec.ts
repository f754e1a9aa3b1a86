// Federated sign-in in demo mode: answered in the browser from sample data, never leaving the page's origin.
import { expect, test } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';

test(
  'demo mode: "Continue with Demo ID" signs Sam Social in on the demo page itself, with no request off the page\'s origin and no page load',
  { tag: '@static' },
  async ({ page }) => {
    const offOrigin: string[] = [];
    const navigations: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(STATIC_ORIGIN)) offOrigin.push(r.url());
      if (r.isNavigationRequest()) navigations.push(new URL(r.url()).pathname);
    });
    await page.goto(`${STATIC_ORIGIN}/demo.html`);
    const login = box(page);
    const button = partOf(login, 'social-login-demo-id');
    await expect(button).toHaveText('Continue with Demo ID');
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    await expectSignedInAs(page, 'Sam Social (sam.social@demo.example)');
    // The callback ran in place: the page was never left, and its address is the demo page's again.
    expect(navigations).toEqual(['/demo.html']);
    expect(new URL(page.url()).pathname).toBe('/demo.html');
    await page.reload();
    await expectSignedInAs(page, 'Sam Social (sam.social@demo.example)');
    expect(offOrigin).toEqual([]);
  },
);

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
  test(
    `demo mode: an email of the demo ${protocol} domain goes through single sign-on on the page's own origin, through its callback route`,
    { tag: '@static' },
    async ({ page }) => {
      const offOrigin: string[] = [];
      const navigations: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(STATIC_ORIGIN)) offOrigin.push(r.url());
        if (r.isNavigationRequest()) navigations.push(new URL(r.url()).pathname);
      });

      await page.goto(`${STATIC_ORIGIN}/demo.html`);
      const login = box(page);
      await partOf(login, 'email-input').fill(email);
      await partOf(login, 'submit-button').click();
      await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
      // The callback screen ran on this same page (the route was only its address meanwhile).
      await page.waitForFunction(
        (path) =>
          location.pathname === path ||
          document.querySelector('auth-login-box')?.shadowRoot?.querySelector('[part~="signed-in-user"]'),
        callback,
      );
      await expectSignedInAs(page, signedInAs);
      expect(new URL(page.url()).pathname).toBe('/demo.html');
      expect(navigations).toEqual(['/demo.html']);
      expect(offOrigin).toEqual([]);
    },
  );
}
