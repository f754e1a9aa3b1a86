import { expect, test } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, partOf, signIn } from './helpers';

const portal = (page: import('@playwright/test').Page) => page.locator('auth-admin-portal');

test('account: "No changes to update" sends nothing; changes save, survive a reload, and bad input stays at the field', async ({
  page,
}) => {
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await page.goto('/portal.html#/portal/account');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const account = portal(page);
  await expect(account.getByLabel('Company name')).toHaveValue('Acme Demo');
  await expect(account.getByLabel('Currency')).toHaveValue('USD');
  expect(await axeViolations(page)).toEqual([]);

  await partOf(account, 'submit-button').click();
  await expect(partOf(account, 'saved')).toHaveText('No changes to update');
  expect(puts).toEqual([]);

  await account.getByLabel('Website').fill('acme.example');
  await partOf(account, 'submit-button').click();
  await expect(account.getByLabel('Website')).toBeFocused();
  await expect(account.getByText('Enter a web address that starts with https:// or http://.')).toBeVisible();
  expect(puts).toEqual([]);

  await account.getByLabel('Website').fill('https://acme.example');
  await account.getByLabel('Address').fill('1 Main Street, Springfield');
  await account.getByLabel('Time zone').selectOption('Europe/Paris');
  await account.getByLabel('Currency').selectOption('EUR');
  await partOf(account, 'submit-button').click();
  await expect(partOf(account, 'saved')).toHaveText('Your account settings were saved.');
  expect(puts).toHaveLength(1);

  await page.reload();
  await expect(account.getByLabel('Website')).toHaveValue('https://acme.example');
  await expect(account.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(account.getByLabel('Currency')).toHaveValue('EUR');
  await expect(account.getByLabel('Address')).toHaveValue('1 Main Street, Springfield');
});

test('account in demo mode: the settings save with no server @static', async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/account`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const account = portal(page);
  await expect(account.getByLabel('Company name')).toHaveValue('Demo Company');
  await account.getByLabel('Currency').selectOption('GBP');
  await partOf(account, 'submit-button').click();
  await expect(partOf(account, 'saved')).toHaveText('Your account settings were saved.');
  await page.reload();
  await expect(account.getByLabel('Currency')).toHaveValue('GBP');
});
