// Impersonation, the logout route, quick-login registration and the stored pre-login URL in real
// Chromium on both backends (test/e2e/backends.ts: the reference server with its seeded team, and
// demo mode with its sample data, no request leaving the page's origin); then, on the server only,
// the activation form, the loaded public policy and a vanilla host's silent logout.
import { expect } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { BACKENDS, CLOCK_STEP_MS, stepClockUntilVisible, test, type Backend } from './backends';
import {
  axeViolations,
  axeViolationsOnPausedClock,
  box,
  expectSignedInAs,
  latestLink,
  partOf,
  signIn,
} from './helpers';

const ADMIN = ['admin@example.com', 'Admin-demo-2026'] as const;
const API = '/frontegg/identity/resources';

const shown = (person: { name: string; email: string }) => `${person.name} (${person.email})`;

async function signInAt(backend: Backend, path: string, who: { email: string; password: string }) {
  await backend.page.goto(path);
  await signIn(backend.page, who.email, who.password);
}

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('impersonation: an admin opens the link, sees success, and after the 1 s pause the page loads signed in as the member', async ({
      page,
      backend,
    }) => {
      // The page's clock is stepped through the demo's answers and axe's timers: slower under load.
      test.setTimeout(60_000);
      const { admin, member } = backend;
      const memberId = await backend.userId(member.email);
      await backend.open(backend.loginPage);
      await signIn(page, admin.email, admin.password);
      await expectSignedInAs(page, shown(admin));
      const login = box(page);

      // Oneself: refused.
      await page.goto(`/account/impersonate?userId=${await backend.userId(admin.email)}`);
      await expect(login.getByRole('alert')).toHaveText('You cannot impersonate yourself');
      expect(await axeViolations(page)).toEqual([]);

      // The page's clock is ours: the success screen stays until the test lets the 1000 ms pass.
      const now = Date.now();
      await page.clock.install({ time: now });
      await page.clock.pauseAt(now + 1000);
      await page.goto(`/account/impersonate?userId=${memberId}`);
      // The page (its session, then the impersonation) waits on the demo's answers: stepped through.
      await stepClockUntilVisible(page, login.getByRole('heading', { name: 'Impersonate a user' }));
      await stepClockUntilVisible(page, partOf(login, 'impersonation-success'));
      await expect(partOf(login, 'impersonation-success')).toHaveText('Signed in as this user. Reloading…');
      const { violations, advanced } = await axeViolationsOnPausedClock(page, 900);
      expect(violations).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/account/impersonate');
      // Still there 980-990 ms after it showed (the last step may have overshot), gone after 1010 ms.
      await page.clock.runFor(990 - CLOCK_STEP_MS - advanced);
      expect(new URL(page.url()).pathname).toBe('/account/impersonate');
      await page.clock.runFor(20 + CLOCK_STEP_MS);
      await page.waitForURL(backend.home);
      await page.clock.resume();

      // The reload restored the impersonated session from the refresh cookie.
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, shown(member));
      // The impersonated session cannot impersonate anyone (it has no permission, and no chains).
      await page.goto(`/account/impersonate?userId=${memberId}`);
      await expect(login.getByRole('alert')).toHaveText(
        'You are already impersonating a user. Sign out and sign in as yourself first',
      );
      expect(backend.leftOrigin).toEqual([]);
    });

    test('impersonation refused: no permission, forged user id, empty link, nobody signed in; each with its message', async ({
      page,
      backend,
    }) => {
      const login = box(page);
      // Nobody signed in: refused before any request.
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/impersonation/')) calls.push(r.url());
      });
      await backend.open('/account/impersonate?userId=00000000-0000-4000-8000-000000000000');
      await expect(login.getByRole('alert')).toHaveText(
        'Sign in as an administrator first, then open this link again.',
      );
      expect(await axeViolations(page)).toEqual([]);
      // A link without a user id.
      await page.goto('/account/impersonate?userId=%20');
      await expect(login.getByRole('alert')).toHaveText('This impersonation link names no user.');
      expect(calls).toEqual([]);

      await signInAt(backend, backend.loginPage, backend.admin);
      await expectSignedInAs(page, shown(backend.admin));
      await page.goto('/account/impersonate?userId=00000000-0000-4000-8000-000000000000');
      await expect(login.getByRole('alert')).toHaveText('User not found in this account');
      await page.goto(`/account/impersonate?userId=${'x'.repeat(101)}`);
      await expect(login.getByRole('alert')).toHaveText('This impersonation link names no user.');
      // Still the admin: a refused impersonation changes nothing.
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, shown(backend.admin));

      const adminId = await backend.userId(backend.admin.email);
      await page.goto(backend.loginPage);
      await partOf(box(page), 'sign-out-button').click();
      await signIn(page, backend.member.email, backend.member.password);
      await expectSignedInAs(page, shown(backend.member));
      await page.goto(`/account/impersonate?userId=${adminId}`);
      await expect(login.getByRole('alert')).toHaveText(
        'You need the fe.secure.write.impersonate permission to do this',
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(backend.leftOrigin).toEqual([]);
    });

    test('logout route: signs out (the session is gone after a reload) and goes to the login URL; a foreign redirectUrl is refused with the warning', async ({
      page,
      backend,
    }) => {
      const { admin } = backend;
      await backend.open(backend.loginPage);
      await signIn(page, admin.email, admin.password);
      await expectSignedInAs(page, shown(admin));
      await page.goto('/account/logout');
      await page.waitForURL(`${backend.origin}/account/login`);
      await expect(partOf(box(page), 'email-input')).toBeVisible();
      await page.reload();
      await expect(partOf(box(page), 'email-input')).toBeVisible();
      await page.goto(backend.loginPage);
      await expect(partOf(box(page), 'email-input')).toBeVisible();

      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await signInAt(backend, backend.loginPage, admin);
      await expectSignedInAs(page, shown(admin));
      await page.goto('/account/logout?redirectUrl=https%3A%2F%2Fevil.example%2F');
      await page.waitForURL(`${backend.origin}/account/login`);
      expect(warnings).toContain(
        '[auth-elements] The redirect url param is not valid, the origin is a different site',
      );

      // A same-site redirectUrl is followed.
      await signInAt(backend, backend.loginPage, admin);
      await expectSignedInAs(page, shown(admin));
      await page.goto(`/account/logout?redirectUrl=${encodeURIComponent(`${backend.loginPage}?bye=1`)}`);
      await page.waitForURL(`${backend.origin}${backend.loginPage}?bye=1`);
      await expect(partOf(box(page), 'email-input')).toBeVisible();
      expect(backend.leftOrigin).toEqual([]);
    });

    test('quick-login registration: the register-quick-login flag shows the offer once per user ("Later" too); the stored pre-login URL is followed once', async ({
      page,
      backend,
    }) => {
      // Four sign-ins, each a few of the demo's 200-500 ms answers.
      test.setTimeout(60_000);
      const { admin, member } = backend;
      await backend.open(backend.loginPage);
      await page.evaluate(() => localStorage.setItem('register-quick-login', 'passkeys'));
      await signIn(page, admin.email, admin.password);
      const login = box(page);
      await expect(login.getByRole('heading', { name: 'Sign in faster next time' })).toBeVisible();
      await expect(login.getByText('Set up passkeys to skip the password next time.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('register-quick-login'))).toBeNull();
      const asked = page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document
              .querySelector('auth-login-box')!
              .addEventListener('auth:registerQuickLogin', (e) =>
                resolve((e as CustomEvent<{ method: string }>).detail.method),
              );
          }),
      );
      await partOf(login, 'quick-login-register').click();
      expect(await asked).toBe('passkeys');
      await expectSignedInAs(page, shown(admin));

      // The marker: the flag does not ask this user again (signed out first: the sign-in form shows).
      await partOf(login, 'sign-out-button').click();
      await expect(partOf(login, 'email-input')).toBeVisible();
      await page.evaluate(() => localStorage.setItem('register-quick-login', 'passkeys'));
      await signIn(page, admin.email, admin.password);
      await expectSignedInAs(page, shown(admin));

      // The marker is per user: another user of this browser is asked; "Later" goes on signed in.
      await partOf(login, 'sign-out-button').click();
      await expect(partOf(login, 'email-input')).toBeVisible();
      await page.evaluate(() => localStorage.setItem('register-quick-login', 'sms'));
      await signIn(page, member.email, member.password);
      await expect(login.getByRole('heading', { name: 'Sign in faster next time' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await partOf(login, 'quick-login-later').click();
      await expectSignedInAs(page, shown(member));

      // The stored pre-login URL (set by loginWithRedirect) takes the user back after sign-in, once.
      await partOf(login, 'sign-out-button').click();
      await expect(partOf(login, 'email-input')).toBeVisible();
      await page.goto('/account/login');
      const preLogin = `${backend.portalPage}#/portal/privacy`;
      await page.evaluate((url) => sessionStorage.setItem('auth-elements.preLoginUrl', url), preLogin);
      await signIn(page, admin.email, admin.password);
      await page.waitForURL(`${backend.origin}${preLogin}`);
      expect(await page.evaluate(() => sessionStorage.getItem('auth-elements.preLoginUrl'))).toBeNull();
      expect(backend.leftOrigin).toEqual([]);
    });
  });
}

