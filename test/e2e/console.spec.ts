// The browser's console in normal use and with a misconfigured server (issue 24 §3.3, §3.5):
// expected answers (no session to restore, no SSO for the email) are no errors, so a signed-out
// load, a sign-in and the hosted-login round trip print none; a page whose origin the server does
// not allow tells the integrator which setting to check, once, and the user the catalogue message.
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

/** Every console error of the page (the browser's own network lines included) and uncaught error. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

test('a signed-out load and a normal sign-in print no console error', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/login.html');
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('hosted login: the signed-out visitor goes to the hosted page without a console error', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto(`${STATIC_ORIGIN}/hosted.html?api=${encodeURIComponent(API_ORIGIN)}`);
  await page.getByRole('button', { name: 'Continue to the hosted sign-in page' }).click();
  await page.waitForURL(`${API_ORIGIN}/oauth/login?**`);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a page on an origin the server does not allow: the integrator is told to check CORS_ORIGINS, once; the user gets the catalogue message', async ({
  page,
}) => {
  // localhost is not 127.0.0.1 for CORS: this origin is not in the e2e server's CORS_ORIGINS.
  const foreign = STATIC_ORIGIN.replace('127.0.0.1', 'localhost');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('[auth-elements]')) warnings.push(m.text());
  });
  await page.route(`${foreign}/foreign.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Foreign host</title><script type="module" src="/cdn/loader.js"></script></head><body><main><auth-login-box base-url="${API_ORIGIN}"></auth-login-box></main></body></html>`,
    }),
  );
  await page.goto(`${foreign}/foreign.html`);
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expect(box(page).getByRole('alert')).toHaveText("We're facing some difficulties, Please try again");
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(`does not allow calls from ${foreign} (CORS)`);
  expect(warnings[0]).toContain('CORS_ORIGINS');
});
