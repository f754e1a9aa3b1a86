import { expect, test, type Page, type Request } from '@playwright/test';
import { API_ORIGIN } from '../playwright.config';
import { box, expectSignedInAs, partOf, signIn } from './helpers';

const bundleRequests = (requests: Request[], part: string) =>
  requests.filter((r) => r.url().includes(`/cdn/6.138.0/${part}`));

test('no bundle is requested before a tag exists; adding tags loads each bundle once and they share one chunk and one store', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.route('**/lazy.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Lazy</title><script type="module" src="/cdn/loader.js"></script></head><body><main id="slot"></main></body></html>',
    }),
  );
  await page.goto('/lazy.html');
  await page.waitForLoadState('networkidle');
  expect(bundleRequests(requests, '').map((r) => r.url())).toEqual([]);

  const baseUrl = new URL(page.url()).origin;
  await page.evaluate((url) => {
    const element = document.createElement('auth-login-box');
    element.setAttribute('base-url', url);
    document.getElementById('slot')!.append(element);
  }, baseUrl);
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  // The sign-in bundle is one file: the code the elements share is in it.
  expect(bundleRequests(requests, '').map((r) => new URL(r.url()).pathname)).toEqual([
    '/cdn/6.138.0/login-box/index.js',
  ]);
  expect(bundleRequests(requests, 'admin-portal/')).toHaveLength(0);

  await signIn(page, 'admin@example.com', 'Admin-demo-2026');
  await expectSignedInAs(page, 'Ada Admin (admin@example.com)');

  // A second element, from another bundle, added later: its own entry only, the same shared code
  // (the sign-in bundle, not fetched again), and the same store (it shows the user signed in through the login box).
  await page.evaluate((url) => {
    const element = document.createElement('auth-admin-portal');
    element.setAttribute('base-url', url);
    document.getElementById('slot')!.append(element);
  }, baseUrl);
  await expect(partOf(page.locator('auth-admin-portal'), 'profile-email')).toHaveValue('admin@example.com');
  expect(bundleRequests(requests, 'admin-portal/index.js')).toHaveLength(1);
  expect(bundleRequests(requests, 'login-box/index.js')).toHaveLength(1);
});

test('the loader shows a marker until the element is defined, and a readable message when the bundle fails', async ({
  page,
}) => {
  await page.route('**/cdn/6.138.0/login-box/index.js', (route) => route.abort());
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/login.html');
  await expect(page.locator('auth-login-box [role="alert"]')).toHaveText(
    'This part of the page could not be loaded. Check your connection and reload the page.',
  );
  expect(errors.some((e) => e.includes('could not load <auth-login-box>'))).toBe(true);
});

/** login.html without the server's first frame (first-frame.spec.ts covers the page with it). */
async function withoutFirstFrame(page: Page): Promise<void> {
  await page.route('**/login.html', async (route) => {
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<template shadowrootmode="open">[\s\S]*?<\/template>/, '')
      .replace(/(<\/auth-login-box>)<script>[\s\S]*?<\/script>/, '$1');
    await route.fulfill({ response, body });
  });
}

test('the loading marker is in the light DOM while the bundle is on its way', async ({ page }) => {
  await withoutFirstFrame(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/cdn/6.138.0/login-box/index.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login.html');
  const marker = page.locator('auth-login-box > [data-auth-elements-loading]');
  await expect(marker.locator('[role="status"]')).toHaveText('Loading…');
  // The marker keeps the box's place: about the card's size, so nothing jumps when it arrives.
  const loading = (await marker.boundingBox())!;
  release();
  // Measured when the card first shows (what replaces the marker); what the server's sign-in
  // configuration adds later (social buttons after other tests turned providers on) is the box's own.
  const first = partOf(box(page), 'card');
  await expect(first).toBeVisible();
  const card = (await first.boundingBox())!;
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await expect(marker).toHaveCount(0);
  expect(Math.abs(card.width - loading.width)).toBeLessThanOrEqual(2);
  // Within a row: the reserved size is the plain sign-in card; a configured social provider (the
  // suite's E2E IdP, once social-login.spec.ts has run) adds one button row, about 51 px.
  expect(Math.abs(card.height - loading.height)).toBeLessThanOrEqual(64);
  expect(loading.height).toBeGreaterThan(300);
});

test('a failed bundle load offers "Try again", which loads it and shows the element', async ({ page }) => {
  let failures = 1;
  await page.route('**/cdn/6.138.0/login-box/index.js*', (route) =>
    failures-- > 0 ? route.abort() : route.continue(),
  );
  await page.goto('/login.html');
  const marker = page.locator('auth-login-box > [data-auth-elements-loading]');
  await expect(marker.locator('[role="alert"]')).toHaveText(
    'This part of the page could not be loaded. Check your connection and reload the page.',
  );
  await marker.getByRole('button', { name: 'Try again' }).click();
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await expect(marker).toHaveCount(0);
});

test('a second copy of the loader and of a bundle changes nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The signed-out session check answers 401, which the browser itself logs: not an error of ours.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  await page.route('**/twice.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Twice</title>
      <script type="module" src="/cdn/loader.js"></script>
      <script type="module" src="/cdn/loader.js?copy=2"></script>
      <script type="module" src="/cdn/6.138.0/login-box/index.js?copy=2"></script>
      </head><body><main><auth-login-box base-url="${API_ORIGIN}"></auth-login-box></main></body></html>`,
    }),
  );
  await page.goto('/twice.html');
  await expect(partOf(box(page), 'email-input')).toBeVisible();
  await expect(page.locator('auth-login-box')).toHaveCount(1);
  expect(errors).toEqual([]);
});
