// Sign-in methods and the captcha policy (issue 15) in real Chromium against the real server:
// an administrator turns a method off on the security page, a member's sign-in with it is refused
// and shown in the login box; the application's methods decide what the login box offers; with the
// captcha policy on, the login box sends the host's captcha token and the server checks it with a
// local verifier (reCAPTCHA's siteverify protocol; never the internet).
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { CAPTCHA_USER, METHODS_ADMIN, METHODS_MEMBER, METHODS_VENDOR } from './fixtures/sign-in-methods';
import { axeViolations, box, partOf, signIn } from './helpers';

const API = `${API_ORIGIN}/frontegg/identity/resources`;
const STRATEGIES = `${API}/configurations/v1/auth/strategies`;
const CAPTCHA = `${API}/configurations/v1/captcha-policy`;
const ALL_LOCAL = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'];
const portal = (page: Page) => page.locator('auth-admin-portal');
const methods = (main: string[], passkeys: boolean) => ({
  mainAuthStrategies: main.map((strategy) => ({ strategy })),
  secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: passkeys }],
});

async function tokenOf(request: APIRequestContext, email: string, password: string, recaptchaToken?: string) {
  const response = await request.post(`${API}/auth/v1/user`, {
    data: { email, password, ...(recaptchaToken ? { recaptchaToken } : {}) },
    headers: { origin: API_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).accessToken as string;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('sign-in methods: turned off on the security page, refused at sign-in; the application decides what the login box offers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Tokens for the clean-up: after the change neither could sign in with a password.
  const vendor = await tokenOf(request, METHODS_VENDOR.email, METHODS_VENDOR.password);
  const admin = await tokenOf(request, METHODS_ADMIN.email, METHODS_ADMIN.password);
  await page.goto('/portal.html#/portal/security');
  await signIn(page, METHODS_ADMIN.email, METHODS_ADMIN.password);
  const security = portal(page);
  await security.getByRole('tab', { name: 'Sign-in methods' }).click();
  const section = security.getByRole('region', { name: 'Sign-in methods' });
  const password = section.getByRole('switch', { name: 'Email and password' });
  await expect(password).toHaveAttribute('aria-checked', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await password.click();
  await expect(password).toHaveAttribute('aria-checked', 'false');
  await section.getByLabel('Shown first at sign-in').selectOption('Code');
  await section.getByRole('button', { name: 'Save sign-in methods' }).click();
  await expect(section.getByRole('status')).toHaveText('Sign-in methods saved.');
  expect(await axeViolations(page)).toEqual([]);

  // The server refuses the member's password sign-in (after the right password only).
  const refused = await request.post(`${API}/auth/v1/user`, {
    data: METHODS_MEMBER,
    headers: { origin: API_ORIGIN },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors).toEqual(['Your account does not allow signing in with a password.']);

  // The login box shows the refusal to the member.
  const member = await page.context().browser()!.newPage();
  await member.goto('/login.html');
  await signIn(member, METHODS_MEMBER.email, METHODS_MEMBER.password);
  await expect(box(member).getByRole('alert')).toContainText(
    'Your account does not allow signing in with a password.',
  );
  await member.close();

  // The application's methods (a vendor administrator's, on the same tab): with the password off,
  // the login box asks for a code after the email and offers no password field.
  const before = await (await request.get(`${STRATEGIES}/public`)).json();
  try {
    // A vendor administrator sees the application's methods on the same tab, and turns the password off.
    const vendorContext = await page.context().browser()!.newContext();
    const vendorPage = await vendorContext.newPage();
    await vendorPage.goto('/portal.html#/portal/security');
    await signIn(vendorPage, METHODS_VENDOR.email, METHODS_VENDOR.password);
    const vendorSecurity = portal(vendorPage);
    await vendorSecurity.getByRole('tab', { name: 'Sign-in methods' }).click();
    const whole = vendorSecurity.getByRole('region', { name: 'Sign-in methods of the whole application' });
    await whole.getByRole('switch', { name: 'Email and password' }).click();
    await whole.getByLabel('Shown first at sign-in').selectOption('Code');
    await whole.getByRole('button', { name: 'Save application sign-in methods' }).click();
    await expect(whole.getByRole('status')).toHaveText('Application sign-in methods saved.');
    expect(await axeViolations(vendorPage)).toEqual([]);
    await vendorContext.close();
    expect((await (await request.get(`${STRATEGIES}/public`)).json()).mainAuthStrategies[0]).toEqual({
      strategy: 'Code',
    });
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto('/login.html');
    await partOf(box(visitor), 'email-input').fill(METHODS_MEMBER.email);
    await partOf(box(visitor), 'submit-button').click();
    await expect(partOf(box(visitor), 'code-input')).toBeVisible();
    await expect(partOf(box(visitor), 'password-input')).toHaveCount(0);
    await visitor.close();
    const byApi = await request.post(`${API}/auth/v1/user`, {
      data: METHODS_MEMBER,
      headers: { origin: API_ORIGIN },
    });
    expect((await byApi.json()).errors).toEqual(['Signing in with a password is turned off.']);
  } finally {
    const passkeys = before.secondaryAuthStrategies.some(
      (s: { strategy: string; isActive: boolean }) => s.strategy === 'Passkeys' && s.isActive,
    );
    await request.put(`${STRATEGIES}/vendor`, {
      data: methods(ALL_LOCAL, passkeys),
      headers: bearer(vendor),
    });
    // The account follows the application again.
    await request.delete(STRATEGIES, { headers: bearer(admin) });
  }
});

test('captcha: with the policy on, the login box sends the host captcha token and the server checks it with the verifier', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The local verifier: reCAPTCHA's siteverify protocol on the identity providers' port.
  const seen: Array<Record<string, string>> = [];
  const verifier: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push(form);
      const success = req.url === '/recaptcha/api/siteverify' && form.response?.startsWith('host-token-');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success, score: 0.9 }));
    });
  });
  const port = Number(new URL(API_ORIGIN).port) + 2;
  await new Promise<void>((resolve) => verifier.listen(port, '127.0.0.1', resolve));
  const vendor = await tokenOf(request, METHODS_VENDOR.email, METHODS_VENDOR.password);
  try {
    const saved = await request.put(CAPTCHA, {
      data: { enabled: true, siteKey: 'e2e-site-key', secretKey: 'e2e-secret-key' },
      headers: bearer(vendor),
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await (await request.get(`${CAPTCHA}/public`)).json()).enabled).toBe(true);

    // Without a token the server refuses.
    const bare = await request.post(`${API}/auth/v1/user`, {
      data: CAPTCHA_USER,
      headers: { origin: API_ORIGIN },
    });
    expect(bare.status()).toBe(400);
    expect((await bare.json()).errors).toEqual(['Complete the captcha check.']);

    // A host page whose app has a captcha provider (HostSettings.captchaProvider), the other none.
    await page.route('**/vanilla.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `
          const baseUrl = document.documentElement.dataset.baseUrl;
          window.captchaActions = [];
          window.AuthElements.initialize({
            appName: 'shop',
            contextOptions: { baseUrl },
            captchaProvider: { getToken: async (action) => { window.captchaActions.push(action); return 'host-token-' + action; } },
          });
          window.AuthElements.initialize({ appName: 'support', contextOptions: { baseUrl } });
        `,
      }),
    );
    await page.goto('/vanilla.html');
    const shop = page.locator('auth-login-box[app-name="shop"]');
    await partOf(shop, 'email-input').fill(CAPTCHA_USER.email);
    await partOf(shop, 'submit-button').click();
    await partOf(shop, 'password-input').fill(CAPTCHA_USER.password);
    await partOf(shop, 'submit-button').click();
    await expect(partOf(shop, 'signed-in-user')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { captchaActions: string[] }).captchaActions),
    ).toEqual(['login']);
    const check = seen.at(-1)!;
    expect(check.response).toBe('host-token-login');
    expect(check.secret).toBe('e2e-secret-key');
    expect(check.remoteip).toBe('127.0.0.1');
  } finally {
    await request.put(CAPTCHA, {
      data: { enabled: false, siteKey: 'e2e-site-key' },
      headers: bearer(vendor),
    });
    await new Promise((resolve) => verifier.close(resolve));
  }
});

test('sign-in methods in demo mode: checked on the page and by the demo backend, saved with no server @static', async ({
  page,
}) => {
  await page.goto(`${STATIC_ORIGIN}/demo.html#/portal/security`);
  await signIn(page, 'demo@auth-elements.dev', 'demo-password');
  const security = portal(page);
  await security.getByRole('tab', { name: 'Sign-in methods' }).click();
  const section = security.getByRole('region', { name: 'Sign-in methods' });
  const save = section.getByRole('button', { name: 'Save sign-in methods' });
  for (const name of ['Email and password', 'Magic link by email', 'Code by email', 'Code by SMS'])
    await section.getByRole('switch', { name, exact: true }).click();
  await save.click();
  await expect(section.getByRole('alert')).toHaveText('Keep at least one sign-in method on.');
  // Single sign-on only: the demo's accounts have no SSO connection, refused as the server does.
  await section.getByRole('switch', { name: /Single sign-on only/ }).click();
  await save.click();
  await expect(section.getByRole('alert')).toHaveText(
    'Set up SSO or a social login before turning local sign-in off: nobody could sign in.',
  );
  await section.getByRole('switch', { name: /Single sign-on only/ }).click();
  await section.getByRole('switch', { name: 'Magic link by email', exact: true }).click();
  await save.click();
  await expect(section.getByRole('status')).toHaveText('Sign-in methods saved.');
  await page.reload();
  await security.getByRole('tab', { name: 'Sign-in methods' }).click();
  await expect(section.getByRole('switch', { name: 'Email and password', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(section.getByRole('switch', { name: 'Magic link by email', exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(await axeViolations(page)).toEqual([]);
});