// Server only from here: the activation form's invited member, the public policy's answers and the
// vanilla host page are the reference server's.
test('activation with a password to set (activatingForm): field checks, axe, success after the pause; a forged link goes to resend', async ({
  page,
  request,
}) => {
  // member05 was invited without a password and is not active yet (test/e2e/fixtures/team.ts).
  const email = 'member05@example.com';
  expect((await request.post(`${API}/users/v1/activate/reset`, { data: { email } })).ok()).toBe(true);
  const link = await latestLink(request, email);
  await page.goto(link);
  const login = box(page);
  await expect(login.getByText('Choose a password to finish activating your account.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText('Enter your password.');
  await partOf(login, 'password-input').fill('short');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText('Use at least 8 characters.');
  await expect(partOf(login, 'password-input')).toHaveValue('short');
  expect(await axeViolations(page)).toEqual([]);
  await partOf(login, 'password-input').fill('member-05-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('status')).toHaveText('Your account is active. Taking you in…');
  await page.waitForURL(`${API_ORIGIN}/`);
  await page.goto('/login.html');
  await expectSignedInAs(page, `Member 05 (${email})`);

  // A forged token: the resend screen with the catalogue message.
  const forged = new URL(link);
  forged.searchParams.set('token', 'forged-token');
  await page.goto(forged.toString());
  await expect(login.getByRole('alert')).toHaveText(
    'This activation link is invalid or has expired. Ask for a new one.',
  );
});

test('sign-up hidden when the public policy says allowSignups false; the reset form follows the loaded password configuration', async ({
  page,
  request,
}) => {
  // The real server's answers, with one field changed, as a vendor's configuration would.
  await page.route('**/configurations/v1/public', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), allowSignups: false } });
  });
  await page.route('**/users/v1/passwords/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), minLength: 12 } });
  });
  await page.goto('/login.html');
  const login = box(page);
  await expect(partOf(login, 'email-input')).toBeVisible();
  await expect(partOf(login, 'sign-up-link')).toHaveCount(0);
  await page.goto('/account/sign-up');
  await expect(login.getByText('Sign-up is not available for this application.')).toBeVisible();
  await expect(partOf(login, 'submit-button')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Reset form: the minimum length comes from GET passwords/config.
  const email = 'member10@example.com';
  expect((await request.post(`${API}/users/v1/passwords/reset`, { data: { email } })).ok()).toBe(true);
  await page.goto(await latestLink(request, email));
  await expect(login.getByText('At least 12 characters.')).toBeVisible();
  await partOf(login, 'password-input').fill('eleven-char');
  await partOf(login, 'submit-button').click();
  await expect(partOf(login, 'field-error')).toHaveText('Use at least 12 characters.');
  await expect(partOf(login, 'password-input')).toHaveValue('eleven-char');
});

