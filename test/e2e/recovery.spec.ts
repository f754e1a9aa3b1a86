// Forgot password, reset password and activation in real Chromium on both backends
// (test/e2e/backends.ts): the reference server, its links read from the development outbox as a user
// would read their email, and demo mode, which "sends" its emails to an outbox kept with its data in
// localStorage and prints them to the console. No request leaves the backend's origin on either.
import { BACKENDS, CLOCK_STEP_MS, expect, stepClockUntilVisible, test, type Backend } from './backends';
import {
  axeViolations,
  axeViolationsOnPausedClock,
  box,
  expectSignedInAs,
  newUser,
  partOf,
  signIn,
} from './helpers';

/**
 * An account waiting for activation and its emailed link. The server: a self sign-up is not verified
 * yet, and asking for an activation link sends one (the same path as a sign-up with activation
 * required, whose answer and email the server and contract tests cover). Demo mode: a sign-up in the
 * box with activation required (a setting of the demo's data).
 */
async function accountToActivate(backend: Backend) {
  const page = backend.page;
  if (backend.name === 'server') {
    const user = await backend.account();
    const asked = await page.request.post(
      `${backend.origin}/frontegg/identity/resources/users/v1/activate/reset`,
      { data: { email: user.email } },
    );
    expect(asked.ok()).toBe(true);
    await backend.open(backend.loginPage);
    return { user, link: await backend.link(user.email) };
  }
  await backend.configure({ signUpRequiresActivation: true });
  const user = newUser();
  await backend.open(backend.loginPage);
  const login = box(page);
  await partOf(login, 'sign-up-link').click();
  await partOf(login, 'name-input').fill(user.name);
  await partOf(login, 'email-input').fill(user.email);
  await partOf(login, 'password-input').fill(user.password);
  await partOf(login, 'submit-button').click();
  await expect(
    login.getByText('Check your email for a link to activate your account, then sign in.'),
  ).toBeVisible();
  return { user, link: await backend.link(user.email) };
}

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('forgot password: ask from the sign-in form, open the emailed link, choose a new password, sign in with it', async ({
      page,
      backend,
    }) => {
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      const user = await backend.account();
      await backend.open(backend.loginPage);
      const login = box(page);
      await partOf(login, 'email-input').fill(user.email);
      await partOf(login, 'submit-button').click();
      await partOf(login, 'forgot-password-link').click();

      // The reset screen is a chunk of its own: its button, not the sign-in form's, sends the link.
      await expect(login.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(partOf(login, 'email-input')).toHaveValue(user.email);
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('status')).toHaveText(
        `If an account exists for ${user.email}, we sent it a link to reset the password. The link works for one hour.`,
      );
      expect(await axeViolations(page)).toEqual([]);

      const link = await backend.link(user.email);
      expect(new URL(link).pathname).toBe('/account/reset-password');
      // Demo mode has no mail to send: it prints the email to the console as well.
      if (backend.name === 'demo') expect(logged.some((line) => line.includes(link))).toBe(true);
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
      await expect(page).toHaveURL(backend.home);
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, `${user.name} (${user.email})`);

      // The link works once: opened again, it is refused with the catalogue message and the password typed stays.
      await page.goto(link);
      await partOf(login, 'password-input').fill('yet-another-password');
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText(
        'This password reset link is invalid or has expired. Ask for a new one.',
      );
      await expect(partOf(login, 'password-input')).toHaveValue('yet-another-password');
      expect(backend.leftOrigin).toEqual([]);
    });

    test('reset password: forged and incomplete links are refused; an unknown email gets the same answer', async ({
      page,
      backend,
    }) => {
      await backend.open('/account/reset-password?userId=00000000-0000-4000-8000-000000000000&token=forged');
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
      await expect(login.getByRole('status')).toContainText(
        'If an account exists for nobody-at-all@example.com',
      );
      expect(backend.leftOrigin).toEqual([]);
    });

    test('activation: the emailed link signs out whoever is signed in, activates, shows success, then continues', async ({
      page,
      backend,
    }) => {
      // The page's clock is stepped through the demo's answers and axe's timers: slower under load.
      test.setTimeout(60_000);
      const { user, link } = await accountToActivate(backend);
      expect(new URL(link).pathname).toBe('/account/activate');

      await page.goto(backend.loginPage);
      await signIn(page, backend.admin.email, backend.admin.password);
      await expectSignedInAs(page, `${backend.admin.name} (${backend.admin.email})`);

      // The success screen stays 1000 ms (spec 000 §9) before continuing to the authenticated URL: the
      // page's clock is paused so that axe checks the screen before it goes, and the pause is measured.
      const now = Date.now();
      await page.clock.install({ time: now });
      await page.clock.pauseAt(now + 1000);
      await page.goto(link);
      const login = box(page);
      await stepClockUntilVisible(page, login.getByText('Your account is active. Taking you in…'));
      await expect(login.getByRole('status')).toHaveText('Your account is active. Taking you in…');
      const { violations, advanced } = await axeViolationsOnPausedClock(page, 900);
      expect(violations).toEqual([]);
      // Still there 980-990 ms after it showed (the last step may have overshot), gone after 1010 ms.
      await page.clock.runFor(990 - CLOCK_STEP_MS - advanced);
      expect(new URL(page.url()).pathname).toBe('/account/activate');
      await page.clock.runFor(20 + CLOCK_STEP_MS);
      await page.waitForURL(backend.home);
      await page.clock.resume();
      await page.goto(backend.loginPage);
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
      expect(backend.leftOrigin).toEqual([]);
    });
  });
}
