// What the plain sign-in page requests, and when (the cold-load budget of docs/architecture.md
// "Performance"). No timings are asserted: each test holds one response back and checks what the
// page has asked for meanwhile, so a request that waited for the held one would hang the test.
import { expect, test, type Page, type Request } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { box, partOf } from './helpers';

const POLICY = '/identity/resources/configurations/v1/public';
const REFRESH = '/identity/resources/auth/v1/user/token/refresh';
const SOCIAL_LISTS = ['/identity/resources/sso/v2', '/identity/resources/sso/custom/v1'];

function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}
const paths = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname);
const count = (requests: Request[], ending: string) =>
  paths(requests).filter((p) => p.endsWith(ending)).length;

/** Resolves once every path has been requested; the test fails on its own timeout otherwise. */
async function requested(requests: Request[], endings: string[]): Promise<void> {
  await expect.poll(() => endings.filter((e) => count(requests, e) === 0), { timeout: 10_000 }).toEqual([]);
}

test('the loader fetches the shared chunk together with the element bundle, not after it', async ({
  page,
}) => {
  const requests = record(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The bundle is held: its static import cannot be what asks for the shared chunk.
  await page.route('**/cdn/6.138.0/login-box/index.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login.html');
  await expect
    .poll(() => paths(requests).filter((p) => p.includes('/chunks/shared-')).length, { timeout: 10_000 })
    .toBe(1);
  release();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(paths(requests).filter((p) => p.includes('/chunks/shared-'))).toHaveLength(1);
});

test('the public policy and both social lists are asked for while the session check is out, once each; nothing social loads before a button is used', async ({
  page,
}) => {
  const requests = record(page);
  // Hold the session check until the policy and the lists have been asked for: were they sent only
  // after its answer, this would never release.
  await page.route(`**${REFRESH}`, async (route) => {
    await requested(requests, [POLICY, ...SOCIAL_LISTS]);
    await route.continue();
  });
  await page.goto('/login.html');
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(count(requests, POLICY)).toBe(1);
  for (const list of SOCIAL_LISTS) expect(count(requests, list)).toBe(1);
  // The click's code (state, PKCE, the redirect) and other screens' chunks are not fetched by the form.
  const chunks = paths(requests)
    .filter((p) => p.includes('/cdn/6.138.0/chunks/'))
    .map((p) => p.replace(/^.*\/chunks\/|-[\w-]+\.js$/g, ''));
  expect(chunks).toEqual(['shared']);

  // To sign-up and back: the store holds the policy and the providers, nothing is asked again.
  await partOf(box(page), 'sign-up-link').click();
  await expect(box(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await box(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count(requests, POLICY)).toBe(1);
  for (const list of SOCIAL_LISTS) expect(count(requests, list)).toBe(1);
});

test('a sign-up page fetches the sign-up screen while the session check is out', async ({ page }) => {
  const requests = record(page);
  await page.route(`**${REFRESH}`, async (route) => {
    await expect
      .poll(() => paths(requests).some((p) => p.includes('/chunks/SignUpStep-')), { timeout: 10_000 })
      .toBe(true);
    await route.continue();
  });
  await page.goto('/account/sign-up');
  await expect(box(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The sign-up screen shows no social buttons: their lists are not asked for.
  for (const list of SOCIAL_LISTS) expect(count(requests, list)).toBe(0);
});

test('with providers (demo mode), the social and passkey buttons show on the form while the social sign-in code loads only on intent', async ({
  page,
}) => {
  const requests = record(page);
  await page.goto(`${STATIC_ORIGIN}/demo.html`);
  const login = box(page);
  await expect(partOf(login, 'social-login-demo-id')).toHaveText('Continue with Demo ID');
  await expect(partOf(login, 'passkey-sign-in-button')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const socialChunks = () => paths(requests).filter((p) => /\/chunks\/(socialLogin|federated)-/.test(p));
  expect(socialChunks()).toEqual([]);
  // Pointing at a button fetches state, PKCE and the redirect before the click needs them.
  await partOf(login, 'social-login-demo-id').hover();
  await expect.poll(() => socialChunks().length, { timeout: 10_000 }).toBe(2);
});