test('silent logout from a vanilla host: signed out in place, the callback after 500 ms, no navigation', async ({
  page,
}) => {
  await page.goto('/vanilla.html');
  const shop = page.locator('auth-login-box[app-name="shop"]');
  await partOf(shop, 'email-input').fill(ADMIN[0]);
  await partOf(shop, 'submit-button').click();
  await partOf(shop, 'password-input').fill(ADMIN[1]);
  await partOf(shop, 'submit-button').click();
  await expect(page.locator('[data-app="shop"] .status')).toHaveText('shop: signed in as admin@example.com');
  const result = await page.evaluate(async () => {
    const app = window.AuthElements!.getApp('shop');
    const started = performance.now();
    let signedOutBeforeCallback = false;
    const calledAfter = await new Promise<number>((resolve) => {
      void app
        .silentLogout(() => resolve(performance.now() - started))
        .then(() => {
          signedOutBeforeCallback = !app.store.getState().auth.isAuthenticated;
        });
    });
    return { calledAfter, signedOutBeforeCallback, path: location.pathname };
  });
  expect(result.signedOutBeforeCallback).toBe(true);
  expect(result.calledAfter).toBeGreaterThanOrEqual(500);
  expect(result.path).toBe('/vanilla.html');
  await expect(page.locator('[data-app="shop"] .status')).toHaveText('shop: signed out');
  await page.reload();
  await expect(page.locator('[data-app="shop"] .status')).toHaveText('shop: signed out');
});
