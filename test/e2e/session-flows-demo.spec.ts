// Impersonation, the logout route and quick-login registration in demo mode: no server at all.
import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, partOf, signIn } from './helpers';

const DEMO_ADMIN = ['demo@auth-elements.dev', 'demo-password'] as const;

/** The plain static host has no /account/* pages nor a home page: answer them as a host app would. */
async function serveHostRoutes(page: Page) {
  const html = await (await fetch(`${STATIC_ORIGIN}/demo.html`)).text();
  await page.route(`${STATIC_ORIGIN}/account/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.route(`${STATIC_ORIGIN}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Home</title><p>Home</p></html>',
    }),
  );
}

function recordApiRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(STATIC_ORIGIN)) outside.push(r.url());
  });
  return outside;
}

test('demo mode: impersonation signs the admin in as a teammate after the pause; refusals show their message', async ({
  page,
}) => {
  const outside = recordApiRequests(page);
  await serveHostRoutes(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await signIn(page, ...DEMO_ADMIN);
  await expectSignedInAs(page, 'Demo Admin (demo@auth-elements.dev)');
  const login = box(page);

  await page.goto(`${STATIC_ORIGIN}/account/impersonate?userId=demo-user-1`);
  await expect(login.getByRole('alert')).toHaveText('You cannot impersonate yourself');
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${STATIC_ORIGIN}/account/impersonate?userId=demo-user-2`);
  await expect(partOf(login, 'impersonation-success')).toHaveText('Signed in as this user. Reloading…');
  await page.waitForURL(`${STATIC_ORIGIN}/`);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expectSignedInAs(page, 'Grace Hopper (grace@auth-elements.dev)');
  // Grace holds no impersonate permission (and is impersonated): refused.
  await page.goto(`${STATIC_ORIGIN}/account/impersonate?userId=demo-user-3`);
  await expect(login.getByRole('alert')).toHaveText(
    'You are already impersonating a user. Sign out and sign in as yourself first',
  );
  expect(outside).toEqual([]);
});

test('demo mode: the logout route signs out and goes to the login URL; quick-login registration asks once', async ({
  page,
}) => {
  const outside = recordApiRequests(page);
  await serveHostRoutes(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await page.evaluate(() => localStorage.setItem('register-quick-login', 'sms'));
  await signIn(page, ...DEMO_ADMIN);
  const login = box(page);
  await expect(login.getByRole('heading', { name: 'Sign in faster next time' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'quick-login-later').click();
  await expectSignedInAs(page, 'Demo Admin (demo@auth-elements.dev)');

  await page.goto(`${STATIC_ORIGIN}/account/logout`);
  await page.waitForURL(`${STATIC_ORIGIN}/account/login`);
  await expect(partOf(login, 'email-input')).toBeVisible();
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expect(partOf(login, 'email-input')).toBeVisible();
  expect(outside).toEqual([]);
});
