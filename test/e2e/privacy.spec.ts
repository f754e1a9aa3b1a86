import { expect, test } from '@playwright/test';
import { axeViolations, box, expectSignedInAs, partOf, signIn } from './helpers';

test('privacy: sessions on two devices; sign one out from the other; then sign out of all other sessions', async ({
  browser,
}) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const tablet = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  });
  try {
    const email = `privacy-${Date.now()}@example.com`;
    const password = 'a-long-password-1';
    const signUpPage = await laptop.newPage();
    await signUpPage.goto('/login.html');
    await partOf(box(signUpPage), 'sign-up-link').click();
    await partOf(box(signUpPage), 'name-input').fill('Privacy Person');
    await partOf(box(signUpPage), 'email-input').fill(email);
    await partOf(box(signUpPage), 'password-input').fill(password);
    await partOf(box(signUpPage), 'submit-button').click();
    await expectSignedInAs(signUpPage, `Privacy Person (${email})`);

    const phonePage = await phone.newPage();
    await phonePage.goto('/login.html');
    await signIn(phonePage, email, password);
    const tabletPage = await tablet.newPage();
    await tabletPage.goto('/login.html');
    await signIn(tabletPage, email, password);

    const page = await laptop.newPage();
    await page.goto('/portal.html#/portal/privacy');
    const portal = page.locator('auth-admin-portal');
    await expect(portal.getByRole('link', { name: 'Privacy & security' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(partOf(portal, 'session')).toHaveCount(3);
    await expect(portal.getByText('This device', { exact: true })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await portal.getByRole('button', { name: /^Sign out of Safari on iOS/ }).click();
    await expect(partOf(portal, 'session')).toHaveCount(2);
    await phonePage.reload();
    await expect(partOf(box(phonePage), 'email-input')).toBeVisible(); // the phone was signed out

    await partOf(portal, 'revoke-other-sessions').click();
    const dialog = portal.getByRole('dialog', { name: 'Sign out of other sessions?' });
    await expect(dialog).toContainText('One other session will be signed out.');
    expect(await axeViolations(page)).toEqual([]);
    await partOf(portal, 'confirm-button').click();
    await expect(dialog).toHaveCount(0);
    await expect(partOf(portal, 'session')).toHaveCount(1);
    await expect(portal.getByText('You are signed in on this device only.')).toBeVisible();
    await tabletPage.reload();
    await expect(partOf(box(tabletPage), 'email-input')).toBeVisible();

    await page.reload();
    await expectSignedInAs(page, `Privacy Person (${email})`); // this device stays signed in
  } finally {
    await Promise.all([laptop.close(), phone.close(), tablet.close()]);
  }
});

test('privacy: the browser back button returns to the previous portal page', async ({ page }) => {
  await page.goto('/portal.html#/portal/profile');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  const portal = page.locator('auth-admin-portal');
  await portal.getByRole('link', { name: 'Privacy & security' }).click();
  await expect(partOf(portal, 'sessions')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/portal/privacy');
  await page.goBack();
  await expect(partOf(portal, 'profile-email')).toHaveValue('admin@example.com');
  await expect(portal.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
});

test('privacy: change password; a wrong current password is said; the other device is signed out; the new password signs in', async ({
  browser,
}) => {
  const laptop = await browser.newContext();
  const other = await browser.newContext();
  try {
    const email = `password-change-${Date.now()}@example.com`;
    const signUpPage = await laptop.newPage();
    await signUpPage.goto('/login.html');
    await partOf(box(signUpPage), 'sign-up-link').click();
    await partOf(box(signUpPage), 'name-input').fill('Password Person');
    await partOf(box(signUpPage), 'email-input').fill(email);
    await partOf(box(signUpPage), 'password-input').fill('first-password-1');
    await partOf(box(signUpPage), 'submit-button').click();
    await expectSignedInAs(signUpPage, `Password Person (${email})`);
    const otherPage = await other.newPage();
    await otherPage.goto('/login.html');
    await signIn(otherPage, email, 'first-password-1');

    const page = await laptop.newPage();
    await page.goto('/portal.html#/portal/privacy');
    const portal = page.locator('auth-admin-portal');
    await expect(partOf(portal, 'session')).toHaveCount(2);
    await partOf(portal, 'change-password-button').click();
    await expect(partOf(portal, 'current-password')).toBeFocused();
    await partOf(portal, 'current-password').fill('not-the-password');
    await partOf(portal, 'new-password').fill('second-password-2');
    await partOf(portal, 'confirm-password').fill('second-password-2x');
    await partOf(portal, 'change-password-button').click();
    await expect(portal.getByText('The passwords do not match.')).toBeVisible();
    await partOf(portal, 'confirm-password').fill('second-password-2');
    await partOf(portal, 'change-password-button').click();
    await expect(portal.getByText('The current password is incorrect.')).toBeVisible();
    await partOf(portal, 'current-password').fill('first-password-1');
    await partOf(portal, 'change-password-button').click();
    await expect(partOf(portal, 'password-changed')).toHaveText(
      'Your password was changed. Other sessions were signed out.',
    );
    await expect(partOf(portal, 'session')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await otherPage.reload();
    await expect(partOf(box(otherPage), 'email-input')).toBeVisible();
    await signIn(otherPage, email, 'second-password-2');
    await expectSignedInAs(otherPage, `Password Person (${email})`);
  } finally {
    await Promise.all([laptop.close(), other.close()]);
  }
});
