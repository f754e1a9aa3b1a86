// What the plain sign-in page requests, and when (the cold-load budget of docs/architecture.md
// "Performance"). No timings are asserted: each test holds one response back and checks what the
// page has asked for meanwhile, so a request that waited for the held one would hang the test.
import { expect, test, type Page, type Request } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

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

const BUNDLE = '**/cdn/6.138.0/login-box/index.js';
const VENDOR = '/vendors/public';

/** Holds every request matching `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The small chunk that takes over the server's first frame (elements/login-box/prerendered.ts): only where there is one. */
const TAKE_OVER = /^\/cdn\/6\.138\.0\/chunks\/prerendered-[\w-]+\.js$/;
const notTakeOver = (p: string) => !TAKE_OVER.test(p);

test('the sign-in page is the loader and one bundle file before the form; the server-drawn first frame adds only the chunk that takes it over', async ({
  page,
}) => {
  const requests = record(page);
  await page.goto('/login.html');
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  // The field is the server's first frame from the start (first-frame.spec.ts): until the kit's.
  await expect.poll(() => page.evaluate(() => Boolean(customElements.get('auth-login-box')))).toBe(true);
  expect(paths(requests).filter((p) => p.startsWith('/cdn/'))).toEqual([
    '/cdn/loader.js',
    '/cdn/6.138.0/login-box/index.js',
    expect.stringMatching(TAKE_OVER),
  ]);
});

test('a sign-in page in another language loads one more file, its language chunk (issue 29)', async ({
  page,
}) => {
  const requests = record(page);
  // The element asks for Japanese as the page's parser inserts it.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const element = document.querySelector('auth-login-box');
      if (!element) return;
      element.setAttribute('locale', 'ja');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login.html');
  await expect(box(page).getByRole('heading', { name: 'ログイン' })).toBeVisible();
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  const files = paths(requests).filter((p) => p.startsWith('/cdn/'));
  expect(files.slice(0, 2)).toEqual(['/cdn/loader.js', '/cdn/6.138.0/login-box/index.js']);
  expect(files.slice(2).filter(notTakeOver)).toEqual([
    expect.stringMatching(/^\/cdn\/6\.138\.0\/chunks\/locale-ja\.js$/),
  ]);
});

test('a first-time visitor: the loader asks for the public policy while the bundle downloads, and the form does not wait for the session check', async ({
  page,
}) => {
  const requests = record(page);
  // The bundle is held until the policy has been asked for: were it sent only by the bundle's code,
  // this would never release.
  await page.route(BUNDLE, async (route) => {
    await requested(requests, [POLICY]);
    await route.continue();
  });
  // The session check is held for good: the form must be usable without its answer.
  const releaseRefresh = await hold(page, `**${REFRESH}`);
  await page.goto('/login.html');
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  // It is asked for behind the form (a session begun on another page of this API still shows).
  await requested(requests, [REFRESH]);
  releaseRefresh();
  await page.waitForLoadState('networkidle');
  // The loader's policy answer was the store's: asked for once.
  expect(count(requests, POLICY)).toBe(1);
  expect(count(requests, REFRESH)).toBe(1);
});

test('the social lists and the vendor info are asked for once the form is drawn, once each; nothing social loads before a button is used', async ({
  page,
}) => {
  const requests = record(page);
  let listsBeforeForm = -1;
  await page.route(`**${SOCIAL_LISTS[0]}`, async (route) => {
    listsBeforeForm = await partOf(box(page), 'email-input').count();
    await route.continue();
  });
  await page.goto('/login.html');
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(listsBeforeForm).toBe(1);
  expect(count(requests, POLICY)).toBe(1);
  expect(count(requests, VENDOR)).toBe(1);
  for (const list of SOCIAL_LISTS) expect(count(requests, list)).toBe(1);
  // The click's code (state, PKCE, the redirect) and other screens' chunks are not fetched by the form.
  expect(paths(requests).filter((p) => p.includes('/cdn/6.138.0/chunks/') && notTakeOver(p))).toEqual([]);

  // To sign-up and back: the store holds the policy and the providers, nothing is asked again.
  await partOf(box(page), 'sign-up-link').click();
  await expect(box(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await box(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count(requests, POLICY)).toBe(1);
  for (const list of SOCIAL_LISTS) expect(count(requests, list)).toBe(1);
});

test('a returning signed-in visitor: the loader sends the session check with the policy while the bundle downloads, and the box shows the signed-in state, not the form', async ({
  page,
}) => {
  await page.goto('/login.html');
  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  const requests = record(page);
  await page.route(BUNDLE, async (route) => {
    await requested(requests, [REFRESH, POLICY]);
    await route.continue();
  });
  // Watched every frame from the document's start: the form must never be drawn on the way (the
  // server's first frame is in the page hidden until its guard has dropped it: first-frame.spec.ts).
  await page.addInitScript(() => {
    const check = () => {
      const field = document
        .querySelector('auth-login-box')
        ?.shadowRoot?.querySelector('[part~="email-input"]');
      if (field?.checkVisibility({ visibilityProperty: true }))
        (window as unknown as { formShown: boolean }).formShown = true;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.reload();
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');
  expect(await page.evaluate(() => (window as unknown as { formShown?: boolean }).formShown)).toBeUndefined();
  // The store took the loader's answers: one session check, one policy (the lists come after the
  // first paint: once they are there, everything the page asks for on load has been asked).
  await requested(requests, SOCIAL_LISTS);
  expect(count(requests, REFRESH)).toBe(1);
  expect(count(requests, POLICY)).toBe(1);

  // Signed out: the hint is gone, the next load draws the form without waiting for the check.
  await partOf(box(page), 'sign-out-button').click();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  const releaseRefresh = await hold(page, `**${REFRESH}`);
  await page.reload();
  await expect(partOf(box(page), 'email-input')).toBeEnabled();
  releaseRefresh();
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
  // A page the server did not draw a first frame into carries none of the code that takes one over.
  expect(paths(requests).filter((p) => TAKE_OVER.test(p))).toEqual([]);
  // Pointing at a button fetches state, PKCE and the redirect before the click needs them.
  await partOf(login, 'social-login-demo-id').hover();
  await expect.poll(() => socialChunks().length, { timeout: 10_000 }).toBe(2);
});
