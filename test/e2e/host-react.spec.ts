import { expect, test, type Page } from '@playwright/test';
import { buildReactHost } from '../../demo-pages/react-host/build.mjs';
import { buildReact19Host } from '../react19-host/build.mjs';
import { API_ORIGIN } from '../playwright.config';
import { axeViolations, partOf } from './helpers';

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const loginBox = (page: Page) => page.locator('[data-auth-element="login-box"]');

test.beforeAll(async () => {
  // The host's own bundler step (esbuild), against the kit's built React entry (dist/react): once
  // with React 18 (the kit's dev dependency), once with React 19 (test/react19-host's own install).
  await Promise.all([buildReactHost(), buildReact19Host()]);
});

/** Counts React DOM renderers: each copy of react-dom registers itself with the devtools hook. */
async function countReactRenderers(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __renderers: number;
      __rendererVersions: string[];
      __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown;
    };
    w.__renderers = 0;
    w.__rendererVersions = [];
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { version?: string }) {
        w.__renderers += 1;
        w.__rendererVersions.push(String(renderer?.version));
        return w.__renderers;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  return {
    count: () => page.evaluate(() => (window as unknown as { __renderers: number }).__renderers),
    versions: () =>
      page.evaluate(() => (window as unknown as { __rendererVersions: string[] }).__rendererVersions),
  };
}

async function signIn(page: Page) {
  const box = loginBox(page);
  await partOf(box, 'email-input').fill(ADMIN.email);
  await partOf(box, 'submit-button').click();
  await partOf(box, 'password-input').fill(ADMIN.password);
  await partOf(box, 'submit-button').click();
}

const HOSTS = [
  { react: 18, path: '/react-host/index.html' },
  { react: 19, path: '/react-host/react19.html' },
];

for (const host of HOSTS)
  test(`a React ${host.react} host renders the kit with its own single React: provider, login box, hooks, guard, entitlements, flags, events`, async ({
    page,
  }) => {
    const renderers = await countReactRenderers(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(host.path);

    await expect(page.locator('#status')).toHaveText('Signed out');
    await expect(page.locator('#react-version')).toHaveText(new RegExp(`^React ${host.react}\\.`));
    // The host's localization and theme options reach the element.
    await expect(partOf(loginBox(page), 'title')).toHaveText('Sign in to the React host');
    expect(
      await loginBox(page).evaluate((el) =>
        getComputedStyle(el).getPropertyValue('--ae-color-primary').trim(),
      ),
    ).toBe('#0a7d5a');
    await expect(page.locator('#flags')).toHaveText('Flags: new dashboard on, passkeys off');
    await expect(page.locator('#admin-only')).toHaveCount(0);
    await expect(page.locator('#render-guard')).toHaveText('You may not read users.');
    expect(await axeViolations(page), 'signed out').toEqual([]);

    await signIn(page);
    await expect(page.locator('#status')).toHaveText('Signed in as Ada Admin');
    await expect(page.locator('#events li')).toHaveText(['login:admin@example.com']);
    // Guard: the admin role shows; roles override permissions (fe.* is held, Viewer is not); render gets true.
    await expect(page.locator('#admin-only')).toBeVisible();
    await expect(page.locator('#roles-override')).toHaveCount(0);
    await expect(page.locator('#render-guard')).toHaveText('You may read users.');
    await expect(page.locator('[data-entitlement]')).toHaveText([
      'feature sso: entitled',
      'feature scim: MISSING_FEATURE',
      'permission fe.secure.read.provisioningConfiguration: MISSING_FEATURE',
      'permission fe.secure.read.users: entitled',
    ]);
    await expect(partOf(page.locator('[data-auth-element="admin-portal"]'), 'profile-email')).toHaveValue(
      ADMIN.email,
    );
    expect(await axeViolations(page), 'signed in').toEqual([]);

    // Only one React: one renderer registered, and nothing fetched from the CDN (whose chunk has its own React).
    expect(await renderers.count()).toBe(1);
    expect(await renderers.versions()).toEqual([expect.stringMatching(new RegExp(`^${host.react}\\.`))]);
    expect(requests.filter((p) => p.startsWith('/cdn/'))).toEqual([]);

    // Checkout dialog: controlled by the host's state; closing it calls onClose.
    await page.locator('#open-checkout').click();
    const dialog = page.locator('[data-auth-element="checkout"] [role="dialog"]');
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page), 'checkout open').toEqual([]);
    await partOf(page.locator('[data-auth-element="checkout"]'), 'close-button').click();
    await expect(dialog).toHaveCount(0);

    // setTheme reaches every element of the app.
    await page.locator('#dark-theme').click();
    await expect
      .poll(() =>
        loginBox(page).evaluate(
          (el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor,
        ),
      )
      .toBe('rgb(22, 27, 34)');

    // The host's own logout button: the hooks and the box follow.
    await page.locator('#host-logout').click();
    await expect(page.locator('#status')).toHaveText('Signed out');
    await expect(partOf(loginBox(page), 'email-input')).toBeVisible();
    await expect(page.locator('#events li')).toHaveText(['login:admin@example.com', 'logout']);
  });

test('login with redirect sends a signed-out user to the login route with a redirectUrl back', async ({
  page,
}) => {
  await page.goto('/react-host/index.html?from=test');
  await expect(page.locator('#status')).toHaveText('Signed out');
  await page.locator('#host-login-redirect').click();
  await expect(page).toHaveURL(
    `${API_ORIGIN}/account/login?redirectUrl=%2Freact-host%2Findex.html%3Ffrom%3Dtest`,
  );
});

test("the host's app shows at / (the default authenticated URL hides nothing, spec 000 §2 as hosts read it)", async ({
  page,
}) => {
  // The same host app served at "/", the default authenticatedUrl, which the host did not configure.
  await page.route(`${API_ORIGIN}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Root</title><script type="module" src="/react-host/dist/app.js"></script></head><body><div id="root"></div></body></html>',
    }),
  );
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Signed out');
  expect(warnings.filter((text) => text.includes('hides its children'))).toEqual([]);
});
