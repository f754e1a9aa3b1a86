import { expect, test } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

const ADMIN = ['admin@example.com', 'Admin-demo-2026'] as const;

test('post-login: a same-site redirectUrl on the login route is followed after sign-in', async ({ page }) => {
  await page.goto('/account/login?redirectUrl=%2Fportal.html%23%2Fportal%2Fprivacy');
  await signIn(page, ...ADMIN);
  await expect(page).toHaveURL(`${API_ORIGIN}/portal.html#/portal/privacy`);
  await expect(partOf(page.locator('auth-admin-portal'), 'sessions')).toBeVisible();
});

test('post-login: a redirectUrl to another site is refused with the warning; the authenticated URL is used', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(API_ORIGIN)) outside.push(r.url());
  });
  await page.goto('/account/login?redirectUrl=https%3A%2F%2Fevil.example%2Fsteal');
  await signIn(page, ...ADMIN);
  await expect(page).toHaveURL(`${API_ORIGIN}/`);
  expect(warnings).toContain(
    '[auth-elements] The redirect url param is not valid, the origin is a different site',
  );
  expect(outside).toEqual([]);
});

test('post-login: on the login route without redirectUrl the box goes to the authenticated URL; embedded elsewhere it stays', async ({
  page,
}) => {
  await page.goto('/account/login');
  await signIn(page, ...ADMIN);
  await expect(page).toHaveURL(`${API_ORIGIN}/`);
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await partOf(box(page), 'sign-out-button').click();
  await signIn(page, ...ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await expect(page).toHaveURL(`${API_ORIGIN}/login.html`);
});
