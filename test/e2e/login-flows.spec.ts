// Passwordless sign-in (email code, magic link, SMS code), reset phone number, the breached-password
// prompt and the rate limit, in real Chromium on both backends (test/e2e/backends.ts): the reference
// server, its codes and links read from the development outbox as a user would read their email or
// SMS, and demo mode, whose outbox is kept with its data in localStorage. No request leaves the
// backend's origin on either.
import { E2E_BREACHED, E2E_SSO } from './fixtures/login-flows';
import { BACKENDS, expect, test, type Backend } from './backends';
import { axeViolations, box, expectSignedInAs, partOf } from './helpers';
import { demoPasswordHash } from '../support/demo-password';
import { userByEmail } from '../../core/demo/data';

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function startWithEmail(backend: Backend, email: string) {
  const page = backend.page;
  await backend.open(backend.loginPage);
  await partOf(box(page), 'email-input').fill(email);
  await partOf(box(page), 'submit-button').click();
}

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('email code: validation, a wrong code keeps what was typed, resend, then the new code signs in', async ({
      page,
      backend,
    }) => {
      const user = await backend.account();
      await backend.configure({ authStrategy: 'Code' });
      await startWithEmail(backend, user.email);
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
      await expect(login.getByRole('status')).toHaveText(
        `If ${user.email} has an account, we sent it a 6-digit code.`,
      );
      expect(await axeViolations(page)).toEqual([]);

      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('Enter the code.');
      await partOf(login, 'code-input').fill('12345');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('The code has 6 digits.');
      const first = await backend.code(user.email);
      await partOf(login, 'code-input').fill(otherCode(first));
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('The code is incorrect. Check it and try again.');
      await expect(partOf(login, 'code-input')).toHaveValue(otherCode(first));
      await expect(partOf(login, 'code-input')).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);

      await partOf(login, 'resend-link').click();
      await expect(login.getByRole('status')).toHaveText('Sent again.');
      const code = await backend.code(user.email);
      await partOf(login, 'code-input').fill(code);
      await partOf(login, 'submit-button').click();
      // Embedded in a host page that is not the login route: the box stays and shows the signed-in state.
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      await page.reload();
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      expect(backend.leftOrigin).toEqual([]);
    });

    test('magic link: "Check your email", the link signs in once; reused, forged and incomplete links get their message', async ({
      page,
      backend,
    }) => {
      const user = await backend.account();
      await backend.configure({ authStrategy: 'MagicLink' });
      await startWithEmail(backend, user.email);
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(login.getByRole('status')).toHaveText(
        `If ${user.email} has an account, we sent it a sign-in link.`,
      );
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'resend-link').click();
      await expect(login.getByRole('status')).toHaveText('Sent again.');

      const link = await backend.link(user.email);
      expect(new URL(link).pathname).toBe('/account/login/magic-link');
      await page.goto(link);
      await expect(page).toHaveURL(backend.home);
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      await partOf(login, 'sign-out-button').click();
      await expect(partOf(login, 'email-input')).toBeVisible();

      await page.goto(link);
      await expect(login.getByRole('alert')).toHaveText(
        'This sign-in link is invalid or has expired. Ask for a new one.',
      );
      expect(new URL(page.url()).search, 'the token leaves the address bar').toBe('');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/account/login/magic-link?token=forged-token');
      await expect(login.getByRole('alert')).toHaveText(
        'This sign-in link is invalid or has expired. Ask for a new one.',
      );
      await page.goto('/account/login/magic-link');
      await expect(login.getByRole('alert')).toHaveText(
        'This link is incomplete. Copy the whole link from the email, or ask for a new one.',
      );
      await partOf(login, 'sign-in-link').click();
      await expect(partOf(login, 'email-input')).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('SMS code without a phone: the reset-phone-number route (verify, change), then the SMS code signs in', async ({
      page,
      backend,
    }) => {
      const user = await backend.account();
      await backend.configure({ authStrategy: 'SmsCode' });
      await startWithEmail(backend, user.email);
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'Change your phone number' })).toBeVisible();
      await expect(page).toHaveURL(/\/account\/reset-phone-number$/);
      expect(await axeViolations(page)).toEqual([]);

      const emailed = await backend.code(user.email);
      await partOf(login, 'code-input').fill(otherCode(emailed));
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('The code is incorrect. Check it and try again.');
      await partOf(login, 'code-input').fill(emailed);
      await partOf(login, 'submit-button').click();

      await expect(partOf(login, 'phone-input')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('Enter your phone number.');
      await partOf(login, 'phone-input').fill('call me maybe');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText('With the country code, like +44 20 7946 0958.');
      await expect(partOf(login, 'phone-input')).toHaveValue('call me maybe');
      await partOf(login, 'phone-input').fill('+44 20 7946 0958');
      await partOf(login, 'submit-button').click();

      await expect(login.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
      await expect(login.getByRole('status')).toHaveText(
        'We sent a 6-digit code to the phone of +••••••••••58.',
      );
      await expect(page).toHaveURL(/\/account\/login$/);
      await partOf(login, 'code-input').fill(await backend.code('+442079460958'));
      await partOf(login, 'submit-button').click();
      // Signed in on the login route: the box goes to the authenticated URL.
      await expect(page).toHaveURL(backend.home);
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      expect(backend.leftOrigin).toEqual([]);
    });

    test('reset phone number from its route: email, emailed code, new number, then the SMS code step', async ({
      page,
      backend,
    }) => {
      const user = await backend.account();
      await backend.configure({ authStrategy: 'SmsCode' });
      await backend.open('/account/reset-phone-number');
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'Change your phone number' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'email-input').fill('not-an-email');
      await partOf(login, 'submit-button').click();
      await expect(partOf(login, 'field-error')).toHaveText(
        'Enter a valid email address, like name@example.com.',
      );
      await partOf(login, 'email-input').fill(user.email);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('status')).toHaveText(
        `If ${user.email} has an account, we sent it a 6-digit code.`,
      );
      await partOf(login, 'code-input').fill(await backend.code(user.email));
      await partOf(login, 'submit-button').click();
      await partOf(login, 'phone-input').fill('+1 555 0100 789');
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('status')).toHaveText(
        'We sent a 6-digit code to the phone of +•••••••••89.',
      );
      await partOf(login, 'code-input').fill(await backend.code('+15550100789'));
      await partOf(login, 'submit-button').click();
      await expect(page).toHaveURL(backend.home);
      expect(backend.leftOrigin).toEqual([]);
    });

    test('breached password with the flag on: breachedPassword, then breachedPasswordSuccess and a reset email; not signed in', async ({
      page,
      backend,
    }) => {
      // Someone whose password is on the breach list, with the login-flows flag on: the server's seeded
      // account (test/e2e/fixtures/login-flows.ts); in demo mode the admin, given such a password.
      let person = E2E_BREACHED;
      if (backend.name === 'demo') {
        person = { ...backend.admin, password: 'password1' };
        await backend.configure({ flags: { 'security-center-show-login-flows': true } }, (db) => {
          userByEmail(db, person.email)!.passwordHash = demoPasswordHash(person.password);
        });
      }
      await startWithEmail(backend, person.email);
      const login = box(page);
      await partOf(login, 'password-input').fill(person.password);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('heading', { name: 'Change your password' })).toBeVisible();
      await expect(
        login.getByText('Your password appeared in a data breach. Choose a new one.'),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('status')).toHaveText(`We sent a link to ${person.email}.`);
      expect(await axeViolations(page)).toEqual([]);
      const { subject, text } = await backend.message(person.email);
      expect(subject).toBe('Reset your password');
      expect(text).toContain('/account/reset-password');
      await page.reload();
      await expect(partOf(login, 'email-input')).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('rate limit: after ten wrong passwords even the right one is refused with the clear message, and what was typed stays', async ({
      page,
      backend,
    }) => {
      const user = await backend.account();
      await startWithEmail(backend, user.email);
      const login = box(page);
      for (let i = 0; i < 10; i += 1) {
        await partOf(login, 'password-input').fill(`wrong-password-${i}`);
        await partOf(login, 'submit-button').click();
        await expect(login.getByRole('alert')).toHaveText('Incorrect email or password');
        await expect(partOf(login, 'submit-button')).toBeEnabled();
      }
      await partOf(login, 'password-input').fill(user.password);
      await partOf(login, 'submit-button').click();
      await expect(login.getByRole('alert')).toHaveText('Too many failed attempts. Try again in 15 minutes.');
      await expect(partOf(login, 'password-input')).toHaveValue(user.password);
      await expect(partOf(login, 'email-input')).toHaveValue(user.email);
      expect(await axeViolations(page)).toEqual([]);
      expect(backend.leftOrigin).toEqual([]);
    });
  });
}

// Server only: the demo's sample data has no account with an SSO domain for pre-login to find.
test('pre-login with an SSO domain: redirectToSSO, then after 2000 ms the OIDC provider with redirect_uri appended', async ({
  page,
  backend,
}) => {
  await page.route('https://idp.sso-e2e.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>IdP</title><p>IdP</p>' }),
  );
  await startWithEmail(backend, `ada@${E2E_SSO.domain}`);
  const login = box(page);
  await expect(login.getByText('Redirecting you to your single sign-on provider…')).toBeVisible();
  const shownAt = Date.now();
  const pageOrigin = new URL(page.url()).origin;
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForURL(/^https:\/\/idp\.sso-e2e\.example\.com\//);
  expect(Date.now() - shownAt).toBeGreaterThan(1500);
  const url = new URL(page.url());
  expect(url.searchParams.get('client_id')).toBe('e2e');
  expect(url.searchParams.get('redirect_uri')).toBe(`${pageOrigin}/account/oidc/callback`);
});
