import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, expectSignedInAs, kitTookOver, partOf, signIn } from './helpers';

async function expectNoViolations(page: Page, screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

test('axe finds no violations on any screen of the login box', async ({ page }) => {
  await page.goto('/login.html');
  // The kit's screens (the server's first frame before it: first-frame.spec.ts).
  await kitTookOver(page);
  const login = box(page);
  await expect(partOf(login, 'email-input')).toBeVisible();
  await expectNoViolations(page, 'email step');

  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toBeVisible();
  await expectNoViolations(page, 'email step with a field error');

  await partOf(login, 'email-input').fill('admin@example.com');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'password-input')).toBeVisible();
  await expectNoViolations(page, 'password step');

  await partOf(login, 'password-input').fill('wrong-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'password step with the server error');

  await partOf(login, 'link').first().click();
  await partOf(login, 'sign-up-link').click();
  await expect(login.getByLabel('Full name')).toBeVisible();
  await expectNoViolations(page, 'sign-up');
  await partOf(login, 'submit-button').click();
  await expectNoViolations(page, 'sign-up with field errors');

  await partOf(login, 'sign-in-link').click();
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await expectNoViolations(page, 'signed in');
});

test('axe finds no violations on the portal page, with the checkout dialog open, and in demo mode', async ({
  page,
}) => {
  await page.goto('/portal.html');
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await expectNoViolations(page, 'portal, signed out');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expect(partOf(page.locator('auth-admin-portal'), 'profile-email')).toHaveValue('admin@example.com');
  await expectNoViolations(page, 'portal, signed in');
  await page.locator('#open-checkout').click();
  await expect(page.locator('auth-checkout-dialog [role="dialog"]')).toBeVisible();
  await expectNoViolations(page, 'checkout dialog open');

  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await expectNoViolations(page, 'demo page');
});
