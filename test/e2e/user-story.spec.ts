// The user story, sign-up to sign-in again, on both backends (test/e2e/backends.ts), then the
// session's storage and the error messages against the real server.
import { STATIC_ORIGIN } from '../playwright.config';
import { BACKENDS, expect, test } from './backends';
import { box, expectSignedInAs, newUser, partOf, signIn, signUp } from './helpers';

for (const backendName of BACKENDS) {
  test.describe(backendName, { tag: backendName === 'demo' ? '@static' : [] }, () => {
    test.use({ backendName });

    test('a new user signs up, is signed in, sees their profile, stays signed in after a reload, signs out and signs in again', async ({
      page,
      backend,
    }) => {
      // Requests other than the page's own files: the server's API; none at all in demo mode.
      const calls: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (!/^\/cdn\//.test(pathname) && !/\.(html|css|js)$/.test(pathname)) calls.push(r.url());
      });
      const user = newUser();
      await backend.open(backend.loginPage);
      await signUp(page, user);
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      await page.goto(`${backend.portalPage}#/portal/profile`);
      await expect(partOf(page.locator('auth-admin-portal'), 'profile-email')).toHaveValue(user.email);
      await page.goto(backend.loginPage);
      await expectSignedInAs(page, `${user.name} (${user.email})`);

      await page.reload();
      await expectSignedInAs(page, `${user.name} (${user.email})`);

      await partOf(box(page), 'sign-out-button').click();
      await expect(partOf(box(page), 'email-input')).toBeVisible();
      await page.reload();
      await expect(partOf(box(page), 'email-input')).toBeVisible();

      await signIn(page, user.email, user.password);
      await expectSignedInAs(page, `${user.name} (${user.email})`);
      expect(backend.leftOrigin).toEqual([]);
      if (backend.name === 'demo') expect(calls).toEqual([]);
      else expect(calls.length).toBeGreaterThan(0);
    });
  });
}

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

test('the access token is never written to storage, and the refresh token is an httpOnly cookie', async ({
  page,
  context,
}) => {
  await page.goto('/login.html');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(storage).not.toMatch(/eyJ/); // no JWT anywhere script can read
  const cookies = await context.cookies();
  const refresh = cookies.find((c) => c.name === 'ae_refresh');
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.sameSite).toBe('Lax');
});

test('a wrong password shows the server message next to the form and keeps the email', async ({ page }) => {
  await page.goto('/login.html');
  await signIn(page, 'admin@example.com', 'not-the-password');
  const login = box(page);
  await expect(login.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(partOf(login, 'email-input')).toHaveValue('admin@example.com');
  await expect(partOf(login, 'password-input')).toBeFocused();
});

test('a stopped server shows the generic message and keeps what was typed', async ({ page }) => {
  // Port 9 (discard) has nothing listening here: the same as a server that is down.
  await page.route('**/offline.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Offline</title><script type="module" src="/cdn/loader.js"></script></head><body><main><auth-login-box base-url="http://127.0.0.1:9"></auth-login-box></main></body></html>',
    }),
  );
  await page.goto('/offline.html');
  const login = box(page);
  await partOf(login, 'email-input').fill('someone@example.com');
  await partOf(login, 'submit-button').click();
  // The public policy and SSO checks fail; pre-login falls back to the password step.
  await partOf(login, 'password-input').fill('whatever-password');
  await partOf(login, 'submit-button').click();
  await expect(login.getByRole('alert')).toHaveText("We're facing some difficulties, Please try again");
  await expect(partOf(login, 'email-input')).toHaveValue('someone@example.com');
  await expect(partOf(login, 'password-input')).toHaveValue('whatever-password');
});

test('without a base URL the kit refuses to start: the page is cleared and an alert tells the integrator', async ({
  page,
}) => {
  await page.route('**/no-base-url.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>No base URL</title><script type="module" src="/cdn/loader.js"></script></head><body><p id="host-content">Host content</p><auth-login-box></auth-login-box></body></html>',
    }),
  );
  const alert = page.waitForEvent('dialog');
  await page.goto('/no-base-url.html');
  const dialog = await alert;
  expect(dialog.type()).toBe('alert');
  expect(dialog.message()).toContain('set the baseUrl option');
  await dialog.dismiss();
  await expect(page.locator('#host-content')).toHaveCount(0);
});
