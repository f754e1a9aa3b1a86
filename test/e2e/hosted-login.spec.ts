import { expect, test, type Request } from '@playwright/test';
import { API_ORIGIN, STATIC_ORIGIN } from '../playwright.config';
import { axeViolations, box, partOf, signIn } from './helpers';

// The static host (another origin, same site) plays a third-party application that uses hosted
// login: its page has no login box; the reference server's own page signs the user in.
const APP_PAGE = `${STATIC_ORIGIN}/hosted.html?api=${encodeURIComponent(API_ORIGIN)}`;
const OAUTH = `${API_ORIGIN}/frontegg/oauth`;

test('hosted login: the hosted page signs in (code + PKCE), the app stays signed in after a reload, and signs out', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));

  await page.goto(APP_PAGE);
  // The page explains itself and waits: nothing is asked of the identity server before the visitor goes on.
  await expect(page.getByRole('heading', { name: "Sign-in on the identity server's page" })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Signed out');
  expect(await axeViolations(page)).toEqual([]);
  expect(requests.some((r) => r.url().startsWith(OAUTH))).toBe(false);
  await page.getByRole('button', { name: 'Continue to the hosted sign-in page' }).click();
  // Signed out: the silent refresh fails and the browser goes to the authorize endpoint, then to the hosted page.
  await page.waitForURL(`${API_ORIGIN}/oauth/login?**`);
  const authorize = new URL(requests.find((r) => r.url().startsWith(`${OAUTH}/authorize?`))!.url());
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${STATIC_ORIGIN}/hosted-callback.html`);

  await expect(page.getByRole('heading', { name: 'Sign in to continue to Hosted login demo' })).toBeVisible();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await page.waitForURL(`${STATIC_ORIGIN}/hosted.html?**`);
  const status = page.getByRole('status');
  await expect(status).toHaveText('Signed in as admin@example.com');
  expect(await axeViolations(page)).toEqual([]);

  // The code went to the token endpoint with the verifier; the verifier is gone from the tab.
  const exchange = requests.find((r) => r.url() === `${OAUTH}/token` && r.method() === 'POST')!;
  const body = JSON.parse(exchange.postData()!);
  expect(body.grant_type).toBe('authorization_code');
  expect(body.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(
    await page.evaluate(() =>
      Object.keys(sessionStorage).filter((key) => key.startsWith('auth-elements.hosted-login')),
    ),
  ).toEqual([]);
  // No token anywhere a script can read.
  expect(
    await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    ),
  ).not.toMatch(/eyJ/);

  // A reload restores the session through the silent authorize (the server's httpOnly cookie).
  requests.length = 0;
  await page.reload();
  await expect(status).toHaveText('Signed in as admin@example.com');
  expect(requests.some((r) => r.url() === `${OAUTH}/authorize/silent`)).toBe(true);
  expect(page.url()).toMatch(/\/hosted\.html\?/);

  // Sign out through the OAuth logout: authorization is requested again, and the server has no session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${API_ORIGIN}/oauth/login?**`);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  expect(requests.some((r) => r.url().startsWith(`${OAUTH}/logout`))).toBe(true);
});

test('hosted login: a forged callback (no request in progress, wrong state) is refused, loading stops and the page moves on without a session', async ({
  page,
}) => {
  const tokenCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${OAUTH}/token`)) tokenCalls.push(request.url());
  });
  await page.goto(
    `${STATIC_ORIGIN}/hosted-callback.html?api=${encodeURIComponent(API_ORIGIN)}&code=forged-code&state=forged-state`,
  );
  // Navigation continues to the authenticated URL; after a failed callback it does not bounce to the hosted page.
  await page.waitForURL(`${STATIC_ORIGIN}/hosted.html`);
  await expect(page.getByRole('status')).toHaveText('Signed out');
  expect(tokenCalls).toEqual([]);
});

test('hosted login: a redirect address that is not registered gets an error page from the server, never a redirect', async ({
  page,
}) => {
  const response = await page.goto(
    `${OAUTH}/authorize?client_id=hosted-demo&response_type=code&scope=openid&code_challenge_method=S256&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent('https://evil.example/callback')}`,
  );
  expect(response?.status()).toBe(400);
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1/);
  await expect(page.getByRole('heading', { name: 'Invalid redirect address' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
