// Forgot password, reset password and activation in real Chromium against the real server; links
// are read from the server's development outbox, as a user would read their email.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  axeViolations,
  axeViolationsOnPausedClock,
  box,
  expectSignedInAs,
  latestLink,
  newUser,
  partOf,
  signIn,
} from './helpers';

const USERS = '/frontegg/identity/resources/users/v1';

async function createAccount(request: APIRequestContext) {
  const user = newUser();
  const response = await request.post(`${USERS}/signUp`, {
    data: { email: user.email, password: user.password, name: user.name },
  });
  expect(response.ok()).toBe(true);
  return user;
}

test('forgot password: ask from the sign-in form, open the emailed link, choose a new password, sign in with it', async ({
  page,
  request,
}) => {
  const user = await createAccount(request);
  await page.goto('/login.html');
  const login = box(page);
  await partOf(login, 'email-input').fill(user.email);
  await partOf(login, 'submit-button').click();
  await partOf(login, 'forgot-password-link').click();

  await expect(login.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(partOf(login, 'email-input')).toHaveValue(user.email);
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText(
    `If an account exists for ${user.email}, we sent it a link to reset the password. The link works for one hour.`,
  );
  expect(await axeViolations(page)).toEqual([]);

  const link = await latestLink(request, user.email);
  expect(new URL(link).pathname).toBe('/account/reset-password');
  await page.goto(link);
  await expect(login.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'password-input').fill('short');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText('Use at least 8 characters.');
  await partOf(login, 'password-input').fill('a-brand-new-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with your new password.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'sign-in-link').click();
  expect(new URL(page.url()).search).toBe('');

  await signIn(page, user.email, 'a-brand-new-password');
  // Signed in on the login route: the box goes to the authenticated URL (spec 000 §4).
  await expect(page).toHaveURL(new URL('/', page.url()).href);
  await page.goto('/login.html');
  await expectSignedInAs(page, `${user.name} (${user.email})`);

  // The link works once: opened again, it is refused with the catalogue message and the password typed stays.
  await page.goto(link);
  await partOf(login, 'password-input').fill('yet-another-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Ask for a new one.',
  );
  await expect(partOf(login, 'password-input')).toHaveValue('yet-another-password');
});

test('reset password: forged and incomplete links are refused; an unknown email gets the same answer', async ({
  page,
}) => {
  await page.goto('/account/reset-password?userId=00000000-0000-4000-8000-000000000000&token=forged');
  const login = box(page);
  await partOf(login, 'password-input').fill('a-long-enough-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Ask for a new one.',
  );

  await login.getByRole('button', { name: 'Ask for a new link' }).click();
  await expect(login.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  await page.goto('/account/reset-password?token=only-a-token');
  await expect(login.getByRole('alert')).toHaveText(
    'This link is incomplete. Copy the whole link from the email, or ask for a new one.',
  );
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/account/forget-password');
  await partOf(login, 'email-input').fill('not an email');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText(
    'Enter a valid email address, like name@example.com.',
  );
  await partOf(login, 'email-input').fill('nobody-at-all@example.com');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toContainText('If an account exists for nobody-at-all@example.com');
});

test('activation: the emailed link signs out whoever is signed in, activates, shows success, then continues', async ({
  page,
  request,
}) => {
  // A self sign-up is not verified yet; asking for an activation link sends one (the same path as a
  // sign-up with activation required, whose answer and email the server and contract tests cover).
  const user = await createAccount(request);
  expect((await request.post(`${USERS}/activate/reset`, { data: { email: user.email } })).ok()).toBe(true);
  const link = await latestLink(request, user.email);
  expect(new URL(link).pathname).toBe('/account/activate');

  await page.goto('/login.html');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  // The success screen stays 1000 ms (spec 000 §9) before continuing to the authenticated URL: the
  // page's clock is paused so that axe checks the screen before it goes, and the pause is measured.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
  await page.goto(link);
  const login = box(page);
  await expect(login.getByRole('status')).toHaveText('Your account is active. Taking you in…');
  const { violations, advanced } = await axeViolationsOnPausedClock(page, 900);
  expect(violations).toEqual([]);
  await page.clock.runFor(990 - advanced);
  expect(new URL(page.url()).pathname).toBe('/account/activate');
  await page.clock.runFor(20);
  await page.waitForURL((url) => url.pathname === '/');
  await page.clock.resume();
  await page.goto('/login.html');
  await expectSignedInAs(page, `${user.name} (${user.email})`);

  // Used once: opened again, the link leads to the resend screen with the catalogue message.
  await page.goto(link);
  await expect(login.getByRole('alert')).toHaveText(
    'This activation link is invalid or has expired. Ask for a new one.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText('Enter your email address.');
  await partOf(login, 'email-input').fill(user.email);
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText(
    `If ${user.email} has an account waiting for activation, we sent it a new link.`,
  );
  await expect(partOf(login, 'email-input')).toHaveValue(user.email);
});
