import { expect, test } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, newUser, partOf, signIn, signUp } from './helpers';

test(
  'demo mode: sign up, stay signed in after a reload, sign out, sign in again, with no API request at all',
  { tag: '@static' },
  async ({ page }) => {
    const apiRequests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      const isStaticFile =
        url.origin === STATIC_ORIGIN &&
        (/^\/cdn\//.test(url.pathname) || /\.(html|css|js)$/.test(url.pathname));
      if (!isStaticFile) apiRequests.push(r.url());
    });
    const user = newUser();
    await page.goto(`${STATIC_ORIGIN}/demo.html`);
    await signUp(page, user);
    await expectSignedInAs(page, `${user.name} (${user.email})`);
    await expect(partOf(page.locator('auth-admin-portal'), 'profile-email')).toHaveValue(user.email);

    await page.reload();
    await expectSignedInAs(page, `${user.name} (${user.email})`);
    await partOf(box(page), 'sign-out-button').click();
    await expect(partOf(box(page), 'email-input')).toBeVisible();

    await signIn(page, user.email, user.password);
    await expectSignedInAs(page, `${user.name} (${user.email})`);
    expect(apiRequests).toEqual([]);
  },
);

test('demo mode answers after a 200 to 500 ms pause', { tag: '@static' }, async ({ page }) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const login = box(page);
  await partOf(login, 'email-input').fill('demo@auth-elements.dev');
  const started = Date.now();
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'password-input')).toBeVisible();
  // Pre-login makes two demo calls in parallel: at least 200 ms.
  expect(Date.now() - started).toBeGreaterThanOrEqual(200);
});
