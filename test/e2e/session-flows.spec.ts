// Impersonation, the logout route, quick-login registration, the stored pre-login URL and the
// activation form, in real Chromium against the real server (fresh database, seeded team).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
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
const VIEWER = ['viewer@example.com', 'Viewer-demo-2026'] as const;
const API = '/frontegg/identity/resources';

/** The id of a seeded member, looked up through the admin API as an administration tool would. */
async function memberId(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post(`${API}/auth/v1/user`, { data: { email: ADMIN[0], password: ADMIN[1] } });
  const { accessToken } = await login.json();
  const list = await request.get(`${API}/users/v2?_filter=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(list.ok()).toBe(true);
  const found = (await list.json()).items.find((u: { email: string }) => u.email === email);
  expect(found, `member ${email}`).toBeTruthy();
  return found.id;
}

async function signInAt(page: Page, path: string, who: readonly [string, string]) {
  await page.goto(path);
  await signIn(page, ...who);
}

test('impersonation: an admin opens the link, sees success, and after the 1 s pause the page loads signed in as the member', async ({
  page,
  request,
}) => {
  const viewerId = await memberId(request, VIEWER[0]);
  await signInAt(page, '/login.html', ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  // The page's clock is ours: the success screen stays until the test lets the 1000 ms pass.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
  await page.goto(`/account/impersonate?userId=${viewerId}`);
  const login = box(page);
  await expect(login.getByRole('heading', { name: 'Impersonate a user' })).toBeVisible();
  await expect(partOf(login, 'impersonation-success')).toHaveText('Signed in as this user. Reloading…');
  const { violations, advanced } = await axeViolationsOnPausedClock(page, 900);
  expect(violations).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/account/impersonate');
  await page.clock.runFor(990 - advanced);
  expect(new URL(page.url()).pathname).toBe('/account/impersonate');
  await page.clock.runFor(20);
  await page.waitForURL(`${API_ORIGIN}/`);
  await page.clock.resume();

  // The reload restored the impersonated session from the refresh cookie.
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Vera Viewer (viewer@example.com)');
  // The impersonated session cannot impersonate anyone (it has no permission, and no chains).
  await page.goto(`/account/impersonate?userId=${viewerId}`);
  await expect(login.getByRole('alert')).toHaveText(
    'You are already impersonating a user. Sign out and sign in as yourself first',
  );
});

test('impersonation refused: no permission, forged user id, empty link, nobody signed in; each with its message', async ({
  page,
  request,
}) => {
  const login = box(page);
  // Nobody signed in: refused before any request.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/impersonation/')) calls.push(r.url());
  });
  await page.goto('/account/impersonate?userId=00000000-0000-4000-8000-000000000000');
  await expect(login.getByRole('alert')).toHaveText(
    'Sign in as an administrator first, then open this link again.',
  );
  expect(await axeViolations(page)).toEqual([]);
  // A link without a user id.
  await page.goto('/account/impersonate?userId=%20');
  await expect(login.getByRole('alert')).toHaveText('This impersonation link names no user.');
  expect(calls).toEqual([]);

  await signInAt(page, '/login.html', ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await page.goto('/account/impersonate?userId=00000000-0000-4000-8000-000000000000');
  await expect(login.getByRole('alert')).toHaveText('User not found in this account');
  await page.goto(`/account/impersonate?userId=${'x'.repeat(101)}`);
  await expect(login.getByRole('alert')).toHaveText('This impersonation link names no user.');
  // Still the admin: a refused impersonation changes nothing.
  await page.goto('/login.html');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  const adminId = await memberId(request, ADMIN[0]);
  await page.goto('/login.html');
  await partOf(box(page), 'sign-out-button').click();
  await signIn(page, ...VIEWER);
  await expectSignedInAs(page, 'Vera Viewer (viewer@example.com)');
  await page.goto(`/account/impersonate?userId=${adminId}`);
  await expect(login.getByRole('alert')).toHaveText(
    'You need the fe.secure.write.impersonate permission to do this',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('logout route: signs out (the session is gone after a reload) and goes to the login URL; a foreign redirectUrl is refused with the warning', async ({
  page,
}) => {
  await signInAt(page, '/login.html', ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await page.goto('/account/logout');
  await page.waitForURL(`${API_ORIGIN}/account/login`);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.reload();
  await expect(partOf(box(page), 'email-input')).toBeVisible();

  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await signInAt(page, '/login.html', ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await page.goto('/account/logout?redirectUrl=https%3A%2F%2Fevil.example%2F');
  await page.waitForURL(`${API_ORIGIN}/account/login`);
  expect(warnings).toContain(
    '[auth-elements] The redirect url param is not valid, the origin is a different site',
  );

  // A same-site redirectUrl is followed.
  await signInAt(page, '/login.html', ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  await page.goto('/account/logout?redirectUrl=%2Flogin.html%3Fbye%3D1');
  await page.waitForURL(`${API_ORIGIN}/login.html?bye=1`);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
});

test('quick-login registration: the register-quick-login flag shows the offer once per user; the stored pre-login URL is followed once', async ({
  page,
}) => {
  await page.goto('/login.html');
  await page.evaluate(() => localStorage.setItem('register-quick-login', 'passkeys'));
  await signIn(page, ...ADMIN);
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
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  // The marker: the flag does not ask this user again.
  await partOf(login, 'sign-out-button').click();
  await page.evaluate(() => localStorage.setItem('register-quick-login', 'passkeys'));
  await signIn(page, ...ADMIN);
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  // The stored pre-login URL (set by loginWithRedirect) takes the user back after sign-in, once.
  await partOf(login, 'sign-out-button').click();
  await page.goto('/account/login');
  await page.evaluate(() =>
    sessionStorage.setItem('auth-elements.preLoginUrl', '/portal.html#/portal/privacy'),
  );
  await signIn(page, ...ADMIN);
  await page.waitForURL(`${API_ORIGIN}/portal.html#/portal/privacy`);
  expect(await page.evaluate(() => sessionStorage.getItem('auth-elements.preLoginUrl'))).toBeNull();
});

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
