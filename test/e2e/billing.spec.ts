// Billing end to end (issue 17): on the reference server (development provider) and in demo mode,
// an administrator opens Subscriptions, changes plan in the checkout, is declined with
// 4000 0000 0000 0002 (the message shown, what was typed kept), pays with 4242 4242 4242 4242, sees
// the subscription active and its first invoice (amount / 100, PDF download), cancels and renews.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { BILLING_ADMIN } from './fixtures/billing';
import { axeViolations, signIn } from './helpers';
import { openDemo, openPortalPage, signInDemo } from './screens.mjs';

const portal = (page: Page) => page.locator('auth-admin-portal');
const part = (host: Locator, name: string) => host.locator(`[part~="${name}"]`);

async function checkoutAndManage(page: Page) {
  const billing = portal(page);
  await expect(billing.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
  await expect(part(billing, 'subscription-status')).toHaveText('Trial');
  expect(await axeViolations(page)).toEqual([]);

  // The checkout: choose Business, a declined card first.
  await billing.getByRole('button', { name: 'Change plan' }).click();
  const dialog = billing.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByRole('radio', { name: /Business/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Business: 99.00 USD a month, charged today.')).toBeVisible();
  await dialog.getByLabel('Name on card').fill('Bill Payer');
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(dialog.getByLabel('Name on card')).toHaveValue('Bill Payer');
  await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

  // A test card that pays.
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(dialog.getByRole('status')).toHaveText('You are on the Business plan.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(part(billing, 'subscription-status')).toHaveText('Active');
  await expect(part(billing, 'plan-name')).toContainText('Business');
  const invoice = part(billing, 'invoice-row');
  await expect(invoice).toHaveCount(1);
  await expect(part(invoice, 'invoice-amount')).toHaveText('99.00 USD');
  await expect(part(billing, 'payment-card')).toContainText('visa ending in 4242');
  const download = page.waitForEvent('download');
  await part(invoice, 'invoice-pdf').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-R-\d+\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await axeViolations(page)).toEqual([]);

  // Cancel at period end, with a confirmation; then renew.
  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = billing.getByRole('dialog', { name: 'Cancel the subscription?' });
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(billing.getByText('Cancels at the end of the period')).toBeVisible();
  await billing.getByRole('button', { name: 'Renew subscription' }).click();
  await billing
    .getByRole('dialog', { name: 'Renew the subscription?' })
    .getByRole('button', { name: 'Renew' })
    .click();
  await expect(billing.getByText('Cancels at the end of the period')).toBeHidden();
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
}

test('billing on the reference server: checkout, invoice PDF, cancel and renew', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/portal.html#/portal/subscriptions');
  await signIn(page, BILLING_ADMIN.email, BILLING_ADMIN.password);
  await checkoutAndManage(page);
});

test('billing in demo mode: the same, answered in the browser @static', async ({ page }) => {
  test.setTimeout(120_000);
  await openDemo(page, STATIC_ORIGIN, 1280, 'light');
  await signInDemo(page);
  await openPortalPage(page, 'subscriptions', 'Subscriptions');
  await checkoutAndManage(page);
});

test('the checkout dialog does not open for a signed-out visitor', async ({ page }) => {
  await openDemo(page, STATIC_ORIGIN, 1280, 'light');
  const closed = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const dialog = document.createElement('auth-checkout-dialog');
        dialog.setAttribute('demo', '');
        dialog.addEventListener('checkout:close', (event) =>
          resolve((event as CustomEvent<{ status: string }>).detail.status),
        );
        document.body.append(dialog);
        dialog.setAttribute('open', '');
      }),
  );
  expect(await closed).toBe('error');
  await expect(page.locator('auth-checkout-dialog').getByRole('dialog')).toHaveCount(0);
});
